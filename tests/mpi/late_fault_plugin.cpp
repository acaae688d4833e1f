// A test plugin (ABI 1) for the distributed streamed check (tests/mpi/dist_test.cpp): the
// reference schedule but for p >= 1000, where two ranks receive their round-0 block again in
// round 1: r1 = p / 2 + 7 and r2 = p - 100, each with its sender of round 1 (r - skips[1])
// sending that block, so that sender and receiver agree and the witness is local to the ranks'
// chunks (no_redundant_receive, or the sender's send_before_receive), never found through the
// fingerprint sums. With the chunks split over 2 or 4 MPI ranks by contiguous ranges, both
// faults lie outside rank 0's share, so a combination that lost another rank's witness would
// report a different smallest witness (or none) than one process does.
#include "collverify/plugin.h"
#include "model/int_math.hpp"
#include "reference_rows.hpp"

#include <vector>

namespace {

bool faulty(std::int64_t p, std::int64_t r) {
  return p >= 1000 && (r == p / 2 + 7 || r == p - 100);
}

}  // namespace

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI;
}

int collverify_circulant_schedule(int64_t p, int64_t r, int32_t* recv, int32_t* send) {
  const int rc = collverify::examples::reference_rows(p, r, recv, send);
  if (rc != 0 || p < 1000) return rc;
  const int q = collverify::ceil_log2(p);
  const std::int64_t skip1 = (p + (std::int64_t{1} << (q - 1)) - 1) >> (q - 1);
  if (faulty(p, r)) recv[1] = recv[0];
  const std::int64_t receiver = r + skip1 >= p ? r + skip1 - p : r + skip1;
  if (faulty(p, receiver)) {
    std::vector<std::int32_t> rrecv(static_cast<std::size_t>(q)), rsend(static_cast<std::size_t>(q));
    if (collverify::examples::reference_rows(p, receiver, rrecv.data(), rsend.data()) != 0) return 2;
    send[1] = rrecv[0];
  }
  return 0;
}
