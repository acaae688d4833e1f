#include "families/torus/torus_svg.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify {

namespace {

// Level l of `levels` as a colour: hue 0 (red) .. 270 (violet).
std::string level_colour(std::int64_t l, std::int64_t levels) {
  const double hue = levels <= 1 ? 0.0 : 270.0 * static_cast<double>(l) / static_cast<double>(levels - 1);
  return fmt::format("hsl({:.0f},85%,42%)", hue);
}

// InputError unless `sides` is a 2D torus of sides 1..kMaxTorusPictureSide.
void require_drawable_2d(std::span<const std::int64_t> sides) {
  if (sides.size() == 2 && sides[0] >= 1 && sides[1] >= 1 && sides[0] <= kMaxTorusPictureSide &&
      sides[1] <= kMaxTorusPictureSide) {
    return;
  }
  std::string shape;
  for (std::int64_t s : sides) {
    if (!shape.empty()) shape += 'x';
    shape += std::to_string(s);
  }
  throw InputError(fmt::format("cannot draw the TADT tree of torus {}: pictures are drawn for 2D "
                               "tori of sides 1..{}",
                               shape, kMaxTorusPictureSide));
}

// Where the nodes of an a x b torus go: centred coordinates (the root in the middle), y upwards.
struct Grid2d {
  std::int64_t a = 0, b = 0;
  double cell = 0, margin = 40.0;
  // Centred coordinate of c on a side s: -m..s-1-m.
  static std::int64_t centred(std::int64_t c, std::int64_t s) {
    const std::int64_t m = (s - 1) / 2;
    return ((c + m) % s) - m;
  }
  double x(std::int64_t node) const {
    return margin + cell * static_cast<double>(centred(node % a, a) + (a - 1) / 2) + cell / 2;
  }
  double y(std::int64_t node) const {
    // The largest centred coordinate is b - 1 - mb (= mb for odd b, mb + 1 for even b): the top row.
    const std::int64_t mb = (b - 1) / 2;
    return margin + 30 + cell * static_cast<double>(b - 1 - mb - centred(node / a, b)) + cell / 2;
  }
};

// One arc of the generic tree: a line from its tail towards its head (dashed, and stopped short,
// when it wraps around the torus), an arrowhead in its level's colour and, on large cells, the level.
std::string arc_svg(const Grid2d& g, const network::LevelArc& arc, std::int64_t levels, double r) {
  const std::int64_t a = g.a;
  const std::int64_t b = g.b;
  const int axis = static_cast<int>(arc.direction / 2);
  const int sign = arc.direction % 2 == 0 ? 1 : -1;
  const double ux = axis == 0 ? sign : 0;
  const double uy = axis == 1 ? -sign : 0;  // y drawn upwards
  const double x0 = g.x(arc.from);
  const double y0 = g.y(arc.from);
  const std::int64_t cx = arc.from % a + (axis == 0 ? sign : 0);
  const std::int64_t cy = arc.from / a + (axis == 1 ? sign : 0);
  const std::int64_t to = ((cx % a + a) % a) + a * ((cy % b + b) % b);
  double x1 = g.x(to);
  double y1 = g.y(to);
  const bool wraps = std::abs(x1 - x0) + std::abs(y1 - y0) > g.cell * 1.5;
  if (wraps) {
    x1 = x0 + ux * g.cell * 0.45;
    y1 = y0 + uy * g.cell * 0.45;
  }
  const std::string c = level_colour(std::max<std::int64_t>(arc.level, 0), levels);
  const double sx = x0 + ux * r;
  const double sy = y0 + uy * r;
  const double ex = wraps ? x1 : x1 - ux * (r + 1);
  const double ey = wraps ? y1 : y1 - uy * (r + 1);
  std::string out = fmt::format(
      "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"3\"{}/>\n",
      sx, sy, ex - ux * 6, ey - uy * 6, c, wraps ? " stroke-dasharray=\"4 2\"" : "");
  // Arrowhead: a triangle with its tip at (ex, ey).
  const double px = -uy;
  const double py = ux;
  out += fmt::format("<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"{}\"/>\n", ex, ey,
                     ex - ux * 9 + px * 5, ey - uy * 9 + py * 5, ex - ux * 9 - px * 5, ey - uy * 9 - py * 5, c);
  if (g.cell > 30) {
    out += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"11\" font-weight=\"bold\" "
        "fill=\"{}\" text-anchor=\"middle\" stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\">{}</text>\n",
        (sx + ex) / 2 + px * 9, (sy + ey) / 2 + py * 9 + 4, c, arc.level);
  }
  return out;
}

// The legend at x = lx: one swatch per level (at most 40 rows, then every k-th level).
std::string legend_svg(double lx, double margin, std::int64_t levels) {
  std::string out =
      fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" font-family=\"sans-serif\" font-size=\"13\">level</text>\n",
                  lx, margin + 40);
  const std::int64_t step = std::max<std::int64_t>(1, (levels + 39) / 40);
  double y = margin + 52;
  for (std::int64_t l = 0; l < levels; l += step) {
    out += fmt::format(
        "<rect x=\"{:.0f}\" y=\"{:.0f}\" width=\"24\" height=\"10\" fill=\"{}\"/><text x=\"{:.0f}\" "
        "y=\"{:.0f}\" font-family=\"sans-serif\" font-size=\"11\">{}</text>\n",
        lx, y, level_colour(l, levels), lx + 30, y + 9, l);
    y += 13;
  }
  return out;
}

}  // namespace

std::string tadt_tree_svg(std::span<const std::int64_t> sides, const network::LevelTree& tree) {
  require_drawable_2d(sides);
  const std::int64_t a = sides[0];
  const std::int64_t b = sides[1];
  const Grid2d g{a, b, a <= 11 && b <= 11 ? 56.0 : 30.0};
  const std::int64_t levels = network::height(tree);
  const double width = std::max(2 * g.margin + g.cell * static_cast<double>(a) + 170, 600.0);  // the title fits
  const double height = 2 * g.margin + 30 + g.cell * static_cast<double>(b);
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
      "viewBox=\"0 0 {:.0f} {:.0f}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      width, height, width, height);
  out += fmt::format(
      "<text x=\"{:.0f}\" y=\"26\" font-family=\"sans-serif\" font-size=\"15\">TADT generic tree, "
      "torus {}x{}: {} arcs, height {} (arrow colour = level)</text>\n",
      g.margin, a, b, tree.arcs.size(), levels);
  const double r = g.cell <= 30 ? 5 : 8;
  for (std::int64_t v = 0; v < a * b; ++v) {
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.0f}\" fill=\"{}\" stroke=\"#333\"/>\n",
                       g.x(v), g.y(v), v == tree.root ? r + 3 : r, v == tree.root ? "#222" : "#eee");
  }
  for (const network::LevelArc& arc : tree.arcs) {
    if (arc.from < 0 || arc.from >= a * b || arc.direction < 0 || arc.direction >= 4) continue;
    out += arc_svg(g, arc, levels, r);
  }
  out += legend_svg(g.margin + g.cell * static_cast<double>(a) + 30, g.margin, levels);
  out += "</svg>\n";
  return out;
}

}  // namespace collverify
