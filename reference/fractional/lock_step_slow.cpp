// The slow, obviously correct twin of run_lock_step (broadcast.hpp): Figure 2's lock step with
// none of the bookkeeping. Every step first moves every started PU past its finished operations,
// then tries every PU in id order as a sender, a set recording who was served in the step.
// O(steps * P log P). Its schedule, deadlock text and contended count must equal the fast one's
// (tests/reference/fractional/broadcast_test.cpp).
#include <fmt/format.h>

#include <set>
#include <utility>
#include <vector>

#include "reference/fractional/broadcast.hpp"

namespace collverify::fractional {
namespace {

class SlowLockStep {
 public:
  SlowLockStep(std::vector<Placement> tree, std::int64_t L, std::int64_t S)
      : tree_(std::move(tree)), P_(static_cast<std::int64_t>(tree_.size())), L_(L), S_(S),
        R_((S + L - 1) / L), nops_(R_ * (L + 1) + 1), op_(tree_.size(), 0),
        sent_(tree_.size(), false), received_(tree_.size(), false),
        started_(tree_.size(), false) {
    started_[0] = true;
  }
  std::int64_t padded() const { return R_ * L_; }

  // Every step until all are done or none can go on.
  void run(BroadcastResult& out) {
    for (std::int64_t step = 1;; ++step) {
      std::int64_t finished = 0;
      std::int64_t first_waiting = -1;
      for (std::int64_t x = 0; x < P_; ++x) {
        if (!started_[static_cast<std::size_t>(x)]) continue;
        skip_done(x);
        if (op_[static_cast<std::size_t>(x)] >= nops_) {
          ++finished;
        } else if (first_waiting < 0) {
          first_waiting = x;
        }
      }
      if (finished == P_ || first_waiting < 0) {
        if (finished < P_) {
          out.deadlock = fmt::format("{} PUs never receive their first packet", P_ - finished);
        }
        return;
      }
      std::vector<Transfer> round = pair_all(out.contended_offers);
      if (round.empty()) {
        out.deadlock = fmt::format("no transfer in step {}: PU {} waits in operation {} of {}",
                                   step, first_waiting,
                                   op_[static_cast<std::size_t>(first_waiting)], nops_);
        return;
      }
      out.schedule.rounds.push_back(std::move(round));
    }
  }

 private:
  Figure2Op cur(std::int64_t x) const {
    const auto u = static_cast<std::size_t>(x);
    return figure2_op(L_, R_, tree_[u].index, op_[u]);
  }
  std::int64_t target(std::int64_t x, const Figure2Op& f) const {
    const Placement& p = tree_[static_cast<std::size_t>(x)];
    return f.send == SendTo::down ? p.down : f.send == SendTo::right ? p.right : kNoPu;
  }
  std::int64_t real_recv(std::int64_t x, const Figure2Op& f) const {
    return x != 0 && f.recv_pkt >= 0 && f.recv_pkt < S_ ? f.recv_pkt : -1;
  }
  bool from_ok(std::int64_t x, std::int64_t y) const {
    const Placement& py = tree_[static_cast<std::size_t>(y)];
    if (py.index > 0) return x == y - 1;
    return py.pred_group != kNoPu && tree_[static_cast<std::size_t>(x)].group_head == py.pred_group;
  }
  void skip_done(std::int64_t x) {
    const auto u = static_cast<std::size_t>(x);
    while (op_[u] < nops_) {
      const Figure2Op f = cur(x);
      const bool send_left =
          f.send != SendTo::none && target(x, f) != kNoPu && f.send_pkt < S_ && !sent_[u];
      const bool recv_left = real_recv(x, f) >= 0 && !received_[u];
      if (send_left || recv_left) return;
      ++op_[u];
      sent_[u] = received_[u] = false;
    }
  }
  // Every PU in id order sends when its receiver waits for that packet from it and was not
  // served in this step.
  std::vector<Transfer> pair_all(std::int64_t& contended) {
    std::set<std::int64_t> served;
    std::vector<Transfer> round;
    for (std::int64_t x = 0; x < P_; ++x) {
      const auto u = static_cast<std::size_t>(x);
      if (!started_[u] || op_[u] >= nops_ || sent_[u]) continue;
      const Figure2Op f = cur(x);
      const std::int64_t y = target(x, f);
      if (y == kNoPu || f.send_pkt >= S_) continue;
      const auto v = static_cast<std::size_t>(y);
      if (received_[v] || op_[v] >= nops_) continue;
      if (served.count(y)) {
        if (from_ok(x, y)) ++contended;
        continue;
      }
      const std::int64_t slot = real_recv(y, cur(y));
      if (slot < 0 || !from_ok(x, y)) continue;
      round.push_back(Transfer{x, y, f.send_pkt, slot});
      served.insert(y);
      sent_[u] = received_[v] = true;
      started_[v] = true;  // its first operation has no send, so it cannot send in this step
    }
    return round;
  }

  std::vector<Placement> tree_;
  std::int64_t P_;
  std::int64_t L_;
  std::int64_t S_;  // packets the lock step runs (padded unless literal)
  std::int64_t R_;
  std::int64_t nops_;
  std::vector<std::int64_t> op_;
  std::vector<bool> sent_, received_, started_;
};

}  // namespace

BroadcastResult run_lock_step_slow(std::vector<Placement> tree, std::int64_t run_length,
                                   std::int64_t s, bool literal_short_run) {
  const std::int64_t padded = (s + run_length - 1) / run_length * run_length;
  const auto P = static_cast<std::int64_t>(tree.size());
  SlowLockStep ls(std::move(tree), run_length, literal_short_run ? s : padded);
  BroadcastResult out;
  out.run_length = run_length;
  out.padded_s = ls.padded();
  out.schedule.p = P;
  out.schedule.n = s;
  out.schedule.initial = root_holds_all(0, s);
  ls.run(out);
  if (padded != s && !literal_short_run) {
    for (auto& round : out.schedule.rounds) {
      std::erase_if(round, [&](const Transfer& x) { return x.block >= s || x.stored_as >= s; });
    }
    while (!out.schedule.rounds.empty() && out.schedule.rounds.back().empty()) {
      out.schedule.rounds.pop_back();
    }
  }
  return out;
}

}  // namespace collverify::fractional
