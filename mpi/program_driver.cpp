// collverify-mpi-program: one instance of the program route on real Open MPI processes
// (docs/DESIGN.md "The program route", "Against real MPI"). `collverify-mpi program ...` execs it
// (program_exec.hpp).
//
//   mpirun -np P collverify-mpi program --plugin LIB.so --collective C --count N --root R
//          [--datatype int|double|byte] [--op sum|compose]
//
// Every rank loads the same plugin (built against collverify's mpi.h, linking nothing; refused as
// in the simulation when it was built against a real MPI), gets the buffers, input values and
// poison of program/collective.hpp (a buffer "significant only at root" is null elsewhere), calls
// cv_<C> on a duplicate of MPI_COMM_WORLD through the bridge of program_shim.h, and judges its
// buffers against expected_output. Rank 0 prints one verdict, in the simulation's order and words:
// an MPI error a call returned, error_return, out_of_bounds (64-byte guard zones), wrong_result
// (a changed const sendbuf, or the first rank's first wrong element: expected and found, with
// their origins). Exit 0 pass, 1 a violation, 2 bad input; every rank exits with the same code.
//
// This executable defines (and exports, --dynamic-list) the MPI_* functions of collverify's mpi.h,
// so its own MPI calls are PMPI_* throughout.
#include <mpi.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "program_shim.h"
#include "program/collective.hpp"
#include "program/guarded_buffer.hpp"
#include "program/plugin.hpp"

namespace prog = collverify::program;

extern "C" std::uint64_t cvdriver_compose(std::uint64_t in, std::uint64_t inout) {
  return prog::compose(in, inout);
}

namespace {

using Guarded = prog::GuardedBuffer;
using prog::kGuard;

// What one rank found, gathered to rank 0 as bytes.
struct RankReport {
  std::int32_t rc = 0;         // cv_*'s return value
  std::int32_t mpi_error = 0;  // the first error class a call returned (collverify's numbers)
  std::int32_t guard = 0;      // 1 sendbuf's, 2 recvbuf's guard zone written
  std::int32_t send_changed = 0;
  std::int64_t wrong = -1;  // the first wrong output element
  std::int64_t calls = 0;   // MPI calls that reached the bridge
  unsigned char found[8] = {};
  char call[32] = {};
};

const char* error_name(int cls) {
  switch (cls) {
    case 1: return "MPI_ERR_BUFFER";
    case 2: return "MPI_ERR_COUNT";
    case 3: return "MPI_ERR_TYPE";
    case 4: return "MPI_ERR_TAG";
    case 5: return "MPI_ERR_COMM";
    case 6: return "MPI_ERR_RANK";
    case 7: return "MPI_ERR_REQUEST";
    case 8: return "MPI_ERR_ROOT";
    case 10: return "MPI_ERR_OP";
    case 13: return "MPI_ERR_ARG";
    case 15: return "MPI_ERR_TRUNCATE";
    case 17: return "MPI_ERR_INTERN";
    case 18: return "MPI_ERR_IN_STATUS";
    case 19: return "MPI_ERR_PENDING";
    case 34: return "MPI_ERR_NO_MEM";
    default: return "MPI_ERR_OTHER";
  }
}

struct Flags {
  std::string plugin, collective, datatype = "int", op = "sum";
  std::int64_t count = 0;
  std::int64_t root = 0;
};

// The instance, or the reason it is refused.
std::optional<std::string> make_instance(const Flags& f, int p, prog::Instance& in) {
  const auto c = prog::parse_collective(f.collective);
  if (!c) {
    return fmt::format("--collective '{}' is not one of bcast, reduce, allreduce, gather, "
                       "scatter, allgather, alltoall, reduce_scatter_block",
                       f.collective);
  }
  const auto e = prog::parse_elem(f.datatype);
  if (!e) return fmt::format("--datatype '{}' is not one of int, double, byte", f.datatype);
  if (f.op != "sum" && f.op != "compose") {
    return fmt::format("--op '{}' is not one of sum, compose", f.op);
  }
  // Every buffer holds at most count * p elements of 8 bytes, addressed with an int count.
  constexpr std::int64_t kMaxElements = std::int64_t{1} << 27;
  if (f.count < 0 || f.count > kMaxElements / p) {
    return fmt::format("--count {} is outside 0..{} (count * p elements at most 2^27)", f.count,
                       kMaxElements / p);
  }
  if (f.root < 0 || f.root >= p) {
    return fmt::format("--root {} is not a rank of the {} processes", f.root, p);
  }
  in.collective = *c;
  in.p = p;
  in.count = f.count;
  in.root = prog::has_root(*c) ? static_cast<int>(f.root) : 0;
  in.elem = prog::is_reduction(*c) ? prog::Elem::int64 : *e;
  in.op = f.op == "sum" ? prog::ReduceOp::sum : prog::ReduceOp::compose;
  return std::nullopt;
}

// Every rank says whether it refused; the lowest refusing rank prints its reason.
bool refused_anywhere(int me, const std::optional<std::string>& error) {
  int mine = error ? me : 1 << 30;
  int lowest = 0;
  PMPI_Allreduce(&mine, &lowest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (lowest == me && error) std::fprintf(stderr, "collverify-mpi program: %s\n", error->c_str());
  return lowest != 1 << 30;
}

RankReport run_rank(const prog::Instance& in, void* fn, int me) {
  const std::size_t width = prog::elem_size(in.elem);
  const prog::Shape sh = prog::shape(in, me);
  Guarded send, recv;
  send.make(sh.send, width);
  recv.make(sh.recv, width);
  if (send.present) prog::fill_send(in, me, send.data());
  if (recv.present) prog::fill_recv(in, me, recv.data());

  RankReport r;
  r.rc = cvours_call(static_cast<int>(in.collective), fn, send.data(), recv.data(),
                     static_cast<int>(in.count), static_cast<int>(in.elem),
                     in.op == prog::ReduceOp::sum ? 0 : 1, in.root);
  const char* call = "";
  r.mpi_error = cvshim_first_error(&call);
  std::snprintf(r.call, sizeof r.call, "%s", call);
  r.calls = cvshim_calls();
  r.guard = !send.guards_intact() ? 1 : !recv.guards_intact() ? 2 : 0;
  if (send.bytes > 0) {  // no memcmp on an empty buffer (a null pointer for UBSan)
    std::vector<std::byte> original(send.bytes);
    prog::fill_send(in, me, original.data());
    r.send_changed = std::memcmp(original.data(), send.data(), send.bytes) != 0;
  }
  const std::vector<std::byte> want = prog::expected_output(in, me);
  for (std::size_t i = 0; i < want.size(); i += width) {
    if (std::memcmp(want.data() + i, recv.data() + i, width) == 0) continue;
    r.wrong = static_cast<std::int64_t>(i / width);
    std::memcpy(r.found, recv.data() + i, width);
    break;
  }
  return r;
}

// Rank 0: the verdict of all ranks' reports, in the simulation's order (run_instance.hpp).
int judge(const prog::Instance& in, const std::vector<RankReport>& all, const std::string& what) {
  const std::string sym = prog::symbol_of(in.collective);
  auto fail = [&](const char* property, const std::string& message) {
    std::printf("FAIL %s: %s: %s\n", what.c_str(), property, message.c_str());
    return 1;
  };
  for (int r = 0; r < in.p; ++r) {
    const RankReport& x = all[static_cast<std::size_t>(r)];
    if (x.mpi_error != 0) {
      return fail("mpi_error", fmt::format("rank {}'s {} returned {} (Open MPI found the call "
                                           "erroneous)",
                                           r, x.call, error_name(x.mpi_error)));
    }
  }
  for (int r = 0; r < in.p; ++r) {
    if (const int rc = all[static_cast<std::size_t>(r)].rc; rc != 0) {
      return fail("error_return", fmt::format("rank {}'s {} returned {}", r, sym, rc));
    }
  }
  for (int r = 0; r < in.p; ++r) {
    if (const int g = all[static_cast<std::size_t>(r)].guard; g != 0) {
      return fail("out_of_bounds", fmt::format("rank {} wrote into the guard zone around its {}",
                                               r, g == 1 ? "sendbuf" : "recvbuf"));
    }
  }
  const std::size_t width = prog::elem_size(in.elem);
  for (int r = 0; r < in.p; ++r) {
    const RankReport& x = all[static_cast<std::size_t>(r)];
    if (x.send_changed) {
      return fail("wrong_result", fmt::format("rank {}'s sendbuf (const) was changed", r));
    }
    if (x.wrong < 0) continue;
    const std::vector<std::byte> want = prog::expected_output(in, r);
    const std::byte* w = want.data() + static_cast<std::size_t>(x.wrong) * width;
    const auto* got = reinterpret_cast<const std::byte*>(x.found);
    return fail("wrong_result",
                fmt::format("rank {}'s {} element {}: expected {} ({}), found {} ({})", r,
                            in.collective == prog::Collective::bcast ? "buffer" : "recvbuf",
                            x.wrong, prog::element_text(in.elem, w), prog::origin(in, w),
                            prog::element_text(in.elem, got), prog::origin(in, got)));
  }
  std::int64_t calls = 0;
  for (const RankReport& x : all) calls += x.calls;
  std::printf("PASS %s: every rank's buffers are MPI's (%lld MPI calls of the plugin through the "
              "bridge)\n",
              what.c_str(), static_cast<long long>(calls));
  return 0;
}

int run(int argc, char** argv, int me, int p) {
  Flags f;
  CLI::App app{"collverify-mpi program: run a program-route plugin's collective on Open MPI and "
               "check every rank's result against MPI's definition"};
  app.require_subcommand(1, 1);
  CLI::App* sub = app.add_subcommand("program", "one instance of the program route on real MPI");
  sub->add_option("--plugin", f.plugin, "the plugin (built against include/collverify/mpi/mpi.h)")
      ->required();
  sub->add_option("--collective", f.collective,
                  "bcast, reduce, allreduce, gather, scatter, allgather, alltoall, "
                  "reduce_scatter_block")
      ->required();
  sub->add_option("--count", f.count, "count (elements per rank's block)")->required();
  sub->add_option("--root", f.root, "root rank (default 0)");
  sub->add_option("--datatype", f.datatype, "int (default), double or byte (data movement)");
  sub->add_option("--op", f.op, "sum (default) or compose (non-commutative; reductions)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    if (me == 0) app.exit(e);
    return 0;
  } catch (const CLI::ParseError& e) {
    if (me == 0) std::fprintf(stderr, "collverify-mpi program: %s (see --help)\n", e.what());
    return 2;
  }
  prog::Instance in;
  std::optional<std::string> error = make_instance(f, p, in);
  prog::Plugin plugin;
  if (!error) {
    try {
      plugin = prog::open_plugin(f.plugin);
      if (!plugin.has(in.collective)) {
        error = fmt::format("--plugin '{}' does not export {}", f.plugin,
                            prog::symbol_of(in.collective));
      }
    } catch (const prog::ProgramError& e) {
      error = e.what();
    }
  }
  if (!error && cvreal_init() != 0) error = "cannot duplicate MPI_COMM_WORLD for the plugin";
  if (refused_anywhere(me, error)) return 2;

  RankReport mine = run_rank(in, plugin.fn[static_cast<std::size_t>(in.collective)], me);
  std::vector<RankReport> all(me == 0 ? static_cast<std::size_t>(p) : 0);
  PMPI_Gather(&mine, sizeof mine, MPI_BYTE, all.data(), sizeof mine, MPI_BYTE, 0, MPI_COMM_WORLD);
  int code = 0;
  if (me == 0) {
    std::string what = fmt::format("program:{} {} count={}", prog::to_string(in.collective),
                                   prog::is_reduction(in.collective)
                                       ? std::string("op=") + prog::to_string(in.op)
                                       : std::string(prog::to_string(in.elem)),
                                   in.count);
    if (prog::has_root(in.collective)) what += fmt::format(" root={}", in.root);
    what += fmt::format(" p={} (Open MPI)", p);
    code = judge(in, all, what);
    std::fflush(stdout);
  }
  PMPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  cvreal_finish();
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  PMPI_Init(&argc, &argv);
  int me = 0, p = 1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &me);
  PMPI_Comm_size(MPI_COMM_WORLD, &p);
  const int code = run(argc, argv, me, p);
  PMPI_Finalize();
  return code;
}
