#include "families/torus/torus_cycles_svg.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "model/error.hpp"
#include "reports/escape.hpp"

namespace collverify {

namespace {

const char* const kCycleColours[] = {"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e"};
const char* const kRoundColours[] = {"#e6550d", "#3182bd", "#31a354", "#756bb1", "#d6616b",
                                     "#17becf", "#bcbd22", "#8c564b", "#e377c2", "#7f7f7f"};

void require_2d(const std::vector<std::int64_t>& sides, const char* what) {
  if (sides.size() != 2 || sides[0] < 1 || sides[1] < 1 ||
      sides[0] * sides[1] > kMaxTorusPictureNodes) {
    std::string s;
    for (std::int64_t x : sides) s += fmt::format("{}{}", s.empty() ? "" : "x", x);
    throw InputError(fmt::format(
        "cannot draw the {} for the torus {}: pictures are drawn for 2D tori of at most {} nodes",
        what, s, kMaxTorusPictureNodes));
  }
}

std::string document(double width, double height, const std::string& title,
                     const std::string& subtitle, const std::string& body) {
  return fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{:.0f}\" height=\"{:.0f}\" "
      "viewBox=\"0 0 {:.0f} {:.0f}\" role=\"img\"><title>{}</title>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
      "<text x=\"20\" y=\"22\" font-family=\"sans-serif\" font-size=\"15\" "
      "font-weight=\"bold\">{}</text>\n"
      "<text x=\"20\" y=\"40\" font-family=\"sans-serif\" font-size=\"12\" "
      "fill=\"#444\">{}</text>\n{}</svg>\n",
      width, height, width, height, reports::xml_escape(title), reports::xml_escape(title),
      reports::xml_escape(subtitle),
      body);
}

// A grid placed at (ox, oy) with `cell` pixels between nodes.
struct Grid {
  std::int64_t a = 0;
  std::int64_t b = 0;
  double ox = 0;
  double oy = 0;
  double cell = 20;
  double px(std::int64_t x) const { return ox + cell * (static_cast<double>(x) + 0.5); }
  double py(std::int64_t y) const { return oy + cell * (static_cast<double>(y) + 0.5); }
};

std::string line(double x1, double y1, double x2, double y2, const char* colour, double width) {
  return fmt::format(
      "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
      "stroke-width=\"{:.1f}\" stroke-linecap=\"round\"/>\n",
      x1, y1, x2, y2, colour, width);
}

// The link between neighbours u and v of the grid: a segment, or two stubs for a wrap-around.
std::string link(const Grid& g, std::int64_t u, std::int64_t v, const char* colour, double width) {
  const std::int64_t ux = u % g.a;
  const std::int64_t uy = u / g.a;
  const std::int64_t vx = v % g.a;
  const std::int64_t vy = v / g.a;
  const double half = g.cell / 2;
  if (std::abs(ux - vx) + std::abs(uy - vy) == 1) {
    return line(g.px(ux), g.py(uy), g.px(vx), g.py(vy), colour, width);
  }
  // Wrap-around: each end leaves the grid away from the other.
  const double dx = ux == vx ? 0 : (ux < vx ? -half : half);
  const double dy = uy == vy ? 0 : (uy < vy ? -half : half);
  return line(g.px(ux), g.py(uy), g.px(ux) + dx, g.py(uy) + dy, colour, width) +
         line(g.px(vx), g.py(vy), g.px(vx) - dx, g.py(vy) - dy, colour, width);
}

std::string node(const Grid& g, std::int64_t v, const char* fill, double r) {
  return fmt::format(
      "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"{:.1f}\" fill=\"{}\" stroke=\"#333\" "
      "stroke-width=\"0.8\"/>\n",
      g.px(v % g.a), g.py(v / g.a), r, fill);
}

}  // namespace

std::string torus_cycles_svg(const std::vector<std::int64_t>& sides,
                             const std::vector<std::vector<std::int64_t>>& cycles) {
  require_2d(sides, "Hamiltonian cycles");
  Grid g{sides[0], sides[1], 30, 80, std::max(10.0, std::min(36.0, 640.0 / static_cast<double>(std::max(sides[0], sides[1]))))};
  std::string body;
  for (std::size_t c = 0; c < cycles.size(); ++c) {
    const auto& cyc = cycles[c];
    const char* colour = kCycleColours[c % 5];
    for (std::size_t q = 0; q < cyc.size(); ++q) {
      const std::int64_t u = cyc[q];
      const std::int64_t v = cyc[(q + 1) % cyc.size()];
      if (u < 0 || v < 0 || u >= g.a * g.b || v >= g.a * g.b) continue;
      body += link(g, u, v, colour, 3);
    }
  }
  for (std::int64_t v = 0; v < g.a * g.b; ++v) body += node(g, v, "white", g.cell / 6 + 1.5);
  double ly = g.oy + g.cell * static_cast<double>(g.b) + 24;
  for (std::size_t c = 0; c < cycles.size(); ++c) {
    body += line(30, ly, 55, ly, kCycleColours[c % 5], 3);
    body += fmt::format(
        "<text x=\"62\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"12\">cycle {} "
        "(H_{})</text>\n",
        ly + 4, c, c + 1);
    ly += 18;
  }
  const double width = std::max(420.0, g.ox + g.cell * static_cast<double>(g.a) + 30);
  return document(width, ly + 10,
                  fmt::format("{} link-disjoint Hamiltonian cycles of the {}x{} torus",
                              cycles.size(), g.a, g.b),
                  "each link in the colour of its cycle; stubs at the border are wrap-around "
                  "links (ParallelHamilCycleAAB, seed 003)",
                  body);
}

std::string wormhole_rounds_svg(const network::RoutedSchedule& s, const std::string& title) {
  require_2d(s.network.params, "wormhole broadcast");
  const std::int64_t a = s.network.params[0];
  const std::int64_t b = s.network.params[1];
  const std::int64_t N = a * b;
  const double cell = std::max(8.0, std::min(22.0, 260.0 / static_cast<double>(std::max(a, b))));
  const double panel_w = cell * static_cast<double>(a) + 20;
  const double panel_h = cell * static_cast<double>(b) + 34;
  const std::size_t rounds = s.rounds.size();
  const std::size_t per_row = std::min<std::size_t>(3, std::max<std::size_t>(1, rounds));
  std::vector<int> informed_in(static_cast<std::size_t>(N), -2);  // -1: root
  if (s.root >= 0 && s.root < N) informed_in[static_cast<std::size_t>(s.root)] = -1;
  auto step = [&](std::int64_t v, network::Direction d) {
    std::int64_t x = v % a;
    std::int64_t y = v / a;
    switch (d) {
      case 0: x = (x + 1) % a; break;
      case 1: x = (x - 1 + a) % a; break;
      case 2: y = (y + 1) % b; break;
      default: y = (y - 1 + b) % b; break;
    }
    return x + a * y;
  };
  std::string body;
  for (std::size_t r = 0; r < rounds; ++r) {
    Grid g{a, b, 20 + static_cast<double>(r % per_row) * (panel_w + 20),
           60 + static_cast<double>(r / per_row) * (panel_h + 10) + 24, cell};
    const char* colour = kRoundColours[r % 10];
    std::string worms;
    std::vector<std::int64_t> ends;
    for (const network::Transmission& t : s.rounds[r]) {
      std::int64_t at = t.from;
      if (at < 0 || at >= N) continue;
      for (const network::Direction d : t.hops) {
        if (d < 0 || d > 3) break;
        const std::int64_t next = step(at, d);
        worms += link(g, at, next, colour, 2);
        at = next;
      }
      ends.push_back(at);
    }
    for (const std::int64_t v : ends) {
      if (informed_in[static_cast<std::size_t>(v)] == -2) informed_in[static_cast<std::size_t>(v)] = static_cast<int>(r);
    }
    body += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"12\" "
        "font-weight=\"bold\" fill=\"{}\">round {} ({} worms)</text>\n",
        g.ox, g.oy - 8, colour, r, s.rounds[r].size());
    body += worms;
    for (std::int64_t v = 0; v < N; ++v) {
      const int when = informed_in[static_cast<std::size_t>(v)];
      const char* fill = when == -1                            ? "#000000"
                         : when >= 0 && when < static_cast<int>(r) ? "#777777"
                         : when == static_cast<int>(r)         ? colour
                                                               : "#ffffff";
      body += node(g, v, fill, cell / 4 + 0.5);
    }
  }
  const double rows = static_cast<double>((rounds + per_row - 1) / per_row);
  const double width = std::max(460.0, 20 + static_cast<double>(per_row) * (panel_w + 20));
  return document(width, 84 + rows * (panel_h + 10), title,
                  fmt::format("{} rounds; black: root, grey: informed before the round, coloured: "
                              "informed in it; lines: the round's worms",
                              rounds),
                  body);
}

}  // namespace collverify
