// Shared wording; see summary_text.hpp.
#include "reports/summary_text.hpp"

#include <cmath>

#include <fmt/format.h>

namespace collverify::reports {

std::string field_text(std::int64_t value) {
  return value == kNone ? std::string("-") : fmt::format("{}", value);
}

std::string witness_text(const Violation& v, std::string_view separator) {
  return fmt::format("p={}{}n={}{}rank={}{}round={}{}block={}", field_text(v.p), separator,
                     field_text(v.n), separator, field_text(v.rank), separator, field_text(v.round),
                     separator, field_text(v.block));
}

std::string seconds_text(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) seconds = 0;
  return fmt::format("{:.3f}", seconds);
}

Status construction_status(const ConstructionSummary& c) {
  if (c.failed > 0 || !c.violations.empty()) return Status::fail;
  if (c.inconclusive > 0) return Status::inconclusive;
  return Status::pass;
}

Status run_status(const RunSummary& run) {
  Status worst = Status::pass;
  for (const ConstructionSummary& c : run.constructions) {
    const Status s = construction_status(c);
    if (s == Status::fail) return Status::fail;
    if (s == Status::inconclusive) worst = Status::inconclusive;
  }
  return worst;
}

}  // namespace collverify::reports
