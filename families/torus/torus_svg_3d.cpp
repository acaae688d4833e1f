#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "model/error.hpp"
#include "families/torus/torus_svg.hpp"

namespace collverify {

namespace {

std::string level_colour_3d(std::int64_t l, std::int64_t levels) {
  const double hue = levels <= 1 ? 0.0 : 270.0 * static_cast<double>(l) / static_cast<double>(levels - 1);
  return fmt::format("hsl({:.0f},85%,42%)", hue);
}

std::string light_colour_3d(std::int64_t l, std::int64_t levels) {
  const double hue = levels <= 1 ? 0.0 : 270.0 * static_cast<double>(l) / static_cast<double>(levels - 1);
  return fmt::format("hsl({:.0f},85%,78%)", hue);
}

// Centred coordinate of c on a side s: -m..s-1-m, m = (s - 1)/2.
std::int64_t centred(std::int64_t c, std::int64_t s) {
  const std::int64_t m = (s - 1) / 2;
  return ((c + m) % s) - m;
}

// InputError unless `sides` is a 3D torus of sides 1..kMaxTorusPicture3dSide.
void require_drawable_3d(std::span<const std::int64_t> sides) {
  if (sides.size() == 3 && std::none_of(sides.begin(), sides.end(), [](std::int64_t s) {
        return s < 1 || s > kMaxTorusPicture3dSide;
      })) {
    return;
  }
  std::string shape;
  for (std::int64_t s : sides) {
    if (!shape.empty()) shape += 'x';
    shape += std::to_string(s);
  }
  throw InputError(fmt::format("cannot draw the 3D TADT tree of torus {}: 3D pictures are drawn for "
                               "three sides of 1..{}",
                               shape, kMaxTorusPicture3dSide));
}

// The layout of an a x b x c torus as c slices w = const (centred, left to right, at most five
// per row), each an a x b grid with y upwards.
struct Slices3d {
  std::span<const std::int64_t> sides;
  std::int64_t a, b, c, n;
  double cell = 46.0, margin = 30.0, gap = 36.0, top = 70.0;
  std::int64_t per_row, mc;
  double slice_w, slice_h;
  explicit Slices3d(std::span<const std::int64_t> s)
      : sides(s), a(s[0]), b(s[1]), c(s[2]), n(s[0] * s[1] * s[2]),
        per_row(std::min<std::int64_t>(s[2], 5)), mc((s[2] - 1) / 2),
        slice_w(cell * static_cast<double>(s[0])), slice_h(cell * static_cast<double>(s[1]) + 28) {}
  // The node an arc enters.
  std::int64_t head_of(const network::LevelArc& arc) const {
    std::int64_t co[3] = {arc.from % a, arc.from / a % b, arc.from / (a * b)};
    const int axis = static_cast<int>(arc.direction / 2);
    co[axis] += arc.direction % 2 == 0 ? 1 : -1;
    const std::int64_t s = sides[static_cast<std::size_t>(axis)];
    co[axis] = (co[axis] % s + s) % s;
    return co[0] + a * (co[1] + b * co[2]);
  }
  bool valid(const network::LevelArc& arc) const {
    return arc.from >= 0 && arc.from < n && arc.direction >= 0 && arc.direction < 6;
  }
  // Slice k (0..c-1, left to right) shows w = k - mc.
  std::int64_t slice_of(std::int64_t node) const { return centred(node / (a * b), c) + mc; }
  double origin_x(std::int64_t k) const { return margin + static_cast<double>(k % per_row) * (slice_w + gap); }
  double origin_y(std::int64_t k) const { return top + static_cast<double>(k / per_row) * (slice_h + gap); }
  double pos_x(std::int64_t node) const {
    return origin_x(slice_of(node)) + cell * static_cast<double>(centred(node % a, a) + (a - 1) / 2) + cell / 2;
  }
  double pos_y(std::int64_t node) const {
    return origin_y(slice_of(node)) + 28 +
           cell * static_cast<double>(b - 1 - (b - 1) / 2 - centred(node / a % b, b)) + cell / 2;
  }
  std::int64_t rows() const { return (c + per_row - 1) / per_row; }
};

// The slices' frames, each with its w.
std::string slice_frames_svg(const Slices3d& g) {
  std::string out;
  for (std::int64_t k = 0; k < g.c; ++k) {
    out += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.0f}\" height=\"{:.0f}\" fill=\"#f6f6f6\" stroke=\"#bbb\"/>\n"
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"13\">slice w = {}</text>\n",
        g.origin_x(k), g.origin_y(k), g.slice_w, g.slice_h, g.origin_x(k) + 6, g.origin_y(k) + 18, k - g.mc);
  }
  return out;
}

// The arcs inside a slice (directions +-0, +-1) as arrows in their level's colour; an arc that
// wraps around is a dashed stub.
std::string in_slice_arcs_svg(const Slices3d& g, const network::LevelTree& tree, std::int64_t levels,
                              double r) {
  std::string out;
  for (const network::LevelArc& arc : tree.arcs) {
    if (!g.valid(arc) || arc.direction >= 4) continue;
    const int axis = static_cast<int>(arc.direction / 2);
    const int sign = arc.direction % 2 == 0 ? 1 : -1;
    const double ux = axis == 0 ? sign : 0;
    const double uy = axis == 1 ? -sign : 0;  // y drawn upwards
    const double x0 = g.pos_x(arc.from);
    const double y0 = g.pos_y(arc.from);
    const std::int64_t to = g.head_of(arc);
    double x1 = g.pos_x(to);
    double y1 = g.pos_y(to);
    const bool wraps = std::abs(x1 - x0) + std::abs(y1 - y0) > g.cell * 1.5;
    if (wraps) {
      x1 = x0 + ux * g.cell * 0.5;
      y1 = y0 + uy * g.cell * 0.5;
    }
    const std::string col = level_colour_3d(std::max<std::int64_t>(arc.level, 0), levels);
    const double ex = wraps ? x1 : x1 - ux * (r + 1);
    const double ey = wraps ? y1 : y1 - uy * (r + 1);
    out += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" stroke-width=\"3\"{}/>\n",
        x0 + ux * r, y0 + uy * r, ex - ux * 6, ey - uy * 6, col, wraps ? " stroke-dasharray=\"4 2\"" : "");
    const double px = -uy;
    const double py = ux;
    out += fmt::format("<polygon points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"{}\"/>\n", ex, ey,
                       ex - ux * 8 + px * 5, ey - uy * 8 + py * 5, ex - ux * 8 - px * 5, ey - uy * 8 - py * 5, col);
  }
  return out;
}

// The nodes as discs in the colour of the level they are entered at, the level inside, and a
// triangle up (+2) or down (-2) at a node entered across slices.
std::string nodes_svg(const Slices3d& g, const network::LevelTree& tree, std::int64_t levels, double r) {
  // The level each node is entered at (-1: the root or not entered).
  std::vector<std::int64_t> entered(static_cast<std::size_t>(g.n), -1);
  std::vector<int> crossing(static_cast<std::size_t>(g.n), 0);  // +1 / -1: entered along +2 / -2
  for (const network::LevelArc& arc : tree.arcs) {
    if (!g.valid(arc)) continue;
    const std::int64_t h = g.head_of(arc);
    entered[static_cast<std::size_t>(h)] = arc.level;
    if (arc.direction >= 4) crossing[static_cast<std::size_t>(h)] = arc.direction == 4 ? 1 : -1;
  }
  std::string out;
  for (std::int64_t v = 0; v < g.n; ++v) {
    const std::int64_t l = entered[static_cast<std::size_t>(v)];
    const bool root = v == tree.root;
    const std::string fill = root ? "#222" : (l < 0 ? "#fff" : light_colour_3d(l, levels));
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.0f}\" fill=\"{}\" stroke=\"#333\"/>\n", g.pos_x(v),
                       g.pos_y(v), r, fill);
    if (l >= 0) {
      out += fmt::format(
          "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
          g.pos_x(v), g.pos_y(v) + 4, l);
    }
    const int cross = crossing[static_cast<std::size_t>(v)];
    if (cross != 0) {
      // A triangle at the disc's upper right, pointing up (+2) or down (-2), in the level's colour.
      const double tx = g.pos_x(v) + r;
      const double ty = g.pos_y(v) - r + 2;
      const double dy = cross > 0 ? -7 : 7;
      out += fmt::format(
          "<polygon class=\"cross\" points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"{}\" "
          "stroke=\"#222\" stroke-width=\"0.8\"/>\n",
          tx, ty + dy, tx - 6, ty - dy / 2, tx + 6, ty - dy / 2, level_colour_3d(l, levels));
    }
  }
  return out;
}

// The level colours in one row below the slices.
std::string legend_3d_svg(const Slices3d& g, std::int64_t levels) {
  const double ly = g.top + static_cast<double>(g.rows()) * (g.slice_h + g.gap) + 10;
  const std::int64_t step = std::max<std::int64_t>(1, (levels + 29) / 30);
  double x = g.margin;
  std::string out =
      fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" font-family=\"sans-serif\" font-size=\"12\">level</text>\n",
                  x, ly + 10);
  x += 40;
  for (std::int64_t l = 0; l < levels; l += step) {
    out += fmt::format(
        "<rect x=\"{:.0f}\" y=\"{:.0f}\" width=\"20\" height=\"10\" fill=\"{}\"/><text x=\"{:.0f}\" y=\"{:.0f}\" "
        "font-family=\"sans-serif\" font-size=\"10\">{}</text>\n",
        x, ly, level_colour_3d(l, levels), x, ly + 22, l);
    x += 24;
  }
  return out;
}

}  // namespace

std::string tadt_tree_3d_svg(std::span<const std::int64_t> sides, const network::LevelTree& tree) {
  require_drawable_3d(sides);
  const Slices3d g(sides);
  const std::int64_t levels = network::height(tree);
  const double width = std::max(2 * g.margin + static_cast<double>(g.per_row) * (g.slice_w + g.gap), 760.0);
  const double height = g.top + static_cast<double>(g.rows()) * (g.slice_h + g.gap) + 60;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
      "viewBox=\"0 0 {:.0f} {:.0f}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      width, height, width, height);
  out += fmt::format(
      "<text x=\"{:.0f}\" y=\"24\" font-family=\"sans-serif\" font-size=\"15\">TADT generic tree, torus "
      "{}x{}x{}: {} arcs, height {}; one slice per coordinate 2, colour and number = level</text>\n",
      g.margin, g.a, g.b, g.c, tree.arcs.size(), levels);
  out += fmt::format(
      "<text x=\"{:.0f}\" y=\"46\" font-family=\"sans-serif\" font-size=\"12\">arrows: arcs inside a "
      "slice (+-0, +-1; dashed stub: wraps around); triangle up / down at a node: entered across "
      "slices along +2 / -2</text>\n",
      g.margin);
  const double r = 13;
  out += slice_frames_svg(g) + in_slice_arcs_svg(g, tree, levels, r) + nodes_svg(g, tree, levels, r) +
         legend_3d_svg(g, levels);
  out += "</svg>\n";
  return out;
}

}  // namespace collverify
