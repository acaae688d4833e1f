#include "engine/work_pool.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <limits>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include "model/error.hpp"

namespace collverify::engine {

int hardware_jobs() { return static_cast<int>(std::max(1U, std::thread::hardware_concurrency())); }

PoolResult run_items(std::size_t count, const PoolOptions& o,
                     const std::function<void(std::size_t)>& body,
                     const std::function<void(std::size_t)>& done) {
  auto key = [&](std::size_t i) {
    return o.key ? o.key(i) : static_cast<std::int64_t>(i);
  };
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> finished{0};
  std::mutex error_mutex;
  std::exception_ptr error;
  std::atomic<std::int64_t> error_key{std::numeric_limits<std::int64_t>::max()};
  std::atomic<bool> abandon{false};  // a thread could not start: the run is refused
  auto worker = [&] {
    while (!stop_requested(o.stop) && !abandon.load()) {
      const std::size_t i = o.next ? o.next() : next.fetch_add(1);
      if (i >= count) return;
      const std::int64_t k = key(i);
      if (k > error_key.load()) continue;
      try {
        body(i);
      } catch (...) {  // rethrown in the caller's thread after the join
        std::lock_guard lock(error_mutex);
        if (k < error_key.load()) {
          error = std::current_exception();
          error_key = k;
        }
        continue;
      }
      if (done) done(i);
      ++finished;
    }
  };
  const std::size_t threads_wanted =
      std::min<std::size_t>(count, static_cast<std::size_t>(o.jobs < 1 ? 1 : o.jobs));
  std::vector<std::thread> threads;
  std::string refused;
  try {
    threads.reserve(threads_wanted);
    for (std::size_t j = 1; j < threads_wanted; ++j) threads.emplace_back(worker);
  } catch (const std::exception& e) {  // system_error (no thread) or bad_alloc (no stack)
    refused = e.what();
  }
  if (!refused.empty()) {
    // The started threads are joined before the refusal leaves (a joinable std::thread
    // destroyed would call std::terminate); they stop after their current item.
    abandon = true;
    for (auto& t : threads) t.join();
    throw InputError(fmt::format(
        "--jobs {}: the system could not start worker thread {} of {}: {}; run with fewer --jobs "
        "(or a larger address-space / process limit)",
        o.jobs, threads.size() + 1, threads_wanted, refused));
  }
  worker();
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  PoolResult r;
  r.done = finished.load();
  r.complete = r.done == count;
  return r;
}

}  // namespace collverify::engine
