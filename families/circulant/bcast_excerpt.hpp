// The rows of a circulant schedule around a witness, for the reports (report.md and report.html
// lay them out like the paper's tables), with the entries the witness involves marked.
//
// Which entries: in round k of a phase rank r receives recv[r][k] from (r - skips[k]) mod p and
// sends send[r][k] to (r + skips[k]) mod p. An agreement witness names the receiver and the
// round, so it marks the receiver's recv entry AND the sender's send entry of that round (the
// two entries that disagree). send_before_receive and root_block_order mark the sender's send
// entry; value_range the entry its message names; every other property the receiver's recv
// entry; shape, skips, completeness and round_optimal mark nothing. A generic witness (n set)
// gives an absolute round of the Algorithm 6 expansion, turned into the round of a phase here.
//
// Which columns: ranks mark - 3 .. mark + 3 around a single marked rank; with two marked ranks,
// mark - 2 .. mark + 2 around each (so ranks 31 and 1 at p = 33 show 0..3 and 29..32), clipped
// to [0, p), merged and ascending. The writers draw a gap where ranks jump.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "families/circulant/schedule_source.hpp"
#include "model/circulant_schedule.hpp"
#include "model/run_summary.hpp"
#include "model/verdict.hpp"

namespace collverify::engine {

// The entries v involves, in the order sender then receiver (see above); p and q of the schedule.
std::vector<ExcerptMark> marks_of(std::int64_t p, int q, const Violation& v);

// The rows of s around the entries v involves.
ScheduleExcerpt excerpt_around(const CirculantSchedule& s, const Violation& v);
// The same from the source's rows, rank by rank (for a streamed p; no baseblocks).
ScheduleExcerpt excerpt_around(const ScheduleSource& source, std::int64_t p, const Violation& v);

// The marked entries as the schedule's rows show them: "send[31][2] = -1, recv[1][2] = 0"
// ("" when nothing is marked). A mark outside the excerpt's columns reads "recv[9][1] = ?".
std::string marked_entries_text(const ScheduleExcerpt& e);

}  // namespace collverify::engine
