#include "reference/circulant/census.hpp"

#include "model/int_math.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::circulant {

CollectiveSchedule build_census(std::int64_t p) {
  const Circulant c(p);
  CollectiveSchedule s;
  s.kind = CollectiveKind::census;
  s.p = p;
  s.n = 1;
  for (int k = 0; k < c.q; ++k) {
    const bool odd = c.skip(k) + c.skip(k) > c.skip(k + 1);  // line 3 with i = k
    Round round;
    round.reserve(static_cast<std::size_t>(p));
    for (std::int64_t r = 0; r < p; ++r) {
      Message m;
      m.from = r;
      m.to = odd ? mod_p(r - c.skip(k) + 1, p) : mod_p(r - c.skip(k), p);
      m.own = !odd;      // line 10: O = x_r + S
      m.partial = true;  // lines 6 and 10: S is part of O (S = bottom in round 0 is harmless)
      round.push_back(m);
    }
    s.rounds.push_back(std::move(round));
  }
  return s;
}

}  // namespace collverify::circulant
