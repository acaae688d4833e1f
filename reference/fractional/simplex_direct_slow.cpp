// The slow, obviously correct twins of simplex_direct.hpp's two steps, with none of the
// bookkeeping: simplex_direct_order_slow (the same rule: upstream first, a part only when its
// partner waits for exactly that packet) visits every PU in id order every step, and a set
// records who is busy, O(steps * P log P); run_simplex_program_slow tries every PU as a sender
// every step, O(steps * P). Their programs and schedules must equal the fast ones'
// (tests/reference/fractional/simplex_direct_test.cpp).
#include <set>
#include <vector>

#include "reference/fractional/simplex_direct.hpp"

namespace collverify::fractional {

SimplexProgram simplex_direct_order_slow(const BroadcastOptions& o) {
  const LayoutParams lp = layout_params(o.layout, o.P, o.r);
  std::vector<Placement> pl;
  for (std::int64_t x = 0; x < lp.P; ++x) pl.push_back(place(lp, x));
  const std::int64_t L = o.layout == Layout::chain ? o.s : o.layout == Layout::binary ? 1 : o.r;
  const std::int64_t padded = (o.s + L - 1) / L * L;
  const std::int64_t R = padded / L;
  const std::int64_t nops = R * (L + 1) + 1;
  const auto n = static_cast<std::size_t>(lp.P);
  std::vector<std::int64_t> op(n, 0);
  std::vector<bool> sent(n, false), received(n, false);
  SimplexProgram prog{lp.P, padded, std::vector<std::vector<SimplexPart>>(n)};
  auto cur = [&](std::int64_t x) {
    const auto u = static_cast<std::size_t>(x);
    return figure2_op(L, R, pl[u].index, op[u]);
  };
  auto target = [&](std::int64_t x, const Figure2Op& f) {
    const Placement& p = pl[static_cast<std::size_t>(x)];
    return f.send == SendTo::down ? p.down : f.send == SendTo::right ? p.right : kNoPu;
  };
  while (true) {
    bool all_done = true;
    for (std::int64_t x = 0; x < lp.P; ++x) {
      const auto u = static_cast<std::size_t>(x);
      while (op[u] < nops) {
        const Figure2Op f = cur(x);
        const bool send_left = target(x, f) != kNoPu && !sent[u];
        const bool recv_left = x != 0 && f.recv_pkt >= 0 && !received[u];
        if (send_left || recv_left) break;
        ++op[u];
        sent[u] = received[u] = false;
      }
      all_done = all_done && op[u] >= nops;
    }
    if (all_done) return prog;
    std::set<std::int64_t> busy;
    for (std::int64_t x = 0; x < lp.P; ++x) {
      const auto u = static_cast<std::size_t>(x);
      if (busy.count(x) || sent[u] || op[u] >= nops) continue;
      const Figure2Op f = cur(x);
      const std::int64_t y = target(x, f);
      if (y == kNoPu || busy.count(y)) continue;
      const auto v = static_cast<std::size_t>(y);
      if (received[v] || op[v] >= nops || cur(y).recv_pkt != f.send_pkt) continue;
      const Placement& py = pl[v];
      const bool from_ok = py.index > 0 ? x == y - 1 : pl[u].group_head == py.pred_group;
      if (!from_ok) continue;
      prog.parts[u].push_back(SimplexPart{true, y, f.send_pkt});
      prog.parts[v].push_back(SimplexPart{false, x, f.send_pkt});
      busy.insert(x);
      busy.insert(y);
      sent[u] = true;
      received[v] = true;
    }
    if (busy.empty()) return prog;  // stuck: the fast one reports the deadlock
  }
}

namespace {

// One step of the rendezvous: PU x's current part is a send to y and y's current part is the
// receive from x. Each PU has one current part, so no PU is in two transfers.
std::vector<Transfer> slow_rendezvous_step(const SimplexProgram& p, std::vector<std::size_t>& pc) {
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

}  // namespace

BroadcastResult run_simplex_program_slow(const SimplexProgram& program, std::int64_t s) {
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
    std::vector<Transfer> round = slow_rendezvous_step(program, pc);
    if (round.empty()) {
      out.deadlock = simplex_waiting_text(program, pc, step);
      break;
    }
    left -= 2 * round.size();
    std::erase_if(round, [&](const Transfer& x) { return x.block >= s || x.stored_as >= s; });
    sc.rounds.push_back(std::move(round));
  }
  while (!sc.rounds.empty() && sc.rounds.back().empty()) sc.rounds.pop_back();
  return out;
}

}  // namespace collverify::fractional
