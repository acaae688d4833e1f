// summary_json: summary.json, schema 4 (docs/DESIGN.md "Reports"), the contract for tools that read
// our results. Schema 2 kept every schema-1 key with its meaning and added, per construction,
// violations_total, violations_cap and truncated (so a cut violation list says so) and a
// coverage object (p range, parameters, properties, lower bound, instances, rounds against the
// lower bound). Schema 3 keeps every schema-2 key and adds run_id and verdict (pass, fail,
// inconclusive, incomplete) to the run and verdict, complete, not_checked and not_checked_p to
// each construction, so an interrupted run can never be read as a pass. Schema 4 keeps every
// schema-3 key and adds the program route's optional coverage.cost. Keys keep the order of the design document; kNone becomes null; "instances" is
// present only when the construction recorded any. Cases and excerpts are not part of it.
#include <algorithm>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "model/error.hpp"
#include "reports/program_cost.hpp"
#include "reports/summary_text.hpp"
#include "reports/writers.hpp"

namespace collverify {

namespace {

using Json = nlohmann::ordered_json;

Json nullable(std::int64_t value) { return value == kNone ? Json(nullptr) : Json(value); }

Json violation_json(const Violation& v) {
  Json j;
  j["p"] = nullable(v.p);
  j["n"] = nullable(v.n);
  j["rank"] = nullable(v.rank);
  j["round"] = nullable(v.round);
  j["block"] = nullable(v.block);
  if (v.count != kNone || v.root != kNone || v.call != kNone || !v.op.empty()) {
    j["count"] = nullable(v.count);
    j["root"] = nullable(v.root);
    j["call"] = nullable(v.call);
    j["op"] = v.op;
    j["instance"] = v.instance;
  }
  j["property"] = v.property;
  j["message"] = v.message;
  return j;
}

Json instance_json(const InstanceResult& i) {
  Json j;
  j["instance"] = Json{{"p", i.p}, {"n", nullable(i.n)}};
  j["status"] = to_string(i.status);
  j["rounds"] = nullable(i.rounds);
  j["lower_bound"] = nullable(i.lower_bound);
  return j;
}

Json coverage_json(const Coverage& c) {
  Json j;
  j["p_range"] = c.p_range;
  j["parameters"] = c.parameters;
  j["properties"] = Json::array();
  for (const std::string& p : c.properties) j["properties"].push_back(p);
  j["lower_bound"] = c.lower_bound;
  j["instances"] = c.instances;
  j["rounds_counted"] = c.rounds_counted;
  j["rounds_at_bound"] = c.rounds_at_bound;
  j["rounds_max_excess"] = nullable(c.rounds_max_excess);
  return j;
}

Json figure_json(const reports::FigureSummary& f) {
  return Json{{"at_bound", f.at_bound}, {"max_ratio", f.max_ratio}, {"worst", f.worst},
              {"worst_value", f.worst_value}, {"worst_bound", f.worst_bound}};
}

// The program route's coverage.cost (reports/program_cost.hpp).
Json cost_json(const reports::CostSummary& s) {
  Json j;
  j["model"] = std::string(reports::kCostModel);
  j["table"] = s.table;
  j["counted"] = s.counted;
  j["messages_max"] = s.messages_max;
  j["busiest_bytes"] = figure_json(s.bytes);
  j["rounds"] = figure_json(s.rounds);
  j["time_ns"] = figure_json(s.time);
  return j;
}

Json construction_json(const RunSummary& run, const ConstructionSummary& c) {
  Json j;
  j["name"] = c.name;
  j["verdict"] = construction_verdict(run, c);
  j["complete"] = !reports::construction_incomplete(run, c);
  j["not_checked"] = c.not_checked;
  j["not_checked_p"] = c.not_checked_p;
  j["checked"] = c.checked;
  j["passed"] = c.passed;
  j["failed"] = c.failed;
  j["inconclusive"] = c.inconclusive;
  j["seconds"] = c.seconds;
  j["violations"] = Json::array();
  for (const Violation& v : c.violations) j["violations"].push_back(violation_json(v));
  // A summary not filled by the engine may leave the total at 0: never report fewer than listed.
  const auto listed = static_cast<std::int64_t>(c.violations.size());
  j["violations_total"] = std::max(c.violations_total, listed);
  j["violations_cap"] = c.violations_cap;
  j["truncated"] = c.truncated || c.violations_total > listed;
  j["coverage"] = coverage_json(c.coverage);
  if (const auto cost = reports::program_cost(c)) j["coverage"]["cost"] = cost_json(*cost);
  if (!c.instances.empty()) {
    j["instances"] = Json::array();
    for (const InstanceResult& i : c.instances) j["instances"].push_back(instance_json(i));
  }
  return j;
}

}  // namespace

std::string summary_json(const RunSummary& summary) {
  CV_ASSERT(summary.schema == 4, "summary_json writes schema 4 only");
  Json j;
  j["schema"] = 4;
  j["version"] = summary.version;
  j["command"] = summary.command;
  j["run_id"] = summary.run_id;
  j["complete"] = summary.complete;
  j["verdict"] = run_verdict(summary);
  j["constructions"] = Json::array();
  for (const ConstructionSummary& c : summary.constructions) {
    j["constructions"].push_back(construction_json(summary, c));
  }
  // Replace invalid UTF-8 rather than throw: a report must not be lost to one odd message byte.
  return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace collverify
