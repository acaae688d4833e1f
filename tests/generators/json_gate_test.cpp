// The input gate (generators/external/json_gate.hpp, issue 26), table-driven over every reader of
// a user's JSON file in generators/: schedule files as `verify bcast --schedule-file` reads them
// (one object, an array, JSON Lines), `prove bcast`'s read_schedule_json, routed JSON and the
// costs file (collverify-mpi's tree file: tests/mpi/layout_test.cpp). Each must refuse, with an
// InputError naming the file and never a crash, 100,000-deep arrays, objects and mixes at the
// top level and nested; FIFOs, devices and directories before reading; numbers beyond double
// range; a key given twice.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "generators/external/costs_file.hpp"
#include "generators/external/json_gate.hpp"
#include "generators/external/routed_json.hpp"
#include "generators/external/schedule_files.hpp"
#include "generators/external/schedule_json.hpp"
#include "model/error.hpp"
#include "tests/model/input_error_message.hpp"

namespace collverify {
namespace {

namespace fs = std::filesystem;

std::string error_of(const std::function<void()>& f) { return test_support::input_error_message(f); }

struct FileReader {
  const char* name;
  const char* file;  // the name the file gets (the extension decides JSON Lines)
  std::function<void(const fs::path&)> read;
  // A valid document of the reader with `value` under an extra key it ignores, or, where the
  // format has no ignored keys, under one of its own keys.
  std::function<std::string(const std::string& value)> around;
};

const char* const kSchedule = R"("p":1,"q":0,"skips":[0],"recv":[[]],"send":[[]])";
const char* const kRouted =
    R"("format":"collverify-routed/1","network":{"kind":"hypercube","d":1},)"
    R"("model":{"ports":"all","duplex":"full","switching":"sf","combining":false},)"
    R"("collective":"oab","root":0,"pieces":1,"rounds":[])";
const char* const kCosts = R"("alpha":[[0,0],[0,0]],"beta":[[0,0],[0,0]],"gamma":[0,0])";

std::vector<FileReader> readers() {
  const auto object = [](const char* body) {
    return [body](const std::string& v) {
      std::string s = "{";
      s += body;
      s += ",\"meta\":";
      s += v;
      s += '}';
      return s;
    };
  };
  return {
      {"verify bcast, one object", "s.json", [](const fs::path& f) { ScheduleFiles::read(f); },
       object(kSchedule)},
      {"verify bcast, an array", "a.json", [](const fs::path& f) { ScheduleFiles::read(f); },
       [&](const std::string& v) {
         std::string s = "[";  // appended: GCC 12 -Wrestrict misfires on "literal" + string
         s += object(kSchedule)(v);
         s += ']';
         return s;
       }},
      {"verify bcast, JSON Lines", "l.jsonl", [](const fs::path& f) { ScheduleFiles::read(f); },
       object(kSchedule)},
      {"prove bcast", "p.json", [](const fs::path& f) { read_schedule_json(f); },
       object(kSchedule)},
      {"verify routed", "r.json", [](const fs::path& f) { read_routed_json(f); }, object(kRouted)},
      {"--costs-file", "c.json", [](const fs::path& f) { read_costs_file<double>(f.string(), 2); },
       object(kCosts)},
  };
}

class JsonGate : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("collverify-json-gate-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path write(const FileReader& r, const std::string& text) const {
    const fs::path f = dir_ / r.file;
    std::ofstream(f, std::ios::binary) << text;
    return f;
  }
  fs::path dir_;
};

// The valid documents of the table are accepted: the refusals below are the gate's, not the
// reader's.
TEST_F(JsonGate, EveryReadersValidDocumentIsAccepted) {
  for (const FileReader& r : readers()) {
    const fs::path f = write(r, r.around("{\"a\":[1,{\"b\":2}]}"));
    EXPECT_EQ(error_of([&] { r.read(f); }), "") << r.name;
  }
}

std::string repeat(const std::string& open, const std::string& inner, const std::string& close,
                   std::size_t depth) {
  std::string s;
  s.reserve((open.size() + close.size()) * depth + inner.size());
  for (std::size_t i = 0; i < depth; ++i) s += open;
  s += inner;
  for (std::size_t i = 0; i < depth; ++i) s += close;
  return s;
}

// A top-level [[[...]]] of 100,000 levels was a segfault of `verify bcast --schedule-file`.
TEST_F(JsonGate, DeepNestingOfEveryShapeIsRefusedByEveryReader) {
  constexpr std::size_t kDepth = 100'000;
  const std::vector<std::pair<const char*, std::string>> shapes = {
      {"arrays", repeat("[", "", "]", kDepth)},
      {"objects", repeat("{\"a\":", "1", "}", kDepth)},
      {"mix", repeat("[{\"a\":", "1", "}]", kDepth / 2)},
      {"mix, objects first", repeat("{\"a\":[", "1", "]}", kDepth / 2)},
      {"unclosed arrays", std::string(kDepth, '[')},
  };
  for (const FileReader& r : readers()) {
    for (const auto& [shape, deep] : shapes) {
      for (const bool top : {true, false}) {
        const fs::path f = write(r, top ? deep : r.around(deep));
        const std::string m = error_of([&] { r.read(f); });
        EXPECT_NE(m.find(f.string()), std::string::npos)
            << r.name << ", " << shape << (top ? ", top level: " : ", nested: ") << m;
        EXPECT_NE(m.find("deeper than"), std::string::npos)
            << r.name << ", " << shape << (top ? ", top level: " : ", nested: ") << m;
      }
    }
  }
}

// A FIFO hung `verify bcast --schedule-file` and `verify routed`; /dev/zero filled the memory.
TEST_F(JsonGate, OnlyRegularFilesAreOpened) {
  const fs::path fifo = dir_ / "fifo.json";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const fs::path lines_fifo = dir_ / "fifo.jsonl";
  ASSERT_EQ(::mkfifo(lines_fifo.c_str(), 0600), 0);
  for (const FileReader& r : readers()) {
    for (const auto& [path, kind] :
         std::vector<std::pair<fs::path, std::string>>{{fifo, "a FIFO"},
                                                       {lines_fifo, "a FIFO"},
                                                       {"/dev/zero", "a character device"},
                                                       {"/dev/null", "a character device"}}) {
      const std::string m = error_of([&] { r.read(path); });
      std::string needle = "'";
      needle += path.string();
      needle += "': it is ";
      needle += kind;
      EXPECT_NE(m.find(needle), std::string::npos) << r.name << ": " << m;
    }
  }
  // A directory is a set of schedule files to `verify bcast`, refused by the others.
  for (const FileReader& r : readers()) {
    if (std::string(r.name).starts_with("verify bcast")) continue;
    const std::string m = error_of([&] { r.read(dir_); });
    EXPECT_NE(m.find("it is a directory"), std::string::npos) << r.name << ": " << m;
  }
}

// 1e400 in routed JSON was refused without the file's name; duplicate keys were accepted (the
// last won), also in keys a reader ignores.
TEST_F(JsonGate, OverflowingNumbersAndDuplicateKeysAreRefusedNamingTheFile) {
  for (const FileReader& r : readers()) {
    for (const auto& [value, needle] : std::vector<std::pair<std::string, std::string>>{
             {"1e400", "number overflow parsing '1e400'"},
             {"[-1e400]", "number overflow parsing '-1e400'"},
             {R"({"x":1,"x":2})", R"(key "x" appears twice)"},
             {R"([{"k":[{"y":0,"y":0}]}])", R"(key "y" appears twice)"}}) {
      const fs::path f = write(r, r.around(value));
      const std::string m = error_of([&] { r.read(f); });
      EXPECT_NE(m.find(f.string()), std::string::npos) << r.name << ", " << value << ": " << m;
      EXPECT_NE(m.find(needle), std::string::npos) << r.name << ", " << value << ": " << m;
    }
  }
  // A key of the format itself given twice at the top level.
  for (const FileReader& r : readers()) {
    std::string text = r.around("0");
    text.insert(text.find('{') + 1, "\"meta\":0,");
    const fs::path f = write(r, text);
    const std::string m = error_of([&] { r.read(f); });
    EXPECT_NE(m.find(R"(key "meta" appears twice)"), std::string::npos) << r.name << ": " << m;
  }
}

TEST_F(JsonGate, TheSizeCapHoldsOnTheBytesRead) {
  const fs::path f = dir_ / "big.json";
  std::ofstream(f) << "[" << std::string(100, ' ') << "]";
  const std::string m = error_of([&] { read_gated_file(f, "test file", {8, 50, 1}); });
  std::string needle = "'";
  needle += f.string();
  needle += "' is larger than 50 bytes";
  EXPECT_NE(m.find(needle), std::string::npos) << m;
  EXPECT_EQ(read_gated_file(f, "test file", {8, 102, 1}).size(), 102u);
  // /proc files say size 0 and hold more: the cap counts what is read.
  const std::string p = error_of([] {
    read_gated_file("/proc/self/maps", "test file", {8, 50, 1});
  });
  EXPECT_NE(p.find("is larger than 50 bytes"), std::string::npos) << p;
}

TEST_F(JsonGate, TooManyKeysInOneObjectAreRefused) {
  std::string text = "{";
  for (std::int64_t i = 0; i <= kMaxKeysPerObject; ++i) {
    text += i ? ",\"k" : "\"k";
    text += std::to_string(i);
    text += "\":0";
  }
  text += '}';
  EXPECT_NE(error_of([&] { check_json_text(text, "F", 8); }).find("more than 4096 keys"),
            std::string::npos);
  EXPECT_EQ(error_of([&] {
              check_json_text("{\"a\":{\"a\":{\"a\":1}},\"b\":[{\"a\":1},{\"a\":2}]}", "F", 8);
            }),
            "");
}

}  // namespace
}  // namespace collverify
