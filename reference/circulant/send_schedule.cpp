#include "reference/circulant/send_schedule.hpp"

#include <vector>

#include "model/int_math.hpp"
#include "reference/circulant/recv_schedule.hpp"

namespace collverify::circulant {

void send_schedule(const Circulant& c, std::int64_t r, const Transcriptions& t,
                   std::span<std::int8_t> out) {
  std::vector<std::int8_t> scratch(static_cast<std::size_t>(c.q));
  for (int i = 0; i < c.q; ++i) {
    recv_schedule(c, mod_p(r + c.skip(i), c.p), i, t, scratch);
    out[static_cast<std::size_t>(i)] = scratch[static_cast<std::size_t>(i)];
  }
}

void send_table_from_recv(CirculantSchedule& s) {
  for (std::int64_t r = 0; r < s.p; ++r) {
    for (int k = 0; k < s.q; ++k) {
      s.set_send(r, k, s.recv_at(mod_p(r + s.skips[static_cast<std::size_t>(k)], s.p), k));
    }
  }
}

}  // namespace collverify::circulant
