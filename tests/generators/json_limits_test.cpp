// Limits on users' JSON files (issue 14, "Limits that hold"): regular files only, nesting bounded
// before anything deep is built, every nlohmann error is bad input, and the schedule reader
// streams straight into the tables (the slow DOM twin agrees with it on every input here).
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>

#include "generators/external/costs_file.hpp"
#include "generators/external/json_input.hpp"
#include "generators/external/schedule_json.hpp"
#include "model/error.hpp"
#include "tests/model/input_error_message.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

std::string error_of(auto&& f) { return test_support::input_error_message(f); }

class JsonLimits : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("collverify-json-limits-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

// /dev/zero was read until memory ran out; a FIFO without a writer blocked forever.
TEST_F(JsonLimits, OnlyRegularFilesAreRead) {
  const std::string zero = error_of([] { read_schedule_json("/dev/zero"); });
  EXPECT_NE(zero.find("'/dev/zero': it is a character device; only regular files are read"),
            std::string::npos)
      << zero;
  const fs::path fifo = dir_ / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(error_of([&] { read_schedule_json(fifo); }).find("it is a FIFO"), std::string::npos);
  EXPECT_NE(error_of([&] { read_costs_file<double>(fifo.string(), 2); }).find("it is a FIFO"),
            std::string::npos);
  EXPECT_NE(error_of([] { read_costs_file<double>("/dev/zero", 2); }).find("character device"),
            std::string::npos);
  EXPECT_NE(error_of([&] { read_schedule_json(dir_); }).find("it is a directory"),
            std::string::npos);
}

// A 100,000-deep [[[...]]] overflowed the stack (a 30,000-deep one was refused).
TEST_F(JsonLimits, DeepNestingIsRefusedNotRecursedInto) {
  for (const std::size_t depth : {65u, 30'000u, 100'000u, 1'000'000u}) {
    std::string deep(depth, '[');
    deep.append(depth, ']');
    // Appended piecewise: GCC 12 -O3 -Wrestrict misfires on "literal" + std::string.
    std::string in_key = "{\"recv\":";
    in_key += deep;
    in_key += '}';
    std::string in_other = "{\"meta\":";
    in_other += deep;
    in_other += '}';
    for (const std::string& text : {deep, in_key, in_other}) {
      const std::string m = error_of([&] { parse_schedule_json(text, "deep.json"); });
      EXPECT_NE(m.find("deep.json"), std::string::npos) << depth;
      if (text == in_other) {
        EXPECT_NE(m.find("nested deeper than 64 levels"), std::string::npos) << m;
      }
      EXPECT_NE(error_of([&] { parse_schedule_json_dom(text, "deep.json"); }), "");
    }
    std::ofstream(dir_ / "costs.json") << "{\"alpha\":" << deep << "}";
    const std::string c = error_of([&] { read_costs_file<double>((dir_ / "costs.json").string(), 2); });
    EXPECT_NE(c.find("nested deeper than 64 levels"), std::string::npos) << c;
  }
}

// nlohmann's type_error escaped read_costs_file (terminate) for a top level that is not an object.
TEST_F(JsonLimits, EveryCostsFileTypeErrorIsBadInput) {
  for (const char* text : {"[[[[1]]]]", "5", "\"alpha\"", "null",
                           "{\"alpha\": [[{\"x\": 1}, 0], [0, 0]], \"beta\": [[0,0],[0,0]], "
                           "\"gamma\": [0, 0]}",
                           "{\"alpha\": 1}", "{\"alpha\": [[0,0],[0,0]], \"beta\": [[0,0],[0,0]], "
                           "\"gamma\": [true, 0]}"}) {
    std::ofstream(dir_ / "costs.json") << text;
    const std::string m =
        error_of([&] { read_costs_file<double>((dir_ / "costs.json").string(), 2); });
    EXPECT_NE(m, "") << text;
  }
}

TEST_F(JsonLimits, NestingDepthCountsOutsideStrings) {
  EXPECT_EQ(json_nesting_depth("{\"a\": [[1], {\"b\": \"[[[[\\\"[[\"}]}", 100), 3);
  EXPECT_EQ(json_nesting_depth(std::string(10, '['), 5), 6);
  EXPECT_EQ(json_nesting_depth("", 5), 0);
}

// The fast streaming reader against its slow DOM twin: the same tables for valid schedules of
// every p up to 100 and every 13th up to 300 (keys in both orders), the same refusal for broken ones.
TEST(ScheduleJsonTwins, StreamAndDomAgree) {
  std::mt19937_64 rng(14);
  for (std::int64_t p = 1; p <= 300; p += p < 100 ? 1 : 13) {
    CirculantSchedule s = CirculantSchedule::allocate(p);
    for (std::int64_t r = 0; r < p; ++r) {
      for (int k = 0; k < s.q; ++k) {
        s.set_recv(r, k, static_cast<int>(rng() % static_cast<std::uint64_t>(2 * s.q)) - s.q);
        s.set_send(r, k, static_cast<int>(rng() % static_cast<std::uint64_t>(2 * s.q)) - s.q);
      }
      s.baseblock[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(rng() % 3);
    }
    if (p % 2 == 0) s.baseblock.clear();
    const std::string text = schedule_to_json(s);
    const CirculantSchedule a = parse_schedule_json(text, "s.json");
    const CirculantSchedule b = parse_schedule_json_dom(text, "s.json");
    ASSERT_EQ(a.recv, b.recv) << p;
    ASSERT_EQ(a.send, b.send) << p;
    ASSERT_EQ(a.skips, b.skips) << p;
    ASSERT_EQ(a.baseblock, b.baseblock) << p;
    // Keys in another order: "recv" and "send" before "p" and "q".
    const std::size_t split = text.find(",\n\"recv\"");
    ASSERT_NE(split, std::string::npos);
    std::string reordered = "{";
    reordered += text.substr(split + 2, text.size() - split - 3);
    reordered += ',';
    reordered += text.substr(1, split - 1);
    reordered += '}';
    const CirculantSchedule c = parse_schedule_json(reordered, "s.json");
    ASSERT_EQ(c.recv, a.recv) << p;
    ASSERT_EQ(c.send, a.send) << p;
    // One broken entry (q out of range): both refuse with the same message.
    if (p >= 2) {
      std::string broken = text;
      const std::size_t at = broken.rfind(']', broken.size() - 3);  // end of the last send row
      broken.insert(at, "+0");  // not JSON at all
      EXPECT_EQ(error_of([&] { parse_schedule_json(broken, "s.json"); }),
                error_of([&] { parse_schedule_json_dom(broken, "s.json"); }));
      // The last send row made of q's, all outside [-q, q).
      std::string wrong = text;
      const std::size_t row_end = wrong.rfind(']', wrong.size() - 3);
      const std::size_t row_begin = wrong.rfind('[', row_end);
      std::string row = "[";
      for (int k = 0; k < s.q; ++k) {
        if (k > 0) row += ',';
        row += std::to_string(s.q);
      }
      row += ']';
      wrong.replace(row_begin, row_end - row_begin + 1, row);
      const std::string m = error_of([&] { parse_schedule_json(wrong, "s.json"); });
      EXPECT_NE(m, "") << p;
      EXPECT_EQ(m, error_of([&] { parse_schedule_json_dom(wrong, "s.json"); }));
    }
  }
}

// Peak memory of reading a valid file: the old DOM reader took about 10 bytes per byte of text
// (231 MB -> 2.2 GiB); the stream takes the tables, well under the file's own size. Measured in
// a forked child (getrusage of the child), from its resident size before the read.
TEST_F(JsonLimits, ReadingAValidFileTakesLessMemoryThanTheFile) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine inflate resident size and "
                  "address space; this measurement runs in the Release build (make test)";
#endif
  const std::int64_t p = std::int64_t{1} << 17;  // q = 17: tables 4.5 MB, text about 12 MB
  CirculantSchedule s = CirculantSchedule::allocate(p);
  for (std::int64_t r = 0; r < p; ++r) {
    for (int k = 0; k < s.q; ++k) {
      s.set_recv(r, k, static_cast<int>((r + k) % 34) - 17);
      s.set_send(r, k, static_cast<int>((r * 7 + k) % 34) - 17);
    }
  }
  const fs::path file = dir_ / "big.json";
  std::ofstream(file) << schedule_to_json(s);
  const auto size = static_cast<std::int64_t>(fs::file_size(file));
  s = CirculantSchedule();
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    long pages = 0, resident = 0;
    if (std::FILE* f = std::fopen("/proc/self/statm", "r")) {
      if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
      std::fclose(f);
    }
    const std::int64_t before = resident * ::sysconf(_SC_PAGESIZE);
    const CirculantSchedule read = read_schedule_json(file);
    rusage ru{};
    ::getrusage(RUSAGE_SELF, &ru);
    const std::int64_t grew = std::int64_t{ru.ru_maxrss} * 1024 - before;
    std::printf("file %lld bytes, tables %lld bytes, peak growth %lld bytes\n",
                static_cast<long long>(size), static_cast<long long>(read.recv.size() * 2),
                static_cast<long long>(grew));
    std::fflush(stdout);
    ::_exit(read.p == p && grew < size ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "peak memory of the read reached the file's size";
}

}  // namespace
}  // namespace collverify
