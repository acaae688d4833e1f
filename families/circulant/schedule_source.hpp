// Where the schedules under verification come from: a built-in construction of seed 000 (the
// O(log p) one by default, or Algorithms 4-5), a user's schedule files (one p or many:
// generators/external/schedule_files.hpp) or a user's plugin (ABI 1 or 2, optionally for a root
// other than 0: families/circulant/root_mapping.hpp). The driver treats all alike.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "model/circulant_schedule.hpp"
#include "model/run_summary.hpp"
#include "model/verdict.hpp"
#include "reference/circulant/transcription.hpp"

namespace collverify::engine {

class ScheduleSource {
 public:
  virtual ~ScheduleSource() = default;
  virtual CirculantSchedule build(std::int64_t p) const = 0;
  // build(p) into a schedule the caller reuses across p (one per thread): a source that can
  // overwrite it in place spares the allocation, page faults and zeroing of the tables per p.
  virtual void build_into(std::int64_t p, CirculantSchedule& out) const { out = build(p); }
  virtual bool states_baseblocks() const = 0;
  virtual std::string describe() const = 0;
  // The user's file (a schedule file or directory, a plugin) as given; empty for a built-in one.
  virtual std::string input() const { return {}; }
  // Where the schedule of p states rank's row of `table` ("recv" or "send"): the file and, when
  // the file lays out one row per line (what `schedule bcast --format json` prints) or holds
  // one schedule a line (JSON Lines), its line. {input(), kNone} when not known.
  virtual InputLocation locate(std::int64_t /*p*/, std::int64_t /*rank*/,
                               const std::string& /*table*/) const {
    return {input(), kNone};
  }
  // The p that files hold (ascending), or empty when any p can be built.
  virtual std::vector<std::int64_t> held_ps() const { return {}; }
  // True when build(p) answers from tables in memory (files), which then state their own skips
  // and baseblocks.
  virtual bool holds_tables() const { return false; }
  // The root the broadcast of p starts from as executed; build() and rank_rows() give the tables
  // un-rotated (rank v holds the rows of rank (v + root) mod p), so ranks in the checkers'
  // witnesses are relative to this root (families/circulant/root_mapping.hpp).
  virtual std::int64_t root(std::int64_t /*p*/) const { return 0; }
  // The check of the root mapping for a p whose root is not 0: `built` (from build(p)) against
  // the source's own tables for root 0 (a "root_mapping" violation); nullopt otherwise.
  virtual Verdict root_mapping(std::int64_t /*p*/, const CirculantSchedule& /*built*/) const {
    return std::nullopt;
  }
  // One rank's rows (q entries each), computed alone as a processor would, without building the
  // tables of every rank: what a streaming check of a huge p asks for, rank by rank, from
  // several threads at once. A file answers from its table.
  // The baseblock one rank's schedule states (Algorithm 2 for the built-in constructions), for
  // ranks 1..p-1 of sources whose states_baseblocks() is true and that build any p; the default
  // is for sources that state none per rank.
  virtual int rank_baseblock(std::int64_t /*p*/, std::int64_t /*r*/) const { return -1; }
  virtual void rank_rows(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
                         std::span<std::int8_t> send) const = 0;
};

// The built-in constructions: `logp` (reference/circulant/logp_schedule.hpp, O(log p) per rank;
// the default) and `alg45` (seed 000 Algorithms 4-5, the paper's; the only one with
// transcriptions, docs/ERRATA.md).
enum class Construction { logp, alg45 };

// "logp" or "alg45"; InputError naming the value and `flag` otherwise.
Construction parse_construction(const std::string& name, const std::string& flag);
const char* construction_name(Construction c);

// rank_rows of the logp source costs O(q) per call (plus the rare violation rounds) and keeps no
// shared state: safe from any number of threads. Transcriptions other than corrected are
// refused (InputError) with logp.
std::unique_ptr<ScheduleSource> reference_source(Construction c = Construction::logp,
                                                 circulant::Transcriptions t = {});
// A schedule file, a file of many schedules or a directory of them (schedule_files.hpp).
std::unique_ptr<ScheduleSource> file_source(const std::filesystem::path& file);
// A plugin; with `root` != 0 the broadcast of p is asked for from root `root` mod p (ABI 2 only:
// InputError for an ABI 1 plugin), judged un-rotated, and its mapping checked against root 0.
std::unique_ptr<ScheduleSource> plugin_source(const std::filesystem::path& library,
                                              std::int64_t root = 0);

}  // namespace collverify::engine
