// Every torus algorithm behind the TorusFamily face (torus_family.hpp): the factory `verify
// torus` and `schedule torus` use, and the guard of `schedule torus` against output that cannot
// be printed. Above the frame and the algorithms' families, which never include it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "families/torus/torus_family.hpp"

namespace collverify::engine {

// `schedule torus` on one torus, refused before anything is built (issue 26 #8-9): table and
// JSON print every transmission (tadt N(N - 1), hamilton n N(N - 1), tiling and diagonal N - 1),
// at most kMaxScheduleTransmissions of them (10^9 lines are about 30 GB and hours of output;
// 1000x1000 tadt would be 10^12); an SVG draws at most kMaxSvgNodes nodes; and the memory, the
// network's estimate plus 128 bytes per node and dimension (cycles, direction tables, the tree)
// or, for tiling and diagonal, which materialise the schedule, the verify estimate (an upper
// bound), goes through the memory guard. InputError naming the sides, the count and the limit.
inline constexpr std::int64_t kMaxScheduleTransmissions = 1'000'000'000;
inline constexpr std::int64_t kMaxSvgNodes = 1'000'000;
std::int64_t torus_schedule_transmissions(TorusAlgo algo, const TorusSides& sides);
void require_torus_schedule_fits(TorusAlgo algo, const TorusSides& sides, const std::string& format,
                                 const TorusFamily& family);

// The family of `algo` over `tori`; `ports` is the k of `schedule torus --algo kport` (0: none given;
// verify checks every k).
std::unique_ptr<TorusFamily> make_torus_family(TorusAlgo algo, std::vector<TorusSides> tori,
                                               std::int64_t ports = 0);

}  // namespace collverify::engine
