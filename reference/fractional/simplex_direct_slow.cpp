// The slow, obviously correct twin of simplex_direct_order (simplex_direct.hpp): the same rule
// (upstream first, a part only when its partner waits for exactly that packet) with none of the
// bookkeeping: every step visits every PU in id order, and a set records who is busy.
// O(steps * P log P). Its program must equal the fast one's
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

}  // namespace collverify::fractional
