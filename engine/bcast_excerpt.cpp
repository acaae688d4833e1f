#include "engine/bcast_excerpt.hpp"

#include <algorithm>
#include <vector>

#include "model/int_math.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::engine {
namespace {

// Columns rank - 3 .. rank + 3 of v's rank (clipped to [0, p)), filled by rows(r, recv, send),
// and the broken entry marked.
template <typename Rows>
ScheduleExcerpt excerpt_of(std::int64_t p, int q, const Violation& v, Rows rows) {
  ScheduleExcerpt e;
  e.p = p;
  e.q = q;
  const std::int64_t centre = v.rank >= 0 && v.rank < p ? v.rank : 0;
  for (std::int64_t r = std::max<std::int64_t>(0, centre - 3); r <= std::min(p - 1, centre + 3);
       ++r) {
    e.ranks.push_back(r);
    std::vector<int> recv, send;
    rows(r, recv, send);
    if (r == 0) recv.clear();  // the root receives nothing
    e.recv.push_back(std::move(recv));
    e.send.push_back(std::move(send));
  }
  if (v.rank == kNone || v.round == kNone || q == 0 || v.property == "completeness" ||
      v.property == "round_optimal") {
    return e;
  }
  // Fast witnesses give the round of a phase; generic ones an absolute round of the expansion.
  const std::int64_t k = v.n == kNone ? v.round : (v.round + circulant::dummy_rounds(q, v.n)) % q;
  e.marked_rank = v.rank;
  e.marked_round = static_cast<int>(k);
  const bool send_side = v.property == "send_before_receive" || v.property == "root_block_order";
  e.marked_table = send_side ? "send" : "recv";
  return e;
}

}  // namespace

ScheduleExcerpt excerpt_around(const CirculantSchedule& s, const Violation& v) {
  ScheduleExcerpt e = excerpt_of(s.p, s.q, v, [&](std::int64_t r, std::vector<int>& recv,
                                                  std::vector<int>& send) {
    for (int k = 0; k < s.q; ++k) {
      recv.push_back(s.recv_at(r, k));
      send.push_back(s.send_at(r, k));
    }
  });
  if (!s.baseblock.empty()) {
    for (std::int64_t r : e.ranks) e.baseblock.push_back(s.baseblock[static_cast<std::size_t>(r)]);
  }
  return e;
}

ScheduleExcerpt excerpt_around(const ScheduleSource& source, std::int64_t p, const Violation& v) {
  const int q = ceil_log2(p);
  return excerpt_of(p, q, v, [&](std::int64_t r, std::vector<int>& recv, std::vector<int>& send) {
    std::vector<std::int8_t> r8(static_cast<std::size_t>(q)), s8(static_cast<std::size_t>(q));
    source.rank_rows(p, r, r8, s8);
    recv.assign(r8.begin(), r8.end());
    send.assign(s8.begin(), s8.end());
  });
}

}  // namespace collverify::engine
