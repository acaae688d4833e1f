#include "engine/schedule_source.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "generators/external/plugin.hpp"
#include "generators/external/schedule_json.hpp"
#include "model/error.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::engine {
namespace {

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

class File final : public ScheduleSource {
 public:
  explicit File(const std::filesystem::path& f) : file_(f), s_(read_schedule_json(f)) {}
  CirculantSchedule build(std::int64_t p) const override {
    if (p != s_.p) {
      throw InputError(fmt::format("--schedule-file {} holds p = {}, not p = {}", file_.string(),
                                   s_.p, p));
    }
    return s_;
  }
  bool states_baseblocks() const override { return !s_.baseblock.empty(); }
  void rank_rows(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
                 std::span<std::int8_t> send) const override {
    CV_ASSERT(p == s_.p && r >= 0 && r < p, "rank of the file's p");
    std::copy_n(s_.recv_row(r).begin(), s_.q, recv.begin());
    std::copy_n(s_.send_row(r).begin(), s_.q, send.begin());
  }
  std::string describe() const override { return "schedule file " + file_.string(); }
  std::int64_t only_p() const override { return s_.p; }

 private:
  std::filesystem::path file_;
  CirculantSchedule s_;
};

class Plugin final : public ScheduleSource {
 public:
  explicit Plugin(const std::filesystem::path& lib) : lib_(lib), plugin_(SchedulePlugin::load(lib)) {}
  CirculantSchedule build(std::int64_t p) const override { return plugin_.build(p); }
  bool states_baseblocks() const override { return false; }
  void rank_rows(std::int64_t p, std::int64_t r, std::span<std::int8_t> recv,
                 std::span<std::int8_t> send) const override {
    plugin_.rank(p, r, recv, send);
  }
  std::string describe() const override { return "schedule plugin " + lib_.string(); }

 private:
  std::filesystem::path lib_;
  SchedulePlugin plugin_;
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
  return std::make_unique<File>(file);
}
std::unique_ptr<ScheduleSource> plugin_source(const std::filesystem::path& library) {
  return std::make_unique<Plugin>(library);
}

}  // namespace collverify::engine
