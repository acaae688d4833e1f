// The torus TADT synthesis family (seed 003, issue 11, the campaign part "torus-synth"): for each
// small torus of the list, proofs/tadt_synth.hpp synthesize_tadt (Z3, from the lower bound
// upwards, the point-reflection / rotation query first on odd sides) and then the same two
// independent checks as the torus-tadt family (families/torus/torus_tadt_family.hpp judge_tadt):
// checker A (Lemma 11) and checker B (the N translations simulated by the routed checker).
//   pass          a tree was found, it passes A and B (and synthesize_tadt's own re-check), and
//                 its height is proved minimal: it equals the lower bound L = max(Lemma 8,
//                 eccentricity of 0), or Z3 answered unsat one level lower;
//   inconclusive  no tree within the rlimit, or a tree whose minimality is not proved (exit 3,
//                 never a pass);
//   fail          the tree fails A, B or the solver's re-check ("recheck_failed", an encoding
//                 bug), or A and B disagree.
// The engine's p is the 1-based index into the list (as the torus families). finish() lists per
// torus the height, the bound, the proof and Z3's seconds in the coverage's lower-bound line and
// hands every synthesized tree to the reports as a picture (2D by level, 3D by slices).
// Cost: Z3's; the sizes are meant to finish in seconds (rlimit per query as SolverOptions).
// Example: TorusSynthFamily({{3, 4}}).check(1, {}) passes: height 3 = ceil(11/4), optimal.
#pragma once

#include <map>
#include <mutex>

#include "engine/family.hpp"
#include "generators/torus_sides.hpp"
#include "model/network/level_tree.hpp"
#include "proofs/tadt_synth.hpp"

namespace collverify::engine {

class TorusSynthFamily final : public Family {
 public:
  explicit TorusSynthFamily(std::vector<TorusSides> tori, std::uint64_t rlimit = proofs::SolverOptions{}.rlimit);
  std::string name() const override { return "torus-synth"; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  std::string what(std::int64_t p) const override;
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  void finish(ConstructionSummary& summary,
              const std::vector<Finished>& finished) const override;
  std::string p_range_text() const;

 private:
  struct Seen {
    proofs::TadtSynthResult result;
    Status status = Status::pass;
  };
  const TorusSides& sides(std::int64_t p) const;
  std::vector<TorusSides> tori_;
  std::uint64_t rlimit_;
  mutable std::mutex seen_mutex_;
  mutable std::map<std::int64_t, Seen> seen_;
};

}  // namespace collverify::engine
