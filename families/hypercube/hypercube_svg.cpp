#include "families/hypercube/hypercube_svg.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <vector>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify {

namespace {

const char* const kColours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

const char* colour(int dimension) { return kColours[dimension % 10]; }

void require_drawable(int d, const char* what) {
  if (d < 1 || d > kMaxPictureDimension) {
    throw InputError(fmt::format("cannot draw the {} for d = {}: pictures are drawn for d in 1..{}",
                                 what, d, kMaxPictureDimension));
  }
}

struct Point {
  double x = 0;
  double y = 0;
};

int node_width(int d) { return 12 + 9 * d; }

std::string node_svg(Point p, std::int64_t node, int d, const char* fill) {
  const int w = node_width(d);
  return fmt::format(
      "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{}\" height=\"20\" rx=\"5\" fill=\"{}\" "
      "stroke=\"#333\"/><text x=\"{:.1f}\" y=\"{:.1f}\" text-anchor=\"middle\" "
      "font-family=\"monospace\" font-size=\"13\">{}</text>\n",
      p.x - w / 2.0, p.y - 10, w, fill, p.x, p.y + 4.5, binary_label(node, d));
}

std::string edge_svg(Point a, Point b, int dimension, bool label) {
  std::string out = fmt::format(
      "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
      "stroke-width=\"2\"/>\n",
      a.x, a.y + 10, b.x, b.y - 10, colour(dimension));
  if (label) {  // just above the child: each child has one incoming edge, so labels never meet
    out += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"11\" "
        "font-weight=\"bold\" fill=\"{}\" text-anchor=\"middle\" stroke=\"white\" "
        "stroke-width=\"3\" paint-order=\"stroke\">dim {}</text>\n",
        b.x, b.y - 14, colour(dimension), dimension);
  }
  return out;
}

std::string legend(int d, double y) {
  std::string out;
  for (int j = 0; j < d; ++j) {
    const double x = 20 + 80.0 * j;
    out += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
        "stroke-width=\"3\"/><text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" "
        "font-size=\"12\">dim {}</text>\n",
        x, y, x + 20, y, colour(j), x + 25, y + 4, j);
  }
  return out;
}

// A bold title and a second line that explains the picture.
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
      width, height, width, height, title, title, subtitle, body);
}

std::int64_t ceil_bound(int d) {
  const std::int64_t n = (std::int64_t{1} << d) - 1;
  return (n + d - 1) / d;
}

}  // namespace

std::string binary_label(std::int64_t node, int d) {
  std::string s;
  for (int j = d - 1; j >= 0; --j) s += ((node >> j) & 1) != 0 ? '1' : '0';
  return s;
}

std::string aab_tree_svg(const hypercube::GenericTree& tree) {
  const int d = tree.d;
  require_drawable(d, "AAB generic tree");
  // Rows: 0 = the root, r + 1 = the children of round r, in the order of the edges.
  std::vector<std::vector<const hypercube::TreeEdge*>> rows(static_cast<std::size_t>(tree.rounds) + 1);
  for (const auto& e : tree.edges) {
    if (e.round < 0 || e.round >= tree.rounds) continue;  // a broken tree: drawn without it
    rows[static_cast<std::size_t>(e.round) + 1].push_back(&e);
  }
  std::size_t widest = 1;
  for (const auto& r : rows) widest = std::max(widest, r.size());
  const double col = std::max(70, node_width(d) + 26);
  const double row_h = 64;
  const double left = 90;
  const double width = left + col * static_cast<double>(widest) + 20;
  const double top = 78;
  std::map<std::int64_t, Point> at;
  at[0] = {left + col * static_cast<double>(widest) / 2, top};
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const double start = left + col * static_cast<double>(widest - rows[r].size()) / 2;
    for (std::size_t i = 0; i < rows[r].size(); ++i) {
      // A node attached twice (a mutant) is drawn where it is attached first.
      at.emplace(rows[r][i]->child,
                 Point{start + col * (static_cast<double>(i) + 0.5), top + row_h * static_cast<double>(r)});
    }
  }
  std::string body;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    body += fmt::format(
        "<text x=\"12\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"12\" "
        "fill=\"#555\">{}</text>\n",
        top + row_h * static_cast<double>(r) + 4,
        r == 0 ? std::string("start") : fmt::format("round {}", r));
  }
  for (std::size_t r = 1; r < rows.size(); ++r) {
    for (const auto* e : rows[r]) {
      const auto p = at.find(e->parent);
      const auto c = at.find(e->child);
      if (p == at.end() || c == at.end()) continue;
      body += edge_svg(p->second, c->second, e->dimension, true);
    }
  }
  for (const auto& [node, p] : at) body += node_svg(p, node, d, node == 0 ? "#ffe9a8" : "#eef4fb");
  const double height = top + row_h * static_cast<double>(rows.size() - 1) + 50;
  body += legend(d, height - 20);
  const std::string title = fmt::format("AAB generic tree, d = {}: {} rounds (bound ceil((2^d - 1)/d) = {})",
                                        d, tree.rounds, ceil_bound(d));
  const std::string subtitle =
      "row k: the nodes that receive in round k; edge colour = link dimension, never twice in a "
      "round (property (*))";
  return document(std::max(width, 640.0), height, title, subtitle, body);
}

std::string oas_tree_svg(int d, std::span<const std::int64_t> parent) {
  require_drawable(d, "OAS tree");
  const std::int64_t n = std::int64_t{1} << d;
  if (static_cast<std::int64_t>(parent.size()) != n) {
    throw InputError(fmt::format("OAS tree for d = {} has {} parents, not {}", d, parent.size(), n));
  }
  std::vector<std::vector<std::int64_t>> children(static_cast<std::size_t>(n));
  for (std::int64_t x = 1; x < n; ++x) {
    const std::int64_t p = parent[static_cast<std::size_t>(x)];
    if (p >= 0 && p < n) children[static_cast<std::size_t>(p)].push_back(x);
  }
  // Tidy layout: leaves left to right in depth-first order, a parent over its children.
  std::vector<Point> at(static_cast<std::size_t>(n));
  std::vector<int> depth(static_cast<std::size_t>(n), 0);
  double next_leaf = 0;
  const double col = std::max(52, node_width(d) + 10);
  const double row_h = 70;
  const double top = 100;
  const double left = 20;
  std::function<void(std::int64_t, int)> place = [&](std::int64_t x, int h) {
    auto& p = at[static_cast<std::size_t>(x)];
    depth[static_cast<std::size_t>(x)] = h;
    p.y = top + row_h * h;
    const auto& cs = children[static_cast<std::size_t>(x)];
    if (cs.empty() || h > d) {
      p.x = left + col * (next_leaf + 0.5);
      next_leaf += 1;
      return;
    }
    for (std::int64_t c : cs) place(c, h + 1);
    p.x = (at[static_cast<std::size_t>(cs.front())].x + at[static_cast<std::size_t>(cs.back())].x) / 2;
  };
  std::string boxes;
  std::vector<std::int64_t> sizes;
  for (std::int64_t c : children[0]) {
    const double first = next_leaf;
    std::int64_t size = 0;
    std::function<void(std::int64_t)> count = [&](std::int64_t x) {
      ++size;
      for (std::int64_t y : children[static_cast<std::size_t>(x)]) count(y);
    };
    place(c, 1);
    count(c);
    int dim = 0;
    while (dim < d && (c >> dim) != 1) ++dim;
    boxes += fmt::format(
        "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" fill=\"{}\" "
        "fill-opacity=\"0.07\" stroke=\"{}\" stroke-dasharray=\"4 3\"/>\n"
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-family=\"sans-serif\" font-size=\"11\" "
        "fill=\"{}\">{} nodes{}</text>\n",
        left + col * first + 2, top + row_h - 34, col * (next_leaf - first) - 4,
        row_h * (d - 1) + 52, colour(dim), colour(dim), left + col * first + 6,
        top + row_h - 22, colour(dim), size, size > ceil_bound(d) ? " (above the bound!)" : "");
    sizes.push_back(size);
  }
  at[0] = {left + col * std::max(next_leaf, 1.0) / 2, top - 20};
  std::string body = boxes;
  for (std::int64_t x = 1; x < n; ++x) {
    const std::int64_t p = parent[static_cast<std::size_t>(x)];
    if (p < 0 || p >= n) continue;
    int dim = 0;
    while (dim < d && ((p ^ x) >> dim) != 1) ++dim;
    body += edge_svg(at[static_cast<std::size_t>(p)], at[static_cast<std::size_t>(x)], dim, false);
  }
  for (std::int64_t x = 0; x < n; ++x) {
    body += node_svg(at[static_cast<std::size_t>(x)], x, d, x == 0 ? "#ffe9a8" : "#eef4fb");
  }
  const double height = top + row_h * d + 56;
  body += legend(d, height - 14);
  const double width = std::max(left + col * next_leaf + 20, 80.0 * d + 40);
  std::string size_text;
  for (std::int64_t s : sizes) size_text += (size_text.empty() ? "" : ", ") + std::to_string(s);
  const std::string title = fmt::format(
      "OAS tree, d = {}: root subtrees of {} nodes (bound ceil((2^d - 1)/d) = {})", d, size_text,
      ceil_bound(d));
  const std::string subtitle =
      "one dashed box per root subtree; row = distance from the root; edge colour = link "
      "dimension";
  return document(std::max(width, 640.0), height, title, subtitle, body);
}

}  // namespace collverify
