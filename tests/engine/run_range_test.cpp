// engine::run_range with a scripted fake Family (no CLI process): the order by cost and the p
// that run alone, a summary independent of --jobs, the violation cap, interruption, memory
// refusal before any check, worker exceptions, progress, coverage and exit codes.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "engine/family.hpp"
#include "engine/progress.hpp"
#include "engine/run_range.hpp"
#include "model/error.hpp"
#include "model/memory.hpp"

namespace collverify::engine {
namespace {

// One call of check(): which p, on which thread, with how many threads.
struct CheckCall {
  std::int64_t p;
  std::thread::id thread;
  int threads;
};

// A family whose every answer is scripted per p. Defaults: cost p, 1 KiB, no violation, one
// instance per p, nothing alone.
class FakeFamily final : public Family {
 public:
  std::function<double(std::int64_t)> cost_of = [](std::int64_t p) { return double(p); };
  std::function<std::int64_t(std::int64_t, int)> bytes_of = [](std::int64_t, int) {
    return std::int64_t{1024};
  };
  std::set<std::int64_t> alone_ps;
  std::set<std::int64_t> refused;             // accept() throws InputError
  std::set<std::int64_t> throw_input;         // check() throws InputError
  std::set<std::int64_t> throw_runtime;       // check() throws std::runtime_error
  std::map<std::int64_t, int> violations_at;  // p -> how many violations check() finds
  std::set<std::int64_t> stopped_inside;      // check() returns complete = false
  std::function<void(std::int64_t, const CheckContext&)> on_check;  // runs first in check()
  std::function<Outcome(std::int64_t)> outcome_of;  // replaces the default outcome
  mutable std::mutex mutex;
  mutable std::vector<CheckCall> calls;
  mutable int finished = 0;
  mutable ConstructionSummary seen_by_finish;
  mutable std::vector<std::int64_t> finished_ps;         // the p finish() was handed
  mutable std::vector<std::int64_t> finished_instances;  // their outcomes' instance counts

  std::string name() const override { return "fake"; }
  Coverage coverage() const override {
    Coverage c;
    c.parameters = "scripted";
    c.properties = {"fake_property"};
    c.lower_bound = "none";
    return c;
  }
  void accept(std::int64_t p) const override {
    if (refused.count(p)) throw InputError("p = " + std::to_string(p) + " is refused");
  }
  double cost(std::int64_t p) const override { return cost_of(p); }
  std::int64_t bytes(std::int64_t p, int jobs) const override { return bytes_of(p, jobs); }
  bool alone(std::int64_t p) const override { return alone_ps.count(p) > 0; }

  Outcome check(std::int64_t p, const CheckContext& context) const override {
    {
      std::lock_guard lock(mutex);
      calls.push_back({p, std::this_thread::get_id(), context.threads});
    }
    if (on_check) on_check(p, context);
    if (throw_input.count(p)) throw InputError("input error at p = " + std::to_string(p));
    if (throw_runtime.count(p)) throw std::runtime_error("runtime error at p = " + std::to_string(p));
    if (outcome_of) return outcome_of(p);
    Outcome o;
    o.instances = 1;
    o.instance_results.push_back({p, kNone, Status::pass, kNone, kNone});
    const auto v = violations_at.find(p);
    if (v != violations_at.end()) {
      o.status = Status::fail;
      o.instance_results.back().status = Status::fail;
      // Found in decreasing rank order: the engine, not the family, sorts them.
      for (int k = v->second - 1; k >= 0; --k) {
        Violation x;
        x.property = "fake_property";
        x.p = p;
        x.rank = k;
        x.round = p % 3;
        x.message = "p = " + std::to_string(p) + " rank " + std::to_string(k) + " round " +
                    std::to_string(p % 3);
        o.violations.push_back(x);
      }
    }
    // Every p has an excerpt; only the one of the smallest failing p may reach the summary.
    ScheduleExcerpt e;
    e.p = p;
    o.excerpt = e;
    if (stopped_inside.count(p)) o.complete = false;
    return o;
  }
  void finish(ConstructionSummary& s, const std::vector<Finished>& outcomes) const override {
    ++finished;
    seen_by_finish = s;
    finished_ps.clear();
    finished_instances.clear();
    for (const Finished& f : outcomes) {
      finished_ps.push_back(f.p);
      finished_instances.push_back(f.outcome->instances);
    }
  }

  std::vector<std::int64_t> order() const {
    std::vector<std::int64_t> ps;
    for (const auto& c : calls) ps.push_back(c.p);
    return ps;
  }
};

std::vector<std::int64_t> range(std::int64_t lo, std::int64_t hi) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = lo; p <= hi; ++p) ps.push_back(p);
  return ps;
}

RunOptions jobs_options(int jobs) {
  RunOptions o;
  o.jobs = jobs;
  return o;
}

auto key(const Violation& v) {
  return std::tie(v.property, v.p, v.n, v.rank, v.round, v.block, v.message);
}

std::vector<std::int64_t> case_ps(const ConstructionSummary& s) {
  std::vector<std::int64_t> ps;
  for (const auto& c : s.cases) ps.push_back(c.p);
  return ps;
}

// --- order ------------------------------------------------------------------------------------

TEST(RunRange, OneJobRunsTheLargestCostFirstTiesBySmallerP) {
  FakeFamily f;
  f.cost_of = [](std::int64_t p) { return double(p % 4); };  // many ties
  const auto r = run_range(f, range(1, 12), jobs_options(1));
  // cost 3: 3, 7, 11; cost 2: 2, 6, 10; cost 1: 1, 5, 9; cost 0: 4, 8, 12.
  EXPECT_EQ(f.order(), (std::vector<std::int64_t>{3, 7, 11, 2, 6, 10, 1, 5, 9, 4, 8, 12}));
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(r.summary.checked, 12);
}

TEST(RunRange, AlonePRunAfterThePoolInAscendingOrderWithEveryJob) {
  for (const int jobs : {1, 3}) {
    FakeFamily f;
    f.alone_ps = {2, 9, 5};
    // The alone p are the most expensive: they must still wait for the pool.
    f.cost_of = [](std::int64_t p) { return p == 2 || p == 5 || p == 9 ? 1e9 : double(p); };
    const auto r = run_range(f, range(1, 10), jobs_options(jobs));
    ASSERT_EQ(f.calls.size(), 10u);
    for (std::size_t i = 0; i < 7; ++i) {
      EXPECT_EQ(f.alone_ps.count(f.calls[i].p), 0u) << "alone p " << f.calls[i].p << " in the pool";
      EXPECT_EQ(f.calls[i].threads, 1) << "pool p " << f.calls[i].p;
    }
    EXPECT_EQ(f.calls[7].p, 2);
    EXPECT_EQ(f.calls[8].p, 5);
    EXPECT_EQ(f.calls[9].p, 9);
    for (std::size_t i = 7; i < 10; ++i) EXPECT_EQ(f.calls[i].threads, jobs) << "jobs " << jobs;
    EXPECT_EQ(r.summary.checked, 10);
    EXPECT_EQ(case_ps(r.summary), range(1, 10));
  }
}

// --- the summary does not depend on jobs ---------------------------------------------------------

TEST(RunRange, SameSummaryForOneTwoThreeAndEightJobs) {
  auto script = [](FakeFamily& f) {
    for (std::int64_t p = 1; p <= 80; ++p) {
      if (p >= 17 && (p % 3 == 0 || p % 7 == 0)) f.violations_at[p] = 1 + static_cast<int>(p % 4);
    }
    // Costs unrelated to p, so the smallest failing p (18) is neither first nor last to run.
    f.cost_of = [](std::int64_t p) { return double((p * 37) % 11); };
    // A little scheduling noise so the threads finish in varying orders.
    f.on_check = [](std::int64_t p, const CheckContext&) {
      std::this_thread::sleep_for(std::chrono::microseconds(100 * (p % 5)));
    };
  };
  std::vector<ConstructionSummary> sums;
  for (const int jobs : {1, 2, 3, 8}) {
    FakeFamily f;
    script(f);
    auto o = jobs_options(jobs);
    o.max_violations = 30;
    sums.push_back(run_range(f, range(1, 80), o).summary);
  }
  const auto& one = sums.front();
  // What one job gives, checked independently of the others.
  std::int64_t failing = 0, total = 0;
  for (std::int64_t p = 17; p <= 80; ++p) {
    if (p % 3 == 0 || p % 7 == 0) {
      ++failing;
      total += 1 + p % 4;
    }
  }
  EXPECT_EQ(one.checked, 80);
  EXPECT_EQ(one.failed, failing);
  EXPECT_EQ(one.passed, 80 - failing);
  EXPECT_EQ(one.violations_total, total);
  ASSERT_EQ(one.violations.size(), 30u);
  EXPECT_EQ(one.violations.front().p, 18);
  EXPECT_EQ(one.violations.front().rank, 0);  // sorted although found in decreasing rank
  EXPECT_TRUE(std::is_sorted(one.violations.begin(), one.violations.end()));
  ASSERT_TRUE(one.excerpt.has_value());
  EXPECT_EQ(one.excerpt->p, 18);
  EXPECT_EQ(case_ps(one), range(1, 80));
  for (const auto& c : one.cases) {
    EXPECT_EQ(c.status == Status::fail, c.violation.has_value()) << "p " << c.p;
    if (c.violation) {
      EXPECT_EQ(c.violation->p, c.p);
      EXPECT_EQ(c.violation->rank, 0) << "the case's witness is its smallest violation";
    }
  }
  for (std::size_t j = 1; j < sums.size(); ++j) {
    const auto& s = sums[j];
    SCOPED_TRACE("run " + std::to_string(j));
    EXPECT_EQ(s.checked, one.checked);
    EXPECT_EQ(s.passed, one.passed);
    EXPECT_EQ(s.failed, one.failed);
    EXPECT_EQ(s.inconclusive, one.inconclusive);
    EXPECT_EQ(s.violations_total, one.violations_total);
    EXPECT_EQ(s.truncated, one.truncated);
    ASSERT_EQ(s.violations.size(), one.violations.size());
    for (std::size_t i = 0; i < s.violations.size(); ++i) {
      EXPECT_EQ(key(s.violations[i]), key(one.violations[i])) << "violation " << i;
    }
    ASSERT_EQ(s.cases.size(), one.cases.size());
    for (std::size_t i = 0; i < s.cases.size(); ++i) {
      EXPECT_EQ(s.cases[i].p, one.cases[i].p);
      EXPECT_EQ(s.cases[i].status, one.cases[i].status);
      ASSERT_EQ(s.cases[i].violation.has_value(), one.cases[i].violation.has_value());
      if (s.cases[i].violation) {
        EXPECT_EQ(key(*s.cases[i].violation), key(*one.cases[i].violation));
      }
    }
    ASSERT_TRUE(s.excerpt.has_value());
    EXPECT_EQ(s.excerpt->p, 18);
    EXPECT_EQ(s.coverage.instances, one.coverage.instances);
  }
}

// --- the violation cap ---------------------------------------------------------------------------

TEST(RunRange, ViolationCapListsTheSmallestAndCountsTheRest) {
  FakeFamily f;
  for (std::int64_t p = 1; p <= 40; ++p) f.violations_at[p] = 1;
  f.cost_of = [](std::int64_t p) { return double(p); };  // largest p found first
  auto o = jobs_options(3);
  o.max_violations = 5;
  const auto s = run_range(f, range(1, 40), o).summary;
  ASSERT_EQ(s.violations.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(s.violations[i].p, static_cast<std::int64_t>(i + 1));
  EXPECT_EQ(s.violations_total, 40);
  EXPECT_EQ(s.violations_cap, 5);
  EXPECT_TRUE(s.truncated);
  EXPECT_EQ(s.failed, 40);  // the cap cuts the list, not the count
}

TEST(RunRange, NotTruncatedAtOrUnderTheCap) {
  for (const std::size_t cap : {std::size_t{40}, std::size_t{100}}) {
    FakeFamily f;
    for (std::int64_t p = 1; p <= 40; ++p) f.violations_at[p] = 1;
    auto o = jobs_options(2);
    o.max_violations = cap;
    const auto s = run_range(f, range(1, 40), o).summary;
    EXPECT_EQ(s.violations.size(), 40u) << "cap " << cap;
    EXPECT_EQ(s.violations_total, 40);
    EXPECT_EQ(s.violations_cap, static_cast<std::int64_t>(cap));
    EXPECT_FALSE(s.truncated) << "cap " << cap;
  }
}

// --- interruption -------------------------------------------------------------------------------

TEST(RunRange, StopSetInsideACheckStartsNoFurtherP) {
  std::atomic<bool> stop{false};
  FakeFamily f;
  f.violations_at = {{8, 1}, {3, 1}};
  f.alone_ps = {20};
  f.on_check = [&](std::int64_t p, const CheckContext& c) {
    EXPECT_EQ(c.stop, &stop);
    if (p == 7) stop = true;
  };
  auto o = jobs_options(1);
  o.stop = &stop;
  const auto r = run_range(f, range(1, 20), o);
  // Largest cost first: 19, 18, ..., 7; p = 7 sets stop and finishes; 1..6 and the alone 20 don't.
  std::vector<std::int64_t> expected;
  for (std::int64_t p = 19; p >= 7; --p) expected.push_back(p);
  EXPECT_EQ(f.order(), expected);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.summary.checked, 13);
  EXPECT_EQ(case_ps(r.summary), range(7, 19));
  EXPECT_EQ(r.summary.failed, 1);
  ASSERT_EQ(r.summary.violations.size(), 1u);
  EXPECT_EQ(r.summary.violations.front().p, 8);  // p = 3 never ran
  EXPECT_EQ(r.summary.coverage.instances, 13);
}

TEST(RunRange, StopFromAnotherThreadWhileEveryWorkerIsBusy) {
  for (const int jobs : {2, 3}) {
    std::atomic<bool> stop{false};
    std::mutex m;
    std::condition_variable cv;
    int started = 0;
    bool open = false;
    FakeFamily f;
    for (std::int64_t p = 1; p <= 30; ++p) f.violations_at[p] = 1;
    f.on_check = [&](std::int64_t, const CheckContext&) {
      std::unique_lock lock(m);
      ++started;
      cv.notify_all();
      cv.wait(lock, [&] { return open; });
    };
    std::thread interrupter([&] {
      std::unique_lock lock(m);
      cv.wait(lock, [&] { return started >= jobs; });
      stop = true;  // Ctrl-C while the `jobs` largest p are running
      open = true;
      cv.notify_all();
    });
    auto o = jobs_options(jobs);
    o.stop = &stop;
    const auto r = run_range(f, range(1, 30), o);
    interrupter.join();
    SCOPED_TRACE("jobs " + std::to_string(jobs));
    EXPECT_EQ(f.calls.size(), static_cast<std::size_t>(jobs));
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.summary.checked, jobs);
    EXPECT_EQ(r.summary.failed, jobs);
    EXPECT_EQ(case_ps(r.summary), range(31 - jobs, 30));
    EXPECT_EQ(r.summary.violations_total, jobs);
    ASSERT_FALSE(r.summary.violations.empty());
    EXPECT_EQ(r.summary.violations.front().p, 31 - jobs);
  }
}

TEST(RunRange, AlonePStoppedInsideIsCheckedOnlyWithAViolation) {
  {
    FakeFamily f;
    f.alone_ps = {50};
    f.stopped_inside = {50};
    const auto r = run_range(f, {10, 20, 50}, jobs_options(2));
    EXPECT_FALSE(r.complete);
    EXPECT_EQ(r.summary.checked, 2);
    EXPECT_EQ(r.summary.passed, 2);
    EXPECT_EQ(case_ps(r.summary), (std::vector<std::int64_t>{10, 20}));
    EXPECT_EQ(r.summary.coverage.instances, 2);
  }
  {
    FakeFamily f;
    f.alone_ps = {50};
    f.stopped_inside = {50};
    f.violations_at = {{50, 2}};
    const auto r = run_range(f, {10, 20, 50}, jobs_options(2));
    EXPECT_FALSE(r.complete);  // still not every rank was checked
    EXPECT_EQ(r.summary.checked, 3);
    EXPECT_EQ(r.summary.failed, 1);
    EXPECT_EQ(case_ps(r.summary), (std::vector<std::int64_t>{10, 20, 50}));
    EXPECT_EQ(r.summary.violations_total, 2);
    EXPECT_EQ(exit_code(RunSummary{1, "", "", r.complete, {r.summary}, ""}), 1);
  }
}

TEST(RunRange, StopDuringThePoolSkipsTheAloneP) {
  std::atomic<bool> stop{false};
  FakeFamily f;
  f.alone_ps = {100};
  f.on_check = [&](std::int64_t, const CheckContext&) { stop = true; };
  auto o = jobs_options(1);
  o.stop = &stop;
  const auto r = run_range(f, {1, 2, 100}, o);
  EXPECT_EQ(f.order(), (std::vector<std::int64_t>{2}));
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.summary.checked, 1);
}

// --- memory refusal ------------------------------------------------------------------------------

TEST(RunRange, MemoryOfTheJobsLargestPIsRefusedBeforeAnyCheck) {
  const std::int64_t phys = physical_memory_bytes();
  if (phys <= 0) GTEST_SKIP() << "physical memory unknown here";
  // p = 7..10 each take a bit over a quarter of the machine: any 3 of them at once exceed the
  // 3/4 limit, any 2 do not. p = 10 is the most demanding and is named.
  auto script = [phys](FakeFamily& f) {
    f.bytes_of = [phys](std::int64_t p, int) {
      return p >= 7 ? phys / 4 + p * 4096 : std::int64_t{1024};
    };
  };
  for (const int jobs : {3, 4, 16}) {
    FakeFamily f;
    script(f);
    try {
      run_range(f, range(1, 10), jobs_options(jobs));
      ADD_FAILURE() << "not refused with jobs " << jobs;
    } catch (const InputError& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find("p = 10"), std::string::npos) << msg;
      EXPECT_NE(msg.find("needs about"), std::string::npos) << msg;
      EXPECT_NE(msg.find("GiB"), std::string::npos) << msg;
    }
    EXPECT_TRUE(f.calls.empty()) << "a check ran before the refusal, jobs " << jobs;
  }
  FakeFamily two;
  script(two);
  EXPECT_EQ(run_range(two, range(1, 10), jobs_options(2)).summary.checked, 10);
  // Fewer p than jobs: only as many run at once as there are p.
  FakeFamily few;
  script(few);
  EXPECT_EQ(run_range(few, {9, 10}, jobs_options(8)).summary.checked, 2);
}

TEST(RunRange, MemoryOfAnAlonePWithEveryJobIsRefusedBeforeAnyCheck) {
  const std::int64_t phys = physical_memory_bytes();
  if (phys <= 0) GTEST_SKIP() << "physical memory unknown here";
  FakeFamily f;
  f.alone_ps = {64};
  f.bytes_of = [phys](std::int64_t p, int jobs) {
    return p == 64 ? phys / 8 * jobs : std::int64_t{1024};  // 8 jobs: the whole machine
  };
  try {
    run_range(f, {1, 2, 64}, jobs_options(8));
    ADD_FAILURE() << "not refused";
  } catch (const InputError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("p = 64"), std::string::npos) << msg;
    EXPECT_NE(msg.find("GiB"), std::string::npos) << msg;
  }
  EXPECT_TRUE(f.calls.empty());
  FakeFamily ok = FakeFamily();
  ok.alone_ps = {64};
  ok.bytes_of = f.bytes_of;
  EXPECT_EQ(run_range(ok, {1, 2, 64}, jobs_options(2)).summary.checked, 3);
}

TEST(RunRange, AcceptRefusingOnePRunsNothing) {
  FakeFamily f;
  f.refused = {13};
  try {
    run_range(f, range(1, 20), jobs_options(4));
    ADD_FAILURE() << "not refused";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("p = 13"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(f.calls.empty());
  EXPECT_EQ(f.finished, 0);
}

// --- exceptions in a worker --------------------------------------------------------------------

TEST(RunRange, ExceptionOfTheSmallestPIsRethrownEvenWhenALargerPThrowsFirst) {
  for (const int jobs : {1, 2, 3, 8}) {
    std::atomic<bool> larger_threw{false};
    FakeFamily f;
    f.throw_input = {20};
    f.throw_runtime = {12};
    // p = 20 is the most expensive, so it starts first; p = 12 waits until p = 20 has thrown.
    f.cost_of = [](std::int64_t p) { return p == 20 ? 1000.0 : double(p); };
    f.on_check = [&](std::int64_t p, const CheckContext&) {
      if (p == 20) larger_threw = true;  // about to throw
      if (p == 12) {
        for (int i = 0; i < 500 && !larger_threw; ++i) {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    };
    SCOPED_TRACE("jobs " + std::to_string(jobs));
    try {
      run_range(f, range(1, 30), jobs_options(jobs));
      ADD_FAILURE() << "no exception";
    } catch (const InputError& e) {
      ADD_FAILURE() << "rethrew the larger p's error: " << e.what();
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "runtime error at p = 12");
    }
    EXPECT_TRUE(larger_threw.load());
    EXPECT_EQ(f.finished, 0);
    // p > 12 other than those already running may be skipped, p < 12 are never skipped for it.
    std::set<std::int64_t> ran;
    for (const auto& c : f.calls) ran.insert(c.p);
    for (std::int64_t p = 1; p < 12; ++p) EXPECT_EQ(ran.count(p), 1u) << "p " << p << " skipped";
  }
}

TEST(RunRange, ALargerPThrowingAfterTheSmallerOneDoesNotReplaceItsError) {
  for (const int jobs : {2, 3, 8}) {
    std::atomic<bool> smaller_threw{false}, larger_started{false};
    FakeFamily f;
    f.throw_runtime = {3};
    f.throw_input = {30};
    // p = 3 and p = 30 run first and at once (largest cost); p = 3 throws once p = 30 is running,
    // p = 30 only once p = 3 has thrown.
    f.cost_of = [](std::int64_t p) { return p == 3 ? 2000.0 : double(p); };
    f.on_check = [&](std::int64_t p, const CheckContext&) {
      if (p == 3) {
        for (int i = 0; i < 2000 && !larger_started; ++i) {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        smaller_threw = true;
      }
      if (p == 30) {
        larger_started = true;
        for (int i = 0; i < 2000 && !smaller_threw; ++i) {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    };
    try {
      run_range(f, range(1, 30), jobs_options(jobs));
      ADD_FAILURE() << "no exception";
    } catch (const InputError& e) {
      ADD_FAILURE() << "jobs " << jobs << ": the larger p's error replaced p = 3's: " << e.what();
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "runtime error at p = 3") << "jobs " << jobs;
    }
  }
}

TEST(RunRange, InputErrorOfTheSmallestPKeepsItsType) {
  for (const int jobs : {1, 4}) {
    FakeFamily f;
    f.throw_input = {5};
    f.throw_runtime = {25};
    try {
      run_range(f, range(1, 30), jobs_options(jobs));
      ADD_FAILURE() << "no exception";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), "input error at p = 5");
    }
  }
}

TEST(RunRange, ExceptionOfAnAlonePEndsTheRun) {
  FakeFamily f;
  f.alone_ps = {40, 50};
  f.throw_runtime = {40};
  EXPECT_THROW(run_range(f, {1, 2, 40, 50}, jobs_options(2)), std::runtime_error);
  EXPECT_EQ(f.order().back(), 40);  // p = 50 did not start
}

// --- progress -----------------------------------------------------------------------------------

class CountingProgress final : public ProgressSink {
 public:
  void start(const std::string& stage, const std::string& item_unit, std::int64_t total_items,
             double total_cost) override {
    std::lock_guard lock(m);
    ++starts;
    what = stage;
    unit = item_unit;
    items = total_items;
    cost = total_cost;
  }
  void advance(std::int64_t n, double c) override {
    std::lock_guard lock(m);
    EXPECT_EQ(starts, 1) << "advance before start";
    EXPECT_EQ(finishes, 0) << "advance after finish";
    advanced_items += n;
    advanced_costs.push_back(c);
  }
  void finish() override {
    std::lock_guard lock(m);
    ++finishes;
  }

  std::mutex m;
  int starts = 0, finishes = 0;
  std::string what, unit;
  std::int64_t items = 0, advanced_items = 0;
  double cost = 0;
  std::vector<double> advanced_costs;
};

TEST(RunRange, ProgressCountsThePoolPOnceEachAndNotTheAloneP) {
  for (const int jobs : {1, 3}) {
    FakeFamily f;
    f.alone_ps = {30};
    f.cost_of = [](std::int64_t p) { return double(p * p); };
    CountingProgress progress;
    auto o = jobs_options(jobs);
    o.progress = &progress;
    run_range(f, range(1, 30), o);
    SCOPED_TRACE("jobs " + std::to_string(jobs));
    EXPECT_EQ(progress.starts, 1);
    EXPECT_EQ(progress.finishes, 1);
    EXPECT_EQ(progress.what, "fake");
    EXPECT_EQ(progress.items, 29);
    double sum = 0;
    std::vector<double> expected;
    for (std::int64_t p = 1; p <= 29; ++p) {
      sum += double(p * p);
      expected.push_back(double(p * p));
    }
    EXPECT_DOUBLE_EQ(progress.cost, sum);
    EXPECT_EQ(progress.advanced_items, 29);
    auto got = progress.advanced_costs;
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, expected);  // once per finished p, with that p's cost
  }
}

TEST(RunRange, ProgressFinishesOnceWhenACheckThrowsAndIsSilentWithoutPoolP) {
  {
    FakeFamily f;
    f.throw_runtime = {3};
    CountingProgress progress;
    auto o = jobs_options(2);
    o.progress = &progress;
    EXPECT_THROW(run_range(f, range(1, 10), o), std::runtime_error);
    EXPECT_EQ(progress.starts, 1);
    EXPECT_EQ(progress.finishes, 1);
  }
  {
    FakeFamily f;
    f.alone_ps = {5, 6};
    CountingProgress progress;
    auto o = jobs_options(2);
    o.progress = &progress;
    run_range(f, {5, 6}, o);
    EXPECT_EQ(progress.starts, 0);
    EXPECT_EQ(progress.advanced_items, 0);
    EXPECT_EQ(progress.finishes, 0);
  }
}

// --- coverage -----------------------------------------------------------------------------------

// p has p % 3 + 1 instances: rounds = lower bound + (p + k) % 4, with kNone rounds or bounds mixed
// in (not counted).
Outcome coverage_outcome(std::int64_t p) {
  Outcome o;
  const std::int64_t n = p % 3 + 1;
  o.instances = n;
  for (std::int64_t k = 0; k < n; ++k) {
    InstanceResult i{p, k, Status::pass, 10 + (p + k) % 4, 10};
    if ((p + k) % 5 == 0) i.rounds = kNone;
    if ((p + k) % 7 == 0) i.lower_bound = kNone;
    o.instance_results.push_back(i);
  }
  return o;
}

TEST(RunRange, CoverageSumsInstancesAndRoundsOverTheOutcomes) {
  std::int64_t instances = 0, counted = 0, at_bound = 0, max_excess = kNone;
  std::vector<InstanceResult> all;
  for (std::int64_t p = 1; p <= 25; ++p) {
    for (const auto& i : coverage_outcome(p).instance_results) {
      ++instances;
      all.push_back(i);
      if (i.rounds == kNone || i.lower_bound == kNone) continue;
      ++counted;
      if (i.rounds == i.lower_bound) ++at_bound;
      max_excess = std::max(max_excess, i.rounds - i.lower_bound);
    }
  }
  ASSERT_GT(counted, 0);
  ASSERT_LT(counted, instances);  // some kNone are there to be ignored
  ASSERT_EQ(max_excess, 3);
  for (const bool keep : {false, true}) {
    FakeFamily f;
    f.outcome_of = coverage_outcome;
    auto o = jobs_options(3);
    o.instances = keep;
    o.p_text = "1..25";
    const auto s = run_range(f, range(1, 25), o).summary;
    EXPECT_EQ(s.name, "fake");
    EXPECT_EQ(s.coverage.p_range, "1..25");
    EXPECT_EQ(s.coverage.parameters, "scripted");
    EXPECT_EQ(s.coverage.instances, instances);
    EXPECT_EQ(s.coverage.rounds_counted, counted);
    EXPECT_EQ(s.coverage.rounds_at_bound, at_bound);
    EXPECT_EQ(s.coverage.rounds_max_excess, max_excess);
    EXPECT_EQ(s.checked, 25);  // p, not instances
    if (!keep) {
      EXPECT_TRUE(s.instances.empty());
      continue;
    }
    ASSERT_EQ(s.instances.size(), all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {  // in ascending p whatever ran first
      EXPECT_EQ(s.instances[i].p, all[i].p);
      EXPECT_EQ(s.instances[i].n, all[i].n);
      EXPECT_EQ(s.instances[i].rounds, all[i].rounds);
    }
  }
}

TEST(RunRange, NoRoundsCountedLeavesMaxExcessNone) {
  FakeFamily f;  // default outcome: rounds kNone
  const auto s = run_range(f, range(1, 5), jobs_options(1)).summary;
  EXPECT_EQ(s.coverage.rounds_counted, 0);
  EXPECT_EQ(s.coverage.rounds_max_excess, kNone);
  EXPECT_EQ(s.coverage.instances, 5);
}

TEST(RunRange, FinishSeesTheFinishedSummaryOnce) {
  FakeFamily f;
  f.violations_at = {{4, 2}};
  const auto s = run_range(f, range(1, 6), jobs_options(2)).summary;
  EXPECT_EQ(f.finished, 1);
  EXPECT_EQ(f.seen_by_finish.checked, 6);
  ASSERT_EQ(f.seen_by_finish.violations.size(), 2u);
  EXPECT_EQ(f.seen_by_finish.violations.front().p, 4);
  EXPECT_EQ(s.failed, 1);
  // Every p checked, ascending, with its own outcome, whatever thread checked it.
  EXPECT_EQ(f.finished_ps, range(1, 6));
  EXPECT_EQ(f.finished_instances, std::vector<std::int64_t>(6, 1));
}

// A run stopped midway hands finish() only the p that were checked (a p stopped inside with no
// witness was not).
TEST(RunRange, FinishSeesOnlyTheCheckedP) {
  FakeFamily f;
  f.stopped_inside = {3};
  const auto r = run_range(f, range(1, 5), jobs_options(1));
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(f.finished_ps, (std::vector<std::int64_t>{1, 2, 4, 5}));
}

TEST(RunRange, InconclusiveOutcomesAreCountedApart) {
  FakeFamily f;
  f.outcome_of = [](std::int64_t p) {
    Outcome o;
    o.instances = 1;
    if (p % 4 == 0) o.status = Status::inconclusive;
    return o;
  };
  const auto r = run_range(f, range(1, 12), jobs_options(2));
  EXPECT_EQ(r.summary.checked, 12);
  EXPECT_EQ(r.summary.inconclusive, 3);
  EXPECT_EQ(r.summary.passed, 9);
  EXPECT_EQ(exit_code(RunSummary{1, "", "", r.complete, {r.summary}, ""}), 3);
}

// --- exit codes ---------------------------------------------------------------------------------

TEST(ExitCode, PassViolationIncompleteInconclusive) {
  ConstructionSummary pass;
  pass.checked = pass.passed = 3;
  ConstructionSummary fail = pass;
  fail.failed = 1;
  ConstructionSummary unsure = pass;
  unsure.inconclusive = 1;
  EXPECT_EQ(exit_code(RunSummary{1, "", "", true, {pass}, ""}), 0);
  EXPECT_EQ(exit_code(RunSummary{1, "", "", true, {}, ""}), 0);
  EXPECT_EQ(exit_code(RunSummary{1, "", "", true, {pass, fail}, ""}), 1);
  EXPECT_EQ(exit_code(RunSummary{1, "", "", false, {pass}, ""}), 3);
  EXPECT_EQ(exit_code(RunSummary{1, "", "", true, {unsure, pass}, ""}), 3);
  // A violation outranks an incomplete or inconclusive run.
  EXPECT_EQ(exit_code(RunSummary{1, "", "", false, {fail}, ""}), 1);
  EXPECT_EQ(exit_code(RunSummary{1, "", "", true, {unsure, fail}, ""}), 1);
}

}  // namespace
}  // namespace collverify::engine
