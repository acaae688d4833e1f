// The rows of a circulant schedule around a broken entry, for the reports (report.md and
// report.html lay them out like the paper's tables): the columns of the witness's rank, the
// entry that causes the failure marked.
#pragma once

#include <cstdint>

#include "engine/schedule_source.hpp"
#include "model/circulant_schedule.hpp"
#include "model/run_summary.hpp"
#include "model/verdict.hpp"

namespace collverify::engine {

// The rows of s around the broken entry of v (columns rank - 3 .. rank + 3, clipped to [0, p)).
ScheduleExcerpt excerpt_around(const CirculantSchedule& s, const Violation& v);
// The same from the source's rows, rank by rank (for a streamed p; no baseblocks).
ScheduleExcerpt excerpt_around(const ScheduleSource& source, std::int64_t p, const Violation& v);

}  // namespace collverify::engine
