// Fuzz target: the parsers of flag values that are more than one number. The first byte
// chooses the parser, the rest is the text typed:
//   0  --p ranges (generators/p_range.hpp): an accepted range of at most 4096 values expands to
//      exactly count() distinct ascending p in [1, 2^62), the last one max().
//   1  --blocks (generators/block_counts.hpp): for p = 1..70 and a few large p, n ascending,
//      distinct, >= 1.
//   2  --sizes of allgatherv (generators/size_distributions.hpp): p = 1..40 give p sizes in
//      [0, kMaxSize].
//   3  integer lists (families/common/parse.hpp parse_int_list: trees --sizes, solve --blocks, reduce
//      --values, verify trees --gamma): in range, and the list written back parses the same.
//   4  one integer (parse_int, every numeric flag): in range, written back the same.
//   5  --sides: RESERVED. The topology families' --sides parser is not on this branch; add its
//      case here (range, round trip) when it lands.
// Anything but InputError from the parse, or a broken oracle (an InputError while checking an
// accepted value escapes and aborts too), is a finding.
#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "families/common/parse.hpp"
#include "fuzz_common.hpp"
#include "generators/block_counts.hpp"
#include "generators/p_range.hpp"
#include "generators/size_distributions.hpp"
#include "model/error.hpp"

namespace {

using namespace collverify;

void p_range(const std::string& text) {
  const PRange r = PRange::parse(text);
  // values(4096) refuses a larger range before allocating; count() of several segments expands
  // them (up to kMaxValues = 5 * 10^7, seconds: the first fuzz timeout, kept in the corpus as
  // p_range_many_segments), so it is asked only of ranges already known to be small.
  const auto v = r.values(4096);
  const std::int64_t n = r.count();
  FUZZ_CHECK(static_cast<std::int64_t>(v.size()) == n, "count() values");
  for (std::size_t i = 0; i < v.size(); ++i) {
    FUZZ_CHECK(v[i] >= 1 && v[i] < (std::int64_t{1} << 62), "1 <= p < 2^62");
    if (i > 0) FUZZ_CHECK(v[i - 1] < v[i], "ascending, distinct");
  }
  FUZZ_CHECK(v.empty() || v.back() == r.max(), "max() is the last value");
}

void block_counts(const std::string& text) {
  const BlockCounts b = BlockCounts::parse(text);
  std::vector<std::int64_t> ps;
  for (std::int64_t p = 1; p <= 70; ++p) ps.push_back(p);
  for (const std::int64_t p : {std::int64_t{1} << 20, (std::int64_t{1} << 62) - 1}) ps.push_back(p);
  for (const std::int64_t p : ps) {
    const auto n = b.for_p(p);
    for (std::size_t i = 0; i < n.size(); ++i) {
      FUZZ_CHECK(n[i] >= 1, "n >= 1");
      if (i > 0) FUZZ_CHECK(n[i - 1] < n[i], "ascending, distinct");
    }
  }
}

void size_distribution(const std::string& text) {
  const SizeDistribution d = SizeDistribution::parse(text);
  for (std::int64_t p = 1; p <= 40; ++p) {
    const auto s = d.for_p(p);
    FUZZ_CHECK(static_cast<std::int64_t>(s.size()) == p, "p sizes");
    for (const auto x : s) FUZZ_CHECK(x >= 0 && x <= SizeDistribution::kMaxSize, "size in range");
  }
}

void int_list(const std::string& text) {
  std::vector<std::int64_t> v;
  try {
    v = cli::parse_int_list("--values", text, -1000, cli::kNoMax);
  } catch (const InputError&) {
    return;
  }
  FUZZ_CHECK(!v.empty(), "at least one entry");
  for (const auto x : v) FUZZ_CHECK(x >= -1000, "in range");
  FUZZ_CHECK(cli::parse_int_list("--values", fmt::format("{}", fmt::join(v, ",")), -1000,
                                 cli::kNoMax) == v,
             "written back, parses the same");
}

void one_int(const std::string& text) {
  std::int64_t v = 0;
  try {
    v = cli::parse_int("--n", text, -5, 1'000'000'000'000);
  } catch (const InputError&) {
    return;
  }
  FUZZ_CHECK(v >= -5 && v <= 1'000'000'000'000, "in range");
  FUZZ_CHECK(cli::parse_int("--n", std::to_string(v), -5, 1'000'000'000'000) == v, "round trip");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::string text = fuzz::text_of(data + 1, size - 1);
  try {
    switch (data[0] % 5) {
      case 0: p_range(text); break;
      case 1: block_counts(text); break;
      case 2: size_distribution(text); break;
      case 3: int_list(text); break;
      default: one_int(text); break;
    }
  } catch (const InputError&) {
  }
  return 0;
}
