// The run of one world: fibers created from the stack pool, the ready queue, quiescence (wildcard
// choices or a deadlock) and the checks at the end (world.hpp).
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "program/world_impl.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define CV_ASAN 1
#endif

namespace collverify::program {
namespace {

// Read by every MPI call (current_world). The initial-exec model makes that one load from the
// thread pointer instead of a call to __tls_get_addr (3% of a run's CPU): this library is linked
// by the programs that use it, never dlopen'ed, so its TLS is in the static block.
__attribute__((tls_model("initial-exec"))) thread_local World* g_running = nullptr;

using State = RankState::State;

}  // namespace

bool World::resolve_wildcard() {
  for (int d = 0; d < p_; ++d) {
    RankState& rank = ranks_[d];
    auto w = std::find_if(rank.posted.begin(), rank.posted.end(), [&](int id) {
      return requests_[static_cast<std::size_t>(id)].source == kAnySource;
    });
    if (w == rank.posted.end()) continue;
    const Request& r = requests_[static_cast<std::size_t>(*w)];
    // The first message of each source that the wildcard accepts: the ones that can reach it.
    std::vector<int> candidates;
    std::vector<bool> seen(static_cast<std::size_t>(p_), false);
    for (int m : rank.inbox) {
      const Message& msg = messages_[static_cast<std::size_t>(m)];
      if (seen[static_cast<std::size_t>(msg.src)]) continue;
      if (r.tag == kAnyTag || r.tag == msg.tag) {
        seen[static_cast<std::size_t>(msg.src)] = true;
        candidates.push_back(m);
      }
    }
    if (candidates.empty()) continue;
    std::sort(candidates.begin(), candidates.end(), [&](int a, int b) {
      return messages_[static_cast<std::size_t>(a)].src < messages_[static_cast<std::size_t>(b)].src;
    });
    const int k = candidates.size() > 1 ? explorer_.choose(static_cast<int>(candidates.size())) : 0;
    const int m = candidates[static_cast<std::size_t>(k)], id = *w;
    rank.inbox.erase(std::find(rank.inbox.begin(), rank.inbox.end(), m));
    rank.posted.erase(w);
    match(id, m);
    if (!fault_) try_match(d);
    return true;
  }
  return false;
}

// The wait-for graph at a deadlock: a cycle if there is one, else the first blocked rank and what
// it waits for.
std::string World::deadlock_text() const {
  auto edge = [&](int r) -> std::pair<int, const Request*> {
    for (int id : ranks_[r].waiting) {
      const Request& q = requests_[static_cast<std::size_t>(id)];
      if (q.complete) continue;
      const int to = q.send ? messages_[static_cast<std::size_t>(q.message)].dst : q.source;
      return {to, &q};
    }
    return {-1, nullptr};
  };
  auto step_text = [&](int r) {
    const auto [to, q] = edge(r);
    if (q == nullptr) return fmt::format("rank {}", r);
    return fmt::format("rank {} ({} call {} {} {})", r, q->op, q->call, q->send ? "to" : "from",
                       to == kAnySource ? std::string("any source") : std::to_string(to));
  };
  for (int start = 0; start < p_; ++start) {
    std::map<int, int> seen;
    std::vector<int> path;
    int r = start;
    while (r >= 0 && r < p_ && ranks_[r].state != State::done && !seen.count(r)) {
      seen[r] = static_cast<int>(path.size());
      path.push_back(r);
      r = edge(r).first;
    }
    if (r >= 0 && r < p_ && seen.count(r)) {
      std::string text = "wait-for cycle: ";
      for (std::size_t i = static_cast<std::size_t>(seen[r]); i < path.size(); ++i) {
        text += step_text(path[i]) + " -> ";
      }
      return text + fmt::format("rank {}", r);
    }
  }
  for (int r = 0; r < p_; ++r) {
    if (ranks_[r].state == State::done) continue;
    const auto [to, q] = edge(r);
    return fmt::format("{} waits forever{}", step_text(r),
                       to >= 0 && to < p_ && ranks_[to].state == State::done
                           ? fmt::format(": rank {} has returned", to)
                           : "");
  }
  return "no rank can move";
}

void World::end_checks(RunResult& result) {
  for (const RankState& rank : ranks_) {
    if (rank.pending.empty()) continue;
    const Request& r = requests_[static_cast<std::size_t>(rank.pending.front())];
    fault_ = Fault{"request_leak", r.rank, r.call, r.op,
                   fmt::format("rank {}'s {} (call {}) was never completed by MPI_Wait, "
                               "MPI_Waitall or MPI_Test before the collective returned",
                               r.rank, r.op, r.call)};
    return;
  }
  const Message* first = nullptr;
  for (const RankState& rank : ranks_) {
    for (int m : rank.inbox) {
      const Message& msg = messages_[static_cast<std::size_t>(m)];
      if (!first || std::tie(msg.src, msg.src_call) < std::tie(first->src, first->src_call)) {
        first = &msg;
      }
    }
  }
  if (first) {
    fault_ = Fault{"unmatched_message", first->src, first->src_call,
                   first->op,
                   fmt::format("rank {}'s message to rank {} (tag {}, {} bytes) was never received",
                               first->src, first->dst, first->tag, first->size)};
  }
  (void)result;
}

void World::resume(int r) {
  RankState& me = ranks_[r];
  me.spun = false;
  current_ = r;
#ifdef CV_ASAN
  const void* fake = nullptr;
  __sanitizer_start_switch_fiber(const_cast<void**>(&fake), me.stack_base, me.stack_size);
#endif
  me.fiber = std::move(me.fiber).resume();
#ifdef CV_ASAN
  __sanitizer_finish_switch_fiber(const_cast<void*>(fake), nullptr, nullptr);
#endif
  current_ = -1;
}

// Every rank still suspended (or never started) runs once more, to throw RankAbort from where it
// stopped (or to return at once): its stack unwinds on its own fiber. A rank whose code catches
// everything and calls MPI again is given a few more tries, then left to Boost.Context.
void World::unwind_suspended() {
  aborting_ = true;
  for (int r = 0; r < p_; ++r) {
    for (int tries = 0; tries < 8 && ranks_[r].fiber; ++tries) resume(r);
  }
}

RunResult World::run(RankMain main, void* context, StackPool& stacks) {
  g_running = this;
  for (int r = 0; r < p_; ++r) {
    boost::context::stack_context sc = stacks.take();
    ranks_[r].stack_base = static_cast<char*>(sc.sp) - sc.size;
    ranks_[r].stack_size = sc.size;
    boost::context::preallocated at(sc.sp, sc.size, sc);
    ranks_[r].fiber = boost::context::fiber(
        std::allocator_arg, at, PooledStack(stacks),
        [this, r, main, context](boost::context::fiber&& sched) {
          RankState& me = ranks_[r];
          me.sched = std::move(sched);
#ifdef CV_ASAN
          __sanitizer_finish_switch_fiber(nullptr, &sched_bottom_, &sched_size_);
#endif
          try {
            if (!aborting_) main(context, r);
          } catch (const RankAbort&) {
          }
          me.state = State::done;
#ifdef CV_ASAN
          __sanitizer_start_switch_fiber(nullptr, sched_bottom_, sched_size_);
#endif
          return std::move(me.sched);
        });
    ready_.push_back(r);
  }
  while (!fault_) {
    if (idle_spins_ > 2 * static_cast<std::int64_t>(p_) + 2 || ready_head_ == ready_.size()) {
      idle_spins_ = 0;
      if (std::all_of(ranks_.begin(), ranks_.end(),
                      [](const RankState& s) { return s.state == State::done; })) {
        break;
      }
      if (resolve_wildcard()) continue;
      const bool spinning = ready_head_ != ready_.size();
      fault_ = Fault{"deadlock", -1, -1, "", (spinning ? "ranks spin on MPI_Test; " : "") +
                                                 deadlock_text()};
      for (int r = 0; r < p_ && fault_->rank < 0; ++r) {
        for (int id : ranks_[r].waiting) {
          const Request& q = requests_[static_cast<std::size_t>(id)];
          if (q.complete) continue;
          fault_->rank = r;
          fault_->call = q.call;
          fault_->op = q.op;
          break;
        }
      }
      break;
    }
    const int r = ready_[ready_head_++];
    if (ready_head_ > 1024 && ready_head_ * 2 > ready_.size()) {
      ready_.erase(ready_.begin(), ready_.begin() + static_cast<std::ptrdiff_t>(ready_head_));
      ready_head_ = 0;
    }
    if (ranks_[r].state == State::done) continue;
    resume(r);
  }
  if (fault_) unwind_suspended();
  RunResult result;
  if (!fault_) end_checks(result);
  result.fault = fault_;
  result.calls = std::move(calls_);
  result.messages = std::move(records_);
  result.steps = steps_;
  g_running = nullptr;
  return result;
}

World* current_world() { return g_running; }

RunResult run_world(int p, const WorldOptions& options, const std::vector<GuardedRegion>& regions,
                    RankMain main, void* context, Explorer& explorer, StackPool& stacks) {
  World world(p, options, regions, explorer);
  RunResult result = world.run(main, context, stacks);
  return result;  // the world's unfinished fibers (after a fault) unwind here
}

}  // namespace collverify::program
