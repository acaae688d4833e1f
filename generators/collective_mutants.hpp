// Fault injection for data-level collective schedules (model/collective_schedule.hpp): each
// mutant breaks a valid schedule in one small way that the data-level checker must reject.
//   drop_item          remove one slot of a message (sender and receiver agree on the loss)
//   wrong_origin       one slot names another origin, on both sides (agreement cannot catch it)
//   send_early         one slot of rank r's message in round t carries an item that r only
//                      receives in round t or later (a message sent before it is held)
//   second_send        the sender of a message sends a copy to one more rank in the same round
//   extra_round        an empty round is appended
//   add_contribution   census: a message that sends S alone also sends the own input x_from
//   drop_contribution  census: a message no longer carries the own input x_from (S may still be
//                      empty in round 0, so dropping S is not always a change)
// The position is drawn from a generator seeded by `seed`; a kind that has no place in the
// schedule (e.g. add_contribution when every message already carries x_from), or whose field
// means nothing in this kind (slot kinds on census, census kinds on allgather), yields nullopt.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "model/collective_schedule.hpp"

namespace collverify {

enum class CollectiveMutation {
  drop_item,
  wrong_origin,
  send_early,
  second_send,
  extra_round,
  add_contribution,
  drop_contribution
};

struct CollectiveMutant {
  CollectiveSchedule schedule;
  std::string description;
};

std::optional<CollectiveMutant> mutate(const CollectiveSchedule& s, CollectiveMutation kind,
                                       std::uint64_t seed);

const char* to_string(CollectiveMutation kind);

}  // namespace collverify
