// The program route as an engine family: for one p, every instance (collective, element type or
// reduction op, count, root, buffering) of a user's plugin run in a worker process and judged by
// the runtime (program/run_instance.hpp). docs/DESIGN.md "The program route".
//
// Contract:
// - check(p) returns one violation per failing instance, carrying p, count, root, rank, call,
//   op, property and the instance ("bcast int rendezvous"); the engine orders them (p, count,
//   root, rank, call). An inconclusive instance (matching orders left at the bound) makes p
//   inconclusive unless another instance fails.
// - accept(p) refuses p outside 1..kMaxProgramP; bytes(p) is the largest instance's buffers,
//   message copies and fiber stacks, so the engine refuses what would not fit.
// - finish() draws the smallest failing instance as a space-time diagram (the failing rank's and
//   its peer's calls, messages as arrows, the fault marked) and writes the cost table of every p
//   of the run (each outcome's family_data: its passing instances' lines). The diagram's calls and
//   messages come from check() when this process checked that p; a p checked by another rank of
//   a distributed run or read from a resumed run's journal is run again here (one instance, in a
//   worker: the runs are deterministic), and drawn only if it fails again with the same fault.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/family.hpp"
#include "families/program/program_flags.hpp"
#include "program/isolation.hpp"
#include "program/plugin.hpp"

namespace collverify::families::program {

inline constexpr std::int64_t kMaxProgramP = 4096;

struct Settings {
  std::string plugin_path;
  std::string label;  // the name in reports: "program:<file stem>"
  std::vector<collverify::program::Collective> collectives;  // empty: every one exported
  TermList counts;
  TermList roots;       // roots.terms empty and !all: the default (all up to 64, then four)
  std::vector<collverify::program::Elem> datatypes;
  std::vector<collverify::program::Buffering> buffering;
  collverify::program::InstanceLimits limits;
  double timeout_seconds = 20;
};

class ProgramFamily final : public engine::Family {
 public:
  explicit ProgramFamily(Settings settings);
  std::string name() const override { return settings_.label; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  engine::Outcome check(std::int64_t p, const engine::CheckContext& context) const override;
  void finish(ConstructionSummary& summary,
              const std::vector<engine::Finished>& finished) const override;

  // The instances of one p, in the order they run.
  std::vector<collverify::program::Job> jobs(std::int64_t p) const;

 private:
  Settings settings_;
  collverify::program::Plugin plugin_;
  struct Witness {
    Violation violation;
    std::vector<collverify::program::CallRecord> calls;
    std::vector<collverify::program::MessageRecord> messages;
  };
  // The witness of violation v: the one check() kept, else the instance run again (rerun).
  std::optional<Witness> witness_of(const Violation& v) const;
  std::optional<Witness> rerun(const Violation& v) const;

  mutable std::mutex mutex_;
  // The smallest failing instance per p that this process checked, for the diagram; the others
  // (another rank's p, a resumed run's journal) are run again by finish().
  mutable std::map<std::int64_t, std::vector<Witness>> witnesses_;
};

}  // namespace collverify::families::program
