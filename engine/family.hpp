// What the run engine needs of a family of constructions (docs/DESIGN.md "The run engine"). A family
// checks one processor count p at a time; run_range (run_range.hpp) owns everything that the
// families share: the order by cost, the work pool, memory refusal, the smallest-witness rule,
// the violation cap, interruption, worker exceptions, progress and the run summary.
//
// A family is immutable while a range runs: check() is called for different p from several
// threads at once.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/distribution.hpp"
#include "model/run_summary.hpp"

namespace collverify::engine {

// What check() may use: the stop flag (Ctrl-C), the number of threads it may spread over
// (1 in the pool; every job for a p that runs alone, see Family::alone) and, for a p that
// Family::splits in a distributed run, the distribution: check() is then called on every rank
// at once, splits the p's work over them (collective calls, in the same order on every rank)
// and returns the same outcome on every rank.
struct CheckContext {
  const std::atomic<bool>* stop = nullptr;
  int threads = 1;
  Distribution* distribution = nullptr;
};

// The verdict on one p: every instance of that p (block counts, distributions, ...).
struct Outcome {
  Status status = Status::pass;
  std::int64_t instances = 0;               // instances checked for this p
  std::vector<InstanceResult> instance_results;  // per-instance rounds and lower bounds
  std::vector<Violation> violations;        // every violation found; the smallest is the witness
  std::optional<ScheduleExcerpt> excerpt;   // the rows around the witness, when the family has rows
  bool complete = true;  // false: a p that ran alone was stopped before all of it was checked
  double seconds = 0;
  // The family's own data of this p for finish() (the program route: its cost table's lines),
  // opaque to the engine. It travels with the outcome (outcome_codec.hpp: between the ranks of a
  // distributed run and in the journal), so finish() sees it for every p of the run.
  std::string family_data;
};

// What finish() sees of the run: every p checked, ascending, with its outcome, whether it ran on
// this rank, on another rank of a distributed run, or was read from the journal of a resumed run.
// The violations are in the summary (sorted, capped); instance_results are whole.
struct Finished {
  std::int64_t p = 0;
  const Outcome* outcome = nullptr;
};

class Family {
 public:
  virtual ~Family() = default;
  // The construction's name in reports ("bcast", "census", "trees", ...).
  virtual std::string name() const = 0;
  // What a report says was checked (properties, parameters, lower bound); p_range is filled by
  // the engine.
  virtual Coverage coverage() const = 0;
  // Throws InputError naming p when the family cannot check it (called for every p before the
  // run starts).
  virtual void accept(std::int64_t p) const = 0;
  // Relative cost of check(p), used to run the most expensive p first and for progress.
  virtual double cost(std::int64_t p) const = 0;
  // Upper bound of the memory check(p) takes on one thread, in bytes; for a p that runs alone,
  // the memory of the whole check with every job. May throw InputError on overflow.
  virtual std::int64_t bytes(std::int64_t p, int jobs) const = 0;
  // What bytes(p, jobs) is the memory of, for the refusal message (the largest instance).
  virtual std::string what(std::int64_t p) const { return "p = " + std::to_string(p); }
  // A p that runs alone runs after the pool, one at a time, with CheckContext::threads = jobs
  // (a streamed p of the circulant broadcast).
  virtual bool alone(std::int64_t /*p*/) const { return false; }
  // A p that runs alone and whose check() splits it over the ranks of a distributed run
  // (CheckContext::distribution; a streamed p of the circulant broadcast). Otherwise a p that
  // runs alone goes to one rank whole.
  virtual bool splits(std::int64_t /*p*/) const { return false; }
  virtual Outcome check(std::int64_t p, const CheckContext& context) const = 0;
  // Called once after the range, on the rank that reports, with the finished summary and every
  // p's outcome (to draw the pictures, to add per-p tables to the coverage): a family keeps no
  // state of its own between check() and finish().
  virtual void finish(ConstructionSummary& /*summary*/,
                      const std::vector<Finished>& /*finished*/) const {}
};

}  // namespace collverify::engine
