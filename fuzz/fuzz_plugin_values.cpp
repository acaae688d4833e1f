// Fuzz target: the values a schedule plugin returns (generators/external/plugin.hpp: return
// code, entries outside [-q, q), entries left unwritten, writes past q). The target loads
// fuzz_plugin.cpp's library (FUZZ_PLUGIN_PATH) and hands it the input: byte 0 chooses p (1..64,
// or 2^k for k = 7..12), byte 1 the return code (0 unless the byte is 0xff), the rest the
// entries. Oracle: InputError, or tables that hold exactly what the plugin wrote: every entry
// in [-q, q), p * q of them, and rank() agrees with build() for every rank.
#include <dlfcn.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_common.hpp"
#include "generators/external/plugin.hpp"
#include "model/error.hpp"

namespace {
using SetFn = void (*)(const std::uint8_t*, std::size_t, int);

const collverify::SchedulePlugin& plugin() {
  static const collverify::SchedulePlugin loaded = collverify::SchedulePlugin::load(FUZZ_PLUGIN_PATH);
  return loaded;
}

SetFn setter() {
  static SetFn fn = [] {
    void* h = dlopen(FUZZ_PLUGIN_PATH, RTLD_NOW | RTLD_LOCAL);  // the same handle as load()'s
    FUZZ_CHECK(h != nullptr, "the fuzz plugin loads");
    auto* f = reinterpret_cast<SetFn>(dlsym(h, "collverify_fuzz_set"));
    FUZZ_CHECK(f != nullptr, "collverify_fuzz_set exists");
    return f;
  }();
  return fn;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collverify;
  if (size < 3) return 0;
  const std::int64_t p = data[0] < 192 ? 1 + data[0] % 64 : std::int64_t{1} << (7 + data[0] % 6);
  const int rc = data[1] == 0xff ? -1 : 0;
  const SchedulePlugin& pl = plugin();
  setter()(data + 2, size - 2, rc);
  CirculantSchedule s;
  try {
    s = pl.build(p);
  } catch (const InputError&) {
    return 0;
  }
  // p = 1 (q = 0) asks the plugin nothing, so its return code is never seen.
  FUZZ_CHECK(rc == 0 || s.q == 0, "a non-zero return is refused");
  const auto cells = static_cast<std::size_t>(p) * static_cast<std::size_t>(s.q);
  FUZZ_CHECK(s.recv.size() == cells && s.send.size() == cells, "p x q tables");
  for (std::size_t i = 0; i < cells; ++i) {
    FUZZ_CHECK(s.recv[i] >= -s.q && s.recv[i] < s.q, "recv entry in [-q, q)");
    FUZZ_CHECK(s.send[i] >= -s.q && s.send[i] < s.q, "send entry in [-q, q)");
  }
  std::vector<std::int8_t> recv(static_cast<std::size_t>(s.q));
  std::vector<std::int8_t> send(static_cast<std::size_t>(s.q));
  for (std::int64_t r = 0; r < p && s.q > 0; ++r) {
    pl.rank(p, r, recv, send);
    const auto row = static_cast<std::size_t>(r) * static_cast<std::size_t>(s.q);
    for (std::size_t k = 0; k < recv.size(); ++k) {
      FUZZ_CHECK(recv[k] == s.recv[row + k] && send[k] == s.send[row + k], "rank() == build()");
    }
  }
  return 0;
}
