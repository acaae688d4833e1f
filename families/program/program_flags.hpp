// The flag words of `verify program` (docs/DESIGN.md "The program route"): counts and roots as
// lists of terms in p ("0,1,p-1,p,p+1,2p+1,3p+2", "all", "0,1,p/2,p-1") or integer ranges
// ("0..100"), collectives, element types and buffering modes as comma lists.
//
// Contract: parse_* throw InputError naming the flag and the word; counts_for(p) and roots_for(p)
// give the values for one p, ascending and without duplicates, dropping counts < 0 and roots
// outside 0..p-1.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "program/collective.hpp"
#include "program/world.hpp"

namespace collverify::families::program {

// a p / b + c (b = 1 unless the word divides): "p-1" is {1, 1, -1}, "2p+1" {2, 1, 1}, "p/2" {1, 2,
// 0}, "7" {0, 1, 7}.
struct Term {
  std::int64_t a = 0;
  std::int64_t b = 1;
  std::int64_t c = 0;
  std::int64_t at(std::int64_t p) const { return a * p / b + c; }
};

struct TermList {
  bool all = false;  // roots: every rank
  std::vector<Term> terms;
};

TermList parse_terms(const std::string& flag, const std::string& text, bool allow_all);
std::vector<std::int64_t> counts_for(const TermList& counts, std::int64_t p);
std::vector<std::int64_t> roots_for(const TermList& roots, std::int64_t p);
std::vector<collverify::program::Collective> parse_collectives(const std::string& text);
std::vector<collverify::program::Elem> parse_datatypes(const std::string& text);
std::vector<collverify::program::Buffering> parse_buffering(const std::string& text);

inline constexpr const char* kDefaultCounts = "0,1,p-1,p,p+1,2p+1,3p+2,100";
// All roots up to p = 64, then these four.
inline constexpr const char* kDefaultRootsLarge = "0,1,p/2,p-1";
inline constexpr std::int64_t kAllRootsUpTo = 64;

}  // namespace collverify::families::program
