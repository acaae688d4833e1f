// The plugin the fuzz_plugin_values target loads: it answers collverify_circulant_schedule with
// values taken from the fuzzer's bytes (set through collverify_fuzz_set), so every value a user's
// plugin could return reaches SchedulePlugin's validation. Byte i of the input decides entry i:
// 0x7f leaves it unwritten; otherwise it is written as a signed byte, scaled by 2^24 when the
// top bit of the previous byte is set (values far outside [-q, q)). Each row is written for
// q + (last byte % 3) - 1 entries (one short, exact, or one past q: within the guard of
// generators/external/plugin.cpp, as the ABI lets a faulty plugin do). Return value: the
// header's rc byte (mostly 0).
#include <cstddef>
#include <cstdint>

#include "collverify/plugin.h"

namespace {
const std::uint8_t* g_data = nullptr;
std::size_t g_size = 0;
int g_rc = 0;

std::int32_t entry(std::size_t i, bool& write) {
  const std::uint8_t b = g_data[i % g_size];
  write = b != 0x7f;
  const std::uint8_t prev = g_data[(i + g_size - 1) % g_size];
  const auto v = static_cast<std::int32_t>(static_cast<std::int8_t>(b));
  return (prev & 0x80) != 0 ? v * (1 << 24) : v;
}

int ceil_log2(std::int64_t p) {
  int q = 0;
  while ((std::int64_t{1} << q) < p) ++q;
  return q;
}
}  // namespace

extern "C" void collverify_fuzz_set(const std::uint8_t* data, std::size_t size, int rc) {
  g_data = data;
  g_size = size;
  g_rc = rc;
}

extern "C" int collverify_plugin_abi(void) { return COLLVERIFY_PLUGIN_ABI; }

extern "C" int collverify_circulant_schedule(std::int64_t p, std::int64_t r, std::int32_t* recv,
                                             std::int32_t* send) {
  if (g_size == 0) return 0;
  const int q = ceil_log2(p);
  const int n = q + static_cast<int>(g_data[g_size - 1] % 3) - 1;
  const auto base = static_cast<std::size_t>(r) * static_cast<std::size_t>(2 * q + 2);
  for (int k = 0; k < n; ++k) {
    bool w = false;
    const std::int32_t a = entry(base + static_cast<std::size_t>(k), w);
    if (w) recv[k] = a;
    const std::int32_t b = entry(base + static_cast<std::size_t>(q + 1 + k), w);
    if (w) send[k] = b;
  }
  return g_rc;
}
