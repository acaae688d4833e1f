// What a checker says: pass, or a violation with a witness (p, n, rank, round, block). Fields
// that do not apply are kNone. Witnesses order by the smallest-witness rule of docs/DESIGN.md ("The run engine"):
// smallest p, then smallest n, then first round, then smallest rank.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <tuple>

namespace collverify {

// Not -1: a circulant table entry -1 is a real block (block q - 1 of the previous phase).
inline constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();

struct Violation {
  std::string property;  // e.g. "send_before_receive"
  std::int64_t p = kNone;
  std::int64_t n = kNone;
  std::int64_t rank = kNone;
  std::int64_t round = kNone;
  std::int64_t block = kNone;
  std::string message;  // one line, says what is wrong in the paper's terms

  friend bool operator<(const Violation& a, const Violation& b) {
    return std::tie(a.p, a.n, a.round, a.rank, a.property) <
           std::tie(b.p, b.n, b.round, b.rank, b.property);
  }
};

// nullopt means every checked property holds.
using Verdict = std::optional<Violation>;

}  // namespace collverify
