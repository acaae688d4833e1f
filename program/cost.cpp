// The cost of a run and the lower bounds (cost.hpp).
#include "program/cost.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <tuple>

namespace collverify::program {
namespace {

using Index = std::size_t;

// The order of the messages on their sender's port and the data they wait for, as indices into
// the records, rank by rank in one array each (rank r's part: [begin[r], begin[r + 1])): sends by
// sending call, received messages by the call that handed them back (ties: the earlier match).
// Kept per thread: an instance's cost must not cost an allocation per rank (docs/PERFORMANCE.md).
struct Ports {
  std::vector<Index> sends, send_begin, received, received_begin;
};

void by_rank(const std::vector<MessageRecord>& ms, int p, bool sender, std::vector<Index>& out,
             std::vector<Index>& begin) {
  begin.assign(static_cast<Index>(p) + 1, 0);
  auto rank_of = [&](const MessageRecord& m) { return static_cast<Index>(sender ? m.src : m.dst); };
  auto kept = [&](const MessageRecord& m) { return sender || m.dst_release_call >= 0; };
  for (const MessageRecord& m : ms) {
    if (kept(m)) ++begin[rank_of(m) + 1];
  }
  for (Index r = 0; r < static_cast<Index>(p); ++r) begin[r + 1] += begin[r];
  out.resize(begin[static_cast<Index>(p)]);
  static thread_local std::vector<Index> t_at;  // no allocation per instance
  std::vector<Index>& at = t_at;
  at.assign(begin.begin(), begin.end() - 1);
  for (Index i = 0; i < ms.size(); ++i) {
    if (kept(ms[i])) out[at[rank_of(ms[i])]++] = i;
  }
  auto key = [&](Index i) { return sender ? ms[i].src_call : ms[i].dst_release_call; };
  for (Index r = 0; r < static_cast<Index>(p); ++r) {
    const auto first = out.begin() + static_cast<std::ptrdiff_t>(begin[r]);
    const auto last = out.begin() + static_cast<std::ptrdiff_t>(begin[r + 1]);
    if (!std::is_sorted(first, last, [&](Index a, Index b) { return key(a) < key(b); })) {
      std::sort(first, last, [&](Index a, Index b) {
        return key(a) < key(b) || (key(a) == key(b) && a < b);
      });
    }
  }
}

void ports_of(const std::vector<MessageRecord>& ms, int p, Ports& out) {
  by_rank(ms, p, true, out.sends, out.send_begin);
  by_rank(ms, p, false, out.received, out.received_begin);
}

// The 1-ported list schedule of cost.hpp, earliest start first with a heap whose keys are lower
// bounds of the start (a receiver's port only gets busier): O(M log M).
std::int64_t schedule_fast(const std::vector<MessageRecord>& ms, int p, const Ports& ports,
                           std::int64_t alpha, std::int64_t beta) {
  const auto np = static_cast<Index>(p);
  struct RankTimes {
    Index next_send = 0, arrived = 0;  // positions in its sends and its received messages
    bool offered = false;              // its next send is in the heap
    std::int64_t send_free = 0, recv_free = 0, data_at = 0;
  };
  // Per-thread storage, bound to plain references once: a thread_local named inside the lambdas
  // below is looked up again (__tls_get_addr, in a shared library) at every use.
  static thread_local std::vector<RankTimes> t_ranks;
  static thread_local std::vector<std::int64_t> t_end;
  using Key = std::pair<std::int64_t, Index>;
  static thread_local std::vector<Key> t_heap;
  std::vector<RankTimes>& ranks = t_ranks;
  std::vector<std::int64_t>& end = t_end;
  std::vector<Key>& heap = t_heap;
  ranks.assign(np, RankTimes{});
  end.assign(ms.size(), -1);
  heap.clear();
  auto push = [&](std::int64_t key, Index m) {
    heap.emplace_back(key, m);
    std::push_heap(heap.begin(), heap.end(), std::greater<>());
  };
  // Offers rank r's next send once every message it handed back before it has arrived.
  auto offer = [&](Index r) {
    RankTimes& t = ranks[r];
    if (t.offered || t.next_send >= ports.send_begin[r + 1] - ports.send_begin[r]) return;
    const Index m = ports.sends[ports.send_begin[r] + t.next_send];
    const Index got_end = ports.received_begin[r + 1] - ports.received_begin[r];
    while (t.arrived < got_end) {
      const Index g = ports.received[ports.received_begin[r] + t.arrived];
      if (ms[g].dst_release_call >= ms[m].src_call) break;
      if (end[g] < 0) return;  // offered again when that message arrives
      t.data_at = std::max(t.data_at, end[g]);
      ++t.arrived;
    }
    t.offered = true;
    push(std::max({t.send_free, t.data_at, ranks[static_cast<Index>(ms[m].dst)].recv_free}), m);
  };
  for (Index r = 0; r < np; ++r) offer(r);
  std::int64_t last = 0;
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), std::greater<>());
    const auto [key, m] = heap.back();
    heap.pop_back();
    const auto src = static_cast<Index>(ms[m].src), dst = static_cast<Index>(ms[m].dst);
    const std::int64_t start = std::max(key, ranks[dst].recv_free);
    if (start > key) {
      push(start, m);
      continue;
    }
    end[m] = start + alpha + beta * ms[m].bytes;
    last = std::max(last, end[m]);
    ranks[src].send_free = ranks[dst].recv_free = end[m];
    ++ranks[src].next_send;
    ranks[src].offered = false;
    offer(src);
    if (dst != src) offer(dst);
  }
  return last;
}

// The same schedule from the definitions: at every step, every message not yet placed whose
// sender's earlier sends and handed-back messages are all placed may start at the latest of
// their ends and its receiver's last arrival; the earliest such start wins (ties: the earlier
// match). O(M^2).
std::int64_t schedule_slow(const std::vector<MessageRecord>& ms, std::int64_t alpha,
                           std::int64_t beta) {
  std::vector<std::int64_t> end(ms.size(), -1);
  std::int64_t last = 0;
  for (Index placed = 0; placed < ms.size(); ++placed) {
    std::int64_t best_start = std::numeric_limits<std::int64_t>::max();
    Index best = ms.size();
    for (Index i = 0; i < ms.size(); ++i) {
      if (end[i] >= 0) continue;
      bool ready = true;
      std::int64_t start = 0;
      for (Index j = 0; j < ms.size() && ready; ++j) {
        const bool before_on_port = ms[j].src == ms[i].src && ms[j].src_call < ms[i].src_call;
        const bool data = ms[j].dst == ms[i].src && ms[j].dst_release_call >= 0 &&
                          ms[j].dst_release_call < ms[i].src_call;
        const bool same_receiver = ms[j].dst == ms[i].dst && end[j] >= 0;
        if ((before_on_port || data) && end[j] < 0) ready = false;
        if (before_on_port || data || same_receiver) start = std::max(start, end[j]);
      }
      if (ready && start < best_start) {
        best_start = start;
        best = i;
      }
    }
    if (best == ms.size()) break;  // not reached: the dependencies follow the run's order
    end[best] = best_start + alpha + beta * ms[best].bytes;
    last = std::max(last, end[best]);
  }
  return last;
}

std::int64_t ceil_log2(int p) {
  std::int64_t k = 0;
  while ((std::int64_t{1} << k) < p) ++k;
  return k;
}

}  // namespace

RunCost cost_of(const std::vector<MessageRecord>& ms, int p) {
  RunCost c;
  c.messages = static_cast<std::int64_t>(ms.size());
  static thread_local std::vector<std::int64_t> t_bytes;
  std::vector<std::int64_t>& bytes = t_bytes;
  bytes.assign(static_cast<Index>(p), 0);
  for (const MessageRecord& m : ms) {
    bytes[static_cast<Index>(m.src)] += m.bytes;
    bytes[static_cast<Index>(m.dst)] += m.bytes;
  }
  c.busiest_bytes = bytes.empty() ? 0 : *std::max_element(bytes.begin(), bytes.end());
  static thread_local Ports t_ports;
  Ports& ports = t_ports;
  ports_of(ms, p, ports);
  c.time_ns = schedule_fast(ms, p, ports, kAlphaNs, kBetaNsPerByte);
  // Messages of one size take one time w each: every start is then a multiple of w and the
  // rounds schedule (w = 1) makes the same choices, so rounds = time / w (the twin, which runs
  // both schedules, checks it).
  const bool one_size = std::all_of(ms.begin(), ms.end(), [&](const MessageRecord& m) {
    return m.bytes == ms.front().bytes;
  });
  c.rounds = ms.empty() ? 0
             : one_size ? c.time_ns / (kAlphaNs + kBetaNsPerByte * ms.front().bytes)
                        : schedule_fast(ms, p, ports, 1, 0);
  return c;
}

RunCost cost_of_slow(const std::vector<MessageRecord>& ms, int p) {
  RunCost c;
  for (int r = 0; r < p; ++r) {
    std::int64_t sent = 0, got = 0;
    for (const MessageRecord& m : ms) {
      if (m.src == r) {
        ++c.messages;
        sent += m.bytes;
      }
      if (m.dst == r) got += m.bytes;
    }
    c.busiest_bytes = std::max(c.busiest_bytes, sent + got);
  }
  c.rounds = schedule_slow(ms, 1, 0);
  c.time_ns = schedule_slow(ms, kAlphaNs, kBetaNsPerByte);
  return c;
}

CostBounds cost_bounds(const Instance& in) {
  CostBounds b;
  if (in.p < 2 || in.count <= 0) return b;
  const std::int64_t block = in.count * static_cast<std::int64_t>(elem_size(in.elem));
  const std::int64_t others = block * (in.p - 1);
  std::int64_t busiest = block, port = block;  // bytes through the busiest rank, one port
  switch (in.collective) {
    case Collective::bcast:
    case Collective::reduce:
    case Collective::allreduce:
    case Collective::reduce_scatter_block: break;
    case Collective::gather:
    case Collective::scatter:
    case Collective::allgather: busiest = port = others; break;
    case Collective::alltoall:
      busiest = 2 * others;
      port = others;
      break;
  }
  b.rounds = ceil_log2(in.p);
  b.busiest_bytes = busiest;
  b.time_ns = std::max(b.rounds * kAlphaNs, port * kBetaNsPerByte);
  return b;
}

}  // namespace collverify::program
