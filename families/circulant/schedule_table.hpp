// `schedule bcast --format table`: the schedule laid out like the paper's Tables 1-4, one column
// per rank, rows for the baseblock and for recv and send in each round k of a phase. The root's
// receive row and baseblock carry no meaning and are shown as '-'.
#pragma once

#include <string>

#include "model/circulant_schedule.hpp"

namespace collverify::cli {

std::string schedule_table(const CirculantSchedule& s);

}  // namespace collverify::cli
