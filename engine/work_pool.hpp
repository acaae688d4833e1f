// The one place in collverify that creates threads. run_items(count, options, body) calls
// body(i) for i = 0..count-1 on up to options.jobs threads (the caller's thread is one of them),
// each thread taking the next index when it is free, so items should be given most expensive
// first. Contract:
// - No new index is taken once *options.stop is set (Ctrl-C); the result then says incomplete.
// - An exception thrown by body(i) (bad input, InputError, or anything else) never reaches
//   std::terminate: the one with the smallest key(i) is kept, items with a larger key are skipped
//   once an error is known, and it is rethrown in the caller's thread after every thread joined.
// - If the system cannot start one of the threads (no memory for its stack, a process limit),
//   the threads already started are joined and an InputError naming --jobs is thrown (exit 2):
//   a run never goes on silently with fewer threads than asked for, nor terminates.
// - done(i) runs after each body(i) that returned normally (progress, counting).
// Cost: one atomic increment per item; no allocation per item.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace collverify::engine {

struct PoolOptions {
  int jobs = 1;
  const std::atomic<bool>* stop = nullptr;
  // The order of errors: the error of the item with the smallest key is the one rethrown (the
  // smallest p of a range). Default: the item index.
  std::function<std::int64_t(std::size_t)> key;
  // Where the next index comes from: by default a counter of this call; a distributed run gives
  // the counter every rank shares (engine/distribution.hpp), so that an index is taken once over
  // all ranks' threads. Must be thread-safe and hand out each index below count at most once.
  std::function<std::size_t()> next;
};

struct PoolResult {
  std::size_t done = 0;   // items whose body returned normally
  bool complete = true;   // every item was done (false after a stop)
};

PoolResult run_items(std::size_t count, const PoolOptions& options,
                     const std::function<void(std::size_t)>& body,
                     const std::function<void(std::size_t)>& done = {});

// The machine's hardware threads (at least 1): the default number of jobs.
int hardware_jobs();

// True once *stop is set; false for a null stop.
inline bool stop_requested(const std::atomic<bool>* stop) {
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

}  // namespace collverify::engine
