#include "reference/fractional/broadcast.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "model/error.hpp"
#include "model/int_math.hpp"
#include "model/memory.hpp"
#include "reference/fractional/simplex_direct.hpp"

namespace collverify::fractional {
namespace {

using Op = Figure2Op;

// The lock step of every PU's program (see the header for the semantics).
class LockStep {
 public:
  LockStep(std::vector<Placement> pl, std::int64_t L, std::int64_t s)
      : P_(static_cast<std::int64_t>(pl.size())), L_(L), s_(s), R_((s + L - 1) / L),
        nops_(R_ * (L + 1) + 1), pl_(std::move(pl)) {
    const auto n = static_cast<std::size_t>(P_);
    op_.assign(n, 0);
    send_done_.assign(n, 0);
    recv_done_.assign(n, 0);
    taken_.assign(n, 0);
    cur_.resize(n);
    for (std::size_t u = 0; u < n; ++u) cur_[u] = op_at(static_cast<std::int64_t>(u));
  }

  std::int64_t padded_s() const { return R_ * L_; }
  std::int64_t contended() const { return contended_; }

  // Runs to the end; returns the rounds, or sets deadlock. Only started PUs (the root and those
  // that hold their first packet) are visited as senders; a PU still waiting in its first
  // receive is asked for its receive part when someone sends to it. O(P + transfers + steps *
  // started-and-unfinished PUs).
  std::vector<std::vector<Transfer>> run(std::optional<std::string>& deadlock) {
    std::vector<std::vector<Transfer>> rounds;
    std::vector<std::int64_t> active{0};
    std::vector<std::int64_t> started;
    std::int64_t finished = 0;
    std::int64_t step = 0;
    while (true) {
      ++step;
      // Skip what is done; drop PUs that have finished their program.
      std::size_t keep = 0;
      for (std::size_t k = 0; k < active.size(); ++k) {
        const std::int64_t x = active[k];
        skip_done(x);
        if (op_[static_cast<std::size_t>(x)] < nops_) {
          active[keep++] = x;
        } else {
          ++finished;
        }
      }
      active.resize(keep);
      if (finished == P_ || active.empty()) break;
      std::vector<Transfer> round;
      for (const std::int64_t x : active) {
        const auto xu = static_cast<std::size_t>(x);
        if (send_done_[xu]) continue;
        const Op& op = current(x);
        const std::int64_t y = target(x, op);
        if (y == kNoPu || op.send_pkt >= s_) continue;
        const auto yu = static_cast<std::size_t>(y);
        if (recv_done_[yu] || op_[yu] >= nops_) continue;
        if (taken_[yu] == step) {
          if (source_ok(x, y)) ++contended_;
          continue;
        }
        const std::int64_t slot = real_recv(y, current(y));
        if (slot < 0 || !source_ok(x, y)) continue;
        round.push_back(Transfer{x, y, op.send_pkt, slot});
        taken_[yu] = step;
        send_done_[xu] = 1;
        recv_done_[yu] = 1;
        if (op_[yu] == 0) started.push_back(y);
      }
      if (round.empty()) {
        deadlock = fmt::format("no transfer in step {}: PU {} waits in operation {} of {}", step,
                               active.front(), op_[static_cast<std::size_t>(active.front())],
                               nops_);
        break;
      }
      rounds.push_back(std::move(round));
      if (!started.empty()) {
        // Newcomers join in id order so that the smallest sender is always served first.
        const auto mid = static_cast<std::ptrdiff_t>(active.size());
        active.insert(active.end(), started.begin(), started.end());
        std::sort(active.begin() + mid, active.end());
        std::inplace_merge(active.begin(), active.begin() + mid, active.end());
        started.clear();
      }
    }
    if (!deadlock && finished < P_) {
      deadlock = fmt::format("{} PUs never receive their first packet", P_ - finished);
    }
    return rounds;
  }

 private:
  // PU x's current operation, computed once per operation (skip_done keeps it).
  const Op& current(std::int64_t x) const { return cur_[static_cast<std::size_t>(x)]; }
  Op op_at(std::int64_t x) const {
    const auto u = static_cast<std::size_t>(x);
    return op_[u] < nops_ ? figure2_op(L_, R_, pl_[u].index, op_[u]) : Op{};
  }
  std::int64_t target(std::int64_t x, const Op& op) const {
    const Placement& p = pl_[static_cast<std::size_t>(x)];
    if (op.send == SendTo::down) return p.down;
    if (op.send == SendTo::right) return p.right;
    return kNoPu;
  }
  // The receive part, or -1 when it is a no-op (the root, a padding packet, no part).
  std::int64_t real_recv(std::int64_t x, const Op& op) const {
    if (x == 0 || op.recv_pkt < 0 || op.recv_pkt >= s_) return -1;
    return op.recv_pkt;
  }
  bool real_send(std::int64_t x, const Op& op) const {
    return op.send != SendTo::none && target(x, op) != kNoPu && op.send_pkt < s_;
  }
  // Who y receives from: its predecessor; a head: any PU of its predecessor group.
  bool source_ok(std::int64_t x, std::int64_t y) const {
    const Placement& py = pl_[static_cast<std::size_t>(y)];
    if (py.index > 0) return x == y - 1;
    return py.pred_group != kNoPu && pl_[static_cast<std::size_t>(x)].group_head == py.pred_group;
  }
  // Moves x past operations whose real parts are all done (no-op parts take no time).
  void skip_done(std::int64_t x) {
    const auto u = static_cast<std::size_t>(x);
    while (op_[u] < nops_) {
      const Op& op = current(x);
      const bool send_left = real_send(x, op) && !send_done_[u];
      const bool recv_left = real_recv(x, op) >= 0 && !recv_done_[u];
      if (send_left || recv_left) return;
      ++op_[u];
      cur_[u] = op_at(x);
      send_done_[u] = 0;
      recv_done_[u] = 0;
    }
  }

  std::int64_t P_;
  std::int64_t L_;
  std::int64_t s_;
  std::int64_t R_;
  std::int64_t nops_;
  std::vector<Placement> pl_;
  std::vector<std::int64_t> op_;
  std::vector<std::uint8_t> send_done_;
  std::vector<std::uint8_t> recv_done_;
  std::vector<std::int64_t> taken_;  // the step in which the PU last received
  std::vector<Op> cur_;              // figure2_op of op_ (none past the last operation)
  std::int64_t contended_ = 0;
};

std::int64_t run_length_of(const BroadcastOptions& o) {
  if (o.layout == Layout::chain) return o.s;
  if (o.layout == Layout::binary) return 1;
  return o.r;
}

}  // namespace

Figure2Op figure2_op(std::int64_t L, std::int64_t R, std::int64_t i, std::int64_t o) {
  Figure2Op op;
  if (o == 0) {
    op.recv_pkt = 0;
    return op;
  }
  auto pipe_down = [&](std::int64_t k, std::int64_t j) {  // j = 0..L-1 within pipeDown(L, k)
    op.send = SendTo::down;
    op.send_pkt = k + j;
    if (j < L - 1) op.recv_pkt = k + j + 1;
  };
  std::int64_t u = o - 1;
  if (u < L) {
    pipe_down(0, u);
    return op;
  }
  u -= L;
  if (u < (R - 1) * (L + 1)) {
    const std::int64_t m = 1 + u / (L + 1);
    const std::int64_t w = u % (L + 1);
    if (w == 0) {
      op.send = SendTo::right;
      op.send_pkt = (m - 1) * L + i;
      op.recv_pkt = m * L;
    } else {
      pipe_down(m * L, w - 1);
    }
    return op;
  }
  op.send = SendTo::right;
  op.send_pkt = (R - 1) * L + i;
  return op;
}

std::int64_t broadcast_bytes(const BroadcastOptions& o) {
  const std::string what =
      fmt::format("fractional broadcast P = {}, s = {}, r = {}", o.P, o.s, o.r);
  // Transfers (32 bytes, P - 1 receivers of s packets, up to twice that in the capacity of
  // the round vectors; simplex: twice again, with the duplex schedule of the couples alive
  // beside it), 160 bytes of state per PU.
  // The lock step runs s padded up to a multiple of the run length (r for fractional trees) and
  // drops the padding's transfers only afterwards: --r 10^8 with --s 7 took over 4 GB while the
  // estimate counted 7 packets (issue 26 #6).
  const std::int64_t run = std::max<std::int64_t>(run_length_of(o), 1);
  const std::int64_t s = std::max<std::int64_t>(o.s, 1);
  const std::int64_t padded =
      o.literal_short_run ? s : checked_mul(s / run + (s % run != 0 ? 1 : 0), run, what);
  const std::int64_t transfers = checked_mul(std::max<std::int64_t>(o.P, 1), padded, what);
  // The direct simplex implementation keeps two programs of parts (24 bytes each) beside them.
  const std::int64_t per = !o.simplex ? 64 : o.simplex_direct ? 256 : 128;
  std::int64_t b = checked_mul(transfers, per, what);
  b = checked_add(b, checked_mul(o.P, 160, what), what);
  return checked_add(b, 1 << 20, what);
}

void validate_broadcast(const BroadcastOptions& o) {
  if (o.P < 1) throw InputError(fmt::format("--P {} is not a PU count (P >= 1)", o.P));
  if (o.P >= kMaxP) throw InputError(fmt::format("--P {} is too large (P < 2^62)", o.P));
  if (o.layout == Layout::fractional && o.r < 1) {
    throw InputError(fmt::format("--r {} is not a group size (r >= 1)", o.r));
  }
  if (o.s < 1) throw InputError(fmt::format("--s {} is not a packet count (s >= 1)", o.s));
  require_memory(broadcast_bytes(o),
                 fmt::format("the fractional-tree schedule of P = {}, s = {} (padded up to a "
                             "multiple of the run length {})",
                             o.P, o.s, run_length_of(o)));
}

BroadcastResult duplex_broadcast(const BroadcastOptions& o) {
  const LayoutParams lp = layout_params(o.layout, o.P, o.r);
  std::vector<Placement> pl;
  pl.reserve(static_cast<std::size_t>(lp.P));
  for (std::int64_t x = 0; x < lp.P; ++x) pl.push_back(place(lp, x));
  BroadcastResult out = run_lock_step(std::move(pl), run_length_of(o), o.s, o.literal_short_run);
  out.d = lp.d;
  return out;
}

BroadcastResult run_lock_step(std::vector<Placement> tree, std::int64_t run_length, std::int64_t s,
                              bool literal_short_run) {
  BroadcastResult out;
  const auto P = static_cast<std::int64_t>(tree.size());
  out.run_length = run_length;
  const std::int64_t padded = (s + out.run_length - 1) / out.run_length * out.run_length;
  // Padding: the lock step runs every padding packet like a real one (so it keeps the timing of
  // full runs) and its transfers are dropped afterwards. The literal reading (padding parts are
  // no-ops) is kept for docs/ERRATA.md.
  LockStep ls(std::move(tree), out.run_length, literal_short_run ? s : padded);
  out.padded_s = ls.padded_s();
  out.schedule.p = P;
  out.schedule.n = s;
  out.schedule.model = CommModel{};
  out.schedule.initial = root_holds_all(0, s);
  out.schedule.rounds = ls.run(out.deadlock);
  out.contended_offers = ls.contended();
  const BroadcastOptions o{Layout::fractional, P, run_length, s, false, literal_short_run};
  if (padded != o.s && !o.literal_short_run) {
    for (auto& round : out.schedule.rounds) {
      std::erase_if(round, [&](const Transfer& x) { return x.block >= o.s || x.stored_as >= o.s; });
    }
    while (!out.schedule.rounds.empty() && out.schedule.rounds.back().empty()) {
      out.schedule.rounds.pop_back();
    }
  }
  return out;
}

BroadcastResult simplex_broadcast(const BroadcastOptions& o) {
  BroadcastOptions couples = o;
  couples.P = (o.P + 1) / 2;
  couples.simplex = false;
  const BroadcastResult dup = duplex_broadcast(couples);
  BroadcastResult out;
  out.d = dup.d;
  out.run_length = dup.run_length;
  out.padded_s = dup.padded_s;
  out.deadlock = dup.deadlock;
  out.contended_offers = dup.contended_offers;
  Schedule& sc = out.schedule;
  sc.p = o.P;
  sc.n = o.s;
  sc.model = CommModel{1, Duplex::simplex, Switching::store_and_forward, false};
  sc.initial = root_holds_all(0, o.s);
  auto receiver = [&](std::int64_t c) { return 2 * c + 1 < o.P ? 2 * c + 1 : 2 * c; };
  const auto steps = std::max<std::int64_t>(static_cast<std::int64_t>(dup.schedule.rounds.size()),
                                            o.P >= 2 ? o.s : 0);
  for (std::int64_t t = 0; t < steps; ++t) {
    std::vector<Transfer> first;
    std::vector<Transfer> second;
    if (t < static_cast<std::int64_t>(dup.schedule.rounds.size())) {
      for (const Transfer& x : dup.schedule.rounds[static_cast<std::size_t>(t)]) {
        first.push_back(Transfer{2 * x.from, receiver(x.to), x.block, x.stored_as});
        if (receiver(x.to) != 2 * x.to) {
          second.push_back(Transfer{receiver(x.to), 2 * x.to, x.stored_as, x.stored_as});
        }
      }
    }
    // The root's partner: packet t from the root, in the second sub-step (root idle there).
    if (o.P >= 2 && t < o.s) second.push_back(Transfer{0, 1, t, t});
    std::sort(second.begin(), second.end(),
              [](const Transfer& a, const Transfer& b) { return a.from < b.from; });
    if (!first.empty()) sc.rounds.push_back(std::move(first));
    if (!second.empty()) sc.rounds.push_back(std::move(second));
  }
  return out;
}

BroadcastResult broadcast(const BroadcastOptions& o) {
  validate_broadcast(o);
  if (!o.simplex) return duplex_broadcast(o);
  return o.simplex_direct ? simplex_direct_broadcast(o) : simplex_broadcast(o);
}

Schedule reduction_schedule(const Schedule& b) {
  Schedule r;
  r.p = b.p;
  r.n = b.n;
  r.model = b.model;
  // Every PU starts with its own contribution to each packet; the root must end with all of
  // them (checkers/fractional/reduction_check.hpp); initial and goal stay empty.
  for (auto it = b.rounds.rbegin(); it != b.rounds.rend(); ++it) {
    std::vector<Transfer> round;
    round.reserve(it->size());
    for (const Transfer& x : *it) round.push_back(Transfer{x.to, x.from, x.stored_as, x.block});
    r.rounds.push_back(std::move(round));
  }
  return r;
}

}  // namespace collverify::fractional
