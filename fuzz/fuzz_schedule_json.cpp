// Fuzz target: the bcast schedule JSON reader (`verify bcast --schedule-file`, `prove bcast`,
// generators/external/schedule_json.hpp). Oracle: InputError or a schedule whose tables have
// the shape the reader promises (p >= 1, one recv and one send row per rank); a schedule that
// is accepted is written back and read again to the same tables.
#include <cstddef>
#include <cstdint>

#include "fuzz_common.hpp"
#include "generators/external/schedule_json.hpp"
#include "model/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collverify;
  CirculantSchedule s;
  try {
    s = parse_schedule_json(fuzz::text_of(data, size), "fuzz");
  } catch (const InputError&) {
    return 0;
  }
  FUZZ_CHECK(s.p >= 1, "accepted schedule has p >= 1");
  const auto cells = static_cast<std::size_t>(s.p) * static_cast<std::size_t>(s.q);
  FUZZ_CHECK(s.recv.size() == cells && s.send.size() == cells, "tables of p x q entries");
  const CirculantSchedule again = parse_schedule_json(schedule_to_json(s), "fuzz round trip");
  FUZZ_CHECK(again.p == s.p && again.q == s.q, "round trip keeps p and q");
  FUZZ_CHECK(again.recv == s.recv && again.send == s.send, "round trip keeps the tables");
  return 0;
}
