// A simplex broadcast written as one program per PU (seed 002 §3, "a faster direct
// implementation"): the order in which each PU performs its sends and receives, one part per
// step, each part waiting for its partner (synchronous rendezvous). The vocabulary shared by the
// construction that chooses the order (reference/fractional/simplex_direct.hpp) and the mutants
// that break it (generators/fractional_mutants.hpp): pure data, no behaviour.
// Example: the chain 0 -> 1 -> 2 with s = 2: PU 0 {send 1:0, send 1:1}, PU 1 {recv 0:0, send
// 2:0, recv 0:1, send 2:1}, PU 2 {recv 1:0, recv 1:1}.
#pragma once

#include <cstdint>
#include <vector>

namespace collverify::fractional {

struct SimplexPart {
  bool send = false;
  std::int64_t peer = 0;    // the receiver of a send, the sender of a receive
  std::int64_t packet = 0;  // the packet sent, or the slot a receive files its packet under
  friend bool operator==(const SimplexPart&, const SimplexPart&) = default;
};

// parts[x] is PU x's program in order; packets 0..s-1 (the root holds them all).
struct SimplexProgram {
  std::int64_t P = 1;
  std::int64_t s = 1;
  std::vector<std::vector<SimplexPart>> parts;
};

}  // namespace collverify::fractional
