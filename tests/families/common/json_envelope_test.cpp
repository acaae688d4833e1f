// with_envelope (families/common/json_envelope.hpp): the envelope becomes the first member of a
// compact or an indented object, in the writer's own layout, and the rest is unchanged; a text
// that is not an object is a writer's bug and throws.
#include "families/common/json_envelope.hpp"

#include <nlohmann/json.hpp>

#include <regex>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace collverify::cli {
namespace {

using nlohmann::ordered_json;

TEST(JsonEnvelope, CompactObjectGetsItFirstAndKeepsTheRest) {
  const std::string out = with_envelope("schedule bcast", R"({"p":4,"q":2})");
  EXPECT_EQ(out.rfind(R"({"collverify":{"version":")", 0), 0u) << out;
  const ordered_json j = ordered_json::parse(out);
  ASSERT_EQ(j.size(), 3u);
  EXPECT_EQ(j.begin().key(), "collverify");
  EXPECT_EQ(j["collverify"]["command"], "schedule bcast");
  EXPECT_EQ(j["collverify"]["format"], kJsonFormat);
  // The project's version (the build defines it for the families library only).
  EXPECT_TRUE(std::regex_match(j["collverify"]["version"].get<std::string>(),
                               std::regex("[0-9]+\\.[0-9]+\\.[0-9]+")));
  EXPECT_EQ(j["p"], 4);
  EXPECT_EQ(j["q"], 2);
  // Without the envelope, the text is the writer's, byte for byte.
  EXPECT_EQ(out.substr(out.find("},") + 2), R"("p":4,"q":2})");
}

TEST(JsonEnvelope, IndentedObjectKeepsItsIndentation) {
  const nlohmann::json body{{"b", 1}, {"a", {1, 2}}};
  const std::string out = with_envelope("solve mbt", body.dump(2));
  EXPECT_EQ(out.rfind("{\n  \"collverify\": {\"version\": ", 0), std::string::npos)
      << "the envelope's own object is compact:\n" << out;
  EXPECT_EQ(out.rfind("{\n  \"collverify\": {\"version\":\"", 0), 0u) << out;
  EXPECT_NE(out.find("},\n  \"a\": ["), std::string::npos) << out;
  const ordered_json j = ordered_json::parse(out);
  EXPECT_EQ(j.begin().key(), "collverify");
  EXPECT_EQ(j["collverify"]["command"], "solve mbt");
  EXPECT_EQ(j["a"], ordered_json({1, 2}));
}

TEST(JsonEnvelope, EmptyObjectHasNoStrayComma) {
  const ordered_json j = ordered_json::parse(with_envelope("trees", "{}"));
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j["collverify"]["command"], "trees");
}

TEST(JsonEnvelope, TheMemberIsValidJsonInsideAnObject) {
  const ordered_json j = ordered_json::parse("{" + json_envelope_member("schedule torus") + "}");
  const std::string version = j["collverify"]["version"];
  std::string expected = R"({"version":")";
  expected.append(version).append(R"(","command":"schedule torus","format":1})");
  EXPECT_EQ(j["collverify"].dump(), expected);
}

TEST(JsonEnvelope, NotAnObjectIsAWritersBug) {
  EXPECT_THROW(with_envelope("trees", "[1, 2]"), std::logic_error);
  EXPECT_THROW(with_envelope("trees", ""), std::logic_error);
  EXPECT_THROW(with_envelope("trees", "  \n"), std::logic_error);
}

}  // namespace
}  // namespace collverify::cli
