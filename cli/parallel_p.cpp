#include "cli/parallel_p.hpp"

#include <exception>
#include <limits>
#include <mutex>
#include <thread>


namespace collverify::cli {

void for_each_p_parallel(const std::vector<std::size_t>& order, const std::vector<std::int64_t>& ps,
                         int jobs, const std::atomic<bool>* interrupted,
                         const std::function<void(std::size_t)>& work,
                         const std::function<void(std::size_t)>& done) {
  std::atomic<std::size_t> next{0};
  std::mutex error_mutex;
  std::exception_ptr error;
  std::atomic<std::int64_t> error_p{std::numeric_limits<std::int64_t>::max()};
  auto worker = [&] {
    while (!(interrupted && interrupted->load())) {
      const std::size_t k = next.fetch_add(1);
      if (k >= order.size()) return;
      const std::size_t i = order[k];
      const std::int64_t p = ps[i];
      if (p > error_p.load()) continue;
      try {
        work(i);
      } catch (...) {  // InputError (exit 2) and anything else: rethrown in the caller's thread
        std::lock_guard lock(error_mutex);
        if (p < error_p.load()) {
          error = std::current_exception();
          error_p = p;
        }
        continue;
      }
      done(i);
    }
  };
  std::vector<std::thread> threads;
  for (int j = 1; j < jobs; ++j) threads.emplace_back(worker);
  worker();
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace collverify::cli
