#include "families/circulant/root_mapping.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "model/error.hpp"

namespace collverify::engine {

CirculantSchedule unrotate(const CirculantSchedule& t, std::int64_t root) {
  CV_ASSERT(root >= 0 && root < t.p, "root is a rank of p");
  CirculantSchedule u = t;
  const auto q = static_cast<std::size_t>(t.q);
  for (std::int64_t v = 0; v < t.p; ++v) {
    const std::int64_t r = (v + root) % t.p;
    const auto from = static_cast<std::ptrdiff_t>(static_cast<std::size_t>(r) * q);
    const auto to = static_cast<std::ptrdiff_t>(static_cast<std::size_t>(v) * q);
    const auto len = static_cast<std::ptrdiff_t>(q);
    std::copy(t.recv.begin() + from, t.recv.begin() + from + len, u.recv.begin() + to);
    std::copy(t.send.begin() + from, t.send.begin() + from + len, u.send.begin() + to);
  }
  return u;
}

Verdict root_mapping_violation(const CirculantSchedule& root0, const CirculantSchedule& unrotated,
                               std::int64_t root) {
  CV_ASSERT(root0.p == unrotated.p && root0.q == unrotated.q, "tables of the same p");
  const std::int64_t p = root0.p;
  for (std::int64_t v = 0; v < p; ++v) {
    for (int k = 0; k < root0.q; ++k) {
      const bool recv_differs = v != 0 && unrotated.recv_at(v, k) != root0.recv_at(v, k);
      const bool send_differs = unrotated.send_at(v, k) != root0.send_at(v, k);
      if (!recv_differs && !send_differs) continue;
      const char* table = recv_differs ? "recv" : "send";
      const int got = recv_differs ? unrotated.recv_at(v, k) : unrotated.send_at(v, k);
      const int want = recv_differs ? root0.recv_at(v, k) : root0.send_at(v, k);
      Violation out;
      out.property = "root_mapping";
      out.p = p;
      out.rank = v;
      out.round = k;
      out.block = got;
      out.message = fmt::format(
          "{}[{}][{}] = {} for root {} (rank {} executes virtual rank {}), but the schedule for "
          "root 0 has {} for rank {}: ranks are not mapped as (r - root) mod p",
          table, (v + root) % p, k, got, root, (v + root) % p, v, want, v);
      return out;
    }
  }
  return std::nullopt;
}

}  // namespace collverify::engine
