#include "reference/fractional/simplex_direct.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "model/error.hpp"

namespace collverify::fractional {
namespace {

std::int64_t run_length_for(const BroadcastOptions& o) {
  if (o.layout == Layout::chain) return o.s;
  if (o.layout == Layout::binary) return 1;
  return o.r;
}

// The simplex lock step of Figure 2 with free part order, upstream first (header, step 1).
// A step tries as senders only the candidates: the PUs that did a part in the step before and
// the PUs that may send to those (a PU's predecessor, or for a head every PU of its predecessor
// group), in increasing id (a bitmap of P bits). No other PU can send: its state and its
// receiver's are those of the step before, in which it could not (it was not busy then, or it
// would be a candidate). So every step pairs exactly the PUs the slow twin's scan of every PU
// pairs (simplex_direct_slow.cpp; tests/reference/fractional/simplex_direct_test.cpp).
class OrderSearch {
 public:
  OrderSearch(std::vector<Placement> pl, std::int64_t L, std::int64_t padded_s)
      : P_(static_cast<std::int64_t>(pl.size())), L_(L), R_(padded_s / L), nops_(R_ * (L + 1) + 1),
        pl_(std::move(pl)) {
    const auto n = static_cast<std::size_t>(P_);
    op_.assign(n, 0);
    send_done_.assign(n, 0);
    recv_done_.assign(n, 0);
    started_.assign(n, 0);
    busy_.assign(n, 0);
    group_end_.assign(n, 0);
    marked_.assign((n + 63) / 64, 0);
    cur_.resize(n);
    program_.P = P_;
    program_.s = padded_s;
    program_.parts.assign(n, {});
    for (std::size_t u = 0; u < n; ++u) {
      cur_[u] = op_at(static_cast<std::int64_t>(u));
      auto& end = group_end_[static_cast<std::size_t>(pl_[u].group_head)];
      end = std::max<std::int64_t>(end, static_cast<std::int64_t>(u) + 1);
      // Exactly its parts: padded_s receives (not the root), padded_s down, R_ right.
      program_.parts[u].reserve(static_cast<std::size_t>(
          (u != 0 ? padded_s : 0) + (pl_[u].down != kNoPu ? padded_s : 0) +
          (pl_[u].right != kNoPu ? R_ : 0)));
    }
  }

  SimplexProgram take_program() { return std::move(program_); }

  // Runs to the end; the number of steps, or deadlock set.
  std::int64_t run(std::optional<std::string>& deadlock) {
    started_[0] = 1;
    std::int64_t active = 1;  // started and not finished
    std::int64_t finished = 0;
    std::int64_t step = 0;
    touched_.assign(1, 0);
    while (true) {
      for (const std::int64_t x : touched_) {
        const auto u = static_cast<std::size_t>(x);
        if (op_[u] >= nops_) continue;  // counted already (listed twice)
        skip_done(x);
        if (op_[u] >= nops_) {
          ++finished;
          --active;
        }
      }
      if (finished == P_ || active == 0) break;
      ++step;
      mark_candidates();
      touched_.clear();
      if (!one_step(step, active)) {
        const std::int64_t x = first_active();
        deadlock = fmt::format("no transfer in step {}: PU {} waits in operation {} of {}", step,
                               x, op_[static_cast<std::size_t>(x)], nops_);
        return step - 1;
      }
    }
    if (finished < P_) deadlock = fmt::format("{} PUs never receive a packet", P_ - finished);
    return step;
  }

 private:
  // The candidates of the coming step: the touched PUs and the PUs that may send to them.
  void mark_candidates() {
    for (const std::int64_t y : touched_) {
      mark(y);
      const Placement& py = pl_[static_cast<std::size_t>(y)];
      if (py.index > 0) {
        mark(y - 1);
      } else if (py.pred_group != kNoPu) {
        const std::int64_t end = group_end_[static_cast<std::size_t>(py.pred_group)];
        for (std::int64_t x = py.pred_group; x < end; ++x) mark(x);
      }
    }
  }
  void mark(std::int64_t x) {
    marked_[static_cast<std::size_t>(x / 64)] |= std::uint64_t{1} << (x % 64);
  }

  // Pairs the candidate senders with receivers in increasing id (clearing the bitmap); false
  // when nobody could.
  bool one_step(std::int64_t step, std::int64_t& active) {
    bool any = false;
    for (std::size_t w = 0; w < marked_.size(); ++w) {
      for (std::uint64_t bits = marked_[w]; bits != 0; bits &= bits - 1) {
        const std::int64_t x = static_cast<std::int64_t>(w * 64) + __builtin_ctzll(bits);
        any = try_send(x, step, active) || any;
      }
      marked_[w] = 0;
    }
    return any;
  }

  // x sends its current packet when its receiver is free and waits for exactly that packet from x.
  bool try_send(std::int64_t x, std::int64_t step, std::int64_t& active) {
    const auto xu = static_cast<std::size_t>(x);
    if (busy_[xu] == step || send_done_[xu]) return false;
    const Figure2Op& op = current(x);
    const std::int64_t y = target(x, op);
    if (y == kNoPu) return false;
    const auto yu = static_cast<std::size_t>(y);
    if (busy_[yu] == step || recv_done_[yu] || op_[yu] >= nops_) return false;
    const Figure2Op& yop = current(y);
    if (yop.recv_pkt != op.send_pkt || !source_ok(x, y)) return false;
    program_.parts[xu].push_back(SimplexPart{true, y, op.send_pkt});
    program_.parts[yu].push_back(SimplexPart{false, x, yop.recv_pkt});
    busy_[xu] = busy_[yu] = step;
    send_done_[xu] = recv_done_[yu] = 1;
    if (!started_[yu]) {
      started_[yu] = 1;
      ++active;
    }
    touched_.push_back(x);
    touched_.push_back(y);
    return true;
  }

  // The smallest PU that has started and not finished (the deadlock's witness).
  std::int64_t first_active() const {
    for (std::int64_t x = 0; x < P_; ++x) {
      const auto u = static_cast<std::size_t>(x);
      if (started_[u] && op_[u] < nops_) return x;
    }
    return 0;
  }

  // PU x's current operation, computed once per operation (skip_done keeps it).
  const Figure2Op& current(std::int64_t x) const { return cur_[static_cast<std::size_t>(x)]; }
  Figure2Op op_at(std::int64_t x) const {
    const auto u = static_cast<std::size_t>(x);
    return op_[u] < nops_ ? figure2_op(L_, R_, pl_[u].index, op_[u]) : Figure2Op{};
  }
  std::int64_t target(std::int64_t x, const Figure2Op& op) const {
    const Placement& p = pl_[static_cast<std::size_t>(x)];
    if (op.send == SendTo::down) return p.down;
    if (op.send == SendTo::right) return p.right;
    return kNoPu;
  }
  bool has_recv(std::int64_t x, const Figure2Op& op) const { return x != 0 && op.recv_pkt >= 0; }
  // Figure 2: a head receives from any PU of its predecessor group, another PU from its
  // predecessor.
  bool source_ok(std::int64_t x, std::int64_t y) const {
    const Placement& py = pl_[static_cast<std::size_t>(y)];
    if (py.index > 0) return x == y - 1;
    return py.pred_group != kNoPu && pl_[static_cast<std::size_t>(x)].group_head == py.pred_group;
  }
  void skip_done(std::int64_t x) {
    const auto u = static_cast<std::size_t>(x);
    while (op_[u] < nops_) {
      const Figure2Op& op = current(x);
      const bool send_left = target(x, op) != kNoPu && !send_done_[u];
      const bool recv_left = has_recv(x, op) && !recv_done_[u];
      if (send_left || recv_left) return;
      ++op_[u];
      cur_[u] = op_at(x);
      send_done_[u] = 0;
      recv_done_[u] = 0;
    }
  }

  std::int64_t P_;
  std::int64_t L_;
  std::int64_t R_;
  std::int64_t nops_;
  std::vector<Placement> pl_;
  std::vector<std::int64_t> op_;
  std::vector<std::uint8_t> send_done_;
  std::vector<std::uint8_t> recv_done_;
  std::vector<std::uint8_t> started_;   // the root, and every PU that has received a packet
  std::vector<std::int64_t> busy_;      // the step in which the PU last did a part
  std::vector<std::int64_t> group_end_;  // for a group's head: one past its group's last PU
  std::vector<Figure2Op> cur_;          // figure2_op of op_ (none past the last operation)
  std::vector<std::uint64_t> marked_;   // the coming step's candidate senders
  std::vector<std::int64_t> touched_;   // the PUs that did a part in the last step
  SimplexProgram program_;
};

}  // namespace

std::string simplex_waiting_text(const SimplexProgram& p, const std::vector<std::size_t>& pc,
                         std::int64_t step) {
  for (std::int64_t x = 0; x < p.P; ++x) {
    const auto& mine = p.parts[static_cast<std::size_t>(x)];
    const std::size_t k = pc[static_cast<std::size_t>(x)];
    if (k >= mine.size()) continue;
    return fmt::format("no transfer in step {}: PU {} waits to {} packet {} {} PU {} (part {} of {})",
                       step, x, mine[k].send ? "send" : "receive", mine[k].packet,
                       mine[k].send ? "to" : "from", mine[k].peer, k + 1, mine.size());
  }
  return fmt::format("no transfer in step {}", step);
}

SimplexOrder simplex_direct_order(const BroadcastOptions& o) {
  const LayoutParams lp = layout_params(o.layout, o.P, o.r);
  std::vector<Placement> pl;
  pl.reserve(static_cast<std::size_t>(lp.P));
  for (std::int64_t x = 0; x < lp.P; ++x) pl.push_back(place(lp, x));
  SimplexOrder out;
  out.d = lp.d;
  out.run_length = run_length_for(o);
  out.padded_s = (o.s + out.run_length - 1) / out.run_length * out.run_length;
  OrderSearch search(std::move(pl), out.run_length, out.padded_s);
  out.steps = search.run(out.deadlock);
  out.program = search.take_program();
  return out;
}

namespace {

// The replay's rendezvous, visiting only PUs whose current part changed: a pair (x, y) can meet
// in a step only if x or y did a part in the step before (else it would have met then, since
// every pair that can meet does), so the candidates of a step are the senders named by the PUs
// of the previous step's transfers (every PU in step 1). They are marked in a bitmap and tried in
// increasing id, the order of the slow twin's scan of every PU: O(P / 64 + transfers) per step.
class Rendezvous {
 public:
  explicit Rendezvous(const SimplexProgram& p)
      : p_(p), pc_(static_cast<std::size_t>(p.P), 0),
        marked_(static_cast<std::size_t>((p.P + 63) / 64), 0) {
    for (std::int64_t x = 0; x < p.P; ++x) mark(x);
  }
  const std::vector<std::size_t>& pc() const { return pc_; }

  // The transfers of the next step, in increasing sender id; empty: nobody can go on.
  void step(std::vector<Transfer>& round) {
    round.clear();
    for (const std::int64_t u : touched_) {
      const SimplexPart* part = current(u);
      if (part != nullptr) mark(part->send ? u : part->peer);
    }
    touched_.clear();
    for (std::size_t w = 0; w < marked_.size(); ++w) {
      for (std::uint64_t bits = marked_[w]; bits != 0; bits &= bits - 1) {
        try_pair(static_cast<std::int64_t>(w * 64) + __builtin_ctzll(bits), round);
      }
      marked_[w] = 0;
    }
    for (const Transfer& t : round) {
      ++pc_[static_cast<std::size_t>(t.from)];
      ++pc_[static_cast<std::size_t>(t.to)];
      touched_.push_back(t.from);
      touched_.push_back(t.to);
    }
  }

 private:
  // PU x's current part; null when x is out of range or done.
  const SimplexPart* current(std::int64_t x) const {
    if (x < 0 || x >= p_.P) return nullptr;
    const auto& mine = p_.parts[static_cast<std::size_t>(x)];
    const std::size_t k = pc_[static_cast<std::size_t>(x)];
    return k < mine.size() ? &mine[k] : nullptr;
  }
  void mark(std::int64_t x) {
    if (x < 0 || x >= p_.P) return;
    marked_[static_cast<std::size_t>(x / 64)] |= std::uint64_t{1} << (x % 64);
  }
  // x's current part is a send to y and y's current part the receive from x: they meet.
  void try_pair(std::int64_t x, std::vector<Transfer>& round) const {
    const SimplexPart* mine = current(x);
    if (mine == nullptr || !mine->send) return;
    const SimplexPart* theirs = current(mine->peer);
    if (theirs == nullptr || theirs->send || theirs->peer != x) return;
    round.push_back(Transfer{x, mine->peer, mine->packet, theirs->packet});
  }

  const SimplexProgram& p_;
  std::vector<std::size_t> pc_;
  std::vector<std::uint64_t> marked_;  // candidate senders of the coming step
  std::vector<std::int64_t> touched_;  // the PUs that did a part in the last step
};

}  // namespace

BroadcastResult run_simplex_program(const SimplexProgram& program, std::int64_t s) {
  CV_ASSERT(static_cast<std::int64_t>(program.parts.size()) == program.P,
            "run_simplex_program: one program per PU");
  BroadcastResult out;
  Schedule& sc = out.schedule;
  sc.p = program.P;
  sc.n = s;
  sc.model = CommModel{1, Duplex::simplex, Switching::store_and_forward, false};
  sc.initial = root_holds_all(0, s);
  Rendezvous rv(program);
  std::size_t left = 0;
  for (const auto& mine : program.parts) left += mine.size();
  std::vector<Transfer> round;
  for (std::int64_t step = 1; left > 0; ++step) {
    rv.step(round);
    if (round.empty()) {
      out.deadlock = simplex_waiting_text(program, rv.pc(), step);
      break;
    }
    left -= 2 * round.size();
    std::vector<Transfer>& kept = sc.rounds.emplace_back();
    kept.reserve(round.size());
    for (const Transfer& x : round) {
      if (x.block < s && x.stored_as < s) kept.push_back(x);
    }
  }
  while (!sc.rounds.empty() && sc.rounds.back().empty()) sc.rounds.pop_back();
  return out;
}

SimplexProgram binary_simplex_program(std::int64_t P, std::int64_t s) {
  const LayoutParams lp = layout_params(Layout::binary, P, 1);
  SimplexProgram out;
  out.P = P;
  out.s = s;
  out.parts.resize(static_cast<std::size_t>(P));
  for (std::int64_t x = 0; x < P; ++x) {
    const Placement pl = place(lp, x);
    auto& mine = out.parts[static_cast<std::size_t>(x)];
    for (std::int64_t j = 0; j < s; ++j) {
      if (x != 0) mine.push_back(SimplexPart{false, pl.pred, j});
      if (pl.down != kNoPu) mine.push_back(SimplexPart{true, pl.down, j});
      if (pl.right != kNoPu) mine.push_back(SimplexPart{true, pl.right, j});
    }
  }
  return out;
}

BroadcastResult simplex_direct_broadcast(const BroadcastOptions& o) {
  const SimplexOrder order = simplex_direct_order(o);
  BroadcastResult out = run_simplex_program(order.program, o.s);
  if (order.deadlock && !out.deadlock) out.deadlock = "order: " + *order.deadlock;
  out.d = order.d;
  out.run_length = order.run_length;
  out.padded_s = order.padded_s;
  return out;
}

}  // namespace collverify::fractional
