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

// A message on a port: its record, the call that orders it there (the sending call on the
// sender's port; on the receiver's, the call that handed it back) and its receiver. Compact and
// contiguous, so that offer() reads the ports without touching the records.
struct PortEntry {
  Index m;
  std::int32_t call;
  std::int32_t dst;
};

// The order of the messages on their sender's port and the data they wait for, rank by rank in
// one array each (rank r's part: [begin[r], begin[r + 1])): sends by sending call, received
// messages by the call that handed them back (ties: the earlier match).
struct Ports {
  std::vector<PortEntry> sends, received;
  std::vector<Index> send_begin, received_begin;
};

inline constexpr Index kNil = ~Index{0};

// Where a rank stands in the schedule: positions in the ports' arrays (its next send and its
// first received message not yet known to have arrived, each with the end of its part).
struct RankTimes {
  Index next_send, send_end, arrived, received_end;
  bool offered;  // its next send is in the queue
  std::int64_t send_free, recv_free, data_at;
};

// Everything an instance's cost needs, kept per thread: an instance's cost must not cost an
// allocation per rank (docs/PERFORMANCE.md). Fetched once per cost_of and passed down: a
// thread_local named inside the loops is looked up again (__tls_get_addr, in a shared library)
// at every use, which was 2% of a run's CPU.
struct Scratch {
  Ports ports;
  std::vector<Index> at;
  std::vector<std::int64_t> bytes;
  std::vector<RankTimes> ranks;
  std::vector<std::int64_t> end;
  std::vector<std::pair<std::int64_t, Index>> heap;  // (start bound, message), a min-heap
  // The round queue (schedule_rounds): the messages offered for this round and for the next;
  // per rank the message that wins its receive port in the round being placed.
  struct Entry {
    Index m;
    std::uint32_t src, dst;
  };
  std::vector<Entry> current, next;
  std::vector<Index> winner, winner_round;
};

// Opaque to the optimiser (noipa): otherwise GCC propagates the thread-local's address into
// clones of the schedules, which then call __tls_get_addr at every access (3% of a run).
[[gnu::noipa]] Scratch& scratch() {
  static thread_local Scratch s;
  return s;
}

// Sorts each rank's part of a port array by call (ties: the earlier match), where it is not
// already in order (the runtime records most of them in order).
void sort_parts(std::vector<PortEntry>& out, const std::vector<Index>& begin, int p) {
  for (Index r = 0; r < static_cast<Index>(p); ++r) {
    const auto first = out.begin() + static_cast<std::ptrdiff_t>(begin[r]);
    const auto last = out.begin() + static_cast<std::ptrdiff_t>(begin[r + 1]);
    if (!std::is_sorted(first, last, [](const PortEntry& a, const PortEntry& b) {
          return a.call < b.call;
        })) {
      std::sort(first, last, [](const PortEntry& a, const PortEntry& b) {
        return a.call < b.call || (a.call == b.call && a.m < b.m);
      });
    }
  }
}

// Both port arrays by one counting sort by rank: two passes over the records for both.
void ports_of(const std::vector<MessageRecord>& ms, int p, Scratch& s) {
  const auto np = static_cast<Index>(p);
  Ports& ports = s.ports;
  ports.send_begin.assign(np + 1, 0);
  ports.received_begin.assign(np + 1, 0);
  for (const MessageRecord& m : ms) {
    ++ports.send_begin[static_cast<Index>(m.src) + 1];
    if (m.dst_release_call >= 0) ++ports.received_begin[static_cast<Index>(m.dst) + 1];
  }
  for (Index r = 0; r < np; ++r) {
    ports.send_begin[r + 1] += ports.send_begin[r];
    ports.received_begin[r + 1] += ports.received_begin[r];
  }
  ports.sends.resize(ports.send_begin[np]);
  ports.received.resize(ports.received_begin[np]);
  s.at.resize(2 * np);
  std::copy(ports.send_begin.begin(), ports.send_begin.end() - 1, s.at.begin());
  std::copy(ports.received_begin.begin(), ports.received_begin.end() - 1,
            s.at.begin() + static_cast<std::ptrdiff_t>(np));
  Index* sent_at = s.at.data();
  Index* got_at = s.at.data() + np;
  for (Index i = 0; i < ms.size(); ++i) {
    const MessageRecord& m = ms[i];
    ports.sends[sent_at[static_cast<Index>(m.src)]++] = {i, m.src_call, m.dst};
    if (m.dst_release_call >= 0) {
      ports.received[got_at[static_cast<Index>(m.dst)]++] = {i, m.dst_release_call, m.dst};
    }
  }
  sort_parts(ports.sends, ports.send_begin, p);
  sort_parts(ports.received, ports.received_begin, p);
}

// The rules of cost.hpp shared by both schedules below. offer() hands rank r's next send to
// `push` with a lower bound of its start once every message r handed back before it has arrived;
// place() puts message m on the ports at `start` and offers the next sends of both ends.
struct Placer {
  const std::vector<MessageRecord>& ms;
  const Ports& ports;
  Scratch& s;
  std::int64_t alpha, beta, last = 0;

  template <class Push>
  void offer(Index r, Push&& push) {
    RankTimes& t = s.ranks[r];
    if (t.offered || t.next_send == t.send_end) return;
    const PortEntry& send = ports.sends[t.next_send];
    for (; t.arrived != t.received_end; ++t.arrived) {
      const PortEntry& got = ports.received[t.arrived];
      if (got.call >= send.call) break;
      const std::int64_t at = s.end[got.m];
      if (at < 0) return;  // offered again when that message arrives
      t.data_at = std::max(t.data_at, at);
    }
    t.offered = true;
    const auto dst = static_cast<Index>(send.dst);
    push(std::max(std::max(t.send_free, t.data_at), s.ranks[dst].recv_free), send.m, r, dst);
  }

  // Places message m (from src to dst) at `start` for `duration`.
  template <class Push>
  void place(Index m, Index src, Index dst, std::int64_t start, std::int64_t duration,
             Push&& push) {
    s.end[m] = start + duration;
    last = std::max(last, s.end[m]);
    s.ranks[src].send_free = s.ranks[dst].recv_free = s.end[m];
    ++s.ranks[src].next_send;
    s.ranks[src].offered = false;
    offer(src, push);
    if (dst != src) offer(dst, push);
  }
};

void start(const std::vector<MessageRecord>& ms, int p, Scratch& s) {
  s.ranks.resize(static_cast<Index>(p));
  for (Index r = 0; r < static_cast<Index>(p); ++r) {
    s.ranks[r] = {s.ports.send_begin[r], s.ports.send_begin[r + 1], s.ports.received_begin[r],
                  s.ports.received_begin[r + 1], false, 0, 0, 0};
  }
  s.end.assign(ms.size(), -1);
}

// The 1-ported list schedule of cost.hpp, earliest start first with a heap whose keys are lower
// bounds of the start (a receiver's port only gets busier): O(M log M). Any message sizes.
std::int64_t schedule_heap(const std::vector<MessageRecord>& ms, int p, Scratch& s,
                           std::int64_t alpha, std::int64_t beta) {
  start(ms, p, s);
  auto& heap = s.heap;
  heap.clear();
  auto push = [&heap](std::int64_t key, Index m, Index, Index) {
    heap.emplace_back(key, m);
    std::push_heap(heap.begin(), heap.end(), std::greater<>());
  };
  Placer placer{ms, s.ports, s, alpha, beta};
  for (Index r = 0; r < static_cast<Index>(p); ++r) placer.offer(r, push);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), std::greater<>());
    const auto [key, m] = heap.back();
    heap.pop_back();
    const auto src = static_cast<Index>(ms[m].src), dst = static_cast<Index>(ms[m].dst);
    const std::int64_t at = std::max(key, s.ranks[dst].recv_free);
    if (at > key) {
      push(at, m, src, dst);
      continue;
    }
    placer.place(m, src, dst, at, alpha + beta * ms[m].bytes, push);
  }
  return placer.last;
}

// The same schedule when every message takes one time w, counted in rounds (w = 1): every start
// is then a whole round. A message placed in round k ends at k + 1, so every end known while
// round k is placed is at most k + 1, and so is every start bound an offer computes (a maximum
// of ends); and an offer made in round k waits for the send just placed (its sender's port) or
// for the message just placed (its receiver was waiting for that data), so its bound is at least
// k + 1. Hence the queue is two lists, this round's and the next's, O(1) a message. A round is
// placed in two passes: each receiver's port goes to the earliest matched of the round's messages
// to it (the heap's tie rule; the others move to round k + 1, where the winner's arrival frees
// the port), and no other choice in a round depends on the order (a rank has one send offered at
// a time, and what a round offers goes to the next). O(M + the moves). Returns the rounds, or -1
// if an offer's bound was not the next round (not expected; cost_of then runs the heap).
std::int64_t schedule_rounds(const std::vector<MessageRecord>& ms, int p, Scratch& s) {
  start(ms, p, s);
  s.current.clear();
  s.next.clear();
  s.winner.assign(static_cast<Index>(p), kNil);
  s.winner_round.assign(static_cast<Index>(p), kNil);
  std::int64_t target = 0;  // the round every push must go to
  bool broken = false;
  auto push = [&s, &target, &broken](std::int64_t key, Index m, Index src, Index dst) {
    if (key != target) broken = true;
    s.next.push_back({m, static_cast<std::uint32_t>(src), static_cast<std::uint32_t>(dst)});
  };
  Placer placer{ms, s.ports, s, 1, 0};
  for (Index r = 0; r < static_cast<Index>(p); ++r) placer.offer(r, push);
  for (Index round = 0; !s.next.empty() && !broken; ++round) {
    s.current.swap(s.next);
    s.next.clear();
    for (const Scratch::Entry& x : s.current) {
      if (s.winner_round[x.dst] != round || x.m < s.winner[x.dst]) {
        s.winner_round[x.dst] = round;
        s.winner[x.dst] = x.m;
      }
    }
    const auto at = static_cast<std::int64_t>(round);
    target = at + 1;
    for (const Scratch::Entry& x : s.current) {
      if (s.winner[x.dst] == x.m) {
        placer.place(x.m, x.src, x.dst, at, 1, push);
      } else {
        push(at + 1, x.m, x.src, x.dst);
      }
    }
  }
  return broken ? -1 : placer.last;
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

// The figures but the schedule's: messages, busiest rank; `one_size` whether every message has
// the size of the first.
RunCost counts_of(const std::vector<MessageRecord>& ms, int p, Scratch& s, bool& one_size) {
  RunCost c;
  c.messages = static_cast<std::int64_t>(ms.size());
  s.bytes.assign(static_cast<Index>(p), 0);
  one_size = true;
  for (const MessageRecord& m : ms) {
    s.bytes[static_cast<Index>(m.src)] += m.bytes;
    s.bytes[static_cast<Index>(m.dst)] += m.bytes;
    one_size = one_size && m.bytes == ms.front().bytes;
  }
  c.busiest_bytes = s.bytes.empty() ? 0 : *std::max_element(s.bytes.begin(), s.bytes.end());
  return c;
}

std::int64_t unit_time(const std::vector<MessageRecord>& ms) {
  return kAlphaNs + kBetaNsPerByte * ms.front().bytes;
}

}  // namespace

RunCost cost_of(const std::vector<MessageRecord>& ms, int p) {
  Scratch& s = scratch();
  bool one_size = true;
  RunCost c = counts_of(ms, p, s, one_size);
  if (ms.empty()) return c;
  ports_of(ms, p, s);
  // Messages of one size take one time w each: every start is then a multiple of w and the
  // rounds schedule (w = 1) makes the same choices, so rounds = time / w (the twin, which runs
  // both schedules, checks it).
  const std::int64_t w = unit_time(ms);
  c.rounds = one_size ? schedule_rounds(ms, p, s) : -1;
  if (c.rounds >= 0) {
    c.time_ns = c.rounds * w;
    return c;
  }
  c.time_ns = schedule_heap(ms, p, s, kAlphaNs, kBetaNsPerByte);
  c.rounds = one_size ? c.time_ns / w : schedule_heap(ms, p, s, 1, 0);
  return c;
}

std::int64_t time_by_rounds(const std::vector<MessageRecord>& ms, int p) {
  Scratch& s = scratch();
  bool one_size = true;
  counts_of(ms, p, s, one_size);
  if (ms.empty() || !one_size) return -1;
  ports_of(ms, p, s);
  const std::int64_t rounds = schedule_rounds(ms, p, s);
  return rounds < 0 ? -1 : rounds * unit_time(ms);
}

RunCost cost_of_heap(const std::vector<MessageRecord>& ms, int p) {
  Scratch& s = scratch();
  bool one_size = true;
  RunCost c = counts_of(ms, p, s, one_size);
  if (ms.empty()) return c;
  ports_of(ms, p, s);
  c.time_ns = schedule_heap(ms, p, s, kAlphaNs, kBetaNsPerByte);
  c.rounds = schedule_heap(ms, p, s, 1, 0);
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
