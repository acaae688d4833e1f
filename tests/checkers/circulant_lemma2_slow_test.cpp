// Lemma 2 of seed 000 (checkers/circulant_lemma2.hpp) for every p up to 16384 (label slow; the
// unit test stops at 2048).
#include <gtest/gtest.h>

#include "checkers/circulant_lemma2.hpp"

namespace cv = collverify;

TEST(CirculantLemma2Slow, HoldsForEveryPUpTo16384) {
  const auto r = cv::check_circulant_lemma2({2049, 16384, cv::Lemma2Ranges::inside});
  EXPECT_FALSE(r.counterexample.has_value()) << r.counterexample->message;
}
