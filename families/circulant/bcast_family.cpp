#include "families/circulant/bcast_family.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

#include "checkers/circulant_invariants.hpp"
#include "checkers/lower_bounds.hpp"
#include "checkers/simulate.hpp"
#include "families/circulant/bcast_excerpt.hpp"
#include "families/circulant/stream_bcast.hpp"
#include "generators/external/plugin.hpp"
#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/circulant/bcast.hpp"

namespace collverify::engine {
namespace {

// Memory of one generic simulation, an upper bound (tests/families/memory_estimate_test.cpp holds
// it against the peak resident size). The Algorithm 6 expansion has n - 1 + q rounds; each
// round's vector of Transfers grows by push_back to a capacity of at most bit_ceil(p) entries
// (plus the allocator's chunk header), and the vector of rounds itself grows to at most twice
// the rounds, with the old buffer alive while it moves (3 headers of 24 bytes per round). The
// initial holdings list one Holding per block; the simulation keeps p x n bits of holdings and
// two counters per rank. (The old estimate, p Transfers and one header per round, was 1.6x too
// low at p = 20: 10.1 GiB peak for 6.2 GiB estimated at n = 10^7.)
std::int64_t simulation_bytes(std::int64_t p, std::int64_t n) {
  const std::string what = fmt::format("the explicit schedule of p = {}, n = {}", p, n);
  const std::int64_t rounds = checked_add(n - 1, ceil_log2(p), what);
  const std::int64_t capacity = std::int64_t{1} << ceil_log2(p);
  const std::int64_t per_round = checked_add(
      checked_mul(capacity, static_cast<std::int64_t>(sizeof(Transfer)), what), 32 + 3 * 24, what);
  const std::int64_t holdings = checked_add(
      checked_mul(n, static_cast<std::int64_t>(sizeof(Holding)), what),
      checked_add(checked_mul(p, n, what) / 8, checked_mul(p, 8, what), what), what);
  return checked_add(checked_mul(rounds, per_round, what), holdings, what);
}

// Memory of building and checking one p: the tables plus 9 bytes per rank (recv_table.hpp).
std::int64_t tables_bytes(std::int64_t p) {
  return checked_add(CirculantSchedule::table_bytes(p), checked_mul(p, 9, "p"), "p");
}

// "-" for kNone, else the number.
std::string field_text_of(std::int64_t value) {
  return value == kNone ? std::string("-") : std::to_string(value);
}

// Generic simulation of the Algorithm 6 expansion for every n; the first failing n's witness.
Verdict simulate_all_n(const CirculantSchedule& s, const std::vector<std::int64_t>& ns,
                       std::vector<InstanceResult>& instances) {
  for (std::int64_t n : ns) {
    const auto r = simulate_schedule(circulant::expand_bcast(s, n), bcast_round_lower_bound(s.p, n));
    instances.push_back({s.p, n, r.verdict ? Status::fail : Status::pass, r.rounds, r.lower_bound});
    if (r.verdict) return r.verdict;
  }
  return std::nullopt;
}

}  // namespace

BcastFamily::BcastFamily(const ScheduleSource& source, BcastOptions options)
    : source_(source), o_(std::move(options)) {}

Coverage BcastFamily::coverage() const {
  Coverage c;
  c.parameters = fmt::format("{}; block counts n in {{{}}}; generic simulation for p <= {}",
                             source_.describe(), o_.blocks.text(), o_.generic_max_p);
  c.properties = {"shape", "skips", "value_range", "receive_set", "no_redundant_receive",
                  "baseblock", "agreement", "send_before_receive", "root_block_order"};
  for (const char* s : {"simulated: block_range", "one_port_send", "one_port_receive",
                        "completeness", "round_optimal"}) {
    c.properties.emplace_back(s);
  }
  c.lower_bound = "n - 1 + ceil(log2 p) rounds";
  return c;
}

void BcastFamily::accept(std::int64_t p) const {
  if (p < 1) throw InputError(fmt::format("p = {} is not a processor count (p >= 1)", p));
  if (o_.blocks.for_p(p).empty()) {
    throw InputError(fmt::format("--blocks '{}' leaves no block count n >= 1 for p = {}",
                                 o_.blocks.text(), p));
  }
}

double BcastFamily::cost(std::int64_t p) const {
  const double q = ceil_log2(p) + 1;
  return static_cast<double>(p) * q * q;
}

bool BcastFamily::alone(std::int64_t p) const {
  return o_.stream.force || tables_bytes(p) > o_.stream.above_bytes;
}

std::string BcastFamily::what(std::int64_t p) const {
  if (alone(p)) return fmt::format("p = {} (streamed)", p);
  const auto ns = o_.blocks.for_p(p);
  if (p > o_.generic_max_p || ns.empty()) return fmt::format("p = {}", p);
  return fmt::format("p = {}, n = {} (simulated, --generic-max-p {})", p, ns.back(),
                     o_.generic_max_p);
}

// The tables (or, for a streamed p, the streaming state) plus, for a simulated p, the tables the
// simulation builds from (a streamed p has none of its own) and the simulation of its largest n,
// the worst case of that p since both grow with n.
std::int64_t BcastFamily::bytes(std::int64_t p, int jobs) const {
  std::int64_t b = alone(p) ? stream_bytes(p, jobs, o_.stream) : tables_bytes(p);
  const auto ns = o_.blocks.for_p(p);
  if (p <= o_.generic_max_p && !ns.empty()) {
    if (alone(p)) b = checked_add(b, tables_bytes(p), "size");
    b = checked_add(b, simulation_bytes(p, ns.back()), "size");
  }
  return b;
}

// Given the fast verdict (from the tables or streamed), runs the generic simulation where it
// applies and assembles the outcome. `built` is the built schedule, or null for a streamed p
// (built here only if the simulation needs it).
Outcome BcastFamily::conclude(std::int64_t p, const Verdict& fast, const CirculantSchedule* built,
                              int jobs) const {
  Outcome out;
  const std::vector<std::int64_t> ns = o_.blocks.for_p(p);
  out.instances = static_cast<std::int64_t>(ns.size());
  Verdict v = fast;
  std::optional<Violation> generic;
  std::vector<InstanceResult> simulated;
  // A schedule of the wrong shape or on another graph cannot be expanded; a failing p is only
  // re-simulated for its witness when that fits in the memory left to one job.
  const bool expandable = !fast || (fast->property != "shape" && fast->property != "skips");
  const bool refine = fast && p <= o_.refine_max_p &&
                      simulation_bytes(p, ns.back()) <=
                          available_memory_bytes() / 3 / std::max(1, jobs);
  const bool simulate = expandable && (p <= o_.generic_max_p || refine);
  std::optional<CirculantSchedule> own;
  if (simulate && !built) built = &own.emplace(source_.build(p));
  if (simulate) {
    // The generic witness names the first n that fails and the absolute round; when the fast
    // checker found the cause, the violation below is the cause's with that n.
    if (Verdict g = simulate_all_n(*built, ns, simulated)) v = generic = g;
    out.instance_results = std::move(simulated);
  } else {
    // Judged by the fast checker alone, which covers every n: no rounds were counted.
    for (std::int64_t n : ns) {
      out.instance_results.push_back(
          {p, n, v ? Status::fail : Status::pass, kNone, bcast_round_lower_bound(p, n)});
    }
  }
  if (v) {
    out.status = Status::fail;
    // The fast witness points at the table entries that cause the failure; mark those.
    const Violation& at = fast ? *fast : *v;
    out.excerpt = built ? excerpt_around(*built, at) : excerpt_around(source_, p, at);
    // A reader compares the message with the schedule's rows, so it leads with the entries as
    // the rows show them (round k of every phase), then the phase-level cause, then what the
    // simulation of n blocks saw in its absolute round.
    const std::string entries = marked_entries_text(*out.excerpt);
    const std::string lead =
        entries.empty() || out.excerpt->marks.empty()
            ? std::string()
            : fmt::format("phase round {}: {}; ", out.excerpt->marks.front().round, entries);
    if (generic && fast && fast->rank != kNone && fast->round != kNone) {
      // The violation is the cause, in every field: its property, rank, round (of a phase) and
      // block are the fast checker's, which point at the table entries; the simulation adds the
      // first n that shows it and, in the message, its own symptom. (The property was the
      // symptom's while the message named the cause: "property=agreement" beside "cause:
      // send_before_receive", issue 25.)
      Violation cause = *fast;
      cause.n = generic->n;
      cause.message = fmt::format(
          "{}cause: {} at rank {}, round {} of every phase: {}; simulated with n = {}, absolute "
          "round {}: {} at rank {}: {}",
          lead, fast->property, fast->rank, fast->round, fast->message, generic->n,
          generic->round, generic->property, field_text_of(generic->rank), generic->message);
      v = std::move(cause);
    } else if (generic && !fast) {
      v->message = fmt::format(
          "{}simulated with n = {}, absolute round {}: {}; the fast check passed this schedule: "
          "the two checkers disagree",
          lead, generic->n, generic->round, generic->message);
    } else if (generic) {  // a cause without a rank or round: still the cause's fields
      Violation cause = *fast;
      cause.n = generic->n;
      cause.message = fmt::format("{}cause: {}: {}; simulated with n = {}, absolute round {}: {} "
                                  "at rank {}: {}",
                                  lead, fast->property, fast->message, generic->n, generic->round,
                                  generic->property, field_text_of(generic->rank),
                                  generic->message);
      v = std::move(cause);
    } else {
      v->message = lead + v->message;
    }
    out.violations.push_back(std::move(*v));
  }
  return out;
}

Outcome BcastFamily::plugin_failed(std::int64_t p, const std::string& what,
                                   std::int64_t rank) const {
  Outcome out;
  out.status = Status::fail;
  const std::vector<std::int64_t> ns = o_.blocks.for_p(p);
  out.instances = static_cast<std::int64_t>(ns.size());
  for (std::int64_t n : ns) {
    out.instance_results.push_back({p, n, Status::fail, kNone, bcast_round_lower_bound(p, n)});
  }
  Violation v;
  v.property = "plugin_error";
  v.p = p;
  v.rank = rank >= 0 ? rank : kNone;
  v.message = what;
  out.violations.push_back(std::move(v));
  const std::lock_guard lock(failures_lock_);
  ++plugin_failures_;
  if (first_failure_p_ == 0 || p < first_failure_p_) {
    first_failure_p_ = p;
    first_failure_ = what;
  }
  return out;
}

Outcome BcastFamily::check(std::int64_t p, const CheckContext& ctx) const {
  Outcome out;
  try {
    out = check_schedule(p, ctx);
  } catch (const PluginFailure& f) {
    return plugin_failed(p, f.what(), f.rank);
  }
  if (const std::int64_t root = source_.root(p); root != 0) {
    for (Violation& v : out.violations) {
      if (v.property == "root_mapping") continue;
      v.message = fmt::format("root {}, ranks relative to it (rank v runs on rank (v + {}) mod p): ",
                              root, root) +
                  v.message;
    }
  }
  return out;
}

Outcome BcastFamily::check_schedule(std::int64_t p, const CheckContext& ctx) const {
  if (!alone(p)) {
    // One table buffer per worker thread, reused for every p it checks (nothing keeps a pointer
    // into it after conclude(): the excerpt copies its rows).
    thread_local CirculantSchedule s;
    source_.build_into(p, s);
    Outcome out = conclude(p, check_circulant_schedule(s, {source_.states_baseblocks()}), &s, 1);
    if (Verdict m = source_.root_mapping(p, s)) {
      out.status = Status::fail;
      if (!out.excerpt && m->message.rfind("recv", 0) == 0) out.excerpt = excerpt_around(s, *m);
      out.violations.push_back(std::move(*m));
    }
    return out;
  }
  const StreamOutcome st =
      stream_bcast(source_, p, ctx.threads, o_.stream, ctx.stop, o_.stream_progress,
                   ctx.distribution);
  Outcome out;
  if (st.complete || st.verdict) out = conclude(p, st.verdict, nullptr, ctx.threads);
  out.complete = st.complete;
  ++streamed_;
  stream_interrupted_ = stream_interrupted_ || !st.complete;
  stream_checks_ = st.checks + (p <= o_.generic_max_p
                                    ? "; generic simulation of every n run from the built tables"
                                    : "; generic simulation not run (it needs the tables)");
  return out;
}

void BcastFamily::finish(ConstructionSummary& summary,
                         const std::vector<Finished>& /*finished*/) const {
  // Where each violation points in the user's file: the row of its rank in the table its
  // property is about (a send for send_before_receive and one_port_send, else a receive).
  summary.input = source_.input();
  if (!summary.input.empty()) {
    const std::vector<std::int64_t> held_ps = source_.held_ps();
    for (const Violation& v : summary.violations) {
      const bool held =
          held_ps.empty() || std::binary_search(held_ps.begin(), held_ps.end(), v.p);
      summary.locations.push_back(
          held && v.p != kNone
              ? source_.locate(v.p, v.rank, v.property.find("send") != std::string::npos ? "send" : "recv")
              : InputLocation{summary.input, kNone});
    }
  }
  if (plugin_failures_ > 0) {
    std::fprintf(stderr, "%s: the schedule plugin reported an error for %lld p; the smallest: %s\n",
                 o_.name.c_str(), static_cast<long long>(plugin_failures_),
                 first_failure_.c_str());
  }
  if (streamed_ == 0) return;
  std::fprintf(stderr, "%s: %lld p streamed (%s)%s\n", o_.name.c_str(),
               static_cast<long long>(streamed_), stream_checks_.c_str(),
               stream_interrupted_ ? "; interrupted: not every rank was checked" : "");
}

}  // namespace collverify::engine
