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
class OrderSearch {
 public:
  OrderSearch(std::vector<Placement> pl, std::int64_t L, std::int64_t padded_s)
      : P_(static_cast<std::int64_t>(pl.size())), L_(L), R_(padded_s / L), nops_(R_ * (L + 1) + 1),
        pl_(std::move(pl)) {
    const auto n = static_cast<std::size_t>(P_);
    op_.assign(n, 0);
    send_done_.assign(n, 0);
    recv_done_.assign(n, 0);
    busy_.assign(n, 0);
    program_.P = P_;
    program_.s = padded_s;
    program_.parts.assign(n, {});
  }

  SimplexProgram take_program() { return std::move(program_); }

  // Runs to the end; the number of steps, or deadlock set.
  std::int64_t run(std::optional<std::string>& deadlock) {
    std::vector<std::int64_t> active{0};
    std::int64_t finished = 0;
    std::int64_t step = 0;
    while (true) {
      finished += drop_finished(active);
      if (finished == P_ || active.empty()) break;
      ++step;
      std::vector<std::int64_t> started;
      if (!one_step(step, active, started)) {
        deadlock = fmt::format("no transfer in step {}: PU {} waits in operation {} of {}", step,
                               active.front(), op_[static_cast<std::size_t>(active.front())],
                               nops_);
        return step - 1;
      }
      merge_started(active, started);
    }
    if (finished < P_) deadlock = fmt::format("{} PUs never receive a packet", P_ - finished);
    return step;
  }

 private:
  // Pairs senders with receivers in increasing sender id; false when nobody could.
  bool one_step(std::int64_t step, const std::vector<std::int64_t>& active,
                std::vector<std::int64_t>& started) {
    bool any = false;
    for (const std::int64_t x : active) {
      const auto xu = static_cast<std::size_t>(x);
      if (busy_[xu] == step || send_done_[xu]) continue;
      const Figure2Op op = current(x);
      const std::int64_t y = target(x, op);
      if (y == kNoPu) continue;
      const auto yu = static_cast<std::size_t>(y);
      if (busy_[yu] == step || recv_done_[yu] || op_[yu] >= nops_) continue;
      const Figure2Op yop = current(y);
      if (yop.recv_pkt != op.send_pkt || !source_ok(x, y)) continue;
      program_.parts[xu].push_back(SimplexPart{true, y, op.send_pkt});
      program_.parts[yu].push_back(SimplexPart{false, x, yop.recv_pkt});
      busy_[xu] = busy_[yu] = step;
      send_done_[xu] = recv_done_[yu] = 1;
      if (op_[yu] == 0) started.push_back(y);
      any = true;
    }
    return any;
  }

  // Moves every active PU past its finished operations; removes and counts those done.
  std::int64_t drop_finished(std::vector<std::int64_t>& active) {
    std::size_t keep = 0;
    std::int64_t done = 0;
    for (const std::int64_t x : active) {
      skip_done(x);
      if (op_[static_cast<std::size_t>(x)] < nops_) {
        active[keep++] = x;
      } else {
        ++done;
      }
    }
    active.resize(keep);
    return done;
  }

  static void merge_started(std::vector<std::int64_t>& active, std::vector<std::int64_t>& started) {
    if (started.empty()) return;
    const auto mid = static_cast<std::ptrdiff_t>(active.size());
    active.insert(active.end(), started.begin(), started.end());
    std::sort(active.begin() + mid, active.end());
    std::inplace_merge(active.begin(), active.begin() + mid, active.end());
  }

  Figure2Op current(std::int64_t x) const {
    const auto u = static_cast<std::size_t>(x);
    return figure2_op(L_, R_, pl_[u].index, op_[u]);
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
      const Figure2Op op = current(x);
      const bool send_left = target(x, op) != kNoPu && !send_done_[u];
      const bool recv_left = has_recv(x, op) && !recv_done_[u];
      if (send_left || recv_left) return;
      ++op_[u];
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
  std::vector<std::int64_t> busy_;  // the step in which the PU last did a part
  SimplexProgram program_;
};

// One step of the rendezvous: PU x's current part is a send to y and y's current part is the
// receive from x. Each PU has one current part, so no PU is in two transfers.
std::vector<Transfer> rendezvous_step(const SimplexProgram& p, std::vector<std::size_t>& pc) {
  std::vector<Transfer> round;
  for (std::int64_t x = 0; x < p.P; ++x) {
    const auto& mine = p.parts[static_cast<std::size_t>(x)];
    const std::size_t k = pc[static_cast<std::size_t>(x)];
    if (k >= mine.size() || !mine[k].send) continue;
    const std::int64_t y = mine[k].peer;
    if (y < 0 || y >= p.P) continue;
    const auto& theirs = p.parts[static_cast<std::size_t>(y)];
    const std::size_t ky = pc[static_cast<std::size_t>(y)];
    if (ky >= theirs.size() || theirs[ky].send || theirs[ky].peer != x) continue;
    round.push_back(Transfer{x, y, mine[k].packet, theirs[ky].packet});
  }
  for (const Transfer& t : round) {
    ++pc[static_cast<std::size_t>(t.from)];
    ++pc[static_cast<std::size_t>(t.to)];
  }
  return round;
}

std::string waiting_text(const SimplexProgram& p, const std::vector<std::size_t>& pc,
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

}  // namespace

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

BroadcastResult run_simplex_program(const SimplexProgram& program, std::int64_t s) {
  CV_ASSERT(static_cast<std::int64_t>(program.parts.size()) == program.P,
            "run_simplex_program: one program per PU");
  BroadcastResult out;
  Schedule& sc = out.schedule;
  sc.p = program.P;
  sc.n = s;
  sc.model = CommModel{1, Duplex::simplex, Switching::store_and_forward, false};
  sc.initial = root_holds_all(0, s);
  std::vector<std::size_t> pc(static_cast<std::size_t>(program.P), 0);
  std::size_t left = 0;
  for (const auto& mine : program.parts) left += mine.size();
  for (std::int64_t step = 1; left > 0; ++step) {
    std::vector<Transfer> round = rendezvous_step(program, pc);
    if (round.empty()) {
      out.deadlock = waiting_text(program, pc, step);
      break;
    }
    left -= 2 * round.size();
    std::erase_if(round, [&](const Transfer& x) { return x.block >= s || x.stored_as >= s; });
    sc.rounds.push_back(std::move(round));
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
