#include "mpi/check.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

namespace collverify::mpiexec {

namespace {

struct Finding {
  std::int64_t kind = 0;  // 0 none, 1 bytes_equal_native, 2 native_delivers_pattern, 3 gaps
  std::int64_t origin = -1;
  std::int64_t block = -1;
  std::int64_t round = -1;
  std::int64_t blocks_wrong = 0;
  char text[400] = {};
};

const char* property(std::int64_t kind) {
  switch (kind) {
    case 1: return "bytes_equal_native";
    case 2: return "native_delivers_pattern";
    default: return "gaps_untouched";
  }
}

const char* native_name(Collective c) {
  switch (c) {
    case Collective::bcast: return "MPI_Bcast";
    case Collective::allgather: return "MPI_Allgather";
    case Collective::allgatherv: return "MPI_Allgatherv";
    case Collective::gather: return "MPI_Gatherv";
    case Collective::scatter: return "MPI_Scatterv";
  }
  return "?";
}

std::vector<std::int64_t> region(const Instance& in) {
  const bool whole = in.collective == Collective::bcast || in.collective == Collective::allgather ||
                     in.collective == Collective::allgatherv || in.me == in.root;
  if (!whole) return {in.me};
  std::vector<std::int64_t> all;
  for (std::int64_t j = 0; j < in.geometry.origins(); ++j) all.push_back(j);
  return all;
}

std::vector<std::uint8_t> initial_buffer(const Instance& in) {
  std::vector<std::uint8_t> buf = poisoned_buffer(in.geometry);
  const Geometry& g = in.geometry;
  switch (in.collective) {
    case Collective::bcast:
      if (in.me == in.root) fill_origin(g, 0, buf);
      break;
    case Collective::scatter:
      if (in.me == in.root) {
        for (std::int64_t j = 0; j < g.origins(); ++j) fill_origin(g, j, buf);
      }
      break;
    default:
      fill_origin(g, in.me, buf);
  }
  return buf;
}

std::string arrival_text(const Received& r) {
  if (r.arrival == Arrival::none) return "never received";
  std::string s = fmt::format("last received in round {} from rank {}", r.round, r.from);
  if (r.arrival == Arrival::short_message) s += " (a shorter message than expected)";
  if (r.arrival == Arrival::truncated) s += " (a longer message than the block: truncated)";
  return s;
}

Finding compare(const Instance& in, const std::vector<std::uint8_t>& sched,
                const std::vector<std::uint8_t>& native, const Record& record) {
  const Geometry& g = in.geometry;
  Finding f;
  const auto note = [&](std::int64_t kind, std::int64_t j, std::int64_t b, const std::string& text) {
    ++f.blocks_wrong;
    if (f.kind != 0) return;
    f.kind = kind;
    f.origin = j;
    f.block = b;
    const Received& r = record[static_cast<std::size_t>(j * g.n + b)];
    f.round = r.arrival == Arrival::none ? -1 : r.round;
    std::snprintf(f.text, sizeof f.text, "%s", text.c_str());
  };
  for (const std::int64_t j : region(in)) {
    for (std::int64_t b = 0; b < g.n; ++b) {
      const ElementRange range = g.block(j, b);
      const auto mine = data_bytes(g, sched, range);
      const auto theirs = data_bytes(g, native, range);
      const Received& r = record[static_cast<std::size_t>(j * g.n + b)];
      if (mine != theirs) {
        note(1, j, b,
             fmt::format("rank {} holds in (origin {}, block {}) {}, {}; {} delivers {}", in.me, j,
                         b, describe(g, mine), arrival_text(r), native_name(in.collective),
                         describe(g, theirs)));
      } else if (theirs != expected_block(g, j, b)) {
        note(2, j, b,
             fmt::format("rank {}: {} delivers in (origin {}, block {}) {}, not its pattern",
                         in.me, native_name(in.collective), j, b, describe(g, theirs)));
      }
    }
  }
  for (std::size_t i = 0; i < sched.size(); ++i) {
    const auto e = static_cast<std::int64_t>(i) / g.element.extent();
    const auto at = static_cast<std::int64_t>(i) % g.element.extent();
    bool data = false;
    for (std::int64_t s = 0; s < g.element.data_bytes(); ++s) data = data || g.element.offset(s) == at;
    if (data || (sched[i] == kGap && native[i] == kGap)) continue;
    note(3, -1, -1,
         fmt::format("rank {}: gap byte {} of element {} written ({} by the schedule, {} by {})",
                     in.me, at, e, sched[i] == kGap ? "untouched" : "written",
                     native[i] == kGap ? "untouched" : "written", native_name(in.collective)));
    break;
  }
  return f;
}

}  // namespace

CheckResult execute_and_compare(MPI_Comm comm, const Instance& in) {
  std::vector<std::uint8_t> sched = initial_buffer(in);
  std::vector<std::uint8_t> native = sched;
  Record record(static_cast<std::size_t>(in.geometry.origins() * in.geometry.n));
  {
    const Executor exec(comm, in.geometry, in.plan);
    exec.run(sched, &record);
  }
  const MPI_Datatype element = element_type(in.geometry.element);
  run_native(comm, in.collective, in.geometry, in.root, element, native);
  if (element != MPI_BYTE) {
    MPI_Datatype e = element;
    MPI_Type_free(&e);
  }
  const Finding mine = compare(in, sched, native, record);

  std::vector<Finding> all(static_cast<std::size_t>(in.me == 0 ? in.p : 0));
  MPI_Gather(&mine, sizeof(Finding), MPI_BYTE, all.data(), sizeof(Finding), MPI_BYTE, 0, comm);
  CheckResult result;
  for (std::size_t r = 0; r < all.size(); ++r) {
    const Finding& f = all[r];
    result.blocks_wrong += f.blocks_wrong;
    if (f.kind == 0) continue;
    Violation v;
    v.property = property(f.kind);
    v.p = in.p;
    v.n = in.geometry.n;
    v.rank = static_cast<std::int64_t>(r);
    v.round = f.round < 0 ? kNone : f.round;
    v.block = f.block < 0 ? kNone : f.block;
    v.message = f.text;
    if (f.blocks_wrong > 1) v.message += fmt::format(" ({} blocks wrong on this rank)", f.blocks_wrong);
    result.violations.push_back(std::move(v));
  }
  std::sort(result.violations.begin(), result.violations.end());
  return result;
}

}  // namespace collverify::mpiexec
