// collverify-mpi end to end under `mpirun --oversubscribe -np P`: the schedules against the native
// collectives (exit 0), a wrong schedule caught with the rank, block and round its first wrong
// delivery has (exit 1), bad input (exit 2, one message naming the value), the reports, the
// vector datatype, indivisible counts and the timing mode. The Open MPI run-as-root variables
// come from ctest's ENVIRONMENT (tests/mpi/CMakeLists.txt).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <unistd.h>

#include "generators/external/schedule_json.hpp"
#include "generators/mutants.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify {
namespace {

struct JobRun {
  int code = -1;
  std::string out;
};

// `prefix` runs the launcher under another command (a timeout, so that a hang fails the case).
JobRun mpirun(int np, const std::string& args, const std::string& prefix = "") {
  const std::string cmd = prefix + std::string(MPIEXEC) + " --oversubscribe --bind-to none -np " +
                          std::to_string(np) + " " + COLLVERIFY_MPI_BIN + " " + args + " 2>&1";
  JobRun r;
  FILE* f = popen(cmd.c_str(), "r");
  if (f == nullptr) return r;
  std::array<char, 4096> buf{};
  while (std::size_t got = std::fread(buf.data(), 1, buf.size(), f)) r.out.append(buf.data(), got);
  const int status = pclose(f);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::filesystem::path scratch(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("collverify_mpi_test_" + std::to_string(getpid()) + "_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

nlohmann::json read_json(const std::filesystem::path& f) {
  std::ifstream in(f);
  return nlohmann::json::parse(in);
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

TEST(MpiExec, BcastEqualsNativeForP1To8AndP16) {
  for (int p = 1; p <= 8; ++p) {
    const JobRun r = mpirun(p, "bcast --bytes 10007 --blocks 5");
    EXPECT_EQ(r.code, 0) << "p=" << p << "\n" << r.out;
    EXPECT_NE(r.out.find("mpi-bcast p=" + std::to_string(p) + ": pass"), std::string::npos) << r.out;
  }
  // n from the block size rule: 100 sqrt(10^6 / 4) = 50000 bytes a block, n = 20.
  const JobRun r = mpirun(16, "bcast --bytes 1000000");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("n = 20 blocks"), std::string::npos) << r.out;
}

TEST(MpiExec, BcastFromAnotherRootWithIndivisibleBlocks) {
  const JobRun r = mpirun(6, "bcast --root 3 --bytes 1001 --blocks 7");
  EXPECT_EQ(r.code, 0) << r.out;
}

TEST(MpiExec, AllgatherEqualsNativeForP1To8AndP16) {
  for (int p = 1; p <= 8; ++p) {
    const JobRun r = mpirun(p, "allgather --bytes 333");
    EXPECT_EQ(r.code, 0) << "p=" << p << "\n" << r.out;
  }
  EXPECT_EQ(mpirun(16, "allgather --bytes 100").code, 0);
}

TEST(MpiExec, AllgathervEqualsNativeForP1To8AndP13) {
  for (int p = 1; p <= 8; ++p) {
    const JobRun r = mpirun(p, "allgatherv --bytes 5000 --blocks 3");
    EXPECT_EQ(r.code, 0) << "p=" << p << "\n" << r.out;
  }
  const JobRun r = mpirun(13, "allgatherv --dist random:40:7 --blocks 6");
  EXPECT_EQ(r.code, 0) << r.out;
}

TEST(MpiExec, GatherAndScatterTreesEqualNative) {
  for (const char* tree : {"linear", "binomial", "adaptive", "binary", "optimal"}) {
    for (const char* op : {"gather", "scatter"}) {
      const JobRun r = mpirun(7, std::string(op) + " --tree " + tree + " --root 2 --bytes 700");
      EXPECT_EQ(r.code, 0) << op << " " << tree << "\n" << r.out;
    }
  }
}

// TWO_Gatherv / TWO_Scatterv (seed 001, Section 5.2) on real MPI: blocks of two sizes, every
// root, gather and scatter against the native collectives; one size only is bad input.
TEST(MpiExec, TwoGathervEqualsNative) {
  for (const char* root : {"0", "3", "6"}) {
    for (const char* op : {"gather", "scatter"}) {
      const JobRun r =
          mpirun(7, std::string(op) + " --tree two --dist list:3,40,3,3,40,3,3 --root " + root);
      EXPECT_EQ(r.code, 0) << op << " root " << root << "\n" << r.out;
    }
  }
  EXPECT_EQ(mpirun(4, "gather --tree two --dist uniform:5").code, 2);
}

TEST(MpiExec, TreeFileRunsAndABrokenOneIsNotExecuted) {
  const auto dir = scratch("tree");
  {
    std::ofstream(dir / "star.json") << R"({"root":1,"sequence":[[0],[1,3,0,2],[2],[3]],"sizes":[5,0,7,2]})";
    std::ofstream(dir / "cycle.json") << R"({"root":0,"sequence":[[0,1],[1,2],[2,1],[3]]})";
  }
  EXPECT_EQ(mpirun(4, "gather --tree-file " + (dir / "star.json").string()).code, 0);
  EXPECT_EQ(mpirun(4, "scatter --tree-file " + (dir / "star.json").string()).code, 0);
  const JobRun r = mpirun(4, "gather --tree-file " + (dir / "cycle.json").string());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("not executed"), std::string::npos) << r.out;
}

TEST(MpiExec, VectorDatatypeAndIndivisibleCounts) {
  EXPECT_EQ(mpirun(5, "bcast --datatype vector --bytes 2002 --blocks 4").code, 0);
  EXPECT_EQ(mpirun(4, "allgather --datatype vector --bytes 38").code, 0);
  EXPECT_EQ(mpirun(6, "allgatherv --datatype vector --dist list:3,0,5,1,3,0 --blocks 2").code, 0);
  EXPECT_EQ(mpirun(5, "gather --datatype vector --tree binomial --root 4 --bytes 90").code, 0);
  EXPECT_EQ(mpirun(5, "scatter --datatype vector --tree optimal --bytes 90").code, 0);
}

// A wrong schedule executed under MPI: rank 1's send in round 1 of each phase is one block off.
// The expected witness is derived from the expanded schedule (the first transfer whose sender's
// block is not the block the receiver files it under): that receiver, that block, that round.
TEST(MpiExec, WrongScheduleIsCaughtWithRankBlockAndRound) {
  const std::int64_t p = 8;
  const std::int64_t n = 5;
  CirculantMutant m;
  m.kind = CirculantMutation::off_by_one_send;
  m.rank = 1;
  m.k1 = 1;
  m.delta = -1;
  const CirculantSchedule broken = apply(circulant::build_circulant_bcast(p), m);
  const Schedule s = circulant::expand_bcast(broken, n);
  std::int64_t round = -1, rank = -1, block = -1;
  for (std::size_t t = 0; t < s.rounds.size() && round < 0; ++t) {
    for (const Transfer& x : s.rounds[t]) {
      if (x.block != x.stored_as) {
        round = static_cast<std::int64_t>(t);
        rank = x.to;
        block = x.stored_as;
        break;
      }
    }
  }
  ASSERT_GE(round, 0) << "the mutant must disagree somewhere";
  const auto dir = scratch("wrong");
  std::ofstream(dir / "broken.json") << schedule_to_json(broken);
  const JobRun r = mpirun(8, "bcast --bytes 5000 --blocks 5 --schedule-file " +
                              (dir / "broken.json").string() + " --report " + (dir / "rep").string());
  EXPECT_EQ(r.code, 1) << r.out;
  const auto j = read_json(dir / "rep" / "summary.json");
  const auto& c = j["constructions"][0];
  EXPECT_EQ(c["name"], "mpi-bcast");
  EXPECT_EQ(c["failed"], 1);
  const auto& v = c["violations"][0];
  EXPECT_EQ(v["property"], "bytes_equal_native");
  EXPECT_EQ(v["rank"], rank) << r.out;
  EXPECT_EQ(v["block"], block) << r.out;
  EXPECT_EQ(v["round"], round) << r.out;
  EXPECT_NE(v["message"].get<std::string>().find("MPI_Bcast delivers the bytes of (origin 0, block " +
                                                   std::to_string(block) + ")"), std::string::npos)
      << v["message"];
  // The correct schedule through the same file path passes.
  std::ofstream(dir / "right.json") << schedule_to_json(circulant::build_circulant_bcast(p));
  EXPECT_EQ(mpirun(8, "bcast --bytes 5000 --blocks 5 --schedule-file " + (dir / "right.json").string()).code, 0);
}

// --schedule-plugin: an ABI 2 plugin asked for another root runs and equals native; an ABI 1
// plugin cannot be asked for a root other than 0 (exit 2); the faulty example plugin (rank 3
// sends the wrong block in round 1 of each phase for p a multiple of 7) is caught on 14 ranks.
// A schedule file runs from another root too (virtual rank 0 mapped to --root).
TEST(MpiExec, SchedulePluginAndFileFromAnyRoot) {
  const std::string v2 = PLUGIN_REFERENCE_V2;
  JobRun r = mpirun(9, "bcast --bytes 3001 --blocks 4 --root 4 --schedule-plugin " + v2);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("plugin " + v2), std::string::npos) << r.out;
  r = mpirun(9, std::string("bcast --bytes 3001 --blocks 4 --root 4 --schedule-plugin ") +
                    PLUGIN_REFERENCE_V1);
  EXPECT_EQ(r.code, 2) << r.out;
  const auto dir = scratch("plugin");
  r = mpirun(14, std::string("bcast --bytes 3000 --blocks 4 --schedule-plugin ") + PLUGIN_FAULTY +
                     " --report " + (dir / "rep").string());
  EXPECT_EQ(r.code, 1) << r.out;
  const auto j = read_json(dir / "rep" / "summary.json");
  EXPECT_EQ(j["constructions"][0]["violations"][0]["property"], "bytes_equal_native") << r.out;
  EXPECT_EQ(mpirun(13, std::string("bcast --bytes 3000 --blocks 4 --schedule-plugin ") +
                           PLUGIN_FAULTY).code,
            0);  // 13 is not a multiple of 7: the reference schedule
  r = mpirun(20, std::string("bcast --bytes 2000 --blocks 3 --root 7 --schedule-file ") +
                     EXAMPLES_DIR + "/schedules/bcast_p20.json");
  EXPECT_EQ(r.code, 0) << r.out;
  r = mpirun(4, "bcast --schedule-plugin " + v2 + " --schedule-file x.json");
  EXPECT_EQ(r.code, 2) << r.out;
}

// The example broken file (rank 13's receives of rounds 1 and 3 swapped): executed on 20 ranks it
// is caught with the witness `collverify verify bcast` gives for it (examples/schedules/README.md):
// rank 13, round 5, block 2, where rank 11 sends nothing and block 2 is never filled. Also the
// receive that expects nothing in round 7 must not corrupt another block (it goes to a discard
// buffer), so rank 13 is the only rank with a wrong block.
TEST(MpiExec, ExampleBrokenFileGivesTheCheckersWitness) {
  const auto dir = scratch("example");
  const JobRun r = mpirun(20, std::string("bcast --blocks 5 --schedule-file ") + EXAMPLES_DIR +
                                  "/schedules/bcast_p20_broken.json --report " + dir.string());
  EXPECT_EQ(r.code, 1) << r.out;
  const auto c = read_json(dir / "summary.json")["constructions"][0];
  EXPECT_EQ(c["violations_total"], 1) << r.out;
  const auto& v = c["violations"][0];
  EXPECT_EQ(v["rank"], 13);
  EXPECT_EQ(v["round"], 5);
  EXPECT_EQ(v["block"], 2);
  EXPECT_NE(v["message"].get<std::string>().find("poison (never written), last received in round 5 "
                                                  "from rank 11 (a shorter message than expected)"),
            std::string::npos) << v["message"];
}

TEST(MpiExec, BadInputExitsTwoWithOneMessageNamingTheValue) {
  const auto dir = scratch("bad");
  std::ofstream(dir / "p5.json") << schedule_to_json(circulant::build_circulant_bcast(5));
  const std::pair<std::string, std::string> cases[] = {
      {"bcast --bytes -5", "-5"},
      {"bcast --root 9", "--root 9"},
      {"bcast --datatype foo", "foo"},
      {"bcast --datatype vector --bytes 1001", "1001"},
      {"bcast --blocks -3", "-3"},
      {"allgather --blocks 4", "--blocks 4"},
      {"reduce", "reduce"},
      {"allgatherv --dist weird:3", "weird:3"},
      {"bcast --schedule-file " + (dir / "p5.json").string(), "p = 5"},
      {"bcast --schedule-file " + (dir / "missing.json").string(), "missing.json"},
      {"gather --tree nonsense", "nonsense"},
      {"bcast --time --sizes 1K..7Q", "7Q"},
      {"bcast --report " + (dir / "r").string() + " --format pdf", "pdf"},
  };
  for (const auto& [args, needle] : cases) {
    const JobRun r = mpirun(4, args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(needle), std::string::npos) << args << "\n" << r.out;
    EXPECT_EQ(count(r.out, "collverify-mpi: "), 1u) << args << "\n" << r.out;
  }
}

// Issue 26 #10: CLI11's conversion read an empty value as 0 (exit 0, "pass"), clamped 10^20 and
// read '0x10' as 16; every value is now judged as typed, before MPI does any work.
TEST(MpiExec, EmptyAndMalformedFlagValuesAreRefusedAsTyped) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"bcast --bytes ''", "--bytes: is empty"},
      {"bcast --root ''", "--root: is empty"},
      {"bcast --blocks ''", "--blocks: is empty"},
      {"bcast --reps ''", "--reps: is empty"},
      {"bcast --schedule-file ''", "--schedule-file: is empty"},
      {"gather --tree-file ''", "--tree-file: is empty"},
      {"bcast --bytes 99999999999999999999", "'99999999999999999999' does not fit 64 bits"},
      {"bcast --bytes 0x10", "'0x10' is not a whole decimal number"},
      {"bcast --root ' 0'", "' 0' is not a whole decimal number"},
      {"bcast --blocks +3", "'+3' is not a whole decimal number"},
  };
  for (const auto& [args, needle] : cases) {
    const JobRun r = mpirun(2, args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(needle), std::string::npos) << args << "\n" << r.out;
  }
}

// Issue 26: the hostile-input table of the newer commands (tests/cli/hostile_cli_test.cpp) for
// collverify-mpi: numbers negative, zero, huge, beyond 64 bits, nan; malformed ranges; absurd
// sizes; a report directory that is a file or lies under one (refused before the run: it was
// found after the verdict was printed); input files that are FIFOs, directories or /dev/zero;
// a schedule plugin that is a FIFO (dlopen blocked, deaf to SIGTERM). Each is exit 2 naming
// the value, and nothing is printed on stdout (stderr is merged here, so the verdict line of a
// run must be absent).
TEST(MpiExec, HostileValuesAndFilesAreRefusedUpFront) {
  const auto dir = scratch("hostile");
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  std::filesystem::create_directories(dir / "adir");
  std::ofstream(dir / "afile") << "not a directory\n";
  std::ofstream(dir / "sized.json") << R"({"root":0,"sequence":[[0,1],[1]],"sizes":[3,4]})";
  std::filesystem::create_directories(dir / "real");
  std::filesystem::create_symlink(dir / "real", dir / "link");
  const std::string d = dir.string();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"bcast --bytes -1", "--bytes -1"},
      {"bcast --bytes nan", "'nan'"},
      {"bcast --bytes 1000000000000000", "--bytes 1000000000000000"},
      {"bcast --blocks -3", "--blocks -3"},
      {"bcast --blocks 1000000000000", "--blocks 1000000000000"},
      {"bcast --root 2", "--root 2"},
      {"bcast --root -1", "--root -1"},
      {"bcast --time --sizes 1K --reps 0", "--reps 0"},
      {"bcast --time --sizes 1K --reps 99999999999", "99999999999"},
      {"bcast --time --sizes 1K..0", "0 is not a size"},
      {"bcast --time --sizes 1K..1T", "1T"},
      {"allgatherv --dist uniform:99999999999", "99999999999"},
      {"allgatherv --dist nope", "'nope'"},
      // Issue 26: a list of another length than the job was cycled or cut without a word.
      {"allgatherv --dist list:1,2,3", "--dist list:1,2,3: the list has 3 entries but the job has 2 ranks"},
      {"allgatherv --dist list:7", "the list has 1 entries but the job has 2 ranks"},
      {"gather --tree two --dist list:3,40,3", "list:3,40,3: the list has 3 entries"},
      {"scatter --dist list:1,2,3,4", "the list has 4 entries but the job has 2 ranks"},
      {"bcast --dist uniform:3", "--dist uniform:3: only allgatherv, gather and scatter"},
      {"allgather --dist list:1,2", "--dist list:1,2: only allgatherv, gather and scatter"},
      {"gather --tree-file " + d + "/sized.json --dist list:1,2", "gives the sizes itself"},
      {"gather --tree nope", "--tree nope"},
      {"bcast --datatype nope", "--datatype nope"},
      {"bcast --report " + d + "/afile", d + "/afile"},
      {"bcast --report " + d + "/afile/sub", d + "/afile/sub"},
      // Issue 26: a link as the report directory is refused, naming the directory to pass.
      {"bcast --report " + d + "/link", "pass the resolved directory '" + d + "/real'"},
      {"bcast --report " + d + "/link/", d + "/link/' is a symbolic link"},
      {"bcast --schedule-file " + d + "/fifo", "it is a FIFO"},
      {"bcast --schedule-file " + d + "/adir", "it is a directory"},
      {"bcast --schedule-file /dev/zero", "it is a character device"},
      {"gather --tree-file " + d + "/fifo", "it is a FIFO"},
      {"scatter --tree-file /dev/zero", "it is a character device"},
      {"bcast --schedule-plugin " + d + "/fifo", "it is a FIFO"},
      {"bcast --schedule-plugin " + d + "/adir", "it is a directory"},
      {"program --plugin " + d + "/fifo --collective bcast --count 1", d + "/fifo"},
  };
  for (const auto& [args, needle] : cases) {
    const JobRun r = mpirun(2, args, "timeout -s KILL 60 ");
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(needle), std::string::npos) << args << ": missing '" << needle << "'\n"
                                                     << r.out;
    EXPECT_EQ(r.out.find(": pass ("), std::string::npos) << args << "\n" << r.out;
  }
  std::filesystem::remove_all(dir);
}

TEST(MpiExec, ReportsInEveryFormat) {
  const auto dir = scratch("reports");
  const JobRun r = mpirun(4, "allgatherv --blocks 2 --report " + dir.string() +
                              " --format json,junit,md,html");
  ASSERT_EQ(r.code, 0) << r.out;
  for (const char* f : {"summary.json", "junit.xml", "report.md", "report.html"}) {
    EXPECT_TRUE(std::filesystem::exists(dir / f)) << f;
  }
  const auto j = read_json(dir / "summary.json");
  EXPECT_EQ(j["constructions"][0]["name"], "mpi-allgatherv");
  EXPECT_EQ(j["constructions"][0]["passed"], 1);
  EXPECT_EQ(j["constructions"][0]["coverage"]["p_range"], "4");
}

TEST(MpiExec, TimingModeTableAndPlot) {
  const auto dir = scratch("timing");
  const JobRun r = mpirun(4, "bcast --time --sizes 1K..8K --reps 2 --report " + dir.string() +
                              " --format json,md,html");
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("| bytes | n | schedule (us) | native (us)"), std::string::npos) << r.out;
  EXPECT_EQ(count(r.out, "\n| 1024 |") + count(r.out, "\n| 2048 |") + count(r.out, "\n| 4096 |") +
                count(r.out, "\n| 8192 |"), 4u) << r.out;
  std::stringstream html;
  html << std::ifstream(dir / "report.html").rdbuf();
  EXPECT_NE(html.str().find("<svg"), std::string::npos);
  EXPECT_NE(html.str().find("<polyline"), std::string::npos);
  std::stringstream md;
  md << std::ifstream(dir / "report.md").rdbuf();
  EXPECT_NE(md.str().find("oversubscribed"), std::string::npos);
}

}  // namespace
}  // namespace collverify
