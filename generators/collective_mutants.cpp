#include "generators/collective_mutants.hpp"

#include <fmt/format.h>

#include <random>
#include <utility>
#include <vector>

namespace collverify {
namespace {

struct Place {
  std::size_t round = 0;
  std::size_t message = 0;
  std::size_t slot = 0;
};

// All (round, message, slot) positions, or (round, message) for slotless kinds, that `fits`.
template <class Fits>
std::vector<Place> places(const CollectiveSchedule& s, bool slots, Fits fits) {
  std::vector<Place> out;
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    for (std::size_t i = 0; i < s.rounds[t].size(); ++i) {
      const Message& m = s.rounds[t][i];
      if (!slots) {
        if (fits(t, m, 0)) out.push_back({t, i, 0});
        continue;
      }
      for (std::size_t k = 0; k < m.items.size() && k < m.stored_as.size(); ++k) {
        if (fits(t, m, k)) out.push_back({t, i, k});
      }
    }
  }
  return out;
}

// The round in which rank r first receives `it`, or rounds.size() if never.
std::size_t received_in(const CollectiveSchedule& s, std::int64_t r, const Item& it) {
  for (std::size_t t = 0; t < s.rounds.size(); ++t) {
    for (const Message& m : s.rounds[t]) {
      if (m.to != r) continue;
      for (const Item& x : m.items) {
        if (x == it) return t;
      }
    }
  }
  return s.rounds.size();
}

// Whether `kind` edits a field that means something in s's kind of schedule.
bool applies_to(CollectiveMutation kind, const CollectiveSchedule& s) {
  const bool census_kind =
      kind == CollectiveMutation::add_contribution || kind == CollectiveMutation::drop_contribution;
  const bool slot_kind = kind == CollectiveMutation::drop_item ||
                         kind == CollectiveMutation::wrong_origin ||
                         kind == CollectiveMutation::send_early;
  return !((census_kind && s.kind != CollectiveKind::census) ||
           (slot_kind && s.kind != CollectiveKind::allgather));
}

// Every place where a mutation of `kind` can be made (none for extra_round).
std::vector<Place> candidate_places(const CollectiveSchedule& s, CollectiveMutation kind) {
  auto any = [](std::size_t, const Message&, std::size_t) { return true; };
  switch (kind) {
    case CollectiveMutation::drop_item:
    case CollectiveMutation::wrong_origin:
      return places(s, true, any);
    case CollectiveMutation::send_early: {
      // Slots of messages whose sender still receives something in the last round.
      auto gets_late = [&](std::int64_t r) {
        for (const Message& later : s.rounds.back()) {
          if (later.to == r && !later.items.empty()) return true;
        }
        return false;
      };
      return places(s, true,
                    [&](std::size_t, const Message& m, std::size_t) { return gets_late(m.from); });
    }
    case CollectiveMutation::second_send:
      return places(s, false, any);
    case CollectiveMutation::add_contribution:
      return places(s, false, [](std::size_t, const Message& m, std::size_t) { return !m.own; });
    case CollectiveMutation::drop_contribution:
      return places(s, false, [](std::size_t, const Message& m, std::size_t) { return m.own; });
    case CollectiveMutation::extra_round:
      break;
  }
  return {};
}

// send_early: puts in slot `at` of m an item its sender first receives in the last round, so
// that it cannot hold it in round at.round.
void send_late_item(const CollectiveSchedule& s, const Place& at, Message& m) {
  for (const Message& later : s.rounds.back()) {
    if (later.to != m.from || later.items.empty()) continue;
    const Item it = later.items.front();
    if (received_in(s, m.from, it) < at.round) continue;
    m.items[at.slot] = it;
    m.stored_as[at.slot] = it;
    break;
  }
}

// Makes the mutation of `kind` at `at` in `round` (a round of the copy of s); g draws what it
// needs beyond the place.
void apply_at(const CollectiveSchedule& s, CollectiveMutation kind, const Place& at, Round& round,
              std::mt19937_64& g) {
  Message& m = round[at.message];
  const auto slot = static_cast<std::ptrdiff_t>(at.slot);
  switch (kind) {
    case CollectiveMutation::drop_item:
      m.items.erase(m.items.begin() + slot);
      m.stored_as.erase(m.stored_as.begin() + slot);
      break;
    case CollectiveMutation::wrong_origin: {
      const std::int64_t o = (m.items[at.slot].origin + 1 +
                              std::uniform_int_distribution<std::int64_t>(0, s.p - 2)(g)) %
                             s.p;
      m.items[at.slot].origin = o;
      m.stored_as[at.slot].origin = o;
      break;
    }
    case CollectiveMutation::send_early:
      send_late_item(s, at, m);
      break;
    case CollectiveMutation::second_send: {
      Message copy = m;
      copy.to = (m.to + 1) % s.p == m.from ? (m.to + 2) % s.p : (m.to + 1) % s.p;
      round.push_back(std::move(copy));
      break;
    }
    case CollectiveMutation::add_contribution:
      m.own = true;
      break;
    case CollectiveMutation::drop_contribution:
      m.own = false;
      break;
    case CollectiveMutation::extra_round:
      break;
  }
}

}  // namespace

const char* to_string(CollectiveMutation kind) {
  switch (kind) {
    case CollectiveMutation::drop_item:
      return "drop_item";
    case CollectiveMutation::wrong_origin:
      return "wrong_origin";
    case CollectiveMutation::send_early:
      return "send_early";
    case CollectiveMutation::second_send:
      return "second_send";
    case CollectiveMutation::extra_round:
      return "extra_round";
    case CollectiveMutation::add_contribution:
      return "add_contribution";
    case CollectiveMutation::drop_contribution:
      return "drop_contribution";
  }
  return "?";
}

std::optional<CollectiveMutant> mutate(const CollectiveSchedule& s, CollectiveMutation kind,
                                       std::uint64_t seed) {
  if (!applies_to(kind, s)) {
    return std::nullopt;  // the field it edits means nothing in this kind of schedule
  }
  std::mt19937_64 g(seed);
  CollectiveMutant out{s, to_string(kind)};
  if (kind == CollectiveMutation::extra_round) {
    out.schedule.rounds.emplace_back();
    return out;
  }
  const std::vector<Place> ps = candidate_places(s, kind);
  if (ps.empty()) return std::nullopt;
  const Place at = ps[std::uniform_int_distribution<std::size_t>(0, ps.size() - 1)(g)];
  Round& round = out.schedule.rounds[at.round];
  const Message& m = round[at.message];
  out.description = fmt::format("{} at round {}, message {} -> {}, slot {}", to_string(kind),
                                at.round, m.from, m.to, at.slot);
  apply_at(s, kind, at, round, g);
  return out;
}

}  // namespace collverify
