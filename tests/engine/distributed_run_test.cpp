// Distributed verification and the journal without MPI (docs/DESIGN.md "Distributed
// verification"): run_range on N in-process ranks (threads sharing a counter and an all-gather,
// the twin of mpi/dist_transport.cpp) gives the summary of one process; every p is checked
// exactly once over the ranks (a mutant distribution whose ranks do not share the counter is
// caught); an error on one rank reaches every rank; the outcome codec round-trips every field
// and reads the records of its older version; the journal resumes a run without checking its p
// again and refuses another run's journal. The family's own data of each p (Outcome::family_data)
// reaches finish() for every p, whichever rank checked it or whether the journal held it.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>
#include <unistd.h>
#include <rapidcheck/gtest.h>

#include <atomic>
#include <barrier>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "engine/distribution.hpp"
#include "tests/engine/thread_ranks.hpp"
#include "engine/journal.hpp"
#include "engine/outcome_codec.hpp"
#include "engine/run_range.hpp"
#include "model/error.hpp"

namespace collverify::engine {
namespace {

namespace fs = std::filesystem;

// Violations at p % 7 == 3 (two ranks each, found out of order), p % 11 == 0 runs alone, an
// excerpt for every p, a line of family data per p that finish() gathers into a data file (as
// the program route's cost table); counts every check per p.
class CountingFamily final : public Family {
 public:
  std::set<std::int64_t> throw_at;
  mutable std::mutex mutex;
  mutable std::map<std::int64_t, int> checks;

  std::string name() const override { return "counting"; }
  Coverage coverage() const override {
    Coverage c;
    c.parameters = "p % 7 == 3 fails";
    c.properties = {"counted"};
    c.lower_bound = "p";
    return c;
  }
  void accept(std::int64_t) const override {}
  double cost(std::int64_t p) const override { return double(p % 13); }
  std::int64_t bytes(std::int64_t, int) const override { return 1024; }
  bool alone(std::int64_t p) const override { return p % 11 == 0; }
  Outcome check(std::int64_t p, const CheckContext&) const override {
    {
      const std::lock_guard lock(mutex);
      ++checks[p];
    }
    if (throw_at.count(p)) throw InputError(fmt::format("refused at p = {}", p));
    Outcome o;
    o.instances = 2;
    o.instance_results.push_back({p, 1, Status::pass, p, p});
    o.instance_results.push_back({p, 2, Status::pass, p + 1, p});
    if (p % 7 == 3) {
      o.status = Status::fail;
      for (std::int64_t r : {5, 1}) {
        Violation v;
        v.property = "counted";
        v.p = p;
        v.n = 2;
        v.rank = r;
        v.round = p % 4;
        v.message = fmt::format("p {} rank {}", p, r);
        o.violations.push_back(v);
      }
    }
    ScheduleExcerpt e;
    e.p = p;
    e.q = 2;
    e.ranks = {0, p - 1};
    e.recv = {{1, 2}, {3, 4}};
    e.send = {{-1, 0}, {0, -1}};
    e.marks = {{p - 1, 1, "recv"}};
    o.excerpt = e;
    o.family_data = fmt::format("{},{}\n", p, p * p);
    return o;
  }
  void finish(ConstructionSummary& summary, const std::vector<Finished>& finished) const override {
    std::string table;
    for (const Finished& f : finished) table += f.outcome->family_data;
    summary.data_files.push_back({"counting.csv", table});
  }
};

std::vector<std::int64_t> range(std::int64_t lo, std::int64_t hi) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = lo; p <= hi; ++p) ps.push_back(p);
  return ps;
}

// Everything of a summary but the timings; the data files of finish() unless `files` is false
// (finish runs on rank 0 only: the other ranks' summaries have none).
auto comparable(const ConstructionSummary& s, bool files = true) {
  std::vector<std::tuple<std::string, std::int64_t, std::int64_t, std::int64_t, std::int64_t,
                         std::int64_t, std::string>>
      v;
  for (const auto& x : s.violations) {
    v.emplace_back(x.property, x.p, x.n, x.rank, x.round, x.block, x.message);
  }
  std::vector<std::pair<std::string, std::string>> data;
  if (files) {
    for (const auto& d : s.data_files) data.emplace_back(d.file, d.text);
  }
  std::vector<std::tuple<std::int64_t, Status, bool>> cases;
  for (const auto& c : s.cases) cases.emplace_back(c.p, c.status, c.violation.has_value());
  std::vector<std::tuple<std::int64_t, std::int64_t, Status, std::int64_t, std::int64_t>> inst;
  for (const auto& i : s.instances) inst.emplace_back(i.p, i.n, i.status, i.rounds, i.lower_bound);
  return std::make_tuple(s.checked, s.passed, s.failed, s.inconclusive, v, s.violations_total,
                         s.truncated, cases, inst, s.excerpt ? s.excerpt->p : -1,
                         s.coverage.instances, s.coverage.rounds_counted,
                         s.coverage.rounds_at_bound, s.coverage.rounds_max_excess, s.complete,
                         s.not_checked, data);
}

struct RankRuns {
  std::vector<RangeResult> results;
  std::vector<std::string> errors;
};

RankRuns run_on_ranks(const CountingFamily& f, const std::vector<std::int64_t>& ps, int ranks,
                      int jobs, bool shared_counter, RunOptions base = {}) {
  SharedBoard board(ranks);
  RankRuns out;
  out.results.resize(static_cast<std::size_t>(ranks));
  out.errors.resize(static_cast<std::size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r) {
    threads.emplace_back([&, r] {
      ThreadRank d(board, r, shared_counter);
      RunOptions o = base;
      o.jobs = jobs;
      o.instances = true;
      o.max_violations = 5;
      o.distribution = &d;
      try {
        out.results[static_cast<std::size_t>(r)] = run_range(f, ps, o);
      } catch (const std::exception& e) {
        out.errors[static_cast<std::size_t>(r)] = e.what();
      }
    });
  }
  for (auto& t : threads) t.join();
  return out;
}

TEST(DistributedRun, EveryRankEndsWithTheSummaryOfOneProcess) {
  const auto ps = range(2, 300);
  CountingFamily single;
  RunOptions o;
  o.jobs = 1;
  o.instances = true;
  o.max_violations = 5;
  const auto expected = run_range(single, ps, o);
  ASSERT_GT(expected.summary.failed, 0);
  ASSERT_TRUE(expected.summary.truncated);
  for (int ranks : {2, 3, 4}) {
    CountingFamily f;
    const auto runs = run_on_ranks(f, ps, ranks, 2, true);
    for (int r = 0; r < ranks; ++r) {
      EXPECT_EQ(runs.errors[static_cast<std::size_t>(r)], "");
      EXPECT_EQ(comparable(runs.results[static_cast<std::size_t>(r)].summary, r == 0),
                comparable(expected.summary, r == 0))
          << ranks << " ranks, rank " << r;
    }
    // Rank 0's finish() saw the family data of every p, whichever rank checked it.
    ASSERT_EQ(runs.results[0].summary.data_files.size(), 1U);
    EXPECT_EQ(runs.results[0].summary.data_files[0].text, expected.summary.data_files[0].text);
    EXPECT_EQ(runs.results[0].summary.violations.front().rank, 1);  // smallest witness
    for (std::int64_t p : ps) EXPECT_EQ(f.checks[p], 1) << "p = " << p << ", " << ranks << " ranks";
  }
}

// The check above must catch a transport whose ranks do not share the counter: every p is then
// checked on every rank (the summary alone would not show it).
TEST(DistributedRun, AnUnsharedCounterIsCaught) {
  CountingFamily f;
  const auto runs = run_on_ranks(f, range(2, 60), 3, 1, false);
  int repeated = 0;
  for (const auto& [p, n] : f.checks) repeated += n > 1 ? 1 : 0;
  EXPECT_GT(repeated, 0);
}

TEST(DistributedRun, AnErrorOnOneRankEndsTheRunOnEveryRankWithTheSmallestP) {
  CountingFamily f;
  f.throw_at = {150, 40};
  const auto runs = run_on_ranks(f, range(2, 300), 3, 2, true);
  for (const auto& e : runs.errors) EXPECT_NE(e.find("refused at p = 40"), std::string::npos) << e;
}

// --- the outcome codec ---

Outcome random_outcome() {
  Outcome o;
  o.status = *rc::gen::element(Status::pass, Status::fail, Status::inconclusive);
  o.instances = *rc::gen::inRange<std::int64_t>(0, 1000);
  const auto opt = [] {
    return *rc::gen::oneOf(rc::gen::just(kNone), rc::gen::arbitrary<std::int64_t>());
  };
  const auto ni = *rc::gen::inRange(0, 4);
  for (int i = 0; i < ni; ++i) {
    o.instance_results.push_back({*rc::gen::arbitrary<std::int64_t>(), opt(),
                                  *rc::gen::element(Status::pass, Status::fail), opt(), opt()});
  }
  const auto nv = *rc::gen::inRange(0, 4);
  for (int i = 0; i < nv; ++i) {
    Violation v;
    v.property = *rc::gen::arbitrary<std::string>();
    v.p = opt();
    v.n = opt();
    v.rank = opt();
    v.round = opt();
    v.block = opt();
    v.message = *rc::gen::arbitrary<std::string>();
    v.message += "\n\"line\"";
    o.violations.push_back(v);
  }
  if (*rc::gen::arbitrary<bool>()) {
    ScheduleExcerpt e;
    e.p = *rc::gen::arbitrary<std::int64_t>();
    e.q = *rc::gen::arbitrary<int>();
    e.ranks = *rc::gen::arbitrary<std::vector<std::int64_t>>();
    e.baseblock = *rc::gen::arbitrary<std::vector<int>>();
    e.recv = *rc::gen::arbitrary<std::vector<std::vector<int>>>();
    e.send = *rc::gen::arbitrary<std::vector<std::vector<int>>>();
    e.marks.push_back({opt(), *rc::gen::arbitrary<int>(), *rc::gen::arbitrary<std::string>()});
    o.excerpt = e;
  }
  o.complete = *rc::gen::arbitrary<bool>();
  o.seconds = *rc::gen::inRange(0, 1000000) / 1000.0;
  o.family_data = *rc::gen::arbitrary<std::string>();
  if (*rc::gen::arbitrary<bool>()) o.family_data += "4,1,0,bcast int eager\n5,\"x\"\n";
  return o;
}

auto fields(const Outcome& o) {
  std::vector<std::tuple<std::int64_t, std::int64_t, Status, std::int64_t, std::int64_t>> inst;
  for (const auto& i : o.instance_results) inst.emplace_back(i.p, i.n, i.status, i.rounds, i.lower_bound);
  std::vector<std::tuple<std::string, std::int64_t, std::int64_t, std::int64_t, std::int64_t,
                         std::int64_t, std::string>>
      v;
  for (const auto& x : o.violations) v.emplace_back(x.property, x.p, x.n, x.rank, x.round, x.block, x.message);
  std::string ex = "none";
  if (o.excerpt) {
    const auto& e = *o.excerpt;
    ex = fmt::format("{}/{} ranks {} base {} recv {} send {}", e.p, e.q, fmt::join(e.ranks, ","),
                     fmt::join(e.baseblock, ","), e.recv.size(), e.send.size());
    for (const auto& row : e.recv) ex += fmt::format(" r[{}]", fmt::join(row, ","));
    for (const auto& row : e.send) ex += fmt::format(" s[{}]", fmt::join(row, ","));
    for (const auto& m : e.marks) ex += fmt::format(" m{}/{}/{}", m.rank, m.round, m.table);
  }
  return std::make_tuple(o.status, o.instances, inst, v, ex, o.complete, o.seconds,
                         o.family_data);
}

RC_GTEST_PROP(OutcomeCodec, DecodeOfEncodeIsTheOutcome, ()) {
  const Outcome o = random_outcome();
  const auto p = *rc::gen::arbitrary<std::int64_t>();
  const std::string line = encode_outcome(p, o);
  RC_ASSERT(line.find('\n') == std::string::npos);
  const auto [q, back] = decode_outcome(line);
  RC_ASSERT(q == p);
  RC_ASSERT(fields(back) == fields(o));
}

// A record of version 1 (written before family_data travelled: no "version", no "data", e.g. in
// the journal of a run resumed by a newer collverify) still decodes, with empty family data; a
// record of a version this build does not know is refused, never half read.
TEST(OutcomeCodec, AnOlderRecordDecodesAndANewerOneIsRefused) {
  const std::string v1 =
      "{\"p\":6,\"status\":\"pass\",\"instances\":2,\"results\":[[6,1,\"pass\",3,3]],"
      "\"violations\":[],\"excerpt\":null,\"complete\":true,\"seconds\":0.5}";
  const auto [p, o] = decode_outcome(v1);
  EXPECT_EQ(p, 6);
  EXPECT_EQ(o.instances, 2);
  ASSERT_EQ(o.instance_results.size(), 1U);
  EXPECT_EQ(o.instance_results[0].rounds, 3);
  EXPECT_EQ(o.family_data, "");
  Outcome with_data;
  with_data.family_data = "6,36\n";
  std::string line = encode_outcome(6, with_data);
  EXPECT_NE(line.find("\"version\":2"), std::string::npos) << line;
  EXPECT_EQ(decode_outcome(line).second.family_data, "6,36\n");
  line.replace(line.find("\"version\":2"), 11, "\"version\":3");
  try {
    decode_outcome(line);
    ADD_FAILURE() << "decoded a record of version 3";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("version 3"), std::string::npos) << e.what();
  }
}

TEST(OutcomeCodec, AMalformedRecordIsBadInput) {
  EXPECT_THROW(decode_outcome("{\"p\": 3}"), InputError);
  EXPECT_THROW(decode_outcome("not json"), InputError);
  Outcome o;
  std::string line = encode_outcome(4, o);
  line.replace(line.find("\"pass\""), 6, "\"maybe\"");
  EXPECT_THROW(decode_outcome(line), InputError);
}

// --- the journal ---

fs::path temp_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / fmt::format("cv_journal_{}_{}", name, ::getpid());
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

TEST(Journal, AResumedRunChecksOnlyWhatTheJournalLacksAndEndsWithTheSameSummary) {
  const auto ps = range(2, 120);
  const fs::path dir = temp_dir("resume");
  CountingFamily whole;
  RunOptions o;
  o.jobs = 2;
  o.instances = true;
  const auto expected = run_range(whole, ps, o);

  // A run stopped after some p (the journal holds what it finished).
  CountingFamily first;
  std::atomic<bool> stop{false};
  std::atomic<int> done{0};
  RunOptions stopped = o;
  stopped.journal_dir = dir;
  stopped.stop = &stop;
  struct StopAfter final : ProgressSink {
    std::atomic<bool>* stop;
    std::atomic<int>* done;
    void start(const std::string&, const std::string&, std::int64_t, double) override {}
    void advance(std::int64_t, double) override {
      if (++*done == 40) *stop = true;
    }
    void finish() override {}
  } sink;
  sink.stop = &stop;
  sink.done = &done;
  stopped.progress = &sink;
  const auto partial = run_range(first, ps, stopped);
  ASSERT_FALSE(partial.complete);
  ASSERT_TRUE(fs::exists(dir / "journal" / "rank-0.jsonl"));
  // A kill mid-write leaves a cut last line: not a record.
  std::ofstream(dir / "journal" / "rank-0.jsonl", std::ios::app) << "{\"p\": 7, \"sta";

  CountingFamily second;
  RunOptions resumed = o;
  resumed.journal_dir = dir;
  resumed.resume = true;
  const auto r = run_range(second, ps, resumed);
  EXPECT_TRUE(r.complete);
  EXPECT_EQ(comparable(r.summary), comparable(expected.summary));
  std::size_t rechecked = 0;
  for (const auto& [p, n] : first.checks) rechecked += second.checks.count(p);
  EXPECT_EQ(rechecked, 0U) << "a p of the journal was checked again";
  EXPECT_EQ(first.checks.size() + second.checks.size(), ps.size());
  fs::remove_all(dir);
}

TEST(Journal, AnotherRunsJournalIsRefusedAndAFreshRunClearsIt) {
  const fs::path dir = temp_dir("key");
  {
    Journal j(dir, 0, "{\"journal\":1,\"construction\":\"other\"}");
    Outcome o;
    j.append(5, o);
  }
  CountingFamily f;
  RunOptions o;
  o.journal_dir = dir;
  o.resume = true;
  try {
    run_range(f, range(2, 10), o);
    ADD_FAILURE() << "resumed another run's journal";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("belongs to another run"), std::string::npos) << e.what();
  }
  o.resume = false;
  const auto r = run_range(f, range(2, 10), o);
  EXPECT_EQ(r.summary.checked, 9);
  EXPECT_EQ(load_journal(dir, journal_key(f)).size(), 9U);
  clear_journal(dir);
  EXPECT_FALSE(fs::exists(dir / "journal"));
  fs::remove_all(dir);
}

}  // namespace
}  // namespace collverify::engine
