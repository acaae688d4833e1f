// summary_json: summary.json, schema 1 (DESIGN.md "Reports"), the contract for tools that read
// our results. Keys keep the order of the design document; kNone becomes null; "instances" is
// present only when the construction recorded any. Cases and excerpts are not part of schema 1.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "model/error.hpp"
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

Json construction_json(const ConstructionSummary& c) {
  Json j;
  j["name"] = c.name;
  j["checked"] = c.checked;
  j["passed"] = c.passed;
  j["failed"] = c.failed;
  j["inconclusive"] = c.inconclusive;
  j["seconds"] = c.seconds;
  j["violations"] = Json::array();
  for (const Violation& v : c.violations) j["violations"].push_back(violation_json(v));
  if (!c.instances.empty()) {
    j["instances"] = Json::array();
    for (const InstanceResult& i : c.instances) j["instances"].push_back(instance_json(i));
  }
  return j;
}

}  // namespace

std::string summary_json(const RunSummary& summary) {
  CV_ASSERT(summary.schema == 1, "summary_json writes schema 1 only");
  Json j;
  j["schema"] = 1;
  j["version"] = summary.version;
  j["command"] = summary.command;
  j["complete"] = summary.complete;
  j["constructions"] = Json::array();
  for (const ConstructionSummary& c : summary.constructions) {
    j["constructions"].push_back(construction_json(c));
  }
  // Replace invalid UTF-8 rather than throw: a report must not be lost to one odd message byte.
  return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace collverify
