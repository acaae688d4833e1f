// A test-only plugin whose output is malformed in the ways SchedulePlugin must catch; zeros
// (valid entries) everywhere else:
//   p = 3, r = 1: recv[1] = q, outside [-q, q)
//   p = 4, r = 2: send[0] left unwritten
//   p = 5, r = 3: writes q + 1 entries of send (as a plugin that gets q wrong would)
#include "collverify/plugin.h"

namespace {
int ceil_log2(int64_t p) {
  int q = 0;
  while ((int64_t{1} << q) < p) {
    ++q;
  }
  return q;
}
}  // namespace

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI;
}

int collverify_circulant_schedule(int64_t p, int64_t r, int32_t* recv, int32_t* send) {
  const int q = ceil_log2(p);
  for (int k = 0; k < q; ++k) {
    recv[k] = send[k] = 0;
  }
  if (p == 3 && r == 1) {
    recv[1] = q;
  } else if (p == 4 && r == 2) {
    send[0] = INT32_MIN;
  } else if (p == 5 && r == 3) {
    send[q] = 0;
  }
  return 0;
}
