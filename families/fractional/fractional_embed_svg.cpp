#include "families/fractional/fractional_embed_svg.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "model/error.hpp"
#include "reports/escape.hpp"

namespace collverify {
namespace {

std::string hue(std::int64_t k) {
  // Golden-angle hues keep neighbouring groups apart.
  const double h = std::fmod(static_cast<double>(k) * 137.508, 360.0);
  return fmt::format("hsl({:.0f},70%,62%)", h);
}

// The PU on each node (-1: none), after checking the picture's placement: InputError naming a
// mesh too large to draw, a placement of the wrong size or a PU on a node that is not free.
std::vector<std::int64_t> pus_by_node(const MeshEmbedPicture& p) {
  if (p.a < 1 || p.b < 1 || p.a * p.b > kMaxEmbedPictureNodes) {
    throw InputError(fmt::format("cannot draw the {} x {} mesh: pictures are drawn for at most {} nodes",
                                 p.a, p.b, kMaxEmbedPictureNodes));
  }
  const std::int64_t N = p.a * p.b;
  if (static_cast<std::int64_t>(p.placement.size()) != N) {
    throw InputError(fmt::format("the placement names {} PUs, the mesh has {} nodes", p.placement.size(), N));
  }
  std::vector<std::int64_t> pu_at(static_cast<std::size_t>(N), -1);
  for (std::size_t x = 0; x < p.placement.size(); ++x) {
    const std::int64_t v = p.placement[x];
    if (v < 0 || v >= N || pu_at[static_cast<std::size_t>(v)] != -1) {
      throw InputError(fmt::format("PU {} is placed on node {}, not a free node of the mesh", x, v));
    }
    pu_at[static_cast<std::size_t>(v)] = static_cast<std::int64_t>(x);
  }
  if (p.group_down.size() != p.group_size.size() || p.group_right.size() != p.group_size.size()) {
    throw InputError("the group size, down and right lists differ in length");
  }
  return pu_at;
}

// The drawing's frame: node positions (column c1 across, row c0 down) and the first PU and the
// group of every PU.
struct MeshView {
  const MeshEmbedPicture& p;
  std::int64_t N = 0;
  double cell = 0, ox = 30, oy = 60;
  std::vector<std::int64_t> first, group_of;
  explicit MeshView(const MeshEmbedPicture& pic)
      : p(pic), N(pic.a * pic.b), cell(N <= 256 ? 44 : N <= 1024 ? 24 : 12),
        first(pic.group_size.size(), 0), group_of(static_cast<std::size_t>(N), 0) {
    std::int64_t next = 0;
    for (std::size_t k = 0; k < p.group_size.size(); ++k) {
      first[k] = next;
      for (std::int64_t i = 0; i < p.group_size[k] && next < N; ++i) group_of[static_cast<std::size_t>(next++)] = static_cast<std::int64_t>(k);
    }
  }
  double X(std::int64_t node) const { return ox + cell * (static_cast<double>(node / p.a) + 0.5); }  // column c1
  double Y(std::int64_t node) const { return oy + cell * (static_cast<double>(node % p.a) + 0.5); }  // row c0
};

// The r1 x r2 cells as grey boxes and the mesh links.
std::string cells_and_links_svg(const MeshView& m) {
  const MeshEmbedPicture& p = m.p;
  std::string body;
  for (std::int64_t c0 = 0; c0 < p.a; c0 += p.r1)
    for (std::int64_t c1 = 0; c1 < p.b; c1 += p.r2)
      body += fmt::format("<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"#f4f4f4\" "
                          "stroke=\"#bbb\" stroke-width=\"1\" rx=\"4\"/>\n",
                          m.ox + m.cell * static_cast<double>(c1) + 2, m.oy + m.cell * static_cast<double>(c0) + 2,
                          m.cell * static_cast<double>(p.r2) - 4, m.cell * static_cast<double>(p.r1) - 4);
  for (std::int64_t v = 0; v < m.N; ++v) {
    if (v % p.a + 1 < p.a)
      body += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\" stroke-width=\"1\"/>\n",
                          m.X(v), m.Y(v), m.X(v + 1), m.Y(v + 1));
    if (v / p.a + 1 < p.b)
      body += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#ddd\" stroke-width=\"1\"/>\n",
                          m.X(v), m.Y(v), m.X(v + p.a), m.Y(v + p.a));
  }
  return body;
}

// The tree's edges as XY routes (coordinate 0, rows, first, then coordinate 1, columns) and the
// congestion witness in red.
std::string tree_routes_svg(const MeshView& m) {
  const MeshEmbedPicture& p = m.p;
  std::string body;
  auto route = [&](std::int64_t u, std::int64_t v, const char* colour, double w, const char* dash) {
    const std::int64_t corner = (v % p.a) + p.a * (u / p.a);  // c0 of v, c1 of u
    body += fmt::format("<polyline points=\"{:.1f},{:.1f} {:.1f},{:.1f} {:.1f},{:.1f}\" fill=\"none\" stroke=\"{}\" "
                        "stroke-width=\"{:.1f}\" stroke-dasharray=\"{}\" stroke-linejoin=\"round\" opacity=\"0.85\"/>\n",
                        m.X(u), m.Y(u), m.X(corner), m.Y(corner), m.X(v), m.Y(v), colour, w, dash);
  };
  for (std::size_t k = 0; k < p.group_size.size(); ++k) {
    const std::int64_t head = m.first[k];
    const std::int64_t last = head + p.group_size[k] - 1;
    if (last >= m.N) continue;
    for (std::int64_t x = head; x < last; ++x)
      route(p.placement[static_cast<std::size_t>(x)], p.placement[static_cast<std::size_t>(x + 1)], "#555", 1.5, "none");
    if (p.group_down[k] >= 0)
      route(p.placement[static_cast<std::size_t>(last)],
            p.placement[static_cast<std::size_t>(m.first[static_cast<std::size_t>(p.group_down[k])])], "#1f4e9c", 2.5, "none");
    if (p.group_right[k] >= 0)
      route(p.placement[static_cast<std::size_t>(head)],
            p.placement[static_cast<std::size_t>(m.first[static_cast<std::size_t>(p.group_right[k])])], "#2a8a2a", 2.5, "6,4");
  }
  if (p.highlight && p.highlight->from >= 0 && p.highlight->from < m.N && p.highlight->to >= 0 && p.highlight->to < m.N) {
    body += fmt::format("<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#d62728\" stroke-width=\"6\" "
                        "opacity=\"0.8\"/>\n",
                        m.X(p.highlight->from), m.Y(p.highlight->from), m.X(p.highlight->to), m.Y(p.highlight->to));
  }
  return body;
}

// The PUs as discs (colour = group, thick ring = root, the id inside on large cells) and the
// two legend lines below the mesh.
std::string pus_and_legend_svg(const MeshView& m, const std::vector<std::int64_t>& pu_at) {
  const MeshEmbedPicture& p = m.p;
  std::string body;
  const double rad = m.cell * 0.3;
  for (std::int64_t v = 0; v < m.N; ++v) {
    const std::int64_t x = pu_at[static_cast<std::size_t>(v)];
    body += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"{}\" stroke=\"#333\" stroke-width=\"{}\"/>\n",
                        m.X(v), m.Y(v), rad, hue(m.group_of[static_cast<std::size_t>(x)]), x == 0 ? 3 : 1);
    if (m.cell >= 24)
      body += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"{:.0f}\" "
                          "text-anchor=\"middle\">{}</text>\n",
                          m.X(v), m.Y(v) + m.cell * 0.1, m.cell * 0.26, x);
  }
  const double ly = m.oy + m.cell * static_cast<double>(p.a) + 24;
  body += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#333\">"
                      "discs: PUs (number = PU id, colour = group, thick ring = root); grey boxes: the r1 x r2 = "
                      "{} x {} cells</text>\n",
                      m.ox, ly, p.r1, p.r2);
  body += fmt::format("<text x=\"{:.0f}\" y=\"{:.0f}\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#333\">"
                      "XY routes: blue = down edges, green dashed = right edges, thin = inside a group; red = the "
                      "congestion witness</text>\n",
                      m.ox, ly + 16);
  return body;
}

}  // namespace

std::string fractional_embed_svg(const MeshEmbedPicture& p) {
  const std::vector<std::int64_t> pu_at = pus_by_node(p);
  const MeshView m(p);
  const double width = m.ox * 2 + m.cell * static_cast<double>(p.b);
  const double height = m.oy + 60 + m.cell * static_cast<double>(p.a);
  const std::string body = cells_and_links_svg(m) + tree_routes_svg(m) + pus_and_legend_svg(m, pu_at);
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" viewBox=\"0 0 {:.0f} {:.0f}\" "
      "role=\"img\"><title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"20\" y=\"22\" font-family=\"sans-serif\" font-size=\"15\" font-weight=\"bold\">{}</text>\n"
      "<text x=\"20\" y=\"40\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#444\">{}</text>\n{}</svg>\n",
      std::max(width, 900.0), height, std::max(width, 900.0), height, reports::xml_escape(p.title),
      reports::xml_escape(p.title), reports::xml_escape(p.subtitle), body);
}

}  // namespace collverify
