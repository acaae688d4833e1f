// An explicit schedule: rounds of point-to-point transfers of single blocks between ranks, what
// each rank holds initially, and what it must hold at the end (by default all n blocks, as in
// broadcast and allgather). Every construction can be expanded into one; the generic checker
// (checkers/simulate.hpp) judges it without knowing which construction produced it.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/comm_model.hpp"

namespace collverify {

// A transfer where one side has no block: the sender sends nothing while the receiver waits for
// a block, or a block arrives that no receive expects. Both are agreement violations.
inline constexpr std::int64_t kNothing = -1;

struct Transfer {
  std::int64_t from = 0;
  std::int64_t to = 0;
  std::int64_t block = 0;      // the block the sender sends, or kNothing
  std::int64_t stored_as = 0;  // the block the receiver expects (files it under), or kNothing
};

struct Holding {
  std::int64_t rank = 0;
  std::int64_t block = 0;
};

struct Schedule {
  std::int64_t p = 0;
  std::int64_t n = 0;  // blocks 0..n-1
  CommModel model;
  std::vector<Holding> initial;  // who holds what before round 0
  // What everyone must hold after the last round: nullopt means every rank holds all n blocks
  // (broadcast, allgather); otherwise exactly the holdings listed must be present.
  std::optional<std::vector<Holding>> goal;
  std::vector<std::vector<Transfer>> rounds;
};

// The broadcast goal: root holds blocks 0..n-1 initially.
std::vector<Holding> root_holds_all(std::int64_t root, std::int64_t n);

}  // namespace collverify
