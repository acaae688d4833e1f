// engine::run_items, the only thread pool of collverify: every item exactly once for any number
// of jobs, done() after each item that returned normally, the stop flag honoured (no item taken
// after it), and the exception of the smallest key rethrown in the caller's thread only after
// every worker has joined.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/work_pool.hpp"
#include "model/error.hpp"

namespace collverify::engine {
namespace {

constexpr int kJobs[] = {1, 2, 3, 4, 8, 16, 64};

TEST(WorkPool, EveryItemExactlyOnceForManyJobs) {
  for (const int jobs : kJobs) {
    for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{5}, std::size_t{997}}) {
      std::vector<std::atomic<int>> bodies(count), dones(count);
      std::atomic<int> done_before_body{0};
      PoolOptions o;
      o.jobs = jobs;
      const PoolResult r = run_items(
          count, o, [&](std::size_t i) { ++bodies[i]; },
          [&](std::size_t i) {
            // done(i) must follow body(i), never precede it.
            if (bodies[i].load() != 1) ++done_before_body;
            ++dones[i];
          });
      EXPECT_EQ(r.done, count) << "jobs " << jobs;
      EXPECT_TRUE(r.complete) << "jobs " << jobs;
      EXPECT_EQ(done_before_body.load(), 0);
      for (std::size_t i = 0; i < count; ++i) {
        ASSERT_EQ(bodies[i].load(), 1) << "item " << i << " jobs " << jobs << " count " << count;
        ASSERT_EQ(dones[i].load(), 1) << "item " << i << " jobs " << jobs << " count " << count;
      }
    }
  }
}

TEST(WorkPool, SpreadsOverSeveralThreadsAndUsesTheCallersThread) {
  // Items block until a second thread has joined in, so a pool that ran everything on one
  // thread would be caught (it would see only one thread id, the wait times out).
  std::mutex m;
  std::condition_variable cv;
  std::vector<std::thread::id> seen;
  PoolOptions o;
  o.jobs = 2;
  run_items(2, o, [&](std::size_t) {
    std::unique_lock lock(m);
    seen.push_back(std::this_thread::get_id());
    cv.notify_all();
    cv.wait_for(lock, std::chrono::seconds(5), [&] { return seen.size() >= 2; });
  });
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_NE(seen[0], seen[1]);
  EXPECT_TRUE(seen[0] == std::this_thread::get_id() || seen[1] == std::this_thread::get_id());
}

TEST(WorkPool, NoItemIsTakenAfterStopOnOneJob) {
  std::atomic<bool> stop{false};
  std::vector<int> ran;
  PoolOptions o;
  o.jobs = 1;
  o.stop = &stop;
  std::size_t dones = 0;
  const PoolResult r = run_items(
      100, o,
      [&](std::size_t i) {
        ran.push_back(static_cast<int>(i));
        if (i == 10) stop = true;  // the item running finishes, no further one starts
      },
      [&](std::size_t) { ++dones; });
  ASSERT_EQ(ran.size(), 11u);
  EXPECT_EQ(ran.back(), 10);
  EXPECT_EQ(r.done, 11u);
  EXPECT_EQ(dones, 11u);
  EXPECT_FALSE(r.complete);
}

TEST(WorkPool, StopWhileEveryWorkerIsBusyLetsOnlyTheRunningItemsFinish) {
  for (const int jobs : {2, 3, 8}) {
    std::atomic<bool> stop{false};
    std::mutex m;
    std::condition_variable cv;
    int started = 0;
    bool open = false;
    PoolOptions o;
    o.jobs = jobs;
    o.stop = &stop;
    std::thread controller([&] {
      // Once every worker is inside an item, set stop and let them finish.
      std::unique_lock lock(m);
      cv.wait(lock, [&] { return started >= jobs; });
      stop = true;
      open = true;
      cv.notify_all();
    });
    const PoolResult r = run_items(1000, o, [&](std::size_t) {
      std::unique_lock lock(m);
      ++started;
      cv.notify_all();
      cv.wait(lock, [&] { return open; });
    });
    controller.join();
    EXPECT_EQ(started, jobs) << "jobs " << jobs;
    EXPECT_EQ(r.done, static_cast<std::size_t>(jobs));
    EXPECT_FALSE(r.complete);
  }
}

TEST(WorkPool, StopBeforeTheStartRunsNothing) {
  std::atomic<bool> stop{true};
  std::atomic<int> ran{0};
  PoolOptions o;
  o.jobs = 4;
  o.stop = &stop;
  const PoolResult r = run_items(50, o, [&](std::size_t) { ++ran; });
  EXPECT_EQ(ran.load(), 0);
  EXPECT_EQ(r.done, 0u);
  EXPECT_FALSE(r.complete);
}

TEST(WorkPool, ExceptionOfTheSmallestKeyIsRethrownAfterEveryWorkerJoined) {
  for (const int jobs : kJobs) {
    std::atomic<int> running{0};
    std::atomic<int> dones_of_throwers{0};
    PoolOptions o;
    o.jobs = jobs;
    // Item 0 has the largest key and throws first in time; item 30 throws an InputError later and
    // has the smallest key of the throwers; item 1 is slow so that a rethrow before the join would
    // leave it running.
    o.key = [](std::size_t i) { return 1000 - static_cast<std::int64_t>(i); };
    try {
      run_items(
          40, o,
          [&](std::size_t i) {
            ++running;
            struct Leave {
              std::atomic<int>& r;
              ~Leave() { --r; }
            } leave{running};
            if (i == 0) throw std::runtime_error("item 0");
            if (i == 1) std::this_thread::sleep_for(std::chrono::milliseconds(50));
            if (i == 20) throw std::logic_error("item 20");
            if (i == 30) throw InputError("item 30");
          },
          [&](std::size_t i) {
            if (i == 0 || i == 20 || i == 30) ++dones_of_throwers;
          });
      ADD_FAILURE() << "no exception, jobs " << jobs;
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), "item 30") << "jobs " << jobs;
      EXPECT_EQ(running.load(), 0) << "rethrown before every worker joined, jobs " << jobs;
    } catch (const std::exception& e) {
      ADD_FAILURE() << "jobs " << jobs << ": rethrew '" << e.what() << "', not item 30's";
    }
    EXPECT_EQ(dones_of_throwers.load(), 0) << "done() after a body that threw, jobs " << jobs;
  }
}

TEST(WorkPool, ALargerKeyThrowingLaterDoesNotReplaceTheSmallerKeysError) {
  for (const int jobs : {2, 4}) {
    std::atomic<bool> small_threw{false}, large_started{false};
    PoolOptions o;
    o.jobs = jobs;
    try {
      // Items 0 and 1 run at once; item 0 (smaller key) throws first, item 1 (already
      // running) throws after it.
      run_items(2, o, [&](std::size_t i) {
        if (i == 0) {
          for (int k = 0; k < 2000 && !large_started; ++k) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
          }
          small_threw = true;
          throw std::runtime_error("item 0");
        }
        large_started = true;
        for (int k = 0; k < 2000 && !small_threw; ++k) {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        throw std::runtime_error("item 1");
      });
      ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "item 0") << "jobs " << jobs;
    }
  }
}

TEST(WorkPool, DefaultKeyIsTheIndexAndItemsAfterAKnownErrorAreSkipped) {
  for (const int jobs : {1, 2, 8}) {
    std::atomic<int> ran_after{0};
    PoolOptions o;
    o.jobs = jobs;
    try {
      run_items(500, o, [&](std::size_t i) {
        if (i == 7) throw std::runtime_error("item 7");
        if (i == 3) throw std::runtime_error("item 3");
        if (i > 200) ++ran_after;
      });
      ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "item 3") << "jobs " << jobs;
    }
    // Once item 3 or 7 has thrown, larger items are skipped: on one job none after item 7 runs.
    if (jobs == 1) {
      EXPECT_EQ(ran_after.load(), 0);
    }
  }
}

// Issue 14: a thread that cannot start (here: 256 stacks of 8 MiB in a 512 MiB address space)
// was "terminate called without an active exception" (bad_alloc escaped with joinable threads
// in the vector). Now: the started threads are joined and an InputError naming --jobs leaves.
[[noreturn]] void run_with_256_jobs_in_512_mib() {
  const rlimit lim{std::uint64_t{512} << 20, std::uint64_t{512} << 20};
  setrlimit(RLIMIT_AS, &lim);
  PoolOptions o;
  o.jobs = 256;
  try {
    run_items(1000, o, [](std::size_t) { std::this_thread::sleep_for(std::chrono::milliseconds(1)); });
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    std::_Exit(2);
  }
  std::_Exit(0);
}

TEST(WorkPoolDeathTest, AThreadThatCannotStartIsAnInputError) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine inflate resident size and "
                  "address space; this measurement runs in the Release build (make test)";
#endif
  EXPECT_EXIT(run_with_256_jobs_in_512_mib(), ::testing::ExitedWithCode(2),
              "--jobs 256: the system could not start worker thread");
}

}  // namespace
}  // namespace collverify::engine
