// The program route's family (program_family.hpp).
#include "families/program/program_family.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include <fmt/format.h>

#include "families/program/spacetime_svg.hpp"
#include "program/cost.hpp"
#include "reports/program_cost.hpp"
#include "model/error.hpp"

namespace collverify::families::program {
namespace {

namespace cvp = collverify::program;

constexpr std::int64_t kStackResident = 64 * 1024;  // touched stack and fiber record per rank

std::string instance_text(const cvp::Job& job) {
  const cvp::Instance& in = job.instance;
  return fmt::format("{} {} {}", cvp::to_string(in.collective),
                     cvp::is_reduction(in.collective) ? cvp::to_string(in.op)
                                                      : cvp::to_string(in.elem),
                     cvp::to_string(job.buffering));
}

Violation violation_of(const cvp::Job& job, const cvp::Fault& f) {
  Violation v;
  v.property = f.property;
  v.p = job.instance.p;
  v.count = job.instance.count;
  v.root = cvp::has_root(job.instance.collective) ? job.instance.root : kNone;
  v.rank = f.rank >= 0 ? f.rank : kNone;
  v.call = f.call >= 0 ? f.call : kNone;
  v.op = f.op;
  v.instance = instance_text(job);
  v.message = fmt::format("{}: {}", v.instance, f.message);
  return v;
}

// One row of program_cost.csv (kCostCsvHeader) for a passing instance.
std::string cost_row(const cvp::Job& job, const cvp::InstanceCost& c) {
  const cvp::Instance& in = job.instance;
  return fmt::format("{},{},{},{},{},{},{},{},{},{},{}\n", in.p, in.count,
                     cvp::has_root(in.collective) ? std::to_string(in.root) : std::string(),
                     instance_text(job), c.messages, c.busiest_bytes, c.busiest_bound, c.rounds,
                     c.round_bound, c.time_ns, c.time_bound_ns);
}

// program_cost_<the plugin's file stem>.csv, one per program construction of a run (a campaign
// runs several), in the characters a report file name may have.
std::string cost_file_name(const std::string& plugin_path) {
  std::string stem = std::filesystem::path(plugin_path).stem().string();
  for (char& c : stem) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!plain) c = '_';
  }
  return fmt::format("{}_{}.csv", reports::kCostCsvPrefix, stem);
}

}  // namespace

ProgramFamily::ProgramFamily(Settings settings) : settings_(std::move(settings)) {
  try {
    plugin_ = cvp::load_plugin(settings_.plugin_path);
  } catch (const cvp::ProgramError& e) {
    // The ELF reader's own messages ("truncated ELF file") do not name the file.
    const std::string message = e.what();
    if (message.find(settings_.plugin_path) != std::string::npos) throw InputError(message);
    throw InputError(fmt::format("--plugin '{}': {}", settings_.plugin_path, message));
  }
  if (settings_.collectives.empty()) {
    for (int c = 0; c < cvp::kCollectives; ++c) {
      if (plugin_.has(static_cast<cvp::Collective>(c))) {
        settings_.collectives.push_back(static_cast<cvp::Collective>(c));
      }
    }
  }
  for (cvp::Collective c : settings_.collectives) {
    if (!plugin_.has(c)) {
      throw InputError(fmt::format("--collective {}: '{}' does not export {}", cvp::to_string(c),
                                   settings_.plugin_path, cvp::symbol_of(c)));
    }
  }
}

Coverage ProgramFamily::coverage() const {
  Coverage c;
  std::string names;
  for (cvp::Collective x : settings_.collectives) {
    if (!names.empty()) names += ',';
    names += cvp::to_string(x);
  }
  c.parameters = fmt::format(
      "plugin {}; collectives {}; every count of the count terms, every root (all up to p = {}, "
      "then 0, 1, p/2, p - 1 unless --roots says otherwise), eager and rendezvous buffering as "
      "asked; wildcard matching orders up to {}",
      settings_.plugin_path, names, kAllRootsUpTo, settings_.limits.max_interleavings);
  c.properties = {"negative_count", "invalid_rank",  "invalid_tag",      "invalid_argument",
                  "truncation",     "deadlock",      "unmatched_message", "request_leak",
                  "buffer_race",    "out_of_bounds", "error_return",     "crash",
                  "step_budget",    "wrong_result"};
  c.lower_bound =
      "reported, not failed; for count > 0 and p > 1, b the bytes of one rank's block (count x "
      "element size): rounds >= ceil(log2 p); busiest-rank bytes >= b (bcast, reduce, allreduce, "
      "reduce_scatter_block), (p - 1) b (gather, scatter, allgather), 2 (p - 1) b (alltoall); "
      "alpha-beta time >= max(ceil(log2 p) alpha, beta x the bytes one port must carry: b, or "
      "(p - 1) b for gather, scatter, allgather and alltoall); all 0 when count = 0 or p = 1";
  return c;
}

void ProgramFamily::accept(std::int64_t p) const {
  if (p < 1 || p > kMaxProgramP) {
    throw InputError(fmt::format("p = {}: the program route runs 1..{} ranks", p, kMaxProgramP));
  }
}

double ProgramFamily::cost(std::int64_t p) const {
  return static_cast<double>(p) * static_cast<double>(p);
}

std::int64_t ProgramFamily::bytes(std::int64_t p, int) const {
  // The largest instance: the root's and the other ranks' two buffers of 8-byte elements at the
  // largest count, about twice as much again in message copies, receive images and expected
  // values, and each rank's touched stack. p <= 4096 and count < 2^31 keep this below 2^62.
  std::int64_t largest = 0;
  for (std::int64_t count : counts_for(settings_.counts, p)) largest = std::max(largest, count);
  std::int64_t buffers = 0;
  for (cvp::Collective c : settings_.collectives) {
    const cvp::Instance in{c, static_cast<int>(p), largest, 0, cvp::Elem::int64,
                           cvp::ReduceOp::sum};
    auto elems = [&](int rank) {
      const cvp::Shape sh = cvp::shape(in, rank);
      return std::max<std::int64_t>(sh.send, 0) + std::max<std::int64_t>(sh.recv, 0);
    };
    buffers = std::max(buffers, 8 * (elems(0) + (p - 1) * (p > 1 ? elems(1) : 0)));
  }
  return 3 * buffers + p * kStackResident;
}

std::vector<cvp::Job> ProgramFamily::jobs(std::int64_t p) const {
  std::vector<cvp::Job> out;
  const TermList large_roots = parse_terms("--roots", kDefaultRootsLarge, false);
  const bool default_roots = !settings_.roots.all && settings_.roots.terms.empty();
  const std::vector<std::int64_t> roots =
      default_roots ? (p <= kAllRootsUpTo ? roots_for(TermList{true, {}}, p)
                                          : roots_for(large_roots, p))
                    : roots_for(settings_.roots, p);
  for (cvp::Collective c : settings_.collectives) {
    std::vector<std::pair<cvp::Elem, cvp::ReduceOp>> kinds;
    if (cvp::is_reduction(c)) {
      kinds = {{cvp::Elem::int64, cvp::ReduceOp::sum}, {cvp::Elem::int64, cvp::ReduceOp::compose}};
    } else {
      for (cvp::Elem e : settings_.datatypes) kinds.push_back({e, cvp::ReduceOp::sum});
    }
    for (std::int64_t count : counts_for(settings_.counts, p)) {
      for (std::int64_t root : cvp::has_root(c) ? roots : std::vector<std::int64_t>{0}) {
        for (const auto& [elem, op] : kinds) {
          for (cvp::Buffering b : settings_.buffering) {
            cvp::Instance in{c, static_cast<int>(p), count, static_cast<int>(root), elem, op};
            out.push_back({in, b});
          }
        }
      }
    }
  }
  return out;
}

engine::Outcome ProgramFamily::check(std::int64_t p, const engine::CheckContext& context) const {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<cvp::Job> all = jobs(p);
  cvp::IsolationOptions options;
  options.limits = settings_.limits;
  options.timeout_seconds = settings_.timeout_seconds;
  options.stop = context.stop;
  const std::vector<cvp::JobOutcome> outcomes = cvp::run_isolated(plugin_, all, options);
  engine::Outcome o;
  std::vector<Witness> smallest;  // the smallest failing instance (and any equal to it)
  bool inconclusive = false;
  std::string rows;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (!outcomes[i].ran) {
      o.complete = false;
      continue;
    }
    ++o.instances;
    const cvp::InstanceVerdict& v = outcomes[i].verdict;
    const Status status = v.status == cvp::InstanceStatus::pass   ? Status::pass
                          : v.status == cvp::InstanceStatus::fail ? Status::fail
                                                                  : Status::inconclusive;
    // One result per instance, its count as n: the rounds of a passing run beside ceil(log2 p),
    // counted (coverage.rounds_*) only where that bound is positive, as in the cost table
    // (reports/program_cost.hpp: count = 0 or p = 1 is held against no bound).
    const bool counted = status == Status::pass && v.cost.round_bound > 0;
    o.instance_results.push_back({p, all[i].instance.count, status,
                                  counted ? v.cost.rounds : kNone, v.cost.round_bound});
    if (status == Status::pass) rows += cost_row(all[i], v.cost);
    if (v.status == cvp::InstanceStatus::inconclusive) inconclusive = true;
    if (v.status != cvp::InstanceStatus::fail || !v.fault) continue;
    Violation viol = violation_of(all[i], *v.fault);
    // The engine's order (Violation::operator<) is total, so the smallest is the one the
    // engine's sort puts first; a violation equal to it is kept beside it for finish().
    if (smallest.empty() || viol < smallest.front().violation) smallest.clear();
    if (smallest.empty() || !(smallest.front().violation < viol)) {
      smallest.push_back(Witness{viol, v.calls, v.messages});
    }
    o.violations.push_back(std::move(viol));
  }
  o.status = !o.violations.empty() ? Status::fail
             : inconclusive        ? Status::inconclusive
                                   : Status::pass;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!smallest.empty()) witnesses_[p] = std::move(smallest);
  }
  // The cost lines travel with the outcome (to rank 0 of a distributed run, into the journal),
  // so the table of finish() has every p of the run.
  o.family_data = std::move(rows);
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return o;
}

namespace {
// The fields a rerun must reproduce for its calls and messages to be the witness's.
bool same_fault(const Violation& a, const Violation& b) {
  return a.property == b.property && a.p == b.p && a.count == b.count && a.root == b.root &&
         a.rank == b.rank && a.call == b.call && a.op == b.op && a.instance == b.instance &&
         a.message == b.message;
}
}  // namespace

std::optional<ProgramFamily::Witness> ProgramFamily::rerun(const Violation& v) const {
  for (const cvp::Job& job : jobs(v.p)) {
    const bool root_matches = !cvp::has_root(job.instance.collective) || job.instance.root == v.root;
    if (job.instance.count != v.count || !root_matches || instance_text(job) != v.instance) {
      continue;
    }
    cvp::IsolationOptions options;
    options.limits = settings_.limits;
    options.timeout_seconds = settings_.timeout_seconds;
    const std::vector<cvp::JobOutcome> again = cvp::run_isolated(plugin_, {job}, options);
    const cvp::InstanceVerdict& verdict = again.front().verdict;
    if (!again.front().ran || !verdict.fault) return std::nullopt;
    Witness w{violation_of(job, *verdict.fault), verdict.calls, verdict.messages};
    // A plugin whose runs differ (it reads the clock, or was rebuilt before --resume): no
    // diagram rather than the diagram of another fault.
    if (!same_fault(w.violation, v)) return std::nullopt;
    return w;
  }
  return std::nullopt;
}

std::optional<ProgramFamily::Witness> ProgramFamily::witness_of(const Violation& v) const {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = witnesses_.find(v.p);
    if (it != witnesses_.end()) {
      for (const Witness& w : it->second) {
        if (same_fault(w.violation, v)) return w;
      }
    }
  }
  return rerun(v);
}

void ProgramFamily::finish(ConstructionSummary& summary,
                           const std::vector<engine::Finished>& finished) const {
  summary.input = settings_.plugin_path;
  std::string csv = fmt::format("{}\n", reports::kCostCsvHeader);
  for (const engine::Finished& f : finished) csv += f.outcome->family_data;
  summary.data_files.push_back({cost_file_name(settings_.plugin_path), std::move(csv)});
  if (summary.violations.empty()) return;
  const std::optional<Witness> w = witness_of(summary.violations.front());
  if (!w) return;
  summary.pictures_svg.push_back(
      {"program_witness.svg",
       fmt::format("{}: the smallest failing instance, p = {}, count = {}{}", summary.name,
                   w->violation.p, w->violation.count,
                   w->violation.root == kNone ? "" : fmt::format(", root = {}", w->violation.root)),
       spacetime_svg(w->violation, w->calls, w->messages)});
}

}  // namespace collverify::families::program
