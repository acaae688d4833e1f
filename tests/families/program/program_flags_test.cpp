// The flag words of `verify program` (families/program/program_flags.hpp).
#include <gtest/gtest.h>

#include "families/program/program_flags.hpp"
#include "model/error.hpp"

namespace collverify::families::program {
namespace {

using V = std::vector<std::int64_t>;

TEST(ProgramFlags, DefaultCountsAtSmallAndLargeP) {
  const TermList counts = parse_terms("--counts", kDefaultCounts, false);
  EXPECT_EQ(counts_for(counts, 1), (V{0, 1, 2, 3, 5, 100}));  // p-1 = 0, p = 1, p+1 = 2, ...
  EXPECT_EQ(counts_for(counts, 10), (V{0, 1, 9, 10, 11, 21, 32, 100}));
}

TEST(ProgramFlags, TermsRangesAndDivision) {
  EXPECT_EQ(counts_for(parse_terms("--counts", "p/2,2p-3,4..6", false), 7), (V{3, 4, 5, 6, 11}));
  EXPECT_EQ(roots_for(parse_terms("--roots", "0,1,p/2,p-1", true), 2), (V{0, 1}));
  EXPECT_EQ(roots_for(parse_terms("--roots", "all", true), 4), (V{0, 1, 2, 3}));
  EXPECT_EQ(roots_for(parse_terms("--roots", "5,p", true), 4), V{});  // outside 0..p-1: dropped
}

TEST(ProgramFlags, BadWordsAreRefusedByName) {
  for (const char* bad : {"q", "-1", "p+", "1e3", "", ",", "p/0", "3..1", "p--1", "99999999999"}) {
    try {
      parse_terms("--counts", bad, false);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("--counts"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(parse_terms("--counts", "all", false), InputError);
  EXPECT_THROW(parse_collectives("bcast,barrier"), InputError);
  EXPECT_THROW(parse_datatypes("float"), InputError);
  EXPECT_THROW(parse_buffering("buffered"), InputError);
  EXPECT_EQ(parse_buffering("rendezvous,eager,eager").size(), 2U);
}

}  // namespace
}  // namespace collverify::families::program
