// A broken plugin for tests of bad input: the reference schedule, except that the calls for
// r = 2 fail (return -1) when p = 5 or p >= 9, which collverify must report as bad input naming
// the smallest such p (5) and r.
#include "collverify/plugin.h"
#include "reference_rows.hpp"

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI;
}

int collverify_circulant_schedule(int64_t p, int64_t r, int32_t* recv, int32_t* send) {
  if ((p == 5 || p >= 9) && r == 2) {
    return -1;
  }
  return collverify::examples::reference_rows(p, r, recv, send);
}
