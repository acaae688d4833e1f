// Fuzz target: the per-pair costs reader (`trees --costs-file`, generators/external/costs_file.hpp).
// The first byte chooses p (1..8) and the number type (int64 or double); the rest is the file,
// written to a private temporary file because the reader takes a path. Oracle: InputError, or
// costs of the promised shape (p x p alpha and beta, p gamma), every value >= 0 and finite.
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "fuzz_common.hpp"
#include "generators/external/costs_file.hpp"
#include "model/error.hpp"

namespace {

template <class T>
void read_and_check(const std::string& path, std::int64_t p) {
  using namespace collverify;
  CostModel<T> c;
  try {
    c = read_costs_file<T>(path, p);
  } catch (const InputError&) {
    return;
  }
  const auto pp = static_cast<std::size_t>(p * p);
  FUZZ_CHECK(c.alpha_ij.size() == pp && c.beta_ij.size() == pp, "p x p alpha and beta");
  FUZZ_CHECK(c.gamma_i.size() == static_cast<std::size_t>(p), "p gamma");
  for (const auto* v : {&c.alpha_ij, &c.beta_ij, &c.gamma_i}) {
    for (const T x : *v) {
      FUZZ_CHECK(x >= 0, "costs >= 0");
      if constexpr (std::is_floating_point_v<T>) FUZZ_CHECK(std::isfinite(x), "finite costs");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  static const std::string path = "/tmp/collverify_fuzz_costs_" + std::to_string(::getpid());
  {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  }
  const std::int64_t p = 1 + (data[0] & 7);
  if ((data[0] & 8) != 0) {
    read_and_check<double>(path, p);
  } else {
    read_and_check<std::int64_t>(path, p);
  }
  return 0;
}
