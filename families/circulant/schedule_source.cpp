#include "families/circulant/schedule_source.hpp"

#include <fstream>

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "families/circulant/root_mapping.hpp"
#include "generators/external/plugin.hpp"
#include "generators/external/schedule_files.hpp"
#include "model/error.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::engine {
namespace {

// The line of rank's row of `table` in a schedule's file, from the origin ScheduleFiles names it
// by: "F:12" is line 12 of a JSON Lines file; "F" a one-object file, whose row is found when the
// file has the table's key alone at the end of a line and one row per line after it (the layout
// `schedule bcast --format json` prints); "F[3]" (an array element) has no known line.
InputLocation locate_row(const std::string& origin, std::int64_t rank, const std::string& table) {
  const std::size_t colon = origin.rfind(':');
  if (colon != std::string::npos && colon + 1 < origin.size() &&
      origin.find_first_not_of("0123456789", colon + 1) == std::string::npos) {
    return {origin.substr(0, colon), std::stoll(origin.substr(colon + 1))};
  }
  InputLocation out{origin, kNone};
  if (rank < 0 || (!origin.empty() && origin.back() == ']')) return out;
  std::ifstream in(origin);
  const std::string key = "\"" + table + "\":[";
  std::int64_t number = 0;
  std::int64_t table_line = kNone;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (table_line == kNone) {
      if (line.size() >= key.size() && line.compare(line.size() - key.size(), key.size(), key) == 0) {
        table_line = number;
      }
    } else if (number == table_line + 1 + rank) {
      if (!line.empty() && line.front() == '[') out.line = number;
      break;
    } else if (line.empty() || line.front() != '[') {
      break;  // not one row per line
    }
  }
  return out;
}


// The circulant of one p, kept per thread: a streaming check asks for millions of ranks of the
// same p, and building the skips each time would cost as much as the rows.
const circulant::Circulant& circulant_for(std::int64_t p) {
  thread_local std::optional<circulant::Circulant> cached;
  if (!cached || cached->p != p) cached.emplace(p);
  return *cached;
}

class Logp final : public ScheduleSource {
 public:
  CirculantSchedule build(std::int64_t p) const override {
    return circulant::build_circulant_bcast_logp(p);
  }
  void build_into(std::int64_t p, CirculantSchedule& out) const override {
    circulant::build_circulant_bcast_logp_into(p, out);
  }
  bool states_baseblocks() const override { return true; }
  void rank_rows(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
                 std::span<std::int8_t> send) const override {
    const auto& c = circulant_for(p);
    circulant::logp_recv_schedule(c, r, recv);
    circulant::logp_send_schedule(c, r, send);
  }
  int rank_baseblock(std::int64_t p, std::int64_t r) const override {
    return circulant::baseblock(circulant_for(p), r);
  }
  std::string describe() const override {
    return "seed 000 circulant broadcast, O(log p) construction (reference)";
  }
};

class Reference final : public ScheduleSource {
 public:
  explicit Reference(circulant::Transcriptions t) : t_(t) {}
  CirculantSchedule build(std::int64_t p) const override {
    return circulant::build_circulant_bcast(p, {t_});
  }
  bool states_baseblocks() const override { return true; }
  void rank_rows(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
                 std::span<std::int8_t> send) const override {
    const auto rows = circulant::rank_schedule(circulant::Circulant(p), r, {t_});
    std::copy(rows.recv.begin(), rows.recv.end(), recv.begin());
    std::copy(rows.send.begin(), rows.send.end(), send.begin());
  }
  int rank_baseblock(std::int64_t p, std::int64_t r) const override {
    return circulant::baseblock(circulant_for(p), r);
  }
  std::string describe() const override {
    const bool literal = t_.alg3_line20 == circulant::Transcription::literal ||
                         t_.alg4_line2 == circulant::Transcription::literal;
    return literal ? "seed 000 Algorithms 1-5, literal transcription"
                   : "seed 000 Algorithms 1-5 (reference)";
  }

 private:
  circulant::Transcriptions t_;
};

class Files final : public ScheduleSource {
 public:
  explicit Files(const std::filesystem::path& f) : files_(ScheduleFiles::read(f)) {
    // Baseblocks are checked when every schedule states them; one without them opts all out.
    for (const std::int64_t p : files_.ps()) {
      baseblocks_ = baseblocks_ && !files_.at(p).schedule.baseblock.empty();
    }
  }
  CirculantSchedule build(std::int64_t p) const override { return files_.at(p).schedule; }
  bool states_baseblocks() const override { return baseblocks_; }
  void rank_rows(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
                 std::span<std::int8_t> send) const override {
    const CirculantSchedule& s = files_.at(p).schedule;
    CV_ASSERT(r >= 0 && r < p, "rank of a held p");
    std::copy_n(s.recv_row(r).begin(), s.q, recv.begin());
    std::copy_n(s.send_row(r).begin(), s.q, send.begin());
  }
  std::string describe() const override { return "schedule file " + files_.path().string(); }
  std::string input() const override { return files_.path().string(); }
  InputLocation locate(std::int64_t p, std::int64_t rank, const std::string& table) const override {
    return locate_row(files_.at(p).origin, rank, table);
  }
  std::vector<std::int64_t> held_ps() const override { return files_.ps(); }
  bool holds_tables() const override { return true; }

 private:
  ScheduleFiles files_;
  bool baseblocks_ = true;
};

class Plugin final : public ScheduleSource {
 public:
  Plugin(const std::filesystem::path& lib, std::int64_t root)
      : lib_(lib), plugin_(SchedulePlugin::load(lib)), root_(root) {
    if (root_ < 0) throw InputError(fmt::format("--root {} is not a rank (root >= 0)", root_));
    if (root_ != 0 && plugin_.abi() == 1) {
      throw InputError(fmt::format(
          "--root {}: schedule plugin '{}' implements ABI 1, whose schedules are for root 0 "
          "only; a root needs an ABI 2 plugin (include/collverify/plugin.h)",
          root_, lib.string()));
    }
  }
  CirculantSchedule build(std::int64_t p) const override {
    const std::int64_t at = root(p);
    return at == 0 ? plugin_.build(p) : unrotate(plugin_.build(p, at), at);
  }
  bool states_baseblocks() const override { return false; }
  void rank_rows(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
                 std::span<std::int8_t> send) const override {
    const std::int64_t at = root(p);
    plugin_.rank(p, at, (r + at) % p, recv, send);
  }
  std::int64_t root(std::int64_t p) const override { return root_ % p; }
  Verdict root_mapping(std::int64_t p, const CirculantSchedule& built) const override {
    const std::int64_t at = root(p);
    if (at == 0) return std::nullopt;
    return root_mapping_violation(plugin_.build(p, 0), built, at);
  }
  std::string describe() const override {
    std::string d = fmt::format("schedule plugin {} (ABI {})", lib_.string(), plugin_.abi());
    if (root_ != 0) {
      d += fmt::format(
          "; root {} mod p: tables un-rotated to root 0 (witness ranks relative to the root) and "
          "compared with the plugin's tables for root 0",
          root_);
    }
    return d;
  }
  std::string input() const override { return lib_.string(); }

 private:
  std::filesystem::path lib_;
  SchedulePlugin plugin_;
  std::int64_t root_;
};

}  // namespace

Construction parse_construction(const std::string& name, const std::string& flag) {
  if (name == "logp") return Construction::logp;
  if (name == "alg45") return Construction::alg45;
  throw InputError(flag + " '" + name + "' is not one of: logp, alg45");
}

const char* construction_name(Construction c) { return c == Construction::logp ? "logp" : "alg45"; }

std::unique_ptr<ScheduleSource> reference_source(Construction c, circulant::Transcriptions t) {
  if (c == Construction::alg45) return std::make_unique<Reference>(t);
  if (t.alg3_line20 != circulant::Transcription::corrected ||
      t.alg4_line2 != circulant::Transcription::corrected) {
    throw InputError("--transcription literal applies to --construction alg45 only");
  }
  return std::make_unique<Logp>();
}
std::unique_ptr<ScheduleSource> file_source(const std::filesystem::path& file) {
  return std::make_unique<Files>(file);
}
std::unique_ptr<ScheduleSource> plugin_source(const std::filesystem::path& library,
                                              std::int64_t root) {
  return std::make_unique<Plugin>(library, root);
}

}  // namespace collverify::engine
