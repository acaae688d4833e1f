// The journal of completed p (docs/DESIGN.md "Distributed verification", "Faults"): a run with
// --report DIR appends every p it finishes to DIR/journal/rank-<r>.jsonl (one file per rank, so
// ranks never share a file), one line per p, the encoded Outcome (outcome_codec.hpp). The first
// line of each file is the run's key: the construction and what it checks (name, parameters,
// properties, lower bound), so that a journal is only ever resumed by the same check.
//
// Contract:
// - append() is thread-safe; each record is one write() of a whole line (O_APPEND), and the file
//   is fdatasync'ed at most every kJournalSyncSeconds and when closed. A process killed mid-write
//   leaves at most one partial last line, which load_journal ignores.
// - load_journal reads every rank-*.jsonl of DIR/journal and returns the outcome of every p
//   recorded there (a p recorded twice, by a run and its resumption, keeps the first); a file
//   whose key differs is refused with an InputError naming it and both keys.
// - clear_journal removes DIR/journal/rank-*.jsonl (a fresh run, or a complete one whose reports
//   are written), and DIR/journal when that leaves it empty; nothing else.
// Cost: one JSON encoding and one write() per p.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>

#include "engine/family.hpp"

namespace collverify::engine {

inline constexpr double kJournalSyncSeconds = 0.5;

// The key a journal is written and resumed under: the family's name and coverage.
std::string journal_key(const Family& family);

class Journal {
 public:
  // Opens (creating it and DIR/journal when missing) DIR/journal/rank-<rank>.jsonl for
  // appending, writing `key` as its first line if it is new. Throws InputError on failure.
  Journal(const std::filesystem::path& dir, int rank, const std::string& key);
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;
  ~Journal();
  void append(std::int64_t p, const Outcome& outcome);

 private:
  void write_line(const std::string& line);
  std::filesystem::path path_;
  int fd_ = -1;
  std::mutex mutex_;
  double last_sync_ = 0;
};

std::map<std::int64_t, Outcome> load_journal(const std::filesystem::path& dir,
                                             const std::string& key);
void clear_journal(const std::filesystem::path& dir);

}  // namespace collverify::engine
