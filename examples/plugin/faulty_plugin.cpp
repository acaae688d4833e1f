// A deliberately wrong plugin, for showing what a failing run looks like and for testing that
// the checker finds the smallest witness. The fault: for every p that is a multiple of 7 and at
// least 14, rank 3 sends the wrong block in round 1 of each phase. Its send[1] is moved up by
// one, wrapping inside [-q, q) so that the value stays a valid table entry; the receiver,
// (3 + skips[1]) mod p, which is never the root for p >= 14, expects the original block, so
// sender and receiver disagree. Every other p, rank and round is the reference schedule, hence
// `collverify verify bcast --p 2..4096 --schedule-plugin ./libcollverify_plugin_faulty.so`
// must report p = 14 as the smallest failing p (rank 3, round 1).
#include "collverify/plugin.h"
#include "model/int_math.hpp"
#include "reference_rows.hpp"

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI;
}

int collverify_circulant_schedule(int64_t p, int64_t r, int32_t* recv, int32_t* send) {
  const int rc = collverify::examples::reference_rows(p, r, recv, send);
  if (rc == 0 && p >= 14 && p % 7 == 0 && r == 3) {
    const int q = collverify::ceil_log2(p);
    send[1] = (send[1] + 1 + q) % (2 * q) - q;
  }
  return rc;
}
