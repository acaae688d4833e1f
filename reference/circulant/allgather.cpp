#include "reference/circulant/allgather.hpp"

#include "model/int_math.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::circulant {

Round allgather_round(const Circulant& c, int k) {
  const std::int64_t p = c.p;
  const std::int64_t lo = c.skip(k);
  const std::int64_t hi = c.skip(k + 1);
  Round round;
  round.reserve(static_cast<std::size_t>(p));
  for (std::int64_t r = 0; r < p; ++r) {
    Message m;
    m.from = r;
    m.to = mod_p(r - lo, p);  // t^k of line 2
    m.items.reserve(static_cast<std::size_t>(hi - lo));
    m.stored_as.reserve(static_cast<std::size_t>(hi - lo));
    for (std::int64_t j = 0; j < hi - lo; ++j) m.items.push_back({mod_p(r + j, p), 0});
    // The receiver's view (line 5, Recv): its buffer[skips[k] .. skips[k+1]-1].
    for (std::int64_t j = lo; j < hi; ++j) m.stored_as.push_back({mod_p(m.to + j, p), 0});
    round.push_back(std::move(m));
  }
  return round;
}

CollectiveSchedule build_allgather(std::int64_t p) {
  const Circulant c(p);
  CollectiveSchedule s;
  s.kind = CollectiveKind::allgather;
  s.p = p;
  s.n = 1;
  for (int k = 0; k < c.q; ++k) s.rounds.push_back(allgather_round(c, k));
  return s;
}

}  // namespace collverify::circulant
