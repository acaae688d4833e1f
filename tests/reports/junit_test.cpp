// junit.xml: element balance, counts that match the elements, chunking, escaping, properties.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "model/error.hpp"
#include "reports/writers.hpp"
#include "tests/reports/sample_summary.hpp"

namespace collverify {
namespace {

using test::count_of;

// A small structural check: every start tag is closed in order, attribute values are quoted,
// and no raw < or & appears outside markup (entities aside). Returns "" or the first problem.
std::string xml_problem(const std::string& xml) {
  std::vector<std::string> open;
  std::size_t i = 0;
  while (i < xml.size()) {
    if (xml[i] == '&') {
      const std::size_t semi = xml.find(';', i);
      if (semi == std::string::npos || semi - i > 6) return "bare & at " + std::to_string(i);
      i = semi + 1;
      continue;
    }
    if (xml[i] != '<') {
      ++i;
      continue;
    }
    const std::size_t end = xml.find('>', i);
    if (end == std::string::npos) return "unterminated tag";
    const std::string tag = xml.substr(i + 1, end - i - 1);
    if (tag.find('<') != std::string::npos) return "< inside tag " + tag;
    if (count_of(tag, "\"") % 2 != 0) return "unbalanced quotes in " + tag;
    i = end + 1;
    if (tag.front() == '?') continue;
    const std::string name = tag.substr(tag.front() == '/' ? 1 : 0,
                                        tag.find_first_of(" /", 1) - (tag.front() == '/' ? 1 : 0));
    if (tag.front() == '/') {
      if (open.empty() || open.back() != name) return "mismatched </" + name + ">";
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(name);
    }
  }
  return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

// The attribute value attr="..." of the first element named tag after position from.
std::string attribute(const std::string& xml, const std::string& tag, const std::string& attr,
                      std::size_t from = 0) {
  const std::size_t start = xml.find("<" + tag + " ", from);
  const std::size_t end = xml.find('>', start);
  const std::size_t at = xml.find(" " + attr + "=\"", start);
  if (start == std::string::npos || at == std::string::npos || at > end) return "<absent>";
  const std::size_t value = at + attr.size() + 3;
  return xml.substr(value, xml.find('"', value) - value);
}

TEST(JunitXml, OneSuitePerConstructionOneCasePerP) {
  const std::string xml = junit_xml(test::sample_summary(), 1);
  EXPECT_EQ(xml_problem(xml), "");
  EXPECT_EQ(count_of(xml, "<testsuite "), 2u);
  EXPECT_EQ(count_of(xml, "<testcase "), 8u);
  EXPECT_EQ(count_of(xml, "<failure "), 1u);
  EXPECT_EQ(count_of(xml, "<skipped "), 1u);
  EXPECT_EQ(attribute(xml, "testsuites", "tests"), "8");
  EXPECT_EQ(attribute(xml, "testsuites", "failures"), "1");
  EXPECT_EQ(attribute(xml, "testsuite", "name"), "bcast");
  EXPECT_EQ(attribute(xml, "testsuite", "tests"), "4");
  EXPECT_EQ(attribute(xml, "testsuite", "failures"), "0");
  const std::size_t second = xml.find("<testsuite name=\"bcast_plugin\"");
  ASSERT_NE(second, std::string::npos);
  EXPECT_EQ(attribute(xml, "testsuite", "tests", second), "4");
  EXPECT_EQ(attribute(xml, "testsuite", "failures", second), "1");
  EXPECT_EQ(attribute(xml, "testsuite", "skipped", second), "1");
  EXPECT_EQ(attribute(xml, "testsuite", "time", second), "0.250");
  EXPECT_NE(xml.find("<testcase name=\"p=2\" classname=\"collverify.bcast\""), std::string::npos);
  EXPECT_NE(xml.find("<testcase name=\"p=4\" classname=\"collverify.bcast_plugin\""),
            std::string::npos);
}

TEST(JunitXml, FailureCarriesTheWitness) {
  const std::string xml = junit_xml(test::sample_summary(), 1);
  EXPECT_NE(xml.find("<failure message=\"send_before_receive at p=4,n=-,rank=3,round=1,block=-2\" "
                     "type=\"send_before_receive\">rank 3 sends block -2 in round 1 before "
                     "receiving it</failure>"),
            std::string::npos)
      << xml;
}

TEST(JunitXml, EscapesMarkupInMessagesAndNames) {
  RunSummary run = test::sample_summary();
  run.command = "verify --p 2..5 <x>";
  run.constructions[1].cases[2].violation->message = "a<b & \"c\" 'd'>";
  run.constructions[1].cases[2].violation->property = "p&q";
  const std::string xml = junit_xml(run, 1);
  EXPECT_EQ(xml_problem(xml), "");
  EXPECT_NE(xml.find(">a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;</failure>"), std::string::npos)
      << xml;
  EXPECT_NE(xml.find("type=\"p&amp;q\""), std::string::npos);
  EXPECT_NE(xml.find("value=\"verify --p 2..5 &lt;x&gt;\""), std::string::npos);
  EXPECT_EQ(xml.find("a<b"), std::string::npos);
}

TEST(JunitXml, ChunksGroupConsecutiveCases) {
  const std::string two = junit_xml(test::sample_summary(), 2);
  EXPECT_EQ(xml_problem(two), "");
  EXPECT_EQ(count_of(two, "<testcase "), 4u);
  EXPECT_EQ(count_of(two, "name=\"p=2..3\""), 2u);
  EXPECT_EQ(count_of(two, "name=\"p=4..5\""), 2u);
  // The failing chunk of bcast_plugin also holds the inconclusive p=5: failure wins.
  EXPECT_EQ(count_of(two, "<failure "), 1u);
  EXPECT_EQ(count_of(two, "<skipped "), 0u);
  EXPECT_EQ(attribute(two, "testcase", "time"), "0.250");

  const std::string three = junit_xml(test::sample_summary(), 3);
  EXPECT_EQ(count_of(three, "name=\"p=2..4\""), 2u);
  EXPECT_EQ(count_of(three, "name=\"p=5\""), 2u);
  EXPECT_EQ(count_of(three, "<skipped "), 1u);

  const std::string all = junit_xml(test::sample_summary(), 100);
  EXPECT_EQ(count_of(all, "<testcase "), 2u);
  EXPECT_EQ(count_of(all, "name=\"p=2..5\""), 2u);
}

TEST(JunitXml, RejectsNonPositiveChunk) {
  EXPECT_THROW(junit_xml(test::sample_summary(), 0), InputError);
  EXPECT_THROW(junit_xml(test::sample_summary(), -3), InputError);
}

TEST(JunitXml, PropertiesSayWhetherTheRunIsComplete) {
  RunSummary run = test::sample_summary();
  EXPECT_EQ(count_of(junit_xml(run, 1), "<property name=\"complete\" value=\"true\"/>"), 2u);
  run.complete = false;
  EXPECT_EQ(count_of(junit_xml(run, 1), "<property name=\"complete\" value=\"false\"/>"), 2u);
}

// The violation count reaches the CI: total, listed, cap and whether the list was cut.
TEST(JunitXml, PropertiesGiveTheViolationCount) {
  RunSummary run = test::sample_summary();
  run.constructions[1] = test::sample_capped(638, 100);
  const std::string xml = junit_xml(run, 1);
  EXPECT_EQ(xml_problem(xml), "");
  const std::size_t suite = xml.find("<testsuite name=\"bcast_plugin\"");
  const std::string props = xml.substr(suite, xml.find("</properties>", suite) - suite);
  EXPECT_NE(props.find("<property name=\"violations_total\" value=\"638\"/>"), std::string::npos)
      << props;
  EXPECT_NE(props.find("<property name=\"violations_listed\" value=\"100\"/>"),
            std::string::npos);
  EXPECT_NE(props.find("<property name=\"violations_cap\" value=\"100\"/>"), std::string::npos);
  EXPECT_NE(props.find("<property name=\"violations_truncated\" value=\"true\"/>"),
            std::string::npos);
  // The passing construction: nothing found, nothing cut.
  EXPECT_NE(xml.find("<property name=\"violations_total\" value=\"0\"/>"), std::string::npos);
  EXPECT_NE(xml.find("<property name=\"violations_truncated\" value=\"false\"/>"),
            std::string::npos);
}

TEST(JunitXml, ConstructionWithoutCasesStillFails) {
  RunSummary run = test::sample_summary();
  run.constructions[1].cases.clear();
  const std::string xml = junit_xml(run, 1);
  EXPECT_EQ(xml_problem(xml), "");
  EXPECT_NE(xml.find("<testcase name=\"all\" classname=\"collverify.bcast_plugin\""),
            std::string::npos);
  EXPECT_EQ(count_of(xml, "<failure "), 1u);
}

TEST(JunitXml, FailingCaseWithoutWitnessStillFails) {
  RunSummary run = test::sample_summary();
  run.constructions[1].cases[2].violation.reset();
  const std::string xml = junit_xml(run, 1);
  EXPECT_EQ(xml_problem(xml), "");
  EXPECT_NE(xml.find("<failure message=\"p=4 failed without a recorded witness\""),
            std::string::npos);
}

// Issue 25: two plugin runs in one CI job gave two suites named "bcast_plugin"; the suite and
// class names now carry the input's file name, and a property its path.
TEST(JunitXml, SuiteNameCarriesTheInputFile) {
  RunSummary run = test::sample_summary();
  run.constructions[1].input = "build/plugins/libfaulty.so";
  const std::string xml = junit_xml(run, 1);
  EXPECT_NE(xml.find("<testsuite name=\"bcast_plugin (libfaulty.so)\" "), std::string::npos) << xml;
  EXPECT_NE(xml.find("classname=\"collverify.bcast_plugin.libfaulty_so\""), std::string::npos);
  EXPECT_NE(xml.find("<property name=\"input\" value=\"build/plugins/libfaulty.so\"/>"),
            std::string::npos);
  // A built-in construction keeps its plain name and has no input property.
  EXPECT_NE(xml.find("<testsuite name=\"bcast\" "), std::string::npos);
  EXPECT_EQ(count_of(xml, "name=\"input\""), 1u);
  EXPECT_EQ(xml_problem(xml), "");
}

}  // namespace
}  // namespace collverify
