#include "generators/fractional_mutants.hpp"

#include <set>
#include <utility>
#include <vector>

namespace collverify::fractional_mutants {
namespace {

// Holdings before round `upto` (a plain replay, no checks).
std::set<std::pair<std::int64_t, std::int64_t>> held_before(const Schedule& s, std::int64_t upto) {
  std::set<std::pair<std::int64_t, std::int64_t>> h;
  for (const Holding& x : s.initial) h.insert({x.rank, x.block});
  for (std::int64_t t = 0; t < upto && t < static_cast<std::int64_t>(s.rounds.size()); ++t) {
    for (const Transfer& x : s.rounds[static_cast<std::size_t>(t)]) h.insert({x.to, x.stored_as});
  }
  return h;
}

Violation witness(const Schedule& s, const char* property, std::int64_t rank, std::int64_t round,
                  std::int64_t block) {
  return Violation{property, s.p, s.n, rank, round, block, ""};
}

}  // namespace

std::optional<Mutant> dropped_step(const Schedule& s, std::int64_t round) {
  if (round < 0 || round >= static_cast<std::int64_t>(s.rounds.size())) return std::nullopt;
  const auto& dropped = s.rounds[static_cast<std::size_t>(round)];
  if (dropped.empty()) return std::nullopt;
  std::set<std::pair<std::int64_t, std::int64_t>> lost;
  for (const Transfer& x : dropped) lost.insert({x.to, x.stored_as});
  Mutant m{s, {}};
  m.schedule.rounds[static_cast<std::size_t>(round)].clear();
  for (std::size_t t = static_cast<std::size_t>(round) + 1; t < s.rounds.size(); ++t) {
    std::int64_t rank = -1;
    std::int64_t block = -1;
    for (const Transfer& x : s.rounds[t]) {
      if (lost.count({x.from, x.block}) && (rank < 0 || x.from < rank)) {
        rank = x.from;
        block = x.block;
      }
    }
    if (rank >= 0) {
      m.witness = witness(s, "send_before_receive", rank, static_cast<std::int64_t>(t), block);
      return m;
    }
  }
  const auto first = *lost.begin();  // smallest receiver, its smallest lost packet
  m.witness = witness(s, "completeness", first.first, static_cast<std::int64_t>(s.rounds.size()),
                      first.second);
  return m;
}

std::optional<Mutant> sent_before_arrival(const Schedule& s) {
  std::set<std::pair<std::int64_t, std::int64_t>> initial;
  for (const Holding& x : s.initial) initial.insert({x.rank, x.block});
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    for (std::size_t k = 0; k < s.rounds[t].size(); ++k) {
      const Transfer x = s.rounds[t][k];
      if (initial.count({x.from, x.block})) continue;
      // The round in which x.from receives x.block.
      for (std::size_t u = 0; u < t; ++u) {
        for (const Transfer& y : s.rounds[u]) {
          if (y.to != x.from || y.stored_as != x.block) continue;
          Mutant m{s, witness(s, "send_before_receive", x.from, static_cast<std::int64_t>(u), x.block)};
          auto& from_round = m.schedule.rounds[t];
          from_round.erase(from_round.begin() + static_cast<std::ptrdiff_t>(k));
          m.schedule.rounds[u].push_back(x);
          return m;
        }
      }
    }
  }
  return std::nullopt;
}

std::optional<Mutant> two_receives(const Schedule& s) {
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    const auto& round = s.rounds[t];
    for (std::size_t a = 0; a < round.size(); ++a) {
      for (std::size_t b = a + 1; b < round.size(); ++b) {
        if (round[a].block != round[b].block || round[a].to == round[b].to) continue;
        Mutant m{s, witness(s, "one_port_receive", round[a].to, static_cast<std::int64_t>(t),
                            round[b].block)};
        m.schedule.rounds[t][b].to = round[a].to;
        return m;
      }
    }
  }
  return std::nullopt;
}

std::optional<Mutant> wrong_successor(const Schedule& s, std::int64_t round, std::int64_t index,
                                      std::int64_t new_to) {
  if (round < 0 || round >= static_cast<std::int64_t>(s.rounds.size())) return std::nullopt;
  const auto& r = s.rounds[static_cast<std::size_t>(round)];
  if (index < 0 || index >= static_cast<std::int64_t>(r.size())) return std::nullopt;
  if (new_to < 0 || new_to >= s.p) return std::nullopt;
  const Transfer x = r[static_cast<std::size_t>(index)];
  if (x.to == new_to || x.from == new_to) return std::nullopt;
  Mutant m{s, {}};
  m.schedule.rounds[static_cast<std::size_t>(round)][static_cast<std::size_t>(index)].to = new_to;
  // What the simulation meets first in this round: a receive of a held packet (checked per
  // transfer) beats a port count; among port counts, the later transfer of the two.
  if (held_before(s, round).count({new_to, x.stored_as})) {
    m.witness = witness(s, "no_redundant_receive", new_to, round, x.stored_as);
    return m;
  }
  for (std::size_t k = 0; k < r.size(); ++k) {
    if (static_cast<std::int64_t>(k) == index || r[k].to != new_to) continue;
    const std::int64_t later = static_cast<std::int64_t>(k) > index ? r[k].block : x.block;
    m.witness = witness(s, "one_port_receive", new_to, round, later);
    return m;
  }
  return std::nullopt;
}

std::optional<fractional::SimplexProgram> swapped_parts(const fractional::SimplexProgram& p,
                                                        std::int64_t x, std::int64_t k) {
  if (x < 0 || x >= static_cast<std::int64_t>(p.parts.size())) return std::nullopt;
  const auto& mine = p.parts[static_cast<std::size_t>(x)];
  if (k < 0 || k + 1 >= static_cast<std::int64_t>(mine.size())) return std::nullopt;
  const auto a = static_cast<std::size_t>(k);
  if (mine[a].send == mine[a + 1].send) return std::nullopt;
  fractional::SimplexProgram out = p;
  std::swap(out.parts[static_cast<std::size_t>(x)][a], out.parts[static_cast<std::size_t>(x)][a + 1]);
  return out;
}

std::optional<fractional::SimplexProgram> swapped_receives(const fractional::SimplexProgram& p,
                                                           std::int64_t x, std::int64_t k) {
  if (x < 0 || x >= static_cast<std::int64_t>(p.parts.size())) return std::nullopt;
  const auto& mine = p.parts[static_cast<std::size_t>(x)];
  if (k < 0 || k >= static_cast<std::int64_t>(mine.size())) return std::nullopt;
  const auto a = static_cast<std::size_t>(k);
  if (mine[a].send) return std::nullopt;
  for (std::size_t b = a + 1; b < mine.size(); ++b) {
    if (mine[b].send) continue;
    fractional::SimplexProgram out = p;
    std::swap(out.parts[static_cast<std::size_t>(x)][a], out.parts[static_cast<std::size_t>(x)][b]);
    return out;
  }
  return std::nullopt;
}

}  // namespace collverify::fractional_mutants
