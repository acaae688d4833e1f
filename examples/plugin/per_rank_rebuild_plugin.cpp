// What wrapping a generator that builds every rank together costs under ABI 1 (for the
// measurement in docs/PERFORMANCE.md "Plugin ABI 2"): each per-rank call builds the tables of all
// p ranks with the same whole_rows as reference_plugin_v2.cpp and keeps rank r's rows, so
// build(p) costs p whole builds instead of one. Correct, only slow.
#include <vector>

#include "collverify/plugin.h"
#include "model/int_math.hpp"
#include "whole_rows.hpp"

int collverify_plugin_abi(void) {
  return COLLVERIFY_PLUGIN_ABI;
}

int collverify_circulant_schedule(int64_t p, int64_t r, int32_t* recv, int32_t* send) {
  if (p < 1 || p >= collverify::kMaxP || r < 0 || r >= p) return 1;
  try {
    const auto q = static_cast<std::size_t>(collverify::ceil_log2(p));
    std::vector<int32_t> all_recv(static_cast<std::size_t>(p) * q);
    std::vector<int32_t> all_send(all_recv.size());
    if (collverify::examples::whole_rows(p, 0, all_recv.data(), all_send.data(), nullptr, 0) != 0) {
      return 1;
    }
    for (std::size_t k = 0; k < q; ++k) {
      recv[k] = all_recv[static_cast<std::size_t>(r) * q + k];
      send[k] = all_send[static_cast<std::size_t>(r) * q + k];
    }
    return 0;
  } catch (...) {
    return 2;
  }
}
