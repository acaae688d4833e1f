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
struct Ports {
  std::vector<Index> sends, send_begin, received, received_begin;
};

inline constexpr Index kNil = ~Index{0};

// Where a rank stands in the schedule.
struct RankTimes {
  Index next_send = 0, arrived = 0;  // positions in its sends and its received messages
  bool offered = false;              // its next send is in the queue
  std::int64_t send_free = 0, recv_free = 0, data_at = 0;
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
  // The round queue (schedule_rounds): per round the first of its entries (a list through
  // entry_next); per rank the message that wins its receive port in the round being placed.
  std::vector<Index> head, entry_m, entry_next, winner, winner_round;
};

Scratch& scratch() {
  static thread_local Scratch s;
  return s;
}

void by_rank(const std::vector<MessageRecord>& ms, int p, bool sender, std::vector<Index>& at,
             std::vector<Index>& out, std::vector<Index>& begin) {
  begin.assign(static_cast<Index>(p) + 1, 0);
  auto rank_of = [&](const MessageRecord& m) { return static_cast<Index>(sender ? m.src : m.dst); };
  auto kept = [&](const MessageRecord& m) { return sender || m.dst_release_call >= 0; };
  for (const MessageRecord& m : ms) {
    if (kept(m)) ++begin[rank_of(m) + 1];
  }
  for (Index r = 0; r < static_cast<Index>(p); ++r) begin[r + 1] += begin[r];
  out.resize(begin[static_cast<Index>(p)]);
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

void ports_of(const std::vector<MessageRecord>& ms, int p, Scratch& s) {
  by_rank(ms, p, true, s.at, s.ports.sends, s.ports.send_begin);
  by_rank(ms, p, false, s.at, s.ports.received, s.ports.received_begin);
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
    if (t.offered || t.next_send >= ports.send_begin[r + 1] - ports.send_begin[r]) return;
    const Index m = ports.sends[ports.send_begin[r] + t.next_send];
    const Index got_end = ports.received_begin[r + 1] - ports.received_begin[r];
    while (t.arrived < got_end) {
      const Index g = ports.received[ports.received_begin[r] + t.arrived];
      if (ms[g].dst_release_call >= ms[m].src_call) break;
      if (s.end[g] < 0) return;  // offered again when that message arrives
      t.data_at = std::max(t.data_at, s.end[g]);
      ++t.arrived;
    }
    t.offered = true;
    push(std::max({t.send_free, t.data_at, s.ranks[static_cast<Index>(ms[m].dst)].recv_free}), m);
  }

  template <class Push>
  void place(Index m, std::int64_t start, Push&& push) {
    const auto src = static_cast<Index>(ms[m].src), dst = static_cast<Index>(ms[m].dst);
    s.end[m] = start + alpha + beta * ms[m].bytes;
    last = std::max(last, s.end[m]);
    s.ranks[src].send_free = s.ranks[dst].recv_free = s.end[m];
    ++s.ranks[src].next_send;
    s.ranks[src].offered = false;
    offer(src, push);
    if (dst != src) offer(dst, push);
  }
};

void start(const std::vector<MessageRecord>& ms, int p, Scratch& s) {
  s.ranks.assign(static_cast<Index>(p), RankTimes{});
  s.end.assign(ms.size(), -1);
}

// The 1-ported list schedule of cost.hpp, earliest start first with a heap whose keys are lower
// bounds of the start (a receiver's port only gets busier): O(M log M). Any message sizes.
std::int64_t schedule_heap(const std::vector<MessageRecord>& ms, int p, Scratch& s,
                           std::int64_t alpha, std::int64_t beta) {
  start(ms, p, s);
  auto& heap = s.heap;
  heap.clear();
  auto push = [&heap](std::int64_t key, Index m) {
    heap.emplace_back(key, m);
    std::push_heap(heap.begin(), heap.end(), std::greater<>());
  };
  Placer placer{ms, s.ports, s, alpha, beta};
  for (Index r = 0; r < static_cast<Index>(p); ++r) placer.offer(r, push);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), std::greater<>());
    const auto [key, m] = heap.back();
    heap.pop_back();
    const std::int64_t at = std::max(key, s.ranks[static_cast<Index>(ms[m].dst)].recv_free);
    if (at > key) {
      push(at, m);
      continue;
    }
    placer.place(m, at, push);
  }
  return placer.last;
}

// The same schedule when every message takes one time w, counted in rounds (w = 1): every start
// is then a multiple of w (a round), and a message placed in round k makes the next offers of
// its ends start in round k + 1 or later. So the queue is one list per round, O(1) a message, and
// a round is placed in two passes: each receiver's port goes to the earliest matched of the
// round's messages to it (the heap's tie rule; the others move to round k + 1, where the winner's
// arrival frees the port), and no other choice in a round depends on the order (a rank has one
// send offered at a time, and what a round offers goes to later rounds). O(M + rounds). Returns
// the rounds, or -1 if an offer fell into a round already placed (not expected; cost_of then
// runs the heap).
std::int64_t schedule_rounds(const std::vector<MessageRecord>& ms, int p, Scratch& s) {
  start(ms, p, s);
  s.head.clear();
  s.entry_m.clear();
  s.entry_next.clear();
  s.winner.assign(static_cast<Index>(p), kNil);
  s.winner_round.assign(static_cast<Index>(p), kNil);
  Index floor = 0;  // the first round a push may still go to
  bool broken = false;
  auto push = [&s, &floor, &broken](std::int64_t key, Index m) {
    const auto k = static_cast<Index>(key);
    if (k < floor) broken = true;
    if (k >= s.head.size()) s.head.resize(k + 1, kNil);
    s.entry_m.push_back(m);
    s.entry_next.push_back(s.head[k]);
    s.head[k] = s.entry_m.size() - 1;
  };
  Placer placer{ms, s.ports, s, 1, 0};
  for (Index r = 0; r < static_cast<Index>(p); ++r) placer.offer(r, push);
  for (Index round = 0; round < s.head.size() && !broken; ++round) {
    for (Index e = s.head[round]; e != kNil; e = s.entry_next[e]) {
      const Index m = s.entry_m[e], d = static_cast<Index>(ms[m].dst);
      if (s.winner_round[d] != round || m < s.winner[d]) {
        s.winner_round[d] = round;
        s.winner[d] = m;
      }
    }
    floor = round + 1;
    const auto at = static_cast<std::int64_t>(round);
    for (Index e = s.head[round]; e != kNil && !broken; e = s.entry_next[e]) {
      const Index m = s.entry_m[e];
      if (s.winner[static_cast<Index>(ms[m].dst)] == m) {
        placer.place(m, at, push);
      } else {
        push(at + 1, m);
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
