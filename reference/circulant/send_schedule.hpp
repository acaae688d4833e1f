// Seed 000, Algorithm 5 (straightforward variant): send[i] of rank r is entry i of the receive
// schedule of its to-processor (r + skips[i]) mod p, so sender and receiver agree by
// construction. O(q^3) per rank.
//
// send_table_from_recv() is the fast twin used to fill whole tables: since Algorithm 4 computes
// entry i from entries 0..i-1 only, recvsched(t, i)[i] equals row t of the full receive table,
// so the send table is a lookup, O(p q). A test shows the two agree.
#pragma once

#include <cstdint>
#include <span>

#include "model/circulant_schedule.hpp"
#include "reference/circulant/range_blocks.hpp"
#include "reference/circulant/skips.hpp"

namespace collverify::circulant {

// Writes send[0..q-1] of rank r into out (q entries).
void send_schedule(const Circulant& c, std::int64_t r, const Transcriptions& t, std::span<std::int8_t> out);

// Fills s.send from s.recv and s.skips.
void send_table_from_recv(CirculantSchedule& s);

}  // namespace collverify::circulant
