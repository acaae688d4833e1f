// Shared by the fast data-level simulation and its slow twin: the checks of one message that do
// not depend on how holdings are stored (ranks, ports, agreement of packing and unpacking), the
// wording of every violation, and the smallest-rank rule within a round. Internal to checkers/.
#pragma once

#include <cstdint>
#include <vector>

#include "model/collective_schedule.hpp"
#include "model/verdict.hpp"

namespace collverify::data_simulate {

// Collects the violations of one round and keeps the one of the smallest rank (the first found
// among equal ranks).
class Checks {
 public:
  Checks(const CollectiveSchedule& h, std::int64_t round);

  // Ranks in [0, p), distinct, and the one send / one receive per rank and round. False (and
  // recorded) on a violation.
  bool ranks_and_ports(const Message& m);
  // Allgather: the receiver unpacks exactly what the sender packs, slot by slot.
  bool agreement(const Message& m);
  bool item_in_range(const Message& m, const Item& it);

  void one_block_per_origin(const Message& m, const Item& it);
  void send_before_receive(const Message& m, const Item& it);
  void redundant(const Message& m, const Item& it);
  void empty_partial_sum(const Message& m);
  void counted_twice(const Message& m, std::int64_t origin);

  Verdict first() const { return best_; }

 private:
  void add(const char* property, std::int64_t rank, std::int64_t block, std::string message);

  const CollectiveSchedule& h_;
  std::int64_t round_;
  std::vector<int> sends_;
  std::vector<int> recvs_;
  Verdict best_;
};

void check_header(const CollectiveSchedule& h);  // InputError on a malformed p, n or sizes
bool block_has_data(const CollectiveSchedule& h, std::int64_t origin, std::int64_t block);
Violation lacks(const CollectiveSchedule& h, std::int64_t rounds, std::int64_t rank, Item it);
Violation not_once(const CollectiveSchedule& h, std::int64_t rounds, std::int64_t rank,
                   std::int64_t origin, std::int64_t count);
Verdict round_count_check(const CollectiveSchedule& h, std::int64_t rounds,
                          std::int64_t lower_bound);

}  // namespace collverify::data_simulate
