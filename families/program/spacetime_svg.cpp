// The space-time diagram of a failing instance (spacetime_svg.hpp).
#include "families/program/spacetime_svg.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "reports/escape.hpp"

namespace collverify::families::program {
namespace {

namespace cvp = collverify::program;
using collverify::reports::xml_escape;

constexpr int kMaxLanes = 32;
constexpr int kMaxCallLines = 24;
constexpr int kLaneGap = 28, kRoundGap = 70, kLeft = 80, kTop = 50;

std::string call_line(const cvp::CallRecord& c) {
  std::string peer = c.peer == -1 ? "" : fmt::format(" peer {}", c.peer);
  if (c.peer == -2) peer = " MPI_PROC_NULL";
  const std::string tag = c.tag >= 0 ? fmt::format(" tag {}", c.tag) : "";
  return fmt::format("#{} {}{}{} count {}", c.index, c.op, peer, tag, c.bytes);
}

// The ranks drawn: the failing rank and every rank it exchanged messages with, then the lowest.
std::vector<int> lanes_of(const Violation& w, const std::vector<cvp::MessageRecord>& messages,
                          int p) {
  std::set<int> chosen;
  const int failing = w.rank == kNone ? 0 : static_cast<int>(w.rank);
  chosen.insert(failing);
  for (const auto& m : messages) {
    if (static_cast<int>(chosen.size()) >= kMaxLanes) break;
    if (m.src == failing) chosen.insert(m.dst);
    if (m.dst == failing) chosen.insert(m.src);
  }
  for (int r = 0; r < p && static_cast<int>(chosen.size()) < kMaxLanes; ++r) chosen.insert(r);
  return {chosen.begin(), chosen.end()};
}

// Every message between two drawn lanes as an arrow from its sender's round to its receiver's,
// with its calls and bytes as a tooltip.
std::string messages_svg(const std::vector<cvp::MessageRecord>& messages, const std::map<int, int>& y_of) {
  std::string svg;
  for (const auto& m : messages) {
    if (!y_of.count(m.src) || !y_of.count(m.dst)) continue;
    const int x1 = kLeft + static_cast<int>(m.depth - 1) * kRoundGap + 10;
    const int x2 = kLeft + static_cast<int>(m.depth) * kRoundGap;
    svg += fmt::format(
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#336\" marker-end=\"url(#arrow)\">"
        "<title>rank {} call {} -> rank {} call {}, {} bytes</title></line>\n",
        x1, y_of.at(m.src), x2, y_of.at(m.dst), m.src, m.src_call, m.dst, m.dst_call, m.bytes);
  }
  return svg;
}

// A red cross on the failing rank's lane just after the last round it took part in, with the
// property's name.
std::string failure_mark_svg(const Violation& w, int failing,
                             const std::vector<cvp::MessageRecord>& messages, int y) {
  std::int64_t reached = 0;
  for (const auto& m : messages) {
    if (m.src == failing || m.dst == failing) reached = std::max(reached, m.depth);
  }
  const int x = kLeft + static_cast<int>(reached) * kRoundGap + 24;
  return fmt::format(
      "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#c00\" stroke-width=\"3\"/>"
      "<text x=\"{}\" y=\"{}\" fill=\"#c00\">{}</text>\n",
      x - 7, y - 7, x + 7, y + 7, x - 7, y + 7, x + 7, y - 7, x + 12, y - 8,
      xml_escape(w.property));
}

}  // namespace

std::string spacetime_svg(const Violation& w, const std::vector<cvp::CallRecord>& calls,
                          const std::vector<cvp::MessageRecord>& messages) {
  const int p = static_cast<int>(w.p);
  const std::vector<int> lanes = lanes_of(w, messages, p);
  std::map<int, int> y_of;
  for (std::size_t i = 0; i < lanes.size(); ++i) {
    y_of[lanes[i]] = kTop + static_cast<int>(i) * kLaneGap;
  }
  std::int64_t rounds = 0;
  for (const auto& m : messages) rounds = std::max(rounds, m.depth);
  const int width = kLeft + static_cast<int>(rounds + 1) * kRoundGap + 40;
  const int failing = w.rank == kNone ? -1 : static_cast<int>(w.rank);
  int peer = -1;
  for (const auto& c : calls) {
    if (c.rank == failing && c.peer >= 0 && c.peer < p) peer = c.peer;
  }
  std::vector<std::string> left, right;
  for (const auto& c : calls) {
    if (c.rank == failing) {
      const bool at_fault = w.call != kNone && c.index == w.call;
      left.push_back(call_line(c) + (at_fault ? "  <- " + w.property : std::string()));
    }
    if (c.rank == peer && peer != failing) right.push_back(call_line(c));
  }
  const int lanes_bottom = kTop + static_cast<int>(lanes.size()) * kLaneGap;
  const int lines = std::min<int>(kMaxCallLines, static_cast<int>(std::max(left.size(), right.size())));
  const int height = lanes_bottom + 40 + (lines + 1) * 16;
  const int total_width = std::max(width, 760);
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" "
      "font-family=\"monospace\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" "
      "fill=\"white\"/>\n<defs><marker id=\"arrow\" markerWidth=\"8\" markerHeight=\"8\" "
      "refX=\"8\" refY=\"4\" orient=\"auto\"><path d=\"M0,0 L8,4 L0,8 z\" fill=\"#336\"/>"
      "</marker></defs>\n<text x=\"10\" y=\"20\" font-weight=\"bold\">{}</text>\n",
      total_width, height,
      xml_escape(fmt::format("p = {}, count = {}{}: {} at rank {}, call {} ({})", w.p, w.count,
                              w.root == kNone ? "" : fmt::format(", root = {}", w.root),
                              w.property, w.rank == kNone ? std::string("?") : std::to_string(w.rank),
                              w.call == kNone ? std::string("-") : std::to_string(w.call),
                              w.instance)));
  for (int r : lanes) {
    const int y = y_of[r];
    svg += fmt::format(
        "<text x=\"10\" y=\"{}\"{}>rank {}</text><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" "
        "stroke=\"{}\"/>\n",
        y + 4, r == failing ? " fill=\"#c00\"" : "", r, kLeft, y, width - 20, y,
        r == failing ? "#c00" : "#999");
  }
  svg += messages_svg(messages, y_of);
  if (failing >= 0 && y_of.count(failing)) svg += failure_mark_svg(w, failing, messages, y_of.at(failing));
  auto column = [&](const std::vector<std::string>& text, int x, const std::string& head) {
    svg += fmt::format("<text x=\"{}\" y=\"{}\" font-weight=\"bold\">{}</text>\n", x,
                       lanes_bottom + 24, xml_escape(head));
    const std::size_t from = text.size() > kMaxCallLines ? text.size() - kMaxCallLines : 0;
    for (std::size_t i = from; i < text.size(); ++i) {
      svg += fmt::format("<text x=\"{}\" y=\"{}\">{}</text>\n", x,
                         lanes_bottom + 40 + static_cast<int>(i - from) * 16,
                         xml_escape(text[i]));
    }
  };
  if (failing >= 0) column(left, 10, fmt::format("rank {}'s calls (last {})", failing, kMaxCallLines));
  if (peer >= 0 && peer != failing) {
    column(right, 380, fmt::format("rank {}'s calls (its last peer)", peer));
  }
  return svg + "</svg>\n";
}

}  // namespace collverify::families::program
