// Wording shared by the human-readable writers (internal to reports/), so Markdown, HTML, JUnit
// and GitHub output state a witness, a duration and a verdict the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "model/run_summary.hpp"

namespace collverify::reports {

// How many violations per construction the Markdown and HTML reports list before "and N more".
inline constexpr std::size_t kListedViolations = 20;

// The value, or "-" for kNone.
std::string field_text(std::int64_t value);

// "p=17, n=-, rank=3, round=2, block=5" with the given separator between fields.
std::string witness_text(const Violation& v, std::string_view separator = ", ");

// Seconds with millisecond resolution, "1.250"; negative or non-finite values read "0.000"
// (JUnit consumers reject "nan").
std::string seconds_text(double seconds);

// fail if anything failed or a violation is recorded, else inconclusive if anything was, else
// pass.
Status construction_status(const ConstructionSummary& c);

// The worst construction status of the run (pass for a run with no constructions).
Status run_status(const RunSummary& run);

}  // namespace collverify::reports
