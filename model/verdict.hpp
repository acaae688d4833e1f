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
  // The program route (a user's collective run as a program): the instance's count and root, the
  // index of the failing call among that rank's MPI calls, its MPI function and what was run
  // ("bcast int rendezvous"). kNone / empty elsewhere, so the order of other witnesses is as
  // before: smallest p, n, count, round, root, rank, call.
  std::int64_t count = kNone;
  std::int64_t root = kNone;
  std::int64_t call = kNone;
  std::string op = {};
  std::string instance = {};

  // The smallest-witness rule first; then every other field, so that the order is total: two
  // violations are tied only when they are equal (the program route's witnesses used to tie
  // when they differed only in `instance`, the element type or the buffering, or in `op`, so
  // which one a sort kept depended on the input order).
  friend bool operator<(const Violation& a, const Violation& b) {
    return std::tie(a.p, a.n, a.count, a.round, a.root, a.rank, a.call, a.property, a.block,
                    a.op, a.instance, a.message) <
           std::tie(b.p, b.n, b.count, b.round, b.root, b.rank, b.call, b.property, b.block,
                    b.op, b.instance, b.message);
  }
  friend bool operator==(const Violation& a, const Violation& b) = default;
};

// nullopt means every checked property holds.
using Verdict = std::optional<Violation>;

}  // namespace collverify
