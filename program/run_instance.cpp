// One instance: buffers with guard zones, the runs over the matching orders, the verdict
// (run_instance.hpp).
#include "program/run_instance.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "collverify/mpi/mpi.h"
#include "program/cost.hpp"
#include "program/guarded_buffer.hpp"
#include "program/user_ops.hpp"

namespace collverify::program {
namespace {

struct RankBuffers {
  GuardedBuffer send, recv;
  int rc = 0;
};

struct Context {
  const Plugin* plugin;
  const Instance* in;
  std::vector<RankBuffers>& ranks;  // reused from instance to instance (their storage stays)
  MPI_Datatype type;
  MPI_Op op;
};

MPI_Datatype datatype_of(const Instance& in) {
  switch (in.elem) {
    case Elem::int32: return MPI_INT;
    case Elem::float64: return MPI_DOUBLE;
    case Elem::byte: return MPI_BYTE;
    case Elem::int64: return in.op == ReduceOp::sum ? MPI_INT64_T : MPI_UINT64_T;
  }
  return MPI_BYTE;
}

void compose_fn(void* invec, void* inoutvec, int* len, MPI_Datatype*) {
  auto* in = static_cast<std::uint64_t*>(invec);
  auto* inout = static_cast<std::uint64_t*>(inoutvec);
  for (int i = 0; i < *len; ++i) inout[i] = compose(in[i], inout[i]);
}

// The runtime's non-commutative op, made once in MPI_Op_create's table (commute = 0).
MPI_Op compose_op() {
  static const MPI_Op op = reinterpret_cast<MPI_Op>(
      create_user_op(reinterpret_cast<void*>(&compose_fn), false));
  return op;
}

using BcastFn = int (*)(void*, int, MPI_Datatype, int, MPI_Comm);
using ReduceFn = int (*)(const void*, void*, int, MPI_Datatype, MPI_Op, int, MPI_Comm);
using AllreduceFn = int (*)(const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm);
using RootedFn = int (*)(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, int, MPI_Comm);
using AllFn = int (*)(const void*, int, MPI_Datatype, void*, int, MPI_Datatype, MPI_Comm);
using RsbFn = int (*)(const void*, void*, int, MPI_Datatype, MPI_Op, MPI_Comm);

void rank_main(void* context, int rank) {
  auto& c = *static_cast<Context*>(context);
  const Instance& in = *c.in;
  RankBuffers& b = c.ranks[static_cast<std::size_t>(rank)];
  void* f = c.plugin->fn[static_cast<std::size_t>(in.collective)];
  const int n = static_cast<int>(in.count);
  std::byte* s = b.send.data();
  std::byte* r = b.recv.data();
  MPI_Comm w = MPI_COMM_WORLD;
  switch (in.collective) {
    case Collective::bcast: b.rc = reinterpret_cast<BcastFn>(f)(r, n, c.type, in.root, w); break;
    case Collective::reduce:
      b.rc = reinterpret_cast<ReduceFn>(f)(s, r, n, c.type, c.op, in.root, w);
      break;
    case Collective::allreduce: b.rc = reinterpret_cast<AllreduceFn>(f)(s, r, n, c.type, c.op, w); break;
    case Collective::gather:
    case Collective::scatter:
      b.rc = reinterpret_cast<RootedFn>(f)(s, n, c.type, r, n, c.type, in.root, w);
      break;
    case Collective::allgather:
    case Collective::alltoall:
      b.rc = reinterpret_cast<AllFn>(f)(s, n, c.type, r, n, c.type, w);
      break;
    case Collective::reduce_scatter_block:
      b.rc = reinterpret_cast<RsbFn>(f)(s, r, n, c.type, c.op, w);
      break;
  }
}

void prepare(Context& c) {
  const Instance& in = *c.in;
  const std::size_t width = elem_size(in.elem);
  for (int r = 0; r < in.p; ++r) {
    RankBuffers& b = c.ranks[static_cast<std::size_t>(r)];
    const Shape sh = shape(in, r);
    b.send.make(sh.send, width);
    b.recv.make(sh.recv, width);
    if (b.send.present) fill_send(in, r, b.send.data());
    if (b.recv.present) fill_recv(in, r, b.recv.data());
    b.rc = 0;
  }
}

std::vector<GuardedRegion> regions_of(Context& c) {
  std::vector<GuardedRegion> out;
  const bool bcast = c.in->collective == Collective::bcast;
  for (int r = 0; r < c.in->p; ++r) {
    RankBuffers& b = c.ranks[static_cast<std::size_t>(r)];
    if (b.send.present) out.push_back({r, b.send.data(), b.send.bytes, kGuard, "sendbuf"});
    if (b.recv.present) {
      out.push_back({r, b.recv.data(), b.recv.bytes, kGuard, bcast ? "buffer" : "recvbuf"});
    }
  }
  return out;
}

bool output_same_on_every_rank(Collective c) {
  return c == Collective::bcast || c == Collective::allreduce || c == Collective::allgather;
}

// error_return, out_of_bounds and wrong_result after a run without a fault.
std::optional<Fault> judge(Context& c) {
  const Instance& in = *c.in;
  for (int r = 0; r < in.p; ++r) {
    if (const int rc = c.ranks[static_cast<std::size_t>(r)].rc; rc != 0) {
      return Fault{"error_return", r, -1, symbol_of(in.collective),
                   fmt::format("rank {}'s {} returned {}", r, symbol_of(in.collective), rc)};
    }
  }
  for (int r = 0; r < in.p; ++r) {
    RankBuffers& b = c.ranks[static_cast<std::size_t>(r)];
    for (GuardedBuffer* g : {&b.send, &b.recv}) {
      if (!g->guards_intact()) {
        return Fault{"out_of_bounds", r, -1, symbol_of(in.collective),
                     fmt::format("rank {} wrote into the guard zone around its {}", r,
                                 g == &b.send ? "sendbuf" : "recvbuf")};
      }
    }
  }
  const std::size_t width = elem_size(in.elem);
  std::vector<std::byte> original;
  // One expected output for every rank where MPI defines the same result on all of them (an
  // allreduce's costs O(p count) to compute: once, not p times per run).
  const bool shared = output_same_on_every_rank(in.collective);
  std::vector<std::byte> want;
  for (int r = 0; r < in.p; ++r) {
    RankBuffers& b = c.ranks[static_cast<std::size_t>(r)];
    if (b.send.present) {
      original.assign(b.send.bytes, std::byte{0});
      fill_send(in, r, original.data());
      if (b.send.bytes > 0 && std::memcmp(original.data(), b.send.data(), b.send.bytes) != 0) {
        return Fault{"wrong_result", r, -1, symbol_of(in.collective),
                     fmt::format("rank {}'s sendbuf (const) was changed", r)};
      }
    }
    if (!shared || want.empty()) want = expected_output(in, r);
    if (want.empty()) continue;
    const std::byte* got = b.recv.data();
    if (std::memcmp(want.data(), got, want.size()) == 0) continue;
    for (std::size_t i = 0; i < want.size(); i += width) {
      if (std::memcmp(want.data() + i, got + i, width) == 0) continue;
      return Fault{"wrong_result", r, -1, symbol_of(in.collective),
                   fmt::format("rank {}'s {} element {}: expected {} ({}), found {} ({})", r,
                               in.collective == Collective::bcast ? "buffer" : "recvbuf",
                               i / width, element_text(in.elem, want.data() + i),
                               origin(in, want.data() + i), element_text(in.elem, got + i),
                               origin(in, got + i))};
    }
  }
  return std::nullopt;
}

InstanceCost cost_of(const RunResult& run, const Instance& in) {
  const RunCost c = program::cost_of(run.messages, in.p);
  const CostBounds b = cost_bounds(in);
  return {c.messages, c.busiest_bytes, c.rounds, b.rounds, c.time_ns, b.busiest_bytes, b.time_ns};
}

}  // namespace

InstanceVerdict run_instance(const Plugin& plugin, const Instance& in, Buffering buffering,
                             const InstanceLimits& limits, StackPool& stacks) {
  static thread_local std::vector<RankBuffers> buffers;
  if (buffers.size() < static_cast<std::size_t>(in.p)) buffers.resize(static_cast<std::size_t>(in.p));
  Context c{&plugin, &in, buffers, datatype_of(in),
            in.op == ReduceOp::sum ? MPI_SUM : compose_op()};
  const WorldOptions options{buffering, limits.step_budget, limits.general_matching};
  Explorer explorer;
  InstanceVerdict verdict;
  while (true) {
    prepare(c);
    explorer.restart();
    RunResult run = run_world(in.p, options, regions_of(c), &rank_main, &c, explorer, stacks);
    ++verdict.interleavings;
    if (verdict.interleavings == 1) verdict.cost = cost_of(run, in);
    std::optional<Fault> fault = run.fault ? run.fault : judge(c);
    if (fault) {
      if (explorer.decisions() > 0) {
        fault->message += fmt::format(" (in matching order {} of the wildcard receives)",
                                      verdict.interleavings);
      }
      verdict.status = InstanceStatus::fail;
      verdict.fault = std::move(fault);
      verdict.calls = std::move(run.calls);
      verdict.messages = std::move(run.messages);
      return verdict;
    }
    if (limits.keep_first_run && verdict.interleavings == 1) {
      verdict.calls = std::move(run.calls);
      verdict.messages = std::move(run.messages);
    } else {
      recycle(std::move(run));
    }
    if (!explorer.next()) return verdict;
    if (verdict.interleavings >= limits.max_interleavings) {
      verdict.status = InstanceStatus::inconclusive;
      return verdict;
    }
  }
}

}  // namespace collverify::program
