#include "mpi/timing.hpp"

#include <algorithm>
#include <limits>

#include <fmt/format.h>

#include "model/error.hpp"
#include "mpi/check.hpp"

namespace collverify::mpiexec {

namespace {

std::int64_t parse_one(const std::string& token) {
  std::size_t used = 0;
  std::int64_t v = 0;
  try {
    v = std::stoll(token, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  std::int64_t unit = 1;
  const std::string rest = token.substr(used);
  if (rest == "K") unit = 1024;
  else if (rest == "M") unit = 1024 * 1024;
  else if (rest == "G") unit = 1024 * 1024 * 1024;
  else if (!rest.empty()) used = 0;
  if (used == 0 || v < 1 || v > (std::int64_t{1} << 30) / unit) {
    throw InputError(fmt::format("--sizes: {} is not a size (1 .. 1G bytes, e.g. 3000, 1K, 64M)",
                                 token));
  }
  return v * unit;
}

double slowest_min(MPI_Comm comm, int reps, const auto& once) {
  double best = std::numeric_limits<double>::infinity();
  for (int i = 0; i < reps; ++i) {
    MPI_Barrier(comm);
    const double t0 = MPI_Wtime();
    once();
    double local = MPI_Wtime() - t0;
    double slowest = 0;
    MPI_Allreduce(&local, &slowest, 1, MPI_DOUBLE, MPI_MAX, comm);
    best = std::min(best, slowest);
  }
  return best;
}

}  // namespace

std::vector<std::int64_t> parse_sizes(const std::string& text) {
  std::vector<std::int64_t> out;
  const auto dots = text.find("..");
  if (dots != std::string::npos) {
    const std::int64_t lo = parse_one(text.substr(0, dots));
    const std::int64_t hi = parse_one(text.substr(dots + 2));
    if (lo > hi) throw InputError(fmt::format("--sizes {}: the range is reversed", text));
    for (std::int64_t s = lo; s <= hi; s *= 2) out.push_back(s);
    return out;
  }
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto comma = text.find(',', start);
    out.push_back(parse_one(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

TimingResult run_timing(MPI_Comm comm, const Options& o, std::int64_t p, std::int64_t me) {
  if (o.reps < 1 || o.reps > 1000) {
    throw InputError(fmt::format("--reps {}: expected 1..1000", o.reps));
  }
  TimingResult result;
  const Element element{parse_datatype(o.datatype)};
  const std::vector<std::int64_t> sizes = parse_sizes(o.sizes);
  std::vector<Instance> instances;
  for (const std::int64_t bytes : sizes) {
    instances.push_back(make_instance(o, p, me, elements_of(bytes, element, "--sizes")));
  }
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const Instance& in = instances[i];
    if (in.not_executed) {
      if (me == 0) result.violations.push_back(*in.not_executed);
      continue;
    }
    CheckResult check = execute_and_compare(comm, in);
    for (Violation& v : check.violations) {
      v.message = fmt::format("{} bytes: {}", sizes[i], v.message);
      result.violations.push_back(std::move(v));
    }
    std::vector<std::uint8_t> buf(static_cast<std::size_t>(in.geometry.buffer_bytes()), kGap);
    const Executor exec(comm, in.geometry, in.plan);
    TimingRow row{sizes[i], in.geometry.n, 0, 0};
    row.schedule_seconds = slowest_min(comm, o.reps, [&] { exec.run(buf, nullptr); });
    const MPI_Datatype e = element_type(in.geometry.element);
    row.native_seconds = slowest_min(comm, o.reps, [&] {
      run_native(comm, in.collective, in.geometry, in.root, e, buf);
    });
    if (e != MPI_BYTE) {
      MPI_Datatype copy = e;
      MPI_Type_free(&copy);
    }
    if (me == 0) result.rows.push_back(row);
  }
  std::sort(result.violations.begin(), result.violations.end());
  return result;
}

std::string timing_markdown(const TimingResult& t, const std::string& collective, std::int64_t p) {
  std::string s = fmt::format(
      "## Timing: {} on p = {}\n\nMinimum over repetitions of the slowest rank's time. On an "
      "oversubscribed machine (more ranks than cores) these times measure the scheduler more "
      "than the algorithm; they mean something on a cluster.\n\n"
      "| bytes | n | schedule (us) | native (us) | schedule / native |\n"
      "|---:|---:|---:|---:|---:|\n",
      collective, p);
  for (const TimingRow& r : t.rows) {
    s += fmt::format("| {} | {} | {:.1f} | {:.1f} | {:.2f} |\n", r.bytes, r.n,
                     r.schedule_seconds * 1e6, r.native_seconds * 1e6,
                     r.native_seconds > 0 ? r.schedule_seconds / r.native_seconds : 0.0);
  }
  return s;
}

}  // namespace collverify::mpiexec
