// Ranks of a distributed run as threads of one process (engine/distribution.hpp): one shared
// counter, one all-gather board; the twin of mpi/dist_transport.cpp for the tests. A rank made
// `idle` takes no item (its next_item is past every count), so every p is checked on the other
// ranks and its finish() sees only their outcomes.
#pragma once

#include <atomic>
#include <barrier>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <string>
#include <vector>

#include "engine/distribution.hpp"

namespace collverify::engine {

inline constexpr std::uint64_t kNoMoreItems = std::numeric_limits<std::uint64_t>::max() / 2;

// N ranks in one process: one counter, one all-gather board.
struct SharedBoard {
  explicit SharedBoard(int n) : size(n), sync(n), shares(static_cast<std::size_t>(n)) {}
  int size;
  std::barrier<> sync;
  std::atomic<std::uint64_t> counter{0};
  std::mutex done_mutex;
  std::uint64_t done_items = 0, done_units = 0;
  std::vector<std::string> shares;
};

class ThreadRank final : public Distribution {
 public:
  ThreadRank(SharedBoard& b, int rank, bool shared_counter, bool idle = false)
      : board_(b), rank_(rank), shared_(shared_counter), idle_(idle) {}
  int rank() const override { return rank_; }
  int size() const override { return board_.size; }
  void start_items(std::uint64_t) override {
    board_.sync.arrive_and_wait();
    if (rank_ == 0) {
      board_.counter = 0;
      board_.done_items = 0;
      board_.done_units = 0;
    }
    own_ = 0;
    board_.sync.arrive_and_wait();
  }
  std::uint64_t next_item() override {
    if (idle_) return kNoMoreItems;
    return shared_ ? board_.counter++ : own_++;
  }
  Done add_done(std::uint64_t items, std::uint64_t units) override {
    const std::lock_guard lock(board_.done_mutex);
    return {board_.done_items += items, board_.done_units += units};
  }
  std::vector<std::string> all_gather(const std::string& bytes) override {
    board_.shares[static_cast<std::size_t>(rank_)] = bytes;
    board_.sync.arrive_and_wait();
    auto all = board_.shares;
    board_.sync.arrive_and_wait();
    return all;
  }
  void abort(int) override { std::abort(); }

 private:
  SharedBoard& board_;
  int rank_;
  bool shared_;  // false: the mutant whose ranks each count on their own
  bool idle_;    // takes no item: every p is checked on the other ranks
  std::atomic<std::uint64_t> own_{0};
};

}  // namespace collverify::engine
