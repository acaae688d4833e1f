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

}  // namespace

std::string tadt_tree_3d_svg(std::span<const std::int64_t> sides, const network::LevelTree& tree) {
  if (sides.size() != 3 || std::any_of(sides.begin(), sides.end(), [](std::int64_t s) {
        return s < 1 || s > kMaxTorusPicture3dSide;
      })) {
    std::string shape;
    for (std::int64_t s : sides) {
      if (!shape.empty()) shape += 'x';
      shape += std::to_string(s);
    }
    throw InputError(fmt::format("cannot draw the 3D TADT tree of torus {}: 3D pictures are drawn for "
                                 "three sides of 1..{}",
                                 shape, kMaxTorusPicture3dSide));
  }
  const std::int64_t a = sides[0];
  const std::int64_t b = sides[1];
  const std::int64_t c = sides[2];
  const std::int64_t n = a * b * c;
  const double cell = 46.0;
  const double margin = 30.0;
  const double gap = 36.0;
  const double top = 70.0;
  const std::int64_t per_row = std::min<std::int64_t>(c, 5);
  const double slice_w = cell * static_cast<double>(a);
  const double slice_h = cell * static_cast<double>(b) + 28;
  // The level each node is entered at (-1: the root or not entered).
  std::vector<std::int64_t> entered(static_cast<std::size_t>(n), -1);
  std::vector<int> crossing(static_cast<std::size_t>(n), 0);  // +1 / -1: entered along +2 / -2
  auto head_of = [&](const network::LevelArc& arc) {
    std::int64_t co[3] = {arc.from % a, arc.from / a % b, arc.from / (a * b)};
    const int axis = static_cast<int>(arc.direction / 2);
    co[axis] += arc.direction % 2 == 0 ? 1 : -1;
    const std::int64_t s = sides[static_cast<std::size_t>(axis)];
    co[axis] = (co[axis] % s + s) % s;
    return co[0] + a * (co[1] + b * co[2]);
  };
  auto valid = [&](const network::LevelArc& arc) {
    return arc.from >= 0 && arc.from < n && arc.direction >= 0 && arc.direction < 6;
  };
  for (const network::LevelArc& arc : tree.arcs) {
    if (!valid(arc)) continue;
    const std::int64_t h = head_of(arc);
    entered[static_cast<std::size_t>(h)] = arc.level;
    if (arc.direction >= 4) crossing[static_cast<std::size_t>(h)] = arc.direction == 4 ? 1 : -1;
  }
  // Slice k (0..c-1, left to right) shows w = k - mc.
  const std::int64_t mc = (c - 1) / 2;
  auto slice_of = [&](std::int64_t node) { return centred(node / (a * b), c) + mc; };
  auto origin_x = [&](std::int64_t k) { return margin + static_cast<double>(k % per_row) * (slice_w + gap); };
  auto origin_y = [&](std::int64_t k) { return top + static_cast<double>(k / per_row) * (slice_h + gap); };
  auto pos_x = [&](std::int64_t node) {
    return origin_x(slice_of(node)) + cell * static_cast<double>(centred(node % a, a) + (a - 1) / 2) + cell / 2;
  };
  auto pos_y = [&](std::int64_t node) {
    return origin_y(slice_of(node)) + 28 +
           cell * static_cast<double>(b - 1 - (b - 1) / 2 - centred(node / a % b, b)) + cell / 2;
  };
  const std::int64_t levels = network::height(tree);
  const std::int64_t rows = (c + per_row - 1) / per_row;
  const double width = std::max(2 * margin + static_cast<double>(per_row) * (slice_w + gap), 760.0);
  const double height = top + static_cast<double>(rows) * (slice_h + gap) + 60;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
      "viewBox=\"0 0 {:.0f} {:.0f}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
      width, height, width, height);
  out += fmt::format(
      "<text x=\"{:.0f}\" y=\"24\" font-family=\"sans-serif\" font-size=\"15\">TADT generic tree, torus "
      "{}x{}x{}: {} arcs, height {}; one slice per coordinate 2, colour and number = level</text>\n",
      margin, a, b, c, tree.arcs.size(), levels);
  out += fmt::format(
      "<text x=\"{:.0f}\" y=\"46\" font-family=\"sans-serif\" font-size=\"12\">arrows: arcs inside a "
      "slice (+-0, +-1; dashed stub: wraps around); triangle up / down at a node: entered across "
      "slices along +2 / -2</text>\n",
      margin);
  for (std::int64_t k = 0; k < c; ++k) {
    out += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.0f}\" height=\"{:.0f}\" fill=\"#f6f6f6\" stroke=\"#bbb\"/>\n"
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"13\">slice w = {}</text>\n",
        origin_x(k), origin_y(k), slice_w, slice_h, origin_x(k) + 6, origin_y(k) + 18, k - mc);
  }
  const double r = 13;
  for (const network::LevelArc& arc : tree.arcs) {
    if (!valid(arc) || arc.direction >= 4) continue;
    const int axis = static_cast<int>(arc.direction / 2);
    const int sign = arc.direction % 2 == 0 ? 1 : -1;
    const double ux = axis == 0 ? sign : 0;
    const double uy = axis == 1 ? -sign : 0;  // y drawn upwards
    const double x0 = pos_x(arc.from);
    const double y0 = pos_y(arc.from);
    const std::int64_t to = head_of(arc);
    double x1 = pos_x(to);
    double y1 = pos_y(to);
    const bool wraps = std::abs(x1 - x0) + std::abs(y1 - y0) > cell * 1.5;
    if (wraps) {
      x1 = x0 + ux * cell * 0.5;
      y1 = y0 + uy * cell * 0.5;
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
  for (std::int64_t v = 0; v < n; ++v) {
    const std::int64_t l = entered[static_cast<std::size_t>(v)];
    const bool root = v == tree.root;
    const std::string fill = root ? "#222" : (l < 0 ? "#fff" : light_colour_3d(l, levels));
    out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.0f}\" fill=\"{}\" stroke=\"#333\"/>\n", pos_x(v),
                       pos_y(v), r, fill);
    if (l >= 0) {
      out += fmt::format(
          "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
          pos_x(v), pos_y(v) + 4, l);
    }
    const int cross = crossing[static_cast<std::size_t>(v)];
    if (cross != 0) {
      // A triangle at the disc's upper right, pointing up (+2) or down (-2), in the level's colour.
      const double tx = pos_x(v) + r;
      const double ty = pos_y(v) - r + 2;
      const double dy = cross > 0 ? -7 : 7;
      out += fmt::format(
          "<polygon class=\"cross\" points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"{}\" "
          "stroke=\"#222\" stroke-width=\"0.8\"/>\n",
          tx, ty + dy, tx - 6, ty - dy / 2, tx + 6, ty - dy / 2, level_colour_3d(l, levels));
    }
  }
  // Legend: the level colours in one row below the slices.
  const double ly = top + static_cast<double>(rows) * (slice_h + gap) + 10;
  const std::int64_t step = std::max<std::int64_t>(1, (levels + 29) / 30);
  double x = margin;
  out += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" font-family=\"sans-serif\" font-size=\"12\">level</text>\n",
                     x, ly + 10);
  x += 40;
  for (std::int64_t l = 0; l < levels; l += step) {
    out += fmt::format(
        "<rect x=\"{:.0f}\" y=\"{:.0f}\" width=\"20\" height=\"10\" fill=\"{}\"/><text x=\"{:.0f}\" y=\"{:.0f}\" "
        "font-family=\"sans-serif\" font-size=\"10\">{}</text>\n",
        x, ly, level_colour_3d(l, levels), x, ly + 22, l);
    x += 24;
  }
  out += "</svg>\n";
  return out;
}

}  // namespace collverify
