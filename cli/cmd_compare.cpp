// `compare bcast --p RANGE`: builds, for every p, the circulant broadcast tables of both built-in
// constructions (Algorithms 4-5 of seed 000 and the O(log p) one), checks each with the fast
// checker and lists the p where the tables differ: the number of differing entries and the first
// (rank, round, table) with both values. Exit 0 when both are valid for every p (whether or not
// they differ), 1 when either is invalid for some p, 2 bad input, 3 interrupted.
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "cli/cmd_compare.hpp"
#include "generators/p_range.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/circulant/bcast.hpp"
#include "reference/circulant/logp_schedule.hpp"

namespace collverify::cli {
namespace {

struct CompareArgs {
  std::string p;
  int jobs = 1;
  std::string format = "text";
  std::string transcription = "corrected";  // of Algorithms 4-5 (docs/ERRATA.md)
};

struct TableDiff {
  std::int64_t entries = 0;  // differing entries of recv and send together
  std::int64_t rank = -1;    // the first differing entry (smallest rank, then round, recv first)
  int round = 0;
  const char* table = "";
  int alg45 = 0;
  int logp = 0;
};

struct PResult {
  std::int64_t p = 0;
  TableDiff diff;
  std::optional<Violation> alg45_violation;
  std::optional<Violation> logp_violation;
  bool done = false;
};

void note(TableDiff& d, std::int64_t r, int k, const char* table, int a, int b) {
  if (a == b) return;
  if (d.entries++ == 0) d = {1, r, k, table, a, b};
}

TableDiff diff_tables(const CirculantSchedule& a, const CirculantSchedule& b) {
  TableDiff d;
  for (std::int64_t r = 0; r < a.p; ++r) {
    for (int k = 0; k < a.q; ++k) {
      note(d, r, k, "recv", a.recv_at(r, k), b.recv_at(r, k));
      note(d, r, k, "send", a.send_at(r, k), b.send_at(r, k));
    }
  }
  return d;
}

PResult compare_one(std::int64_t p, const circulant::Transcriptions& t) {
  PResult out;
  out.p = p;
  const auto alg45 = circulant::build_circulant_bcast(p, {t});
  const auto logp = circulant::build_circulant_bcast_logp(p);
  out.alg45_violation = check_circulant_schedule(alg45);
  out.logp_violation = check_circulant_schedule(logp);
  out.diff = diff_tables(alg45, logp);
  out.done = true;
  return out;
}

std::vector<PResult> compare_all(const std::vector<std::int64_t>& ps, int jobs,
                                 const circulant::Transcriptions& t,
                                 const std::atomic<bool>* interrupted) {
  std::vector<PResult> results(ps.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < ps.size(); i = next++) {
      if (interrupted != nullptr && interrupted->load()) return;
      results[i] = compare_one(ps[i], t);
    }
  };
  std::vector<std::thread> pool;
  for (int j = 1; j < jobs; ++j) pool.emplace_back(work);
  work();
  for (auto& worker : pool) worker.join();
  return results;
}

std::string violation_text(const Violation& v) {
  return fmt::format("{} at rank {}, round {}, block {}: {}", v.property, v.rank, v.round, v.block,
                     v.message);
}

std::string violation_json(const char* construction, std::int64_t p, const Violation& v) {
  return fmt::format(R"({{"p":{},"construction":"{}","property":"{}","rank":{},"round":{},"block":{}}})",
                     p, construction, v.property, v.rank, v.round, v.block);
}

struct Totals {
  std::int64_t compared = 0, differ = 0, invalid = 0;
};

Totals print_text(const std::vector<PResult>& results) {
  Totals t;
  for (const auto& r : results) {
    if (!r.done) continue;
    ++t.compared;
    if (r.alg45_violation) std::cout << "p=" << r.p << " alg45 INVALID: " << violation_text(*r.alg45_violation) << "\n";
    if (r.logp_violation) std::cout << "p=" << r.p << " logp INVALID: " << violation_text(*r.logp_violation) << "\n";
    t.invalid += (r.alg45_violation || r.logp_violation) ? 1 : 0;
    if (r.diff.entries == 0) continue;
    ++t.differ;
    std::cout << fmt::format("p={} differs in {} entries; first: rank {} round {} {}: alg45 {} logp {}\n",
                             r.p, r.diff.entries, r.diff.rank, r.diff.round, r.diff.table,
                             r.diff.alg45, r.diff.logp);
  }
  std::cout << fmt::format("compared {} p: tables differ for {}, a construction is invalid for {}\n",
                           t.compared, t.differ, t.invalid);
  return t;
}

Totals print_json(const std::vector<PResult>& results, bool complete) {
  Totals t;
  std::string differ, invalid;
  for (const auto& r : results) {
    if (!r.done) continue;
    ++t.compared;
    for (const auto& [name, v] : {std::pair{"alg45", &r.alg45_violation}, std::pair{"logp", &r.logp_violation}}) {
      if (!*v) continue;
      invalid += (invalid.empty() ? "" : ",") + violation_json(name, r.p, **v);
    }
    t.invalid += (r.alg45_violation || r.logp_violation) ? 1 : 0;
    if (r.diff.entries == 0) continue;
    ++t.differ;
    differ += fmt::format(
        R"({}{{"p":{},"entries":{},"rank":{},"round":{},"table":"{}","alg45":{},"logp":{}}})",
        differ.empty() ? "" : ",", r.p, r.diff.entries, r.diff.rank, r.diff.round, r.diff.table,
        r.diff.alg45, r.diff.logp);
  }
  std::cout << fmt::format(
      R"({{"compared":{},"complete":{},"differ_count":{},"invalid_count":{},"differ":[{}],"invalid":[{}]}})",
      t.compared, complete ? "true" : "false", t.differ, t.invalid, differ, invalid)
            << "\n";
  return t;
}

int run_compare(const CompareArgs& a, const CommandContext& ctx) {
  if (a.format != "text" && a.format != "json") {
    throw InputError("--format '" + a.format + "' is not one of: text, json");
  }
  circulant::Transcriptions t;
  if (a.transcription == "literal") {
    t = circulant::Transcriptions::literal();
  } else if (a.transcription != "corrected") {
    throw InputError("--transcription '" + a.transcription + "' is not one of: corrected, literal");
  }
  if (a.jobs < 1 || a.jobs > 1024) throw InputError(fmt::format("--jobs {} is not in 1..1024", a.jobs));
  const PRange range = PRange::parse(a.p);
  const auto ps = range.values(PRange::kMaxValues);
  const std::int64_t tables = CirculantSchedule::table_bytes(range.max());
  const std::int64_t at_once = std::min<std::int64_t>(a.jobs, static_cast<std::int64_t>(ps.size()));
  require_memory(checked_mul(checked_mul(tables, 2, "size"), at_once, "size"),
                 fmt::format("comparing both constructions at p = {} with {} job(s)", range.max(),
                             a.jobs));
  const auto results = compare_all(ps, a.jobs, t, ctx.interrupted);
  const bool complete = ctx.interrupted == nullptr || !ctx.interrupted->load();
  const Totals totals = a.format == "json" ? print_json(results, complete) : print_text(results);
  if (totals.invalid > 0) return 1;
  if (!complete) {
    std::fprintf(stderr, "collverify: interrupted after %lld of %zu p\n",
                 static_cast<long long>(totals.compared), ps.size());
    return 3;
  }
  return 0;
}

}  // namespace

void register_compare_commands(const CommandTree& tree) {
  auto* compare = tree.app->add_subcommand("compare", "compare two constructions over a range of p");
  compare->require_subcommand(1);
  auto a = std::make_shared<CompareArgs>();
  a->jobs = default_jobs();
  auto* sub = compare->add_subcommand(
      "bcast", "circulant broadcast: Algorithms 4-5 (alg45) against the O(log p) construction (logp)");
  sub->add_option("--p", a->p, "processor counts, e.g. 2..4096")->required();
  sub->add_option("--jobs", a->jobs, "worker threads (default: hardware threads)");
  sub->add_option("--format", a->format, "text (default) or json");
  sub->add_option("--transcription", a->transcription,
                  "reading of Algorithms 4-5: corrected (default) or literal (docs/ERRATA.md)");
  tree.commands->push_back({sub, [a](const CommandContext& ctx) { return run_compare(*a, ctx); }});
}

}  // namespace collverify::cli
