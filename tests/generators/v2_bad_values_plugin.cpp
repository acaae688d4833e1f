// A test-only ABI 2 plugin whose whole-p output is malformed in the ways SchedulePlugin must
// catch; zeros (valid entries) everywhere else:
//   p = 3: recv of r = 1, k = 1 is q, outside [-q, q)
//   p = 4: send of r = 2, k = 0 left unwritten
//   p = 5: writes one entry past the p q entries of send
//   p = 6: returns 7 with no message
//   p = 7: returns 1 after filling all of err without a terminating NUL
// It exports no per-rank call, so a streamed p is refused.
#include <cstring>

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
  return COLLVERIFY_PLUGIN_ABI_2;
}

int collverify_circulant_schedule_all(int64_t p, int64_t /*root*/, int32_t* recv, int32_t* send,
                                      char* err, size_t err_len) {
  const int64_t q = ceil_log2(p);
  if (p == 6) return 7;
  if (p == 7) {
    std::memset(err, 'x', err_len);
    return 1;
  }
  for (int64_t i = 0; i < p * q; ++i) {
    recv[i] = send[i] = 0;
  }
  if (p == 3) {
    recv[1 * q + 1] = static_cast<int32_t>(q);
  } else if (p == 4) {
    send[2 * q + 0] = INT32_MIN;
  } else if (p == 5) {
    send[p * q] = 0;
  }
  return 0;
}
