// The program family through the engine (families/program/program_family.hpp) and the plugin
// refusals (program/plugin.hpp), on the small plugins of plugins/; the cost table of a resumed
// run (every p, the journal's too), the one definition of the rounds counted, and the diagram
// of the smallest failing instance when its p was checked by another rank or read from the
// journal of a resumed run (run again by finish(), the same picture as a one-process run's).
#include <gtest/gtest.h>

#include "engine/journal.hpp"
#include "engine/run_range.hpp"
#include "families/program/program_family.hpp"
#include "model/error.hpp"
#include "program/plugin.hpp"
#include "program/run_instance.hpp"
#include "reports/program_cost.hpp"
#include "tests/engine/thread_ranks.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <set>
#include <sstream>
#include <thread>

// Under LeakSanitizer: a rank unwound after a fault never reaches its plugin's free(), so what a
// plugin allocated in a failing run stays allocated by design. Those leaks (a frame in one of our
// example or test plugins) are not ours to report.
extern "C" const char* __lsan_default_suppressions() {
  return "leak:cv_program_\nleak:cv_test_program_\n";
}

namespace collverify::families::program {
namespace {

namespace cvp = collverify::program;

Settings settings(const std::string& plugin, const std::string& counts = kDefaultCounts) {
  Settings s;
  s.plugin_path = plugin;
  s.label = "program:test";
  s.counts = parse_terms("--counts", counts, false);
  s.datatypes = {cvp::Elem::int32, cvp::Elem::byte};
  s.buffering = {cvp::Buffering::eager, cvp::Buffering::rendezvous};
  s.timeout_seconds = 60;
  return s;
}

engine::RangeResult run(const ProgramFamily& f, std::int64_t from, std::int64_t to) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = from; p <= to; ++p) ps.push_back(p);
  engine::RunOptions o;
  o.jobs = 2;
  return engine::run_range(f, ps, o);
}

TEST(ProgramFamily, BinomialBroadcastPassesEveryInstance) {
  const ProgramFamily f(settings(BINO_PLUGIN));
  const auto r = run(f, 1, 12);
  EXPECT_EQ(r.summary.failed, 0);
  EXPECT_EQ(r.summary.passed, 12);
  // Every root, every count, two element types, two buffering modes at p = 5.
  EXPECT_EQ(f.jobs(5).size(), 5U * 8U * 2U * 2U);
  EXPECT_EQ(r.summary.coverage.instances, [&] {
    std::int64_t n = 0;
    for (std::int64_t p = 1; p <= 12; ++p) n += static_cast<std::int64_t>(f.jobs(p).size());
    return n;
  }());
}

TEST(ProgramFamily, AnExtraSendGivesTheSmallestWitness) {
  const ProgramFamily f(settings(BINO_EXTRA_SEND_PLUGIN));
  const auto r = run(f, 1, 8);
  ASSERT_FALSE(r.summary.violations.empty());
  const Violation& v = r.summary.violations.front();
  EXPECT_EQ(v.p, 3);
  EXPECT_EQ(v.count, 0);
  EXPECT_EQ(v.root, 0);
  EXPECT_EQ(v.rank, 2);
  EXPECT_EQ(v.call, 1);
  EXPECT_EQ(v.op, "MPI_Send");
  // Both buffering modes fail at that instance, each with its own property.
  EXPECT_EQ(v.property, "deadlock");
  const auto eager = std::find_if(
      r.summary.violations.begin(), r.summary.violations.end(), [&](const Violation& x) {
        return x.p == 3 && x.count == 0 && x.root == 0 && x.instance == "bcast int eager";
      });
  ASSERT_NE(eager, r.summary.violations.end());
  EXPECT_EQ(eager->property, "unmatched_message");
  EXPECT_EQ(eager->rank, 2);
  // The extra send happens only when p is not a power of two: p = 1, 2, 4 and 8 hold.
  EXPECT_EQ(r.summary.passed, 4);
  EXPECT_EQ(r.summary.failed, 4);
  EXPECT_FALSE(r.summary.pictures_svg.empty());
  EXPECT_NE(r.summary.pictures_svg.front().svg.find("deadlock"), std::string::npos);
}

TEST(ProgramFamily, WildcardOrdersAreExploredAndABoundIsNeverAPass) {
  cvp::Plugin right = cvp::load_plugin(GATHER_ANY_PLUGIN);
  cvp::Plugin arrival = cvp::load_plugin(GATHER_BY_ARRIVAL_PLUGIN);
  cvp::StackPool stacks;
  cvp::Instance in{cvp::Collective::gather, 4, 3, 0, cvp::Elem::int32, cvp::ReduceOp::sum};
  // Three wildcard receives at the root, each choosing among the senders left: 3! orders.
  const auto ok = cvp::run_instance(right, in, cvp::Buffering::eager, {}, stacks);
  EXPECT_EQ(ok.status, cvp::InstanceStatus::pass);
  EXPECT_EQ(ok.interleavings, 6);
  // Placing blocks by arrival is right in rank order (the first order run) and wrong in another.
  const auto bad = cvp::run_instance(arrival, in, cvp::Buffering::eager, {}, stacks);
  ASSERT_EQ(bad.status, cvp::InstanceStatus::fail);
  EXPECT_EQ(bad.fault->property, "wrong_result");
  EXPECT_NE(bad.fault->message.find("matching order 2"), std::string::npos) << bad.fault->message;
  cvp::InstanceLimits one;
  one.max_interleavings = 1;
  EXPECT_EQ(cvp::run_instance(arrival, in, cvp::Buffering::eager, one, stacks).status,
            cvp::InstanceStatus::inconclusive);
}

TEST(ProgramFamily, ExplorerVisitsEveryChoiceSequenceOnce) {
  cvp::Explorer e;
  int runs = 0;
  std::set<std::pair<int, int>> seen;
  do {
    e.restart();
    const int a = e.choose(3);
    const int b = e.choose(2);
    seen.insert({a, b});
    ++runs;
  } while (e.next());
  EXPECT_EQ(runs, 6);
  EXPECT_EQ(seen.size(), 6U);
}

TEST(ProgramFamily, PluginsWithoutCollectivesOrBuiltAgainstARealMpiAreRefused) {
  EXPECT_THROW(ProgramFamily(settings(NO_COLLECTIVE_PLUGIN)), InputError);
  EXPECT_THROW(ProgramFamily(settings("/nonexistent/plugin.so")), InputError);
  EXPECT_THROW(ProgramFamily(settings("/dev/null")), InputError);
  Settings wrong = settings(BINO_PLUGIN);
  wrong.collectives = {cvp::Collective::allreduce};
  EXPECT_THROW(ProgramFamily{wrong}, InputError);
#ifdef OMPI_BUILT_PLUGIN
  try {
    ProgramFamily f(settings(OMPI_BUILT_PLUGIN));
    ADD_FAILURE() << "a plugin built against Open MPI was accepted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_TRUE(what.find("libmpi") != std::string::npos ||
                what.find("ompi_") != std::string::npos ||
                what.find("MPI_Bcast") != std::string::npos)
        << what;
  }
#endif
}

TEST(ProgramFamily, ForeignImportsAreNamed) {
  EXPECT_EQ(cvp::foreign_mpi_reason({{"libc.so.6"}, {"MPI_Send", "memcpy"}}), "");
  EXPECT_NE(cvp::foreign_mpi_reason({{"libmpi.so.40"}, {}}).find("libmpi.so.40"),
            std::string::npos);
  EXPECT_NE(cvp::foreign_mpi_reason({{}, {"ompi_mpi_comm_world"}}).find("ompi_mpi_comm_world"),
            std::string::npos);
  EXPECT_NE(cvp::foreign_mpi_reason({{}, {"MPI_Comm_split"}}).find("MPI_Comm_split"),
            std::string::npos);
}

TEST(ProgramFamily, MemoryOfHugeInstancesIsRefusedUpFront) {
  const ProgramFamily f(settings(BINO_PLUGIN, "p,1000000000"));
  EXPECT_GT(f.bytes(4096, 1), std::int64_t{1} << 40);
  EXPECT_THROW(f.accept(4097), InputError);
  EXPECT_THROW(f.accept(0), InputError);
}

// The cost table of a run (program_cost_<stem>.csv, a data file of the summary).
std::string cost_table(const ConstructionSummary& c) {
  for (const DataFile& d : c.data_files) {
    if (d.file.rfind("program_cost", 0) == 0) return d.text;
  }
  return "";
}

// A run stopped after some p and resumed from its journal by a new family object (another
// process, as `verify program --resume` is) writes the cost table of the uninterrupted run: the
// journal's p carry their lines in their outcomes. Before, the resumed run's table had only the
// p it checked itself.
TEST(ProgramFamily, AResumedRunsCostTableHasEveryP) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = 1; p <= 14; ++p) ps.push_back(p);
  engine::RunOptions o;
  o.jobs = 1;
  const ProgramFamily whole(settings(BINO_PLUGIN));
  const auto expected = engine::run_range(whole, ps, o);
  const std::string table = cost_table(expected.summary);
  ASSERT_FALSE(table.empty());

  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("cv_program_resume_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::atomic<bool> stop{false};
  struct StopAfter final : engine::ProgressSink {
    std::atomic<bool>* stop = nullptr;
    int done = 0;
    void start(const std::string&, const std::string&, std::int64_t, double) override {}
    void advance(std::int64_t, double) override {
      if (++done == 5) *stop = true;
    }
    void finish() override {}
  } sink;
  sink.stop = &stop;
  engine::RunOptions first = o;
  first.journal_dir = dir;
  first.stop = &stop;
  first.progress = &sink;
  const ProgramFamily stopped_family(settings(BINO_PLUGIN));
  const auto stopped = engine::run_range(stopped_family, ps, first);
  ASSERT_FALSE(stopped.complete);
  const std::size_t journalled =
      engine::load_journal(dir, engine::journal_key(stopped_family)).size();
  ASSERT_GE(journalled, 5U);
  ASSERT_LT(journalled, ps.size());

  engine::RunOptions second = o;
  second.journal_dir = dir;
  second.resume = true;
  const ProgramFamily resumed_family(settings(BINO_PLUGIN));
  const auto resumed = engine::run_range(resumed_family, ps, second);
  EXPECT_TRUE(resumed.complete);
  EXPECT_EQ(cost_table(resumed.summary), table);
  const auto cost = reports::program_cost(resumed.summary);
  ASSERT_TRUE(cost.has_value());
  EXPECT_EQ(cost->counted, reports::program_cost(expected.summary)->counted);
  std::filesystem::remove_all(dir);
}

// The diagram of the smallest failing instance, as finish() drew it ("" when it drew none).
std::string witness_svg(const ConstructionSummary& c) {
  for (const SvgPicture& s : c.pictures_svg) {
    if (s.file == "program_witness.svg") return s.svg;
  }
  return "";
}

// The extra send fails from p = 3 on (p not a power of two); one process draws p = 3's rendezvous
// deadlock.
std::string one_process_witness(const std::vector<std::int64_t>& ps) {
  engine::RunOptions o;
  o.jobs = 1;
  const ProgramFamily f(settings(BINO_EXTRA_SEND_PLUGIN));
  const auto r = engine::run_range(f, ps, o);
  EXPECT_EQ(r.summary.violations.front().p, 3);
  const std::string svg = witness_svg(r.summary);
  EXPECT_NE(svg.find("deadlock"), std::string::npos);
  return svg;
}

// A run stopped after the failing p = 3 was journalled and resumed by a new family object
// (another process): the resumed run did not check p = 3, yet draws its witness, the same
// picture as an uninterrupted run's. Before, the resumed run drew none.
TEST(ProgramFamily, AResumedRunDrawsTheWitnessOfAJournalledP) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = 1; p <= 8; ++p) ps.push_back(p);
  const std::string expected = one_process_witness(ps);
  ASSERT_FALSE(expected.empty());

  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("cv_program_witness_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::atomic<bool> stop{false};
  struct StopAfter final : engine::ProgressSink {
    std::atomic<bool>* stop = nullptr;
    int done = 0;
    void start(const std::string&, const std::string&, std::int64_t, double) override {}
    void advance(std::int64_t, double) override {
      if (++done == 7) *stop = true;  // the dearest first: p = 8 down to 2 are journalled
    }
    void finish() override {}
  } sink;
  sink.stop = &stop;
  engine::RunOptions first;
  first.jobs = 1;
  first.journal_dir = dir;
  first.stop = &stop;
  first.progress = &sink;
  const ProgramFamily stopped_family(settings(BINO_EXTRA_SEND_PLUGIN));
  ASSERT_FALSE(engine::run_range(stopped_family, ps, first).complete);
  const auto journal = engine::load_journal(dir, engine::journal_key(stopped_family));
  ASSERT_TRUE(journal.count(3));
  ASSERT_LT(journal.size(), ps.size());

  engine::RunOptions second;
  second.jobs = 1;
  second.journal_dir = dir;
  second.resume = true;
  const ProgramFamily resumed_family(settings(BINO_EXTRA_SEND_PLUGIN));
  const auto resumed = engine::run_range(resumed_family, ps, second);
  EXPECT_TRUE(resumed.complete);
  EXPECT_EQ(witness_svg(resumed.summary), expected);
  std::filesystem::remove_all(dir);
}

// Three in-process ranks, each with its own family object (as separate processes have), rank 0
// idle: every p is checked on ranks 1 and 2, and rank 0, which reports, draws the witness of a p
// it never checked, the same picture as one process.
TEST(ProgramFamily, InProcessRanksDrawTheWitnessOfAnotherRanksP) {
  std::vector<std::int64_t> ps;
  for (std::int64_t p = 1; p <= 8; ++p) ps.push_back(p);
  const std::string expected = one_process_witness(ps);
  ASSERT_FALSE(expected.empty());
  constexpr int kRanks = 3;
  engine::SharedBoard board(kRanks);
  std::vector<engine::RangeResult> results(kRanks);
  std::vector<std::string> errors(kRanks);
  std::vector<std::thread> threads;
  for (int r = 0; r < kRanks; ++r) {
    threads.emplace_back([&, r] {
      engine::ThreadRank d(board, r, true, r == 0);
      engine::RunOptions o;
      o.jobs = 1;
      o.distribution = &d;
      try {
        const ProgramFamily f(settings(BINO_EXTRA_SEND_PLUGIN));
        results[static_cast<std::size_t>(r)] = engine::run_range(f, ps, o);
      } catch (const std::exception& e) {
        errors[static_cast<std::size_t>(r)] = e.what();
      }
    });
  }
  for (auto& t : threads) t.join();
  for (const std::string& e : errors) EXPECT_EQ(e, "");
  ASSERT_FALSE(results[0].summary.violations.empty());
  EXPECT_EQ(results[0].summary.violations.front().p, 3);
  EXPECT_EQ(witness_svg(results[0].summary), expected);
}

// One definition of the rounds counted: the engine's coverage (from the instances' results) and
// the cost table's rounds count the same instances, the passing ones whose bound is positive;
// count = 0 and p = 1 instances are in the table but counted by neither.
TEST(ProgramFamily, TheRoundsCoverageAndTheCostTableCountTheSameInstances) {
  const ProgramFamily f(settings(BINO_PLUGIN));
  const auto r = run(f, 1, 9);
  const auto cost = reports::program_cost(r.summary);
  ASSERT_TRUE(cost.has_value());
  std::int64_t zero_bound_rows = 0;
  std::istringstream rows(cost_table(r.summary));
  std::string line;
  std::getline(rows, line);  // the header
  while (std::getline(rows, line)) {
    const bool count0 = line.find(",0,") == line.find(',');  // "p,0,..."
    const bool p1 = line.rfind("1,", 0) == 0;
    zero_bound_rows += count0 || p1 ? 1 : 0;
  }
  ASSERT_GT(zero_bound_rows, 0);
  EXPECT_EQ(cost->rounds.counted, cost->counted - zero_bound_rows);
  EXPECT_EQ(r.summary.coverage.rounds_counted, cost->rounds.counted);
  EXPECT_EQ(r.summary.coverage.rounds_at_bound, cost->rounds.at_bound);
  // The binomial tree meets ceil(log2 p) everywhere it is counted; the count = 0 instances,
  // which send empty messages (up to 4 rounds at p = 9, against a bound of 0), do not make an
  // excess.
  EXPECT_EQ(r.summary.coverage.rounds_max_excess, 0);
  EXPECT_EQ(cost->rounds.at_bound, cost->rounds.counted);
}

}  // namespace
}  // namespace collverify::families::program
