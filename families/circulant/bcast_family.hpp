// The circulant broadcast family of seed 000 (`verify bcast`, the campaign's bcast parts): for
// every p, build (or load) the compact schedule, check it with the fast circulant checker (every
// p) and, for p up to generic_max_p, expand it with Algorithm 6 for every n and simulate it with
// the generic checker; both must pass. A p that fails the fast check is re-run through the
// generic simulation (up to refine_max_p) so that the witness names n and the absolute round,
// with the phase-level cause appended to its message.
//
// Streaming: a p whose tables would take more than `stream.above_bytes` (default 1 GiB, i.e.
// every p above about 2^24), or every p with `stream.force`, runs alone (Family::alone): the
// streaming checker (checkers/circulant_streaming.hpp) asks the source for one rank's rows at a
// time, the ranks split into chunks over every job, with its own progress in ranks and Ctrl-C
// honoured between chunks. It finds the same witness as the fast checker. The generic
// simulation still runs for a streamed p up to generic_max_p (it needs the tables). In a
// distributed run a streamed p is split over the ranks by rank ranges (Family::splits,
// stream_bcast.hpp); every rank concludes it alike.
//
// Users' plugins (ABI 2): a plugin that reports that it cannot produce p (PluginFailure) makes p
// fail with a "plugin_error" violation carrying the plugin's message; finish() names the
// smallest such p on stderr. For a source whose root is not 0, the tables are judged un-rotated
// (witness ranks relative to the root, said in each message) and the root mapping is checked
// against root 0 ("root_mapping", families/circulant/root_mapping.hpp) for every p that is not streamed.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>

#include "engine/family.hpp"
#include "engine/progress.hpp"
#include "families/circulant/schedule_source.hpp"
#include "families/circulant/stream_bcast.hpp"
#include "generators/block_counts.hpp"

namespace collverify::engine {

struct BcastOptions {
  BlockCounts blocks = BlockCounts::parse(BlockCounts::kDefault);
  std::int64_t generic_max_p = 1024;
  std::int64_t refine_max_p = std::int64_t{1} << 18;
  StreamRunOptions stream;
  std::string name = "bcast";           // the construction's name in reports
  ProgressSink* stream_progress = nullptr;  // ranks of a streamed p; may be null
};

class BcastFamily final : public Family {
 public:
  BcastFamily(const ScheduleSource& source, BcastOptions options);
  std::string name() const override { return o_.name; }
  Coverage coverage() const override;
  void accept(std::int64_t p) const override;
  double cost(std::int64_t p) const override;
  std::int64_t bytes(std::int64_t p, int jobs) const override;
  std::string what(std::int64_t p) const override;
  bool alone(std::int64_t p) const override;
  bool splits(std::int64_t p) const override { return alone(p); }
  Outcome check(std::int64_t p, const CheckContext& context) const override;
  void finish(ConstructionSummary& summary,
              const std::vector<Finished>& finished) const override;

 private:
  Outcome conclude(std::int64_t p, const Verdict& fast, const CirculantSchedule* built,
                   int jobs) const;
  Outcome check_schedule(std::int64_t p, const CheckContext& context) const;
  Outcome plugin_failed(std::int64_t p, const std::string& what, std::int64_t rank) const;

  const ScheduleSource& source_;
  BcastOptions o_;
  mutable std::string stream_checks_;  // which checks a streamed p ran (same for every p)
  mutable std::int64_t streamed_ = 0;      // streamed p (run alone, so never concurrently)
  mutable bool stream_interrupted_ = false;
  mutable std::mutex failures_lock_;  // plugin failures, from several threads
  mutable std::int64_t plugin_failures_ = 0;
  mutable std::int64_t first_failure_p_ = 0;
  mutable std::string first_failure_;
};

}  // namespace collverify::engine
