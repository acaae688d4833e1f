// An explicit, data-level schedule of a multi-origin collective: every rank is an origin of data,
// split into n blocks, and the goal is that every rank ends with every (origin, block) item
// (allgather, allgatherv), or with the reduction over all p inputs, each counted exactly once
// (census, an all-reduce with a commutative operator).
//
// Contract: rounds of messages, lock-step. A message goes from `from` to `to` in one round.
//   allgather kind: the sender packs `items` in that order into one message; the receiver unpacks
//     the slots in order and files slot i under `stored_as[i]` (its own idea of what arrives).
//     They must agree slot by slot. Rank r initially holds (r, b) for b in 0..n-1.
//   census kind: the sender sends one partial sum, formed from its own input x_from (`own`) and/or
//     its accumulator S_from (`partial`); the receiver adds it to its accumulator. Rank r
//     initially holds x_r and S_r = (empty); its result is x_r + S_r after the last round.
// `sizes` (optional) gives the number of elements each origin contributes; block b of origin j
// holds the elements block_extent(sizes[j], n, b). An empty block carries no data.
// The checker is checkers/data_simulate.hpp; it knows nothing of circulant graphs.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace collverify {

enum class CollectiveKind { allgather, census };

struct Item {
  std::int64_t origin = 0;
  std::int64_t block = 0;
  friend bool operator==(const Item&, const Item&) = default;
};

struct Message {
  std::int64_t from = 0;
  std::int64_t to = 0;
  std::vector<Item> items;      // allgather: what the sender packs, in order
  std::vector<Item> stored_as;  // allgather: where the receiver unpacks each slot
  bool own = false;             // census: the sender's own input is part of the partial sum
  bool partial = false;         // census: the sender's accumulator S is part of the partial sum
};

using Round = std::vector<Message>;

struct CollectiveSchedule {
  CollectiveKind kind = CollectiveKind::allgather;
  std::int64_t p = 0;
  std::int64_t n = 1;               // blocks per origin (census: 1, the input)
  std::vector<std::int64_t> sizes;  // elements per origin; empty means one element per block
  std::vector<Round> rounds;
};

// Elements [first, second) of origin data of `size` elements cut into n blocks: block b covers
// [floor(b size / n), floor((b + 1) size / n)), so blocks differ by at most one element and
// some are empty when size < n.
std::pair<std::int64_t, std::int64_t> block_extent(std::int64_t size, std::int64_t n,
                                                   std::int64_t b);

}  // namespace collverify
