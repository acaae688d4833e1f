#include "checkers/network/tadt_check.hpp"

#include <algorithm>
#include <tuple>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::network {

namespace {

enum class Prop {
  wrong_root,
  arc_missing,
  level_negative,
  root_entered,
  entered_twice,
  arc_before_parent,
  direction_clash,
  arc_clash,
  node_not_covered
};

const char* name_of(Prop p) {
  switch (p) {
    case Prop::wrong_root: return "wrong_root";
    case Prop::arc_missing: return "arc_missing";
    case Prop::level_negative: return "level_negative";
    case Prop::root_entered: return "root_entered";
    case Prop::entered_twice: return "entered_twice";
    case Prop::arc_before_parent: return "arc_before_parent";
    case Prop::direction_clash: return "direction_clash";
    case Prop::arc_clash: return "arc_clash";
    case Prop::node_not_covered: return "node_not_covered";
  }
  return "?";
}

// A candidate witness with its ordering key (property, tree, level, node, direction).
struct Candidate {
  Prop prop = Prop::wrong_root;
  TadtViolation v;
  auto key() const { return std::make_tuple(static_cast<int>(prop), v.tree, v.level, v.node, v.direction); }
};

class Smallest {
 public:
  void offer(Prop p, TadtViolation v) {
    Candidate c{p, std::move(v)};
    if (!best_ || c.key() < best_->key()) best_ = std::move(c);
  }
  bool has(Prop p_at_most) const {
    return best_ && static_cast<int>(best_->prop) <= static_cast<int>(p_at_most);
  }
  TadtVerdict finish() {
    if (!best_) return std::nullopt;
    best_->v.property = name_of(best_->prop);
    return best_->v;
  }

 private:
  std::optional<Candidate> best_;
};

std::string arc_text(const Network& net, std::int64_t from, Direction d, std::int64_t level) {
  return fmt::format("arc {} --{}--> at level {}", from,
                     d >= 0 && d < net.width() ? net.direction_name(d) : std::to_string(d), level);
}

TadtViolation make(std::int64_t tree, std::int64_t level, std::int64_t node, Direction d,
                   std::string message, std::int64_t other = -1) {
  TadtViolation v;
  v.tree = tree;
  v.level = level;
  v.node = node;
  v.direction = d;
  v.other = other;
  v.message = std::move(message);
  return v;
}

// Every property of one tree but the clashes between arcs (direction_clash / arc_clash).
void tree_defects(const Network& net, const LevelTree& t, std::int64_t root, std::int64_t index,
                  Smallest& out) {
  const std::int64_t n = net.nodes();
  const std::string in = index >= 0 ? fmt::format("tree {}: ", index) : std::string("generic tree: ");
  if (t.root != root) {
    out.offer(Prop::wrong_root, make(index, -1, t.root, -1,
                                     fmt::format("{}rooted at {}, must be rooted at {}", in, t.root, root)));
    return;
  }
  std::vector<std::int64_t> entry(static_cast<std::size_t>(n), -1);  // earliest entering level
  std::vector<std::int64_t> entries(static_cast<std::size_t>(n), 0);
  std::vector<std::int64_t> target(t.arcs.size(), -1);
  // Per node the arc that enters it first: smallest (level, from, direction); the others are
  // the second entries.
  std::vector<std::size_t> first(static_cast<std::size_t>(n), t.arcs.size());
  for (std::size_t i = 0; i < t.arcs.size(); ++i) {
    const LevelArc& a = t.arcs[i];
    const auto to = net.target(a.from, a.direction);
    if (!to) {
      out.offer(Prop::arc_missing,
                make(index, a.level, a.from, a.direction,
                     fmt::format("{}{} is not an arc of {}", in, arc_text(net, a.from, a.direction, a.level),
                                 Network::describe(net.spec()))));
      continue;
    }
    if (a.level < 0) {
      out.offer(Prop::level_negative,
                make(index, a.level, a.from, a.direction,
                     fmt::format("{}{}: levels start at 0", in, arc_text(net, a.from, a.direction, a.level))));
      continue;
    }
    target[i] = *to;
    auto& e = entry[static_cast<std::size_t>(*to)];
    e = e < 0 ? a.level : std::min(e, a.level);
    ++entries[static_cast<std::size_t>(*to)];
    auto& f = first[static_cast<std::size_t>(*to)];
    if (f == t.arcs.size() || std::make_tuple(a.level, a.from, a.direction) <
                                  std::make_tuple(t.arcs[f].level, t.arcs[f].from, t.arcs[f].direction)) {
      f = i;
    }
  }
  for (std::size_t i = 0; i < t.arcs.size(); ++i) {
    if (target[i] < 0) continue;
    const LevelArc& a = t.arcs[i];
    const std::int64_t to = target[i];
    if (to == root) {
      out.offer(Prop::root_entered,
                make(index, a.level, to, a.direction,
                     fmt::format("{}{} enters the root {}", in, arc_text(net, a.from, a.direction, a.level), root)));
    } else if (entries[static_cast<std::size_t>(to)] > 1 && first[static_cast<std::size_t>(to)] != i) {
      out.offer(Prop::entered_twice,
                make(index, a.level, to, a.direction,
                     fmt::format("{}node {} is entered at level {} and again by {}", in, to,
                                 entry[static_cast<std::size_t>(to)],
                                 arc_text(net, a.from, a.direction, a.level))));
    }
    if (a.from != root) {
      const std::int64_t e = entry[static_cast<std::size_t>(a.from)];
      if (e < 0 || e >= a.level) {
        out.offer(Prop::arc_before_parent,
                  make(index, a.level, a.from, a.direction,
                       fmt::format("{}{} leaves node {}, which {}", in,
                                   arc_text(net, a.from, a.direction, a.level), a.from,
                                   e < 0 ? std::string("no arc enters")
                                         : fmt::format("is entered only at level {}", e))));
      }
    }
  }
  for (std::int64_t v = 0; v < n; ++v) {
    if (v != root && entries[static_cast<std::size_t>(v)] == 0) {
      out.offer(Prop::node_not_covered,
                make(index, -1, v, -1, fmt::format("{}no arc enters node {}", in, v)));
      break;  // the smallest
    }
  }
}

}  // namespace

std::vector<std::string> tadt_property_names() {
  std::vector<std::string> out;
  for (int p = 0; p <= static_cast<int>(Prop::node_not_covered); ++p) out.emplace_back(name_of(static_cast<Prop>(p)));
  return out;
}

TadtVerdict check_generic_tadt(const Network& net, const LevelTree& generic) {
  CV_ASSERT(net.has_translations(), "a generic tree needs a network with translations");
  Smallest out;
  tree_defects(net, generic, 0, -1, out);
  // Lemma 11: per level, pairwise distinct directions.
  std::vector<std::tuple<std::int64_t, Direction, std::int64_t>> arcs;  // (level, direction, from)
  arcs.reserve(generic.arcs.size());
  for (const LevelArc& a : generic.arcs) {
    if (a.level >= 0 && net.target(a.from, a.direction)) arcs.emplace_back(a.level, a.direction, a.from);
  }
  std::sort(arcs.begin(), arcs.end());
  for (std::size_t i = 1; i < arcs.size(); ++i) {
    const auto& [l0, d0, f0] = arcs[i - 1];
    const auto& [l1, d1, f1] = arcs[i];
    if (l0 != l1 || d0 != d1) continue;
    out.offer(Prop::direction_clash,
              make(-1, l0, f0, d0,
                   fmt::format("generic tree: level {} has two arcs of direction {} (from {} and from "
                               "{}); the translation by {} - {} puts them on one arc in round {} "
                               "(Lemma 11)",
                               l0, net.direction_name(d0), f0, f1, f0, f1, l0),
                   f1));
  }
  return out.finish();
}

TadtVerdict check_explicit_tadts(const Network& net, std::span<const LevelTree> trees) {
  Smallest out;
  const auto n = static_cast<std::size_t>(net.nodes());
  if (trees.size() != n) {
    out.offer(Prop::wrong_root,
              make(static_cast<std::int64_t>(trees.size()), -1, -1, -1,
                   fmt::format("{} trees for {} nodes: one tree per root is needed", trees.size(), n)));
    return out.finish();
  }
  for (std::size_t r = 0; r < n; ++r) {
    tree_defects(net, trees[r], static_cast<std::int64_t>(r), static_cast<std::int64_t>(r), out);
  }
  // Definition 9: (level, arc id, tree) sorted; equal (level, arc) in two entries is a clash.
  std::vector<std::tuple<std::int64_t, std::int64_t, std::int64_t>> uses;
  for (std::size_t r = 0; r < n; ++r) {
    for (const LevelArc& a : trees[r].arcs) {
      if (a.level >= 0 && net.target(a.from, a.direction)) {
        uses.emplace_back(a.level, net.arc_id(a.from, a.direction), static_cast<std::int64_t>(r));
      }
    }
  }
  std::sort(uses.begin(), uses.end());
  for (std::size_t i = 1; i < uses.size(); ++i) {
    const auto& [l0, id0, r0] = uses[i - 1];
    const auto& [l1, id1, r1] = uses[i];
    if (l0 != l1 || id0 != id1) continue;
    const std::int64_t from = id0 / net.width();
    const auto d = static_cast<Direction>(id0 % net.width());
    out.offer(Prop::arc_clash,
              make(r0, l0, from, d,
                   fmt::format("trees {} and {} both cross {} (Definition 9)", r0, r1,
                               arc_text(net, from, d, l0)),
                   r1));
  }
  return out.finish();
}

std::int64_t aab_noncombining_bound(const Network& net) {
  const std::int64_t n = net.nodes();
  if (n <= 1) return 0;
  std::int64_t bound = 0;
  for (std::int64_t v = 0; v < n; ++v) {
    const std::int64_t k = net.in_degree(v);
    if (k == 0) throw InputError(fmt::format("node {} of {} has no incoming link", v, Network::describe(net.spec())));
    bound = std::max(bound, (n - 1 + k - 1) / k);
  }
  return bound;
}

RoutedHeader tadt_header() {
  RoutedHeader h;
  h.model = CommModel{CommModel::kAllPorts, Duplex::full, Switching::store_and_forward, false};
  h.collective = Collective::aab;
  h.root = 0;
  h.pieces = 1;
  return h;
}

RoutedResult simulate_generic_tadt(const Network& net, const LevelTree& generic,
                                   RoutedCheckOptions options) {
  RoutedChecker checker(net, tadt_header(), options);
  stream_translations(net, generic, checker);
  return checker.finish();
}

RoutedResult simulate_explicit_tadts(const Network& net, std::span<const LevelTree> trees,
                                     RoutedCheckOptions options) {
  RoutedChecker checker(net, tadt_header(), options);
  stream_all_to_all(net, trees, checker);
  return checker.finish();
}

}  // namespace collverify::network
