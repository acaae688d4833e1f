#include "generators/tadt_mutants.hpp"

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify {

namespace net = network;

namespace {

// Heads of the tree's arcs (-1 for arcs that are not in the network).
std::vector<std::int64_t> heads(const net::Network& n, const net::LevelTree& t) {
  std::vector<std::int64_t> out;
  out.reserve(t.arcs.size());
  for (const auto& a : t.arcs) out.push_back(n.target(a.from, a.direction).value_or(-1));
  return out;
}

std::string arc_text(const net::Network& n, const net::LevelArc& a) {
  return fmt::format("arc {} --{}--> (level {})", a.from, n.direction_name(a.direction), a.level);
}

// The indices of the arcs in the subtree hanging from arc i (i included).
std::vector<bool> subtree(const net::Network& n, const net::LevelTree& t, std::size_t i) {
  const auto h = heads(n, t);
  std::vector<bool> in(t.arcs.size(), false);
  std::vector<bool> reached(static_cast<std::size_t>(n.nodes()), false);
  in[i] = true;
  if (h[i] >= 0) reached[static_cast<std::size_t>(h[i])] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t k = 0; k < t.arcs.size(); ++k) {
      if (in[k] || !reached[static_cast<std::size_t>(t.arcs[k].from)]) continue;
      in[k] = true;
      grew = true;
      if (h[k] >= 0) reached[static_cast<std::size_t>(h[k])] = true;
    }
  }
  return in;
}

}  // namespace

std::optional<TadtMutant> tadt_direction_clash(const net::Network& n, const net::LevelTree& t,
                                               std::size_t start) {
  const std::size_t count = t.arcs.size();
  const std::int64_t top = net::height(t);
  for (std::size_t s = 0; s < count; ++s) {
    const std::size_t i = (start + s) % count;
    const net::LevelArc& a = t.arcs[i];
    const auto in = subtree(n, t, i);
    for (std::int64_t delta = 1; a.level + delta < top; ++delta) {
      bool clash = false;
      for (std::size_t k = 0; k < count && !clash; ++k) {
        clash = !in[k] && t.arcs[k].level == a.level + delta && t.arcs[k].direction == a.direction;
      }
      if (!clash) continue;
      TadtMutant m{"direction_clash", t, i, a.level + delta, {}};
      for (std::size_t k = 0; k < count; ++k) {
        if (in[k]) m.tree.arcs[k].level += delta;
      }
      m.description = fmt::format("the subtree below {} delayed by {}: level {} has direction {} twice",
                                  arc_text(n, a), delta, a.level + delta, n.direction_name(a.direction));
      return m;
    }
  }
  return std::nullopt;
}

TadtMutant tadt_level_moved(const net::Network& n, const net::LevelTree& t, std::size_t arc,
                            std::int64_t level) {
  CV_ASSERT(arc < t.arcs.size(), "the arc to move is in the tree");
  TadtMutant m{"level_moved", t, arc, level, {}};
  m.tree.arcs[arc].level = level;
  m.description = fmt::format("{} moved to level {}", arc_text(n, t.arcs[arc]), level);
  return m;
}

std::optional<TadtMutant> tadt_node_left_out(const net::Network& n, const net::LevelTree& t,
                                             std::size_t start) {
  const std::size_t count = t.arcs.size();
  const auto h = heads(n, t);
  std::vector<bool> has_child(static_cast<std::size_t>(n.nodes()), false);
  for (const auto& a : t.arcs) has_child[static_cast<std::size_t>(a.from)] = true;
  for (std::size_t s = 0; s < count; ++s) {
    const std::size_t i = (start + s) % count;
    if (h[i] < 0 || has_child[static_cast<std::size_t>(h[i])]) continue;
    TadtMutant m{"node_left_out", t, i, t.arcs[i].level, {}};
    m.tree.arcs.erase(m.tree.arcs.begin() + static_cast<std::ptrdiff_t>(i));
    m.description = fmt::format("{} removed: node {} is reached by nobody", arc_text(n, t.arcs[i]), h[i]);
    return m;
  }
  return std::nullopt;
}

std::optional<TadtMutant> tadt_arc_before_parent(const net::Network& n, const net::LevelTree& t,
                                                 std::size_t start) {
  const std::size_t count = t.arcs.size();
  const auto h = heads(n, t);
  for (std::size_t s = 0; s < count; ++s) {
    const std::size_t i = (start + s) % count;
    if (t.arcs[i].from == t.root) continue;
    for (std::size_t k = 0; k < count; ++k) {
      if (h[k] != t.arcs[i].from) continue;
      TadtMutant m{"arc_before_parent", t, i, t.arcs[k].level, {}};
      m.tree.arcs[i].level = t.arcs[k].level;
      m.description = fmt::format("{} put on level {}, the level of the arc entering its tail",
                                  arc_text(n, t.arcs[i]), t.arcs[k].level);
      return m;
    }
  }
  return std::nullopt;
}

}  // namespace collverify
