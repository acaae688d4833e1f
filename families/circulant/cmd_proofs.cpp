// `prove skips`, `prove bcast` and `count-schedules`: the Z3 proofs and the schedule count of
// the circulant broadcast (seed 000). Exit codes: 0 proved / all agree, 1 counterexample or
// violation or disagreement, 2 bad input, 3 inconclusive (rlimit exhausted or enumeration cut).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <iostream>
#include <memory>

#include "families/circulant/cmd_proofs.hpp"
#include "families/common/json_envelope.hpp"
#include "families/common/parse.hpp"
#include "families/circulant/count_recheck.hpp"
#include "generators/external/schedule_json.hpp"
#include "generators/p_range.hpp"
#include "families/common/spelling.hpp"
#include "engine/progress.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "proofs/circulant/bcast_proof.hpp"
#include "proofs/circulant/count_schedules.hpp"
#include "proofs/circulant/skips_proof.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::cli {
namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

void check_format(const std::string& f) { require_one_of("--format", f, {"text", "json"}); }

void check_rlimit(std::uint64_t r) { proofs::require_rlimit(r); }

CLI::Option* add_rlimit_flag(CLI::App* sub, std::uint64_t& rlimit, const std::string& help) {
  return add_int_flag(sub, "--rlimit", rlimit, 1, static_cast<std::int64_t>(proofs::kMaxRlimit),
                      help);
}

// The structured counter is measured up to p = 64 (docs/RESULTS-count-schedules.md); beyond, its
// time is not known, so it is refused rather than left to run.
constexpr std::int64_t kMaxStructuredP = 64;

void require_structured_p(std::int64_t p, const std::string& flag) {
  if (p > kMaxStructuredP) {
    throw InputError(fmt::format("{} structured/all: p = {} is outside the accepted 2..{}", flag,
                                 p, kMaxStructuredP));
  }
}

// Each counted table is kept (and re-checked): a bound on the memory and time of one p.
constexpr std::int64_t kMaxCountLimit = 100'000'000;

// ---- prove skips ----
struct SkipsArgs {
  std::uint64_t rlimit = proofs::SolverOptions{}.rlimit;
  std::string variant = "algorithm1";
  std::string format = "text";
};

int run_prove_skips(const SkipsArgs& a) {
  check_format(a.format);
  check_rlimit(a.rlimit);
  proofs::SkipsVariant v = proofs::SkipsVariant::algorithm1;
  if (a.variant == "floor") {
    v = proofs::SkipsVariant::floor_halving;
  } else if (a.variant == "strict") {
    v = proofs::SkipsVariant::strict_double;
  } else if (a.variant != "algorithm1") {
    throw InputError("--variant '" + a.variant + "' is not one of: algorithm1, floor, strict");
  }
  const auto t0 = Clock::now();
  const auto results = proofs::prove_skips({a.rlimit}, v);
  const double secs = seconds_since(t0);
  const int code = proofs::skips_exit_code(results);
  if (a.format == "json") {
    nlohmann::json j;
    j["command"] = "prove skips";
    j["variant"] = a.variant;
    j["z3"] = proofs::z3_version();
    j["seconds"] = secs;
    j["exit_code"] = code;
    for (const auto& r : results) {
      nlohmann::json o{{"name", r.name}, {"statement", r.statement}, {"formula", r.formula},
                       {"result", r.outcome == proofs::SolverOutcome::unsat ? "proved"
                                  : r.outcome == proofs::SolverOutcome::sat ? "counterexample"
                                                                           : "inconclusive"}};
      if (!r.counterexample.empty()) o["counterexample"] = r.counterexample;
      j["obligations"].push_back(o);
    }
    std::cout << with_envelope("prove skips", j.dump(2)) << "\n";
    return code;
  }
  fmt::print("prove skips: Lemma 1 and Algorithm 1 of seed 000 for every p >= 2 (variant {}, Z3 "
             "{}); half(x) = {}\n", a.variant, proofs::z3_version(),
             v == proofs::SkipsVariant::floor_halving ? "floor(x/2)" : "ceil(x/2)");
  for (const auto& r : results) {
    const char* what = r.outcome == proofs::SolverOutcome::unsat ? "PROVED"
                       : r.outcome == proofs::SolverOutcome::sat ? "COUNTEREXAMPLE"
                                                                 : "INCONCLUSIVE";
    fmt::print("{:<14} {}: {}\n  formula: {}\n", what, r.name, r.statement, r.formula);
    if (!r.counterexample.empty()) {
      std::string vals;
      for (const auto& [k, val] : r.counterexample) vals += fmt::format(" {} = {}", k, val);
      fmt::print("  counterexample:{}\n", vals);
    }
  }
  fmt::print("{} obligations, {:.3f} s: {}\n", results.size(), secs,
             code == 0 ? "all proved" : code == 1 ? "a counterexample was found"
                                                   : "inconclusive (rlimit)");
  return code;
}

// ---- prove bcast ----
struct BcastProveArgs {
  std::int64_t p = 0;
  std::string schedule_file;
  std::uint64_t rlimit = proofs::SolverOptions{}.rlimit;
  std::string format = "text";
};

std::string witness(const Verdict& v) { return engine::witness_text(v); }

int run_prove_bcast(const BcastProveArgs& a) {
  check_format(a.format);
  check_rlimit(a.rlimit);
  CirculantSchedule s;
  bool states_bb = true;
  if (!a.schedule_file.empty()) {
    s = read_schedule_json(a.schedule_file);
    if (a.p != 0 && a.p != s.p) {
      throw InputError(fmt::format("--p {} but {} holds a schedule for p = {}", a.p,
                                   a.schedule_file, s.p));
    }
    states_bb = !s.baseblock.empty();
  } else {
    if (a.p < 2 || a.p > proofs::kMaxProveBcastP) {
      throw InputError(fmt::format("--p {} is outside the accepted 2..{} (or give --schedule-file)",
                                   a.p, proofs::kMaxProveBcastP));
    }
    s = circulant::build_circulant_bcast(a.p);
  }
  const auto t0 = Clock::now();
  const auto r = proofs::prove_bcast(s, {{a.rlimit}, states_bb});
  const double secs = seconds_since(t0);
  const int code = proofs::bcast_exit_code(r);
  if (a.format == "json") {
    nlohmann::json j{{"command", "prove bcast"}, {"p", s.p}, {"q", s.q},
                     {"outcome", proofs::to_string(r.outcome)}, {"solver_calls", r.solver_calls},
                     {"smallest", r.smallest}, {"checker_agrees", r.checker_agrees},
                     {"seconds", secs}, {"exit_code", code}};
    if (r.violation) {
      // A field that does not apply (shape, skips) is null, as in summary.json (issue 25).
      const auto field = [](std::int64_t v) {
        return v == kNone ? nlohmann::json(nullptr) : nlohmann::json(v);
      };
      j["witness"] = {{"property", r.violation->property}, {"rank", field(r.violation->rank)},
                      {"round", field(r.violation->round)}, {"block", field(r.violation->block)},
                      {"message", r.violation->message}};
    }
    j["checker_witness"] = witness(r.checker_violation);
    std::cout << with_envelope("prove bcast", j.dump(2)) << "\n";
    return code;
  }
  const char* src = a.schedule_file.empty() ? "the reference schedule" : a.schedule_file.c_str();
  fmt::print("prove bcast: {} for p = {} (q = {}), Z3 {}, {} solver calls, {:.3f} s\n", src, s.p,
             s.q, proofs::z3_version(), r.solver_calls, secs);
  if (r.outcome == proofs::SolverOutcome::unsat) {
    fmt::print("PROVED: unsat, no (rank, round) violates the invariants; the fast checker {}\n",
               r.checker_agrees ? "agrees" : fmt::format("DISAGREES ({})", witness(r.checker_violation)));
  } else if (r.outcome == proofs::SolverOutcome::sat) {
    fmt::print("VIOLATION: {}{}\n  {}\n  fast checker: {} ({})\n", witness(r.violation),
               r.smallest ? " (smallest witness)" : " (not proved smallest)", r.violation->message,
               witness(r.checker_violation), r.checker_agrees ? "agrees" : "DISAGREES");
  } else {
    fmt::print("INCONCLUSIVE: the rlimit {} ran out; nothing is proved\n", a.rlimit);
  }
  return code;
}

// ---- count-schedules ----
struct CountArgs {
  std::string p;
  std::uint64_t rlimit = proofs::SolverOptions{}.rlimit;
  std::int64_t limit = 10000;
  std::string format = "text";
  std::string method = "both";
  std::string method_flag = "--solver";  // as typed: --solver or its alias --method
};

std::string count_str(bool used, std::size_t n, bool full) {
  return used ? fmt::format("{}{}", full ? "" : ">=", n) : std::string("-");
}

// A method that did not run reports null for each of its fields (never a sentinel number), and
// `agree` is null unless both enumerations ran to completion: nothing was judged (the text's "-").
nlohmann::json count_json_row(const engine::CountRow& r, const engine::CountOptions& o,
                              const std::string& method) {
  using J = nlohmann::json;
  const auto ran = [](bool used, const auto& value) { return used ? J(value) : J(nullptr); };
  const bool z3 = o.use_z3, bt = o.use_backtracking, st = r.structured_run;
  J row{{"p", r.p},
        {"q", ceil_log2(r.p)},
        {"method", method},
        {"z3_count", ran(z3, r.z3.tables.size())},
        {"z3_complete", ran(z3, r.z3.complete)},
        {"z3_last", ran(z3, proofs::to_string(r.z3.last))},
        {"z3_calls", ran(z3, r.z3.solver_calls)},
        {"z3_seconds", ran(z3, r.z3_seconds)},
        {"backtracking_count", ran(bt, r.backtracking.tables.size())},
        {"backtracking_complete", ran(bt, r.backtracking.complete)},
        {"backtracking_seconds", ran(bt, r.backtracking_seconds)},
        {"agree", ran(z3 && bt && r.complete, r.agree)},
        {"recheck", r.recheck.empty() ? "pass" : r.recheck}};
  row["structured_count"] = ran(st, r.structured.count);
  row["structured_seconds"] = ran(st, r.structured_seconds);
  row["structured_agrees"] = ran(st, r.structured_agrees);
  row["stage1_solutions"] = ran(st, r.structured.stage1_solutions);
  row["largest_component"] = ran(st, r.structured.largest_component);
  return row;
}

void print_count_header() {
  fmt::print(
      "count-schedules: recv tables of the non-roots 1..p-1 on Algorithm 1's circulant "
      "graph (root sends block k in round k; the root's recv row and sends to the root "
      "are fixed, not counted; other sends follow by agreement; baseblocks derived, not "
      "fixed to Algorithm 2) that satisfy the fast checker's invariants.\n"
      "Each listed schedule re-checked by the fast checker and by simulation for n in "
      "{{1, 2, q, q+1, 2q+1, 3q+2}}; the structured count (not a listing) is checked "
      "against the listings.\n");
  fmt::print("{:>5} {:>3} {:>10} {:>10} {:>11} {:>6} {:>10} {:>10} {:>8} {:>8}\n", "p", "q", "z3",
             "backtrack", "structured", "agree", "z3_s", "bt_s", "st_s", "rechecks");
}

void print_count_row(const engine::CountRow& r, const engine::CountOptions& o,
                     std::uint64_t rlimit) {
  const bool both = o.use_z3 && o.use_backtracking;
  fmt::print("{:>5} {:>3} {:>10} {:>10} {:>11} {:>6} {:>10.3f} {:>10.3f} {:>8.3f} {:>8}\n", r.p,
             ceil_log2(r.p), count_str(o.use_z3, r.z3.tables.size(), r.z3.complete),
             count_str(o.use_backtracking, r.backtracking.tables.size(), r.backtracking.complete),
             r.structured_run ? std::to_string(r.structured.count) : std::string("-"),
             !r.complete || !both ? "-"
             : r.agree            ? "yes"
                                  : "NO",
             r.z3_seconds, r.backtracking_seconds, r.structured_seconds,
             r.recheck.empty() ? "pass" : "FAIL");
  if (!r.recheck.empty()) fmt::print("  re-check failed: {}\n", r.recheck);
  if (r.duplicates) fmt::print("  an enumeration listed a table twice\n");
  if (!r.structured_agrees) {
    fmt::print(
        "  the structured count DISAGREES with an enumeration (equal to a complete one, "
        "at least a cut one's)\n");
  }
  if (r.z3.last == proofs::SolverOutcome::inconclusive && o.use_z3) {
    fmt::print("  Z3 inconclusive (rlimit {}): its count is a lower bound\n", rlimit);
  }
  std::fflush(stdout);
}

engine::CountOptions count_options(const CountArgs& a) {
  require_one_of(a.method_flag, a.method, {"both", "z3", "backtracking", "structured", "all"});
  engine::CountOptions o;
  o.limit = a.limit;
  o.rlimit = a.rlimit;
  o.use_z3 = a.method == "both" || a.method == "z3" || a.method == "all";
  o.use_backtracking = a.method != "z3";
  o.use_structured = a.method == "structured" || a.method == "all";
  return o;
}

int run_count(const CountArgs& a) {
  check_format(a.format);
  check_rlimit(a.rlimit);
  if (a.limit < 1) throw InputError(fmt::format("--limit {}: must be at least 1", a.limit));
  const engine::CountOptions o = count_options(a);
  const auto ps = PRange::parse(a.p).values(proofs::kMaxCountP);
  for (std::int64_t p : ps) proofs::require_count_p(p);
  if (o.use_structured) {
    for (std::int64_t p : ps) require_structured_p(p, a.method_flag);
  }
  int code = 0;
  nlohmann::json rows = nlohmann::json::array();
  if (a.format == "text") print_count_header();
  // On stderr: in place on a terminal, a plain line every 10 s in a CI log (one p can take
  // minutes: p = 20 with every method took 37 s and printed nothing).
  engine::StderrProgress progress;
  progress.start("count-schedules", "p counted", static_cast<std::int64_t>(ps.size()),
                 static_cast<double>(ps.size()));
  for (std::int64_t p : ps) {
    // A method not run is reported as null and its agreement as unchecked (null).
    const engine::CountRow r = engine::count_and_recheck(p, o);
    progress.advance(1, 1.0);
    if (r.code == 1) {
      code = 1;
    } else if (r.code == 3 && code == 0) {
      code = 3;
    }
    if (a.format == "json") {
      rows.push_back(count_json_row(r, o, a.method));
    } else {
      print_count_row(r, o, a.rlimit);
    }
  }
  progress.finish();
  if (a.format == "json") {
    nlohmann::json j{{"command", "count-schedules"},
                     {"z3", proofs::z3_version()},
                     {"counted",
                      "recv tables of ranks 1..p-1 (entries in [-q,q)); fixed: skips "
                      "(Algorithm 1), root send row = 0..q-1, root recv row, sends "
                      "to the root; derived: other sends (agreement), baseblocks "
                      "(the one current-phase block, not fixed to Algorithm 2)"},
                     {"rows", rows},
                     {"exit_code", code}};
    std::cout << with_envelope("count-schedules", j.dump(2)) << "\n";
  }
  return code;
}

CLI::App* prove_command(const CommandTree& tree) {
  for (auto* s : tree.app->get_subcommands({})) {
    if (s->get_name() == "prove") return s;
  }
  auto* prove = tree.app->add_subcommand("prove", "Z3 proofs of constructions' properties");
  prove->require_subcommand(1);
  return prove;
}

}  // namespace

void register_proofs_commands(const CommandTree& tree) {
  auto* prove = prove_command(tree);

  auto sa = std::make_shared<SkipsArgs>();
  auto* skips = prove->add_subcommand("skips", "Lemma 1 / Algorithm 1 of seed 000 for every p >= 2");
  add_rlimit_flag(skips, sa->rlimit, "Z3 resource limit per obligation");
  skips->add_option("--variant", sa->variant,
                    "algorithm1 (default), or the false variants floor, strict")
      ->type_name("algorithm1|floor|strict");
  add_format_option(skips, sa->format, {"text", "json"}, "text (default) or json");
  tree.commands->push_back({skips, [sa](const CommandContext&) { return run_prove_skips(*sa); }});

  auto ba = std::make_shared<BcastProveArgs>();
  auto* bcast = prove->add_subcommand("bcast", "symbolic check of one circulant schedule (seed 000)");
  CLI::Option* p = add_int_flag(bcast, "-p,--p", ba->p, 2, proofs::kMaxProveBcastP,
                                "number of processors (reference schedule)");
  make_alias(add_int_flag(bcast, "--P", ba->p, 2, proofs::kMaxProveBcastP, ""), p);
  bcast->add_option("--schedule-file", ba->schedule_file, "a user's schedule (JSON, one p)")
      ->type_name(value::kPath);
  add_rlimit_flag(bcast, ba->rlimit, "Z3 resource limit per solver call");
  add_format_option(bcast, ba->format, {"text", "json"}, "text (default) or json");
  tree.commands->push_back({bcast, [ba](const CommandContext&) { return run_prove_bcast(*ba); }});

  auto ca = std::make_shared<CountArgs>();
  auto* count = tree.app->add_subcommand(
      "count-schedules",
      "count circulant broadcast schedules per p (Z3, backtracking, the structured counter)");
  add_range_option(count, ca->p, "p range, e.g. 2..13")->required();
  add_rlimit_flag(count, ca->rlimit, "Z3 resource limit per solver call");
  add_int_flag(count, "--limit", ca->limit, 1, kMaxCountLimit,
               "stop after this many schedules per p (default 10000)");
  add_format_option(count, ca->format, {"text", "json"}, "text (default) or json");
  add_text_option(count, "--solver", ca->method,
                  "both (default: the two must agree), z3 or backtracking (one method alone), "
                  "structured (the structured count, checked against backtracking up to "
                  "--limit; p <= 64), all (the three)",
                  "both|z3|backtracking|structured|all", {"--method"}, &ca->method_flag);
  tree.commands->push_back({count, [ca](const CommandContext&) { return run_count(*ca); }});
}

}  // namespace collverify::cli
