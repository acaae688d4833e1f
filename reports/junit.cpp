// junit_xml: junit.xml in the common Jenkins/GitLab/GitHub reader dialect. <testsuites> totals,
// then per construction a <testsuite> whose tests/failures/skipped count the <testcase>
// elements it holds (chunks, not p), with a <properties> block saying whether the run was
// complete, the command, the version, the user's input file (a plugin, a schedule file: also in
// the suite's name and class name, so two runs on different files do not collide) and the
// violation count (violations_total, violations_listed, violations_cap, violations_truncated: a
// capped list says so in the CI's own view as well). A test case covers junit_chunk consecutive CaseResults; its time is their sum.
// An interrupted construction gets one more test case, "not checked (interrupted)", with a
// <failure type="incomplete"> saying which p were not checked, counted in `failures`: a CI
// dashboard shows failures, not properties, and a job that checks only failures="0" must not
// read an interrupted run as green (it was an <error>, counted in `errors` only; issue 26).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "model/error.hpp"
#include "reports/escape.hpp"
#include "reports/summary_text.hpp"
#include "reports/writers.hpp"

namespace collverify {

namespace {

using reports::xml_escape;

// One <testcase> element: its name, verdict, duration and the witness it reports.
struct JunitCase {
  std::string name;
  Status status = Status::pass;
  std::string not_checked;  // non-empty: the p this case stands for were not checked (a failure)
  double seconds = 0;
  const Violation* witness = nullptr;  // the first failing case's, if it recorded one
  std::int64_t first_failing_p = kNone;
  std::string skip_reason;  // for an inconclusive case
};

constexpr const char* kInconclusive = "inconclusive: the solver answered unknown or timed out";

JunitCase merge_chunk(std::span<const CaseResult> chunk) {
  JunitCase out;
  const std::int64_t first = chunk.front().p;
  const std::int64_t last = chunk.back().p;
  out.name = first == last ? fmt::format("p={}", first) : fmt::format("p={}..{}", first, last);
  for (const CaseResult& c : chunk) {
    out.seconds += c.seconds;
    if (c.status == Status::fail && out.status != Status::fail) {
      out.status = Status::fail;
      out.first_failing_p = c.p;
      out.witness = c.violation ? &*c.violation : nullptr;
    } else if (c.status == Status::inconclusive && out.status == Status::pass) {
      out.status = Status::inconclusive;
      out.skip_reason = c.violation
                            ? fmt::format("p={} inconclusive: {}", c.p, c.violation->message)
                            : fmt::format("p={} {}", c.p, kInconclusive);
    }
  }
  return out;
}

// Without per-p cases, one case "all" carries the construction's verdict so that a failure
// still reaches the CI.
JunitCase whole_construction(const ConstructionSummary& c) {
  JunitCase out{"all", reports::construction_status(c), "", c.seconds, nullptr, kNone,
                kInconclusive};
  if (!c.violations.empty()) out.witness = &c.violations.front();
  return out;
}

std::vector<JunitCase> junit_cases(const RunSummary& run, const ConstructionSummary& c,
                                   std::int64_t chunk) {
  const bool incomplete = reports::construction_incomplete(run, c);
  std::vector<JunitCase> out;
  if (c.cases.empty()) {
    // An interrupted construction without cases has nothing to judge as "all" unless it failed.
    if (!incomplete || reports::construction_status(c) == Status::fail) {
      out.push_back(whole_construction(c));
    }
  } else {
    const std::span<const CaseResult> all(c.cases);
    const auto size = static_cast<std::size_t>(chunk);
    for (std::size_t begin = 0; begin < all.size(); begin += size) {
      out.push_back(merge_chunk(all.subspan(begin, std::min(size, all.size() - begin))));
    }
  }
  if (incomplete) {
    JunitCase jc;
    jc.name = "not checked (interrupted)";
    jc.not_checked = reports::not_checked_text(c);
    out.push_back(std::move(jc));
  }
  return out;
}

std::string failure_xml(const JunitCase& jc) {
  if (jc.witness == nullptr) {
    const std::string what =
        jc.first_failing_p == kNone
            ? std::string("failed without a recorded witness")
            : fmt::format("p={} failed without a recorded witness", jc.first_failing_p);
    return fmt::format("      <failure message=\"{}\" type=\"unknown\"/>\n", xml_escape(what));
  }
  const Violation& v = *jc.witness;
  const std::string message = fmt::format("{} at {}", v.property, reports::witness_text(v, ","));
  return fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n",
                     xml_escape(message), xml_escape(v.property), xml_escape(v.message));
}

std::string testcase_xml(const JunitCase& jc, const std::string& classname) {
  std::string out = fmt::format("    <testcase name=\"{}\" classname=\"{}\" time=\"{}\"",
                                xml_escape(jc.name), classname, reports::seconds_text(jc.seconds));
  if (!jc.not_checked.empty()) {
    return out + fmt::format(
                     ">\n      <failure message=\"{}\" type=\"incomplete\"/>\n    </testcase>\n",
                     xml_escape(jc.not_checked));
  }
  switch (jc.status) {
    case Status::pass: return out + "/>\n";
    case Status::fail: return out + ">\n" + failure_xml(jc) + "    </testcase>\n";
    case Status::inconclusive:
      return out + fmt::format(">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                               xml_escape(jc.skip_reason));
  }
  return out + "/>\n";
}

struct Counts {
  std::size_t tests = 0, failures = 0, errors = 0, skipped = 0;
  double seconds = 0;
};

Counts count(const std::vector<JunitCase>& cases) {
  Counts n;
  for (const JunitCase& jc : cases) {
    ++n.tests;
    const bool not_checked = !jc.not_checked.empty();
    n.failures += not_checked || jc.status == Status::fail ? 1 : 0;
    n.skipped += !not_checked && jc.status == Status::inconclusive ? 1 : 0;
    n.seconds += jc.seconds;
  }
  return n;
}

// The file name of a user's input ("libfaulty.so" of "build/x/libfaulty.so"), or "".
std::string input_file_name(const ConstructionSummary& c) {
  if (c.input.empty()) return {};
  const std::string name = std::filesystem::path(c.input).filename().string();
  return name.empty() ? c.input : name;
}

// "bcast_plugin (libfaulty.so)": two runs on different plugins or schedule files in one CI job
// give different suites; a built-in construction is named alone.
std::string suite_name(const ConstructionSummary& c) {
  const std::string file = input_file_name(c);
  return file.empty() ? c.name : fmt::format("{} ({})", c.name, file);
}

// "collverify.bcast_plugin.libfaulty_so": readers that identify a test by class name and test
// name (Jenkins, GitLab) split the class name at dots, so the file name's dots become '_'.
std::string suite_classname(const ConstructionSummary& c) {
  std::string out = "collverify." + c.name;
  std::string file = input_file_name(c);
  if (file.empty()) return out;
  std::replace(file.begin(), file.end(), '.', '_');
  out += '.';
  out += file;
  return out;
}

std::string testsuite_xml(const RunSummary& run, const ConstructionSummary& c,
                          const std::vector<JunitCase>& cases) {
  const Counts n = count(cases);
  const std::string classname = xml_escape(suite_classname(c));
  std::string out = fmt::format(
      "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" "
      "time=\"{}\">\n",
      xml_escape(suite_name(c)), n.tests, n.failures, n.errors, n.skipped,
      reports::seconds_text(c.seconds));
  out += "    <properties>\n";
  if (!c.input.empty()) {
    out += fmt::format("      <property name=\"input\" value=\"{}\"/>\n", xml_escape(c.input));
  }
  out += fmt::format("      <property name=\"complete\" value=\"{}\"/>\n",
                     run.complete ? "true" : "false");
  out += fmt::format("      <property name=\"verdict\" value=\"{}\"/>\n",
                     construction_verdict(run, c));
  out += fmt::format("      <property name=\"run_id\" value=\"{}\"/>\n", xml_escape(run.run_id));
  out += fmt::format("      <property name=\"command\" value=\"{}\"/>\n", xml_escape(run.command));
  out += fmt::format("      <property name=\"version\" value=\"{}\"/>\n", xml_escape(run.version));
  const auto listed = static_cast<std::int64_t>(c.violations.size());
  const std::int64_t found = reports::violations_found(c);
  out += fmt::format("      <property name=\"violations_total\" value=\"{}\"/>\n", found);
  out += fmt::format("      <property name=\"violations_listed\" value=\"{}\"/>\n", listed);
  out += fmt::format("      <property name=\"violations_cap\" value=\"{}\"/>\n", c.violations_cap);
  out += fmt::format("      <property name=\"violations_truncated\" value=\"{}\"/>\n",
                     c.truncated || found > listed ? "true" : "false");
  out += "    </properties>\n";
  for (const JunitCase& jc : cases) out += testcase_xml(jc, classname);
  return out + "  </testsuite>\n";
}

}  // namespace

std::string junit_xml(const RunSummary& summary, std::int64_t junit_chunk) {
  if (junit_chunk < 1) {
    throw InputError(fmt::format("JUnit chunk size {} is not a positive number of p", junit_chunk));
  }
  std::vector<std::vector<JunitCase>> suites;
  Counts total;
  double seconds = 0;
  for (const ConstructionSummary& c : summary.constructions) {
    suites.push_back(junit_cases(summary, c, junit_chunk));
    const Counts n = count(suites.back());
    total.tests += n.tests;
    total.failures += n.failures;
    total.errors += n.errors;
    total.skipped += n.skipped;
    seconds += c.seconds;
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format(
      "<testsuites name=\"collverify\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" "
      "time=\"{}\">\n",
      total.tests, total.failures, total.errors, total.skipped, reports::seconds_text(seconds));
  for (std::size_t i = 0; i < suites.size(); ++i) {
    out += testsuite_xml(summary, summary.constructions[i], suites[i]);
  }
  return out + "</testsuites>\n";
}

}  // namespace collverify
