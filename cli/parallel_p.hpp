// The work loop every `verify` driver shares: work(i) for the indices in `order` (the caller
// puts the most expensive p first) on `jobs` threads, each taking the next index when it is
// free. No new index is taken once *interrupted is set (Ctrl-C). An exception for some p (bad
// input, InputError, or anything else) ends the run: the one of the smallest such p is kept,
// larger p are skipped once one is known, and it is rethrown after every thread has joined
// (never std::terminate in a worker). done(i) runs after each finished
// index (progress).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace collverify::cli {

void for_each_p_parallel(const std::vector<std::size_t>& order, const std::vector<std::int64_t>& ps,
                         int jobs, const std::atomic<bool>* interrupted,
                         const std::function<void(std::size_t)>& work,
                         const std::function<void(std::size_t)>& done);

}  // namespace collverify::cli
