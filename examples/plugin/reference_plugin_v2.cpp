// The example plugin of ABI 2 (include/collverify/plugin.h): collverify's own circulant
// broadcast construction, every rank built in one call, for any root, with the optional
// per-rank call beside it (used only for streamed p). `collverify verify bcast --p 2..4096
// --schedule-plugin ./libcollverify_plugin_reference_v2.so [--root R]` must pass. An MPI
// library replaces whole_rows with its own generator: fill p * q entries of recv and send, rank
// r's at r * q, and on failure return non-zero with the reason in err.
#include "collverify/plugin.h"
#include "reference_rows.hpp"
#include "whole_rows.hpp"

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI_2;
}

int collverify_circulant_schedule_all(int64_t p, int64_t root, int32_t* recv, int32_t* send,
                                      char* err, size_t err_len) {
  return collverify::examples::whole_rows(p, root, recv, send, err, err_len);
}

int collverify_circulant_schedule_rank(int64_t p, int64_t root, int64_t r, int32_t* recv,
                                       int32_t* send, char* err, size_t err_len) {
  if (p < 1 || root < 0 || root >= p || r < 0 || r >= p) {
    collverify::examples::set_error(err, err_len, "p, root or r outside the domain of the ABI");
    return 1;
  }
  // Rank r executes the rows of virtual rank (r - root) mod p.
  const int rc = collverify::examples::reference_rows(p, (r - root + p) % p, recv, send);
  if (rc != 0) collverify::examples::set_error(err, err_len, "the construction failed");
  return rc;
}
