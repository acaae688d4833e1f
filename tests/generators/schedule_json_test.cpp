// Reading users' schedules: schedule_to_json and parse_schedule_json round-trip exactly, and
// every kind of bad input is refused with a message naming the offending key and value.
#include "generators/external/schedule_json.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include "model/error.hpp"

namespace collverify {
namespace {

// A hand-built (not necessarily correct) p = 5 schedule whose entries cover [-q, q).
CirculantSchedule small_schedule() {
  CirculantSchedule s = CirculantSchedule::allocate(5);
  s.skips = {1, 2, 3, 5};
  for (std::int64_t r = 0; r < s.p; ++r) {
    s.baseblock[static_cast<std::size_t>(r)] = static_cast<std::int8_t>(r == 0 ? 3 : r % 3);
    for (int k = 0; k < s.q; ++k) {
      s.set_recv(r, k, static_cast<int>((r + k) % 6) - 3);
      s.set_send(r, k, static_cast<int>((2 * r + 5 * std::int64_t{k}) % 6) - 3);
    }
  }
  return s;
}

void expect_same(const CirculantSchedule& a, const CirculantSchedule& b) {
  EXPECT_EQ(a.p, b.p);
  EXPECT_EQ(a.q, b.q);
  EXPECT_EQ(a.skips, b.skips);
  EXPECT_EQ(a.baseblock, b.baseblock);
  EXPECT_EQ(a.recv, b.recv);
  EXPECT_EQ(a.send, b.send);
}

// The message of the InputError that parsing `text` throws ("" if it throws none).
std::string error_of(const std::string& text) {
  try {
    parse_schedule_json(text, "user.json");
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

testing::AssertionResult mentions(const std::string& message, const std::string& part) {
  if (message.find(part) != std::string::npos) {
    return testing::AssertionSuccess();
  }
  return testing::AssertionFailure() << "message \"" << message << "\" lacks \"" << part << "\"";
}

// A valid p = 5 object, except that `key` has the JSON text `value` (or is left out if `value`
// is empty).
std::string with(const std::string& key, const std::string& value) {
  const std::string keys[] = {"p", "q", "skips", "baseblock", "recv", "send"};
  const std::string values[] = {"5",
                                "3",
                                "[1,2,3,5]",
                                "[3,0,1,1,0]",
                                "[[0,0,0],[-1,0,-2],[0,1,-1],[-2,-1,1],[-1,0,2]]",
                                "[[0,1,2],[0,-1,-3],[1,-1,0],[-3,1,0],[2,1,0]]"};
  std::string out = "{";
  for (std::size_t i = 0; i < 6; ++i) {
    if (keys[i] == key && value.empty()) {
      continue;
    }
    if (out.size() > 1) {
      out += ",";
    }
    out += "\"" + keys[i] + "\":" + (keys[i] == key ? value : values[i]);
  }
  return out + "}";
}

TEST(ScheduleJson, RoundTripGivesIdenticalTables) {
  const CirculantSchedule s = small_schedule();
  expect_same(parse_schedule_json(schedule_to_json(s), "round trip"), s);
}

TEST(ScheduleJson, RoundTripWithoutBaseblock) {
  CirculantSchedule s = small_schedule();
  s.baseblock.clear();
  const std::string text = schedule_to_json(s);
  EXPECT_EQ(text.find("baseblock"), std::string::npos);
  expect_same(parse_schedule_json(text, "round trip"), s);
}

TEST(ScheduleJson, RoundTripOfOneRank) {
  CirculantSchedule s = CirculantSchedule::allocate(1);
  s.skips = {1};
  expect_same(parse_schedule_json(schedule_to_json(s), "round trip"), s);
}

TEST(ScheduleJson, PrintsOneRankPerLine) {
  CirculantSchedule s = CirculantSchedule::allocate(2);
  s.skips = {1, 2};
  s.baseblock = {1, 0};
  s.set_send(1, 0, -1);
  EXPECT_EQ(schedule_to_json(s),
            "{\"p\":2,\"q\":1,\"skips\":[1,2],\"baseblock\":[1,0],\n"
            "\"recv\":[\n[0],\n[0]\n],\n"
            "\"send\":[\n[0],\n[-1]\n]}");
}

TEST(ScheduleJson, AcceptsTheValidObjectAndAMissingBaseblock) {
  EXPECT_EQ(error_of(with("", "")), "");
  const CirculantSchedule s = parse_schedule_json(with("baseblock", ""), "user.json");
  EXPECT_TRUE(s.baseblock.empty());
  EXPECT_EQ(s.send_at(3, 0), -3);
  EXPECT_EQ(s.recv_at(4, 2), 2);
}

TEST(ScheduleJson, RefusesInvalidJson) {
  const std::string m = error_of("{\"p\": 5, \"q\": ");
  EXPECT_TRUE(mentions(m, "user.json"));
  EXPECT_TRUE(mentions(m, "invalid JSON"));
  EXPECT_TRUE(mentions(error_of("[1,2,3]"), "must be a JSON object"));
}

TEST(ScheduleJson, RefusesMissingKeys) {
  const std::string m = error_of(with("recv", ""));
  EXPECT_TRUE(mentions(m, "user.json"));
  EXPECT_TRUE(mentions(m, "missing key \"recv\""));
  EXPECT_TRUE(mentions(error_of(with("q", "")), "missing key \"q\""));
}

TEST(ScheduleJson, RefusesWrongTypes) {
  const std::string m = error_of(with("p", "\"5\""));
  EXPECT_TRUE(mentions(m, "\"p\" must be an integer"));
  EXPECT_TRUE(mentions(m, "string \"5\""));
  EXPECT_TRUE(mentions(error_of(with("recv", "{}")), "\"recv\" (p = 5) must be an array"));
  EXPECT_TRUE(mentions(error_of(with("send", "[[0,1,2],[0,-1,-3],[1,-1,0.5],[-3,1,0],[2,1,0]]")),
                       "\"send\"[2][2] must be an integer, got number 0.5"));
  EXPECT_TRUE(mentions(error_of(with("skips", "[1,2,3,18446744073709551615]")),
                       "\"skips\"[3] = 18446744073709551615 does not fit"));
}

TEST(ScheduleJson, RefusesPOutOfRange) {
  EXPECT_TRUE(mentions(error_of(with("p", "0")), "\"p\" = 0 is outside"));
  EXPECT_TRUE(mentions(error_of(with("p", "-3")), "\"p\" = -3 is outside"));
  EXPECT_TRUE(mentions(error_of(with("p", "4611686018427387904")),
                       "\"p\" = 4611686018427387904 is outside the supported range"));
}

TEST(ScheduleJson, RefusesWrongQ) {
  const std::string m = error_of(with("q", "2"));
  EXPECT_TRUE(mentions(m, "\"q\" = 2"));
  EXPECT_TRUE(mentions(m, "p = 5 needs q = ceil(log2 p) = 3"));
}

// A tiny file that claims a huge p is refused on its array lengths before anything the size of
// p is allocated (review: a 60-byte file once took 15 GB and 50 s to be refused). The memory
// estimate itself is tested on CirculantSchedule::allocate (tests/model).
TEST(ScheduleJson, RefusesAHugePBeforeAllocating) {
  const std::string m =
      error_of("{\"p\":1099511627776,\"q\":40,\"skips\":[],\"recv\":[],\"send\":[]}");
  EXPECT_TRUE(mentions(m, "user.json"));
  EXPECT_TRUE(mentions(m, "p = 1099511627776"));
  EXPECT_TRUE(mentions(m, "expected length q + 1 = 41"));
  EXPECT_TRUE(mentions(error_of("{\"p\":2305843009213693952,\"q\":61}"), "missing key \"skips\""));
}

TEST(ScheduleJson, RefusesWrongArrayLengths) {
  EXPECT_TRUE(mentions(error_of(with("skips", "[1,2,5]")),
                       "\"skips\" (p = 5) has length 3; expected length q + 1 = 4"));
  EXPECT_TRUE(mentions(error_of(with("baseblock", "[3,0,1,1]")),
                       "\"baseblock\" (p = 5) has length 4; expected length p = 5"));
  EXPECT_TRUE(mentions(error_of(with("send", "[[0,1,2],[0,-1,-3]]")),
                       "\"send\" (p = 5) has length 2; expected length p (one row per rank) = 5"));
  const std::string m = error_of(with("recv", "[[0,0,0],[-1,0,-2],[0,1],[-2,-1,1],[-1,0,2]]"));
  EXPECT_TRUE(mentions(m, "\"recv\"[2] (p = 5, r = 2) has length 2; expected length q = 3"));
}

TEST(ScheduleJson, RefusesEntriesOutsideTheRange) {
  const std::string m = error_of(with("recv", "[[0,0,0],[-1,0,-2],[0,1,-1],[-2,7,1],[-1,0,2]]"));
  EXPECT_TRUE(mentions(m, "\"recv\"[3][1] = 7"));
  EXPECT_TRUE(mentions(m, "p = 5, r = 3, round k = 1"));
  EXPECT_TRUE(mentions(m, "[-q, q) = [-3, 3)"));
  EXPECT_TRUE(mentions(error_of(with("send", "[[0,1,2],[0,-1,-3],[1,-1,0],[-3,1,0],[2,1,-4]]")),
                       "\"send\"[4][2] = -4 for p = 5, r = 4, round k = 2"));
  EXPECT_TRUE(mentions(error_of(with("recv", "[[0,0,0],[-1,0,-2],[0,1,-1],[-2,-1,1],[-1,0,3]]")),
                       "\"recv\"[4][2] = 3"));
  EXPECT_TRUE(mentions(error_of(with("baseblock", "[3,0,1,4,0]")),
                       "\"baseblock\"[3] = 4 for p = 5, r = 3 is outside [-q, q] = [-3, 3]"));
}

TEST(ScheduleJson, SkipsAreLeftToTheChecker) {
  const CirculantSchedule s = parse_schedule_json(with("skips", "[7,-1,0,9]"), "user.json");
  EXPECT_EQ(s.skips, (std::vector<std::int64_t>{7, -1, 0, 9}));
}

TEST(ScheduleJson, ReadsFilesAndNamesUnreadableOnes) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("collverify_schedule_json_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "schedule.json";
  const CirculantSchedule s = small_schedule();
  std::ofstream(file) << schedule_to_json(s);
  expect_same(read_schedule_json(file), s);

  std::ofstream(file) << with("q", "4");
  try {
    read_schedule_json(file);
    ADD_FAILURE() << "no InputError";
  } catch (const InputError& e) {
    EXPECT_TRUE(mentions(e.what(), file.string()));
  }
  for (const auto& bad : {dir / "missing.json", dir}) {
    try {
      read_schedule_json(bad);
      ADD_FAILURE() << "no InputError for " << bad;
    } catch (const InputError& e) {
      EXPECT_TRUE(mentions(e.what(), "cannot read schedule file '" + bad.string() + "'"));
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace collverify
