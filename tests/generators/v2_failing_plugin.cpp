// A test-only ABI 2 plugin whose generator fails the way a library's assertion does: the
// reference tables (whole_rows), except that for every p that is a multiple of 11 and at least
// 33 it returns 3 with the message below, so the smallest failing p is 33. The message is the
// finding that must reach the reports and stderr.
#include <cstdio>

#include "collverify/plugin.h"
#include "whole_rows.hpp"

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI_2;
}

int collverify_circulant_schedule_all(int64_t p, int64_t root, int32_t* recv, int32_t* send,
                                      char* err, size_t err_len) {
  if (p >= 33 && p % 11 == 0) {
    std::snprintf(err, err_len, "mycoll_bcast.c:212: assertion 'nblocks <= q' failed (p = %lld)",
                  static_cast<long long>(p));
    return 3;
  }
  return collverify::examples::whole_rows(p, root, recv, send, err, err_len);
}
