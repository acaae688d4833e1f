// A test-only ABI 2 plugin with the mapping bug a library can have when it maps ranks relative
// to the root: rank r is given the rows of virtual rank (r + root) mod p instead of
// (r - root) mod p. For root 0 (and wherever 2 root = 0 mod p) it is the reference schedule;
// for every other root the broadcast as executed is wrong, which collverify must find both by
// the root-mapping comparison and by simulating the un-rotated tables.
#include "collverify/plugin.h"
#include "whole_rows.hpp"

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI_2;
}

int collverify_circulant_schedule_all(int64_t p, int64_t root, int32_t* recv, int32_t* send,
                                      char* err, size_t err_len) {
  // whole_rows maps by (r - root); asking it for root' = (p - root) mod p gives (r + root).
  return collverify::examples::whole_rows(p, (p - root) % p, recv, send, err, err_len);
}
