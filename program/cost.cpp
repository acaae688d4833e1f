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
// the records: sends[r] by sending call, received[r] by the call that handed them back.
struct Ports {
  std::vector<std::vector<Index>> sends, received;
};

Ports ports_of(const std::vector<MessageRecord>& ms, int p) {
  Ports out{std::vector<std::vector<Index>>(static_cast<Index>(p)),
            std::vector<std::vector<Index>>(static_cast<Index>(p))};
  for (Index i = 0; i < ms.size(); ++i) {
    out.sends[static_cast<Index>(ms[i].src)].push_back(i);
    if (ms[i].dst_release_call >= 0) out.received[static_cast<Index>(ms[i].dst)].push_back(i);
  }
  for (int r = 0; r < p; ++r) {
    auto& s = out.sends[static_cast<Index>(r)];
    std::stable_sort(s.begin(), s.end(), [&](Index a, Index b) { return ms[a].src_call < ms[b].src_call; });
    auto& g = out.received[static_cast<Index>(r)];
    std::stable_sort(g.begin(), g.end(), [&](Index a, Index b) {
      return ms[a].dst_release_call < ms[b].dst_release_call;
    });
  }
  return out;
}

// The 1-ported list schedule of cost.hpp, earliest start first with a heap whose keys are lower
// bounds of the start (a receiver's port only gets busier): O(M log M).
std::int64_t schedule_fast(const std::vector<MessageRecord>& ms, int p, std::int64_t alpha,
                           std::int64_t beta) {
  const Ports ports = ports_of(ms, p);
  const auto np = static_cast<Index>(p);
  std::vector<Index> next_send(np, 0), arrived(np, 0);  // per rank: its next send; its data in
  std::vector<char> offered(np, 0);                      // its next send is in the heap
  std::vector<std::int64_t> send_free(np, 0), recv_free(np, 0), data_at(np, 0);
  std::vector<std::int64_t> end(ms.size(), -1);
  using Key = std::tuple<std::int64_t, Index>;
  std::priority_queue<Key, std::vector<Key>, std::greater<>> heap;
  // Offers rank r's next send once every message it handed back before it has arrived.
  auto offer = [&](Index r) {
    if (offered[r] || next_send[r] >= ports.sends[r].size()) return;
    const Index m = ports.sends[r][next_send[r]];
    const auto& got = ports.received[r];
    while (arrived[r] < got.size() && ms[got[arrived[r]]].dst_release_call < ms[m].src_call) {
      if (end[got[arrived[r]]] < 0) return;  // offered again when that message arrives
      data_at[r] = std::max(data_at[r], end[got[arrived[r]]]);
      ++arrived[r];
    }
    offered[r] = 1;
    heap.emplace(std::max({send_free[r], data_at[r], recv_free[static_cast<Index>(ms[m].dst)]}), m);
  };
  for (Index r = 0; r < np; ++r) offer(r);
  std::int64_t last = 0;
  while (!heap.empty()) {
    const auto [key, m] = heap.top();
    heap.pop();
    const auto src = static_cast<Index>(ms[m].src), dst = static_cast<Index>(ms[m].dst);
    const std::int64_t start = std::max(key, recv_free[dst]);
    if (start > key) {
      heap.emplace(start, m);
      continue;
    }
    end[m] = start + alpha + beta * ms[m].bytes;
    last = std::max(last, end[m]);
    send_free[src] = recv_free[dst] = end[m];
    ++next_send[src];
    offered[src] = 0;
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
  std::vector<std::int64_t> bytes(static_cast<Index>(p), 0);
  for (const MessageRecord& m : ms) {
    bytes[static_cast<Index>(m.src)] += m.bytes;
    bytes[static_cast<Index>(m.dst)] += m.bytes;
  }
  c.busiest_bytes = bytes.empty() ? 0 : *std::max_element(bytes.begin(), bytes.end());
  c.rounds = schedule_fast(ms, p, 1, 0);
  c.time_ns = schedule_fast(ms, p, kAlphaNs, kBetaNsPerByte);
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
