// The slow, obviously correct twin of run_lock_step (broadcast.hpp): Figure 2's lock step with
// none of the bookkeeping. Every step first moves every started PU past its finished operations,
// then tries every PU in id order as a sender, a set recording who was served in the step.
// O(steps * P log P). Its schedule, deadlock text and contended count must equal the fast one's
// (tests/reference/fractional/broadcast_test.cpp).
#include <fmt/format.h>

#include <set>
#include <vector>

#include "reference/fractional/broadcast.hpp"

namespace collverify::fractional {

BroadcastResult run_lock_step_slow(std::vector<Placement> tree, std::int64_t run_length,
                                   std::int64_t s, bool literal_short_run) {
  const auto P = static_cast<std::int64_t>(tree.size());
  const std::int64_t L = run_length;
  const std::int64_t padded = (s + L - 1) / L * L;
  const std::int64_t S = literal_short_run ? s : padded;  // packets the lock step runs
  const std::int64_t R = (S + L - 1) / L;
  const std::int64_t nops = R * (L + 1) + 1;
  const auto n = static_cast<std::size_t>(P);
  std::vector<std::int64_t> op(n, 0);
  std::vector<bool> sent(n, false), received(n, false), started(n, false);
  started[0] = true;
  auto cur = [&](std::int64_t x) {
    const auto u = static_cast<std::size_t>(x);
    return figure2_op(L, R, tree[u].index, op[u]);
  };
  auto target = [&](std::int64_t x, const Figure2Op& f) {
    const Placement& p = tree[static_cast<std::size_t>(x)];
    return f.send == SendTo::down ? p.down : f.send == SendTo::right ? p.right : kNoPu;
  };
  auto real_recv = [&](std::int64_t x, const Figure2Op& f) {
    return x != 0 && f.recv_pkt >= 0 && f.recv_pkt < S ? f.recv_pkt : std::int64_t{-1};
  };
  auto from_ok = [&](std::int64_t x, std::int64_t y) {
    const Placement& py = tree[static_cast<std::size_t>(y)];
    if (py.index > 0) return x == y - 1;
    return py.pred_group != kNoPu && tree[static_cast<std::size_t>(x)].group_head == py.pred_group;
  };
  BroadcastResult out;
  out.run_length = L;
  out.padded_s = R * L;
  Schedule& sc = out.schedule;
  sc.p = P;
  sc.n = s;
  sc.initial = root_holds_all(0, s);
  for (std::int64_t step = 1;; ++step) {
    std::int64_t finished = 0;
    std::int64_t first_waiting = -1;
    for (std::int64_t x = 0; x < P; ++x) {
      const auto u = static_cast<std::size_t>(x);
      if (!started[u]) continue;
      while (op[u] < nops) {
        const Figure2Op f = cur(x);
        const bool send_left =
            f.send != SendTo::none && target(x, f) != kNoPu && f.send_pkt < S && !sent[u];
        const bool recv_left = real_recv(x, f) >= 0 && !received[u];
        if (send_left || recv_left) break;
        ++op[u];
        sent[u] = received[u] = false;
      }
      if (op[u] >= nops) ++finished;
      if (op[u] < nops && first_waiting < 0) first_waiting = x;
    }
    if (finished == P || first_waiting < 0) {
      if (finished < P) {
        out.deadlock = fmt::format("{} PUs never receive their first packet", P - finished);
      }
      break;
    }
    std::set<std::int64_t> served;
    std::vector<Transfer> round;
    for (std::int64_t x = 0; x < P; ++x) {
      const auto u = static_cast<std::size_t>(x);
      if (!started[u] || op[u] >= nops || sent[u]) continue;
      const Figure2Op f = cur(x);
      const std::int64_t y = target(x, f);
      if (y == kNoPu || f.send_pkt >= S) continue;
      const auto v = static_cast<std::size_t>(y);
      if (received[v] || op[v] >= nops) continue;
      if (served.count(y)) {
        if (from_ok(x, y)) ++out.contended_offers;
        continue;
      }
      const std::int64_t slot = real_recv(y, cur(y));
      if (slot < 0 || !from_ok(x, y)) continue;
      round.push_back(Transfer{x, y, f.send_pkt, slot});
      served.insert(y);
      sent[u] = received[v] = true;
      started[v] = true;  // its first operation has no send, so it cannot send in this step
    }
    if (round.empty()) {
      out.deadlock = fmt::format("no transfer in step {}: PU {} waits in operation {} of {}", step,
                                 first_waiting, op[static_cast<std::size_t>(first_waiting)], nops);
      break;
    }
    sc.rounds.push_back(std::move(round));
  }
  if (padded != s && !literal_short_run) {
    for (auto& round : sc.rounds) {
      std::erase_if(round, [&](const Transfer& x) { return x.block >= s || x.stored_as >= s; });
    }
    while (!sc.rounds.empty() && sc.rounds.back().empty()) sc.rounds.pop_back();
  }
  return out;
}

}  // namespace collverify::fractional
