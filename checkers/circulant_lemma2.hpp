// Lemma 2 of seed 000 (Träff's circulant broadcast, the key lemma behind Algorithm 4) as a
// checked statement, exhaustively over p:
//
//   (A) In any range of processors [a, b] of size skips[k] there are at least k different
//       baseblocks. (B) In any range of size 1 + sum_{i<k} skips[i] there are at least k + 1.
//
// Everything is computed here from the paper's definitions, never from reference/circulant:
// the skips by Algorithm 1's halving loop, and the baseblocks by the recipe the text gives
// before Algorithm 2 (round i: the root sends block i to skips[i], every 1 <= r < skips[i]
// sends its baseblock to r + skips[i] when that is below skips[i+1]), not by Algorithm 2.
// The root (rank 0) has no baseblock. Ranges are read two ways:
//   inside            1 <= a <= b < p: the ranges that do not hold the root;
//   cyclic_root_empty a, a+1, ..., b mod p for every start a (the "virtual doubling" of the
//                     text), the root contributing no block.
// Instances: every p in [min_p, max_p], every k with the range size in [1, p] (inside: p - 1),
// every start a; smallest p first, then part A before B, then k, then a. The first instance
// with too few blocks is the counterexample. The sizes and counts are fields, so a mutated
// statement (k + 1 blocks for (A), size sum_{i<k} skips[i] for (B)) can be shown false.
// Cost: a sliding window per (p, k): O(p log p) per p, O(max_p^2 log max_p) in all; memory O(p).
// Example: p = 9 (skips 1 2 3 5 9, baseblocks of 1..8: 0 1 2 0 3 0 1 2), ranges of size
// skips[2] = 3 inside: at least 2 blocks each (4..6 holds {0, 3}), so (A) holds and (A) with
// k + 1 blocks fails there.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace collverify {

struct Lemma2Statement {
  std::int64_t a_size_offset = 0;  // (A): ranges of size skips[k] + this
  std::int64_t a_blocks = 0;       // (A): hold at least k + this different baseblocks
  std::int64_t b_size_offset = 1;  // (B): ranges of size sum_{i<k} skips[i] + this
  std::int64_t b_blocks = 1;       // (B): hold at least k + this
};

enum class Lemma2Ranges { inside, cyclic_root_empty };

struct Lemma2Range {
  std::int64_t min_p = 2;
  std::int64_t max_p = 256;
  Lemma2Ranges ranges = Lemma2Ranges::inside;
};

struct Lemma2Counterexample {
  std::string part;  // "A" or "B"
  std::int64_t p = 0, k = 0, a = 0, size = 0;
  std::int64_t blocks = 0;  // different baseblocks in the range
  std::int64_t needed = 0;
  std::string message;
};

struct Lemma2Result {
  std::int64_t ranges = 0;  // (p, part, k, a) instances checked
  std::optional<Lemma2Counterexample> counterexample;
};

// InputError for min_p < 2 or max_p above 2^20.
Lemma2Result check_circulant_lemma2(const Lemma2Range& range,
                                    const Lemma2Statement& statement = {});

// The definitions, exposed for the tests: skips[0..q] by Algorithm 1 and the baseblock of every
// rank (entry 0, the root: -1) by the round-by-round recipe.
std::vector<std::int64_t> lemma2_skips(std::int64_t p);
std::vector<std::int64_t> lemma2_baseblocks(std::int64_t p);

}  // namespace collverify
