// The deterministic scheduler and MPI matching of a simulated world (world.hpp).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "program/world_impl.hpp"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define CV_ASAN 1
#endif

namespace collverify::program {
namespace {

constexpr int kProcNull = -2;

// AddressSanitizer is told about every stack switch, so that it checks the right stack.
void start_switch([[maybe_unused]] const void** save, [[maybe_unused]] const void* bottom,
                  [[maybe_unused]] std::size_t size) {
#ifdef CV_ASAN
  __sanitizer_start_switch_fiber(const_cast<void**>(save), bottom, size);
#endif
}
void finish_switch([[maybe_unused]] const void* save, [[maybe_unused]] const void** bottom,
                   [[maybe_unused]] std::size_t* size) {
#ifdef CV_ASAN
  __sanitizer_finish_switch_fiber(const_cast<void*>(save), bottom, size);
#endif
}

bool overlap(const void* a, std::size_t na, const void* b, std::size_t nb) {
  if (na == 0 || nb == 0) return false;
  const auto x = reinterpret_cast<std::uintptr_t>(a), y = reinterpret_cast<std::uintptr_t>(b);
  return x < y + nb && y < x + na;
}

}  // namespace

const char* to_string(Buffering b) { return b == Buffering::eager ? "eager" : "rendezvous"; }

int Explorer::choose(int alternatives) {
  if (depth_ < stack_.size()) return stack_[depth_++].choice;
  stack_.push_back({0, alternatives});
  ++depth_;
  return 0;
}

bool Explorer::next() {
  while (!stack_.empty() && stack_.back().choice + 1 >= stack_.back().alternatives) {
    stack_.pop_back();
  }
  depth_ = 0;
  if (stack_.empty()) return false;
  ++stack_.back().choice;
  return true;
}

namespace {
// The arrays of a run, kept per thread between runs: an instance of p ranks fills them with
// O(p^2) entries, and growing them afresh every run cost more than the simulation.
struct Pool {
  std::vector<Request> requests;
  std::vector<Message> messages;
  std::vector<std::byte> arena;
  std::vector<std::byte> images;
  std::vector<CallRecord> calls;
  std::vector<MessageRecord> records;
  // The per-rank lists (posted, inbox, waiting, pending, regions): 4 or 5 vectors per rank grown
  // afresh every run were 6% of a small instance's CPU in malloc and free.
  std::vector<RankState> ranks;
  std::vector<std::vector<GuardedRegion>> regions_of;
};
thread_local Pool t_pool;
}  // namespace

void recycle(RunResult&& result) {
  if (result.calls.capacity() > t_pool.calls.capacity()) t_pool.calls = std::move(result.calls);
  if (result.messages.capacity() > t_pool.records.capacity()) {
    t_pool.records = std::move(result.messages);
  }
}

World::~World() {
  requests_.clear();
  messages_.clear();
  arena_.clear();
  images_.clear();
  t_pool.images.swap(images_);
  t_pool.requests.swap(requests_);
  t_pool.messages.swap(messages_);
  t_pool.arena.swap(arena_);
  if (calls_.capacity() > t_pool.calls.capacity()) t_pool.calls.swap(calls_);
  if (records_.capacity() > t_pool.records.capacity()) t_pool.records.swap(records_);
  // A fiber still suspended (a rank that caught RankAbort and went on) is destroyed here, as the
  // vector's destruction did before; then the ranks' lists go back to the pool.
  for (RankState& r : ranks_) {
    r.fiber = boost::context::fiber{};
    r.sched = boost::context::fiber{};
  }
  t_pool.ranks.swap(ranks_);
  t_pool.regions_of.swap(regions_of_);
}

World::World(int p, const WorldOptions& options, const std::vector<GuardedRegion>& regions,
             Explorer& explorer)
    : p_(p), options_(options), regions_(regions), explorer_(explorer) {
  ranks_.swap(t_pool.ranks);
  ranks_.resize(static_cast<std::size_t>(p));
  for (RankState& r : ranks_) r.reset();
  regions_of_.swap(t_pool.regions_of);
  regions_of_.resize(static_cast<std::size_t>(p));
  for (auto& list : regions_of_) list.clear();
  for (const GuardedRegion& g : regions_) {
    if (g.rank >= 0 && g.rank < p) regions_of_[static_cast<std::size_t>(g.rank)].push_back(g);
  }
  requests_.swap(t_pool.requests);
  messages_.swap(t_pool.messages);
  arena_.swap(t_pool.arena);
  images_.swap(t_pool.images);
  images_.clear();
  calls_.swap(t_pool.calls);
  records_.swap(t_pool.records);
  requests_.clear();
  messages_.clear();
  arena_.clear();
  calls_.clear();
  records_.clear();
}

int World::begin_call(const char* op, int peer, int tag, std::int64_t bytes) {
  RankState& me = ranks_[current_];
  const int index = me.calls++;
  calls_.push_back({current_, index, op, peer, tag, bytes});
  if (++steps_ > options_.step_budget) {
    fault("step_budget", op,
          fmt::format("more than {} MPI calls in one run (a loop that never ends?)",
                      options_.step_budget));
  }
  return index;
}

void World::raise(Fault f) {
  if (!fault_) fault_ = std::move(f);
  if (current_ >= 0) switch_to_scheduler();
}

void World::fault(const std::string& property, const char* op, const std::string& message) {
  raise({property, current_, ranks_[current_].calls - 1, op, message});
  std::abort();  // not reached: a faulted rank is never resumed
}

void World::check_region(const char* op, const void* buf, std::size_t bytes, bool writes) {
  const auto* at = static_cast<const std::byte*>(buf);
  for (const GuardedRegion& g : regions_of_[static_cast<std::size_t>(current_)]) {
    if (g.begin == nullptr) continue;
    const std::byte* end = g.begin + g.bytes;
    if (at < g.begin - g.guard || at >= end + g.guard) continue;
    if (at >= g.begin && at + bytes <= end) continue;
    out_of_bounds(op, at, bytes, g);
  }
  for (int id : ranks_[current_].pending) {
    const Request& q = requests_[static_cast<std::size_t>(id)];
    const void* qb = q.send ? static_cast<const void*>(q.sbuf) : q.buf;
    const std::size_t qn = q.send ? q.sbytes : q.capacity;
    if ((writes || !q.send) && overlap(buf, bytes, qb, qn)) overlaps_pending(op, q);
  }
}

void World::out_of_bounds(const char* op, const std::byte* at, std::size_t bytes,
                          const GuardedRegion& g) {
  fault("out_of_bounds", op,
        fmt::format("{} bytes at offset {} of {}'s {} of {} bytes run past its {}", bytes,
                    at - g.begin, fmt::format("rank {}", current_), g.name, g.bytes,
                    at < g.begin ? "start" : "end"));
}

void World::overlaps_pending(const char* op, const Request& q) {
  fault("buffer_race", op,
        fmt::format("the region overlaps the buffer of the pending {} (call {}) of rank {}", q.op,
                    q.call, current_));
}

void World::init_request(Request& r, const char* op, bool send, bool user) const {
  r.send = send;
  r.user = user;
  r.complete = r.released = r.matched = r.awaited = false;
  r.rank = current_;
  r.call = ranks_[current_].calls - 1;
  r.op = op;
  r.buf = nullptr;
  r.capacity = 0;
  r.source = r.tag = 0;
  r.st_source = r.st_tag = r.st_bytes = 0;
  r.from_message = -1;
  r.image = 0;
  r.message = -1;
  r.sbuf = nullptr;
  r.sbytes = 0;
}

int World::new_request(const char* op, bool send, bool user) {
  int id = 0;
  if (!user && !free_requests_.empty()) {
    id = free_requests_.back();
    free_requests_.pop_back();
  } else {
    id = static_cast<int>(requests_.size());
    requests_.emplace_back();
  }
  init_request(requests_[static_cast<std::size_t>(id)], op, send, user);
  return id;
}

int World::post_send(const char* op, const void* buf, std::size_t bytes, int dest, int tag,
                     bool sync, bool user) {
  // A blocking standard send under eager buffering completes at once: it gets no request (the
  // message carries everything match needs), and the caller neither waits nor releases.
  const bool at_once =
      !user && !sync && options_.buffering == Buffering::eager && dest != kProcNull;
  const auto* data = static_cast<const std::byte*>(buf);
  int id = kCompleted;
  if (!at_once) {
    id = new_request(op, true, user);
    Request& r = requests_[static_cast<std::size_t>(id)];
    r.sbuf = data;
    r.sbytes = bytes;
    if (user) ranks_[current_].pending.push_back(id);
    if (dest == kProcNull) {
      complete(id);
      return id;
    }
  }
  const int m = static_cast<int>(messages_.size());
  Message& msg = messages_.emplace_back();
  msg.src = current_;
  msg.dst = dest;
  msg.tag = tag;
  msg.src_call = ranks_[current_].calls - 1;
  msg.request = id;
  msg.sync = sync;
  msg.user = user;
  msg.op = op;
  msg.sbuf = data;
  msg.size = bytes;
  msg.depth = ranks_[current_].clock + 1;
  msg.record = -1;
  // A blocking send's data goes straight from its buffer into a receive that is already posted
  // (match reads the send buffer while the sender is still in the call); only a message left
  // unmatched is copied into the arena. A nonblocking send is always copied: release compares
  // its buffer with the copy (buffer_race).
  msg.at = user ? arena_.size() : kDirect;
  if (user) arena_.insert(arena_.end(), data, data + bytes);
  if (id >= 0) requests_[static_cast<std::size_t>(id)].message = m;
  ++progress_;
  if (id >= 0 && !sync && options_.buffering == Buffering::eager) complete(id);
  if (options_.general_matching) {
    ranks_[dest].inbox.push_back(m);
    try_match(dest);
  } else if (!match_new_message(dest, m)) {
    ranks_[dest].inbox.push_back(m);  // it waits for its receive
  }
  Message& left = messages_[static_cast<std::size_t>(m)];
  if (left.at == kDirect && left.record < 0) {
    left.at = arena_.size();
    arena_.insert(arena_.end(), data, data + bytes);
  }
  return id;
}

int World::post_recv(const char* op, void* buf, std::size_t capacity, int source, int tag,
                     bool user) {
  const int id = new_request(op, false, user);
  Request& r = requests_[static_cast<std::size_t>(id)];
  r.buf = static_cast<std::byte*>(buf);
  r.capacity = capacity;
  r.source = source;
  r.tag = tag;
  if (user) ranks_[current_].pending.push_back(id);
  if (source == kProcNull) {
    r.st_source = kProcNull;
    r.st_tag = kAnyTag;
    complete(id);
    return id;
  }
  if (user) {
    r.image = images_.size();
    images_.insert(images_.end(), r.buf, r.buf + capacity);
  }
  ranks_[current_].posted.push_back(id);
  if (options_.general_matching) {
    try_match(current_);
  } else {
    match_new_receive(id);
  }
  return id;
}

// The two below do what try_match does after one new message or receive, using what holds after
// every try_match (and so after each of them): no unmatched message in a rank's inbox is accepted
// by a posted receive that comes before its first wildcard receive. So only the new one can
// match, at most once. try_match stays the general rule (resolve_wildcard uses it) and their
// twin (WorldOptions::general_matching; tests/program/programs_test.cpp compares whole runs).
bool World::match_new_message(int dst, int m) {
  RankState& d = ranks_[dst];
  const Message& msg = messages_[static_cast<std::size_t>(m)];
  for (std::size_t i = 0; i < d.posted.size(); ++i) {
    const int id = d.posted[i];
    const Request& r = requests_[static_cast<std::size_t>(id)];
    if (r.source == kAnySource) return false;  // resolved at quiescence; later receives wait
    if (r.source != msg.src || (r.tag != kAnyTag && r.tag != msg.tag)) continue;
    d.posted.erase(d.posted.begin() + static_cast<std::ptrdiff_t>(i));
    match(id, m);
    return true;
  }
  return false;
}

void World::match_new_receive(int id) {
  RankState& me = ranks_[current_];
  const Request& r = requests_[static_cast<std::size_t>(id)];
  if (r.source == kAnySource) return;
  for (int earlier : me.posted) {  // the new receive is the last one
    if (earlier != id && requests_[static_cast<std::size_t>(earlier)].source == kAnySource) return;
  }
  for (std::size_t k = 0; k < me.inbox.size(); ++k) {
    const int m = me.inbox[k];
    const Message& msg = messages_[static_cast<std::size_t>(m)];
    if (msg.src != r.source || (r.tag != kAnyTag && r.tag != msg.tag)) continue;
    me.inbox.erase(me.inbox.begin() + static_cast<std::ptrdiff_t>(k));
    me.posted.pop_back();
    match(id, m);
    return;
  }
}

void World::try_match(int dst) {
  RankState& d = ranks_[dst];
  std::size_t i = 0;
  while (i < d.posted.size()) {
    const Request& r = requests_[static_cast<std::size_t>(d.posted[i])];
    if (r.source == kAnySource) return;  // resolved at quiescence; later receives wait for it
    auto it = std::find_if(d.inbox.begin(), d.inbox.end(), [&](int m) {
      const Message& msg = messages_[static_cast<std::size_t>(m)];
      return msg.src == r.source && (r.tag == kAnyTag || r.tag == msg.tag);
    });
    if (it == d.inbox.end()) {
      ++i;
      continue;
    }
    const int m = *it, id = d.posted[i];
    d.inbox.erase(it);
    d.posted.erase(d.posted.begin() + static_cast<std::ptrdiff_t>(i));
    match(id, m);
    if (fault_) return;
  }
}

void World::match(int id, int m) {
  if (!deliver(requests_[static_cast<std::size_t>(id)], m)) return;
  complete(id);
  const Message& msg = messages_[static_cast<std::size_t>(m)];
  if (msg.sync || options_.buffering == Buffering::rendezvous) complete(msg.request);
}

bool World::deliver(Request& r, int m) {
  Message& msg = messages_[static_cast<std::size_t>(m)];
  // The sender's request is read only while it lives: a nonblocking send's (never recycled),
  // one still waiting for this match, or the sender's own call (kDirect). A blocking send that
  // completed at once (eager) may have been recycled already (release).
  const bool waits_for_match = msg.sync || options_.buffering == Buffering::rendezvous;
  if (msg.size > r.capacity) {
    raise({"truncation", r.rank, r.call, r.op,
           fmt::format("a message of {} bytes from rank {} (its call {}, tag {}) into a "
                       "receive of {} bytes",
                       msg.size, msg.src, msg.src_call, msg.tag, r.capacity)});
    return false;
  }
  if (msg.user && waits_for_match) {
    const Request& s = requests_[static_cast<std::size_t>(msg.request)];
    if (!s.complete && msg.size > 0 && std::memcmp(s.sbuf, data(msg), msg.size) != 0) {
      raise({"buffer_race", s.rank, s.call, s.op,
             "the send buffer changed while the send was pending (before it matched)"});
      return false;
    }
  }
  if (r.user && r.capacity > 0 && std::memcmp(r.buf, images_.data() + r.image, r.capacity) != 0) {
    raise({"buffer_race", r.rank, r.call, r.op,
           "the receive buffer was written while the receive was pending"});
    return false;
  }
  const std::byte* payload = msg.at == kDirect ? msg.sbuf : data(msg);
  if (msg.size > 0) std::memcpy(r.buf, payload, msg.size);
  if (r.user && msg.size > 0) std::memcpy(images_.data() + r.image, payload, msg.size);
  r.st_source = msg.src;
  r.st_tag = msg.tag;
  r.st_bytes = static_cast<int>(msg.size);
  r.matched = true;
  r.from_message = m;
  msg.record = static_cast<int>(records_.size());
  records_.push_back({msg.src, msg.src_call, r.rank, r.call,
                      static_cast<std::int64_t>(msg.size), msg.depth, -1});
  ++progress_;
  return true;
}

bool World::receive_at_once(const char* op, void* buf, std::size_t capacity, int source, int tag,
                            int* st_source, int* st_tag, int* st_bytes) {
  if (options_.general_matching || source < 0) return false;  // MPI_ANY_SOURCE, MPI_PROC_NULL
  RankState& me = ranks_[current_];
  for (int id : me.posted) {
    if (requests_[static_cast<std::size_t>(id)].source == kAnySource) return false;
  }
  std::size_t k = 0;
  for (; k < me.inbox.size(); ++k) {
    const Message& msg = messages_[static_cast<std::size_t>(me.inbox[k])];
    if (msg.src == source && (tag == kAnyTag || tag == msg.tag)) break;
  }
  if (k == me.inbox.size()) return false;
  const int m = me.inbox[k];
  me.inbox.erase(me.inbox.begin() + static_cast<std::ptrdiff_t>(k));
  Request r;  // lives for this call only: never in requests_; deliver reads these fields
  r.send = r.user = false;
  r.rank = current_;
  r.call = me.calls - 1;
  r.op = op;
  r.buf = static_cast<std::byte*>(buf);
  r.capacity = capacity;
  r.image = 0;
  if (!deliver(r, m)) return true;  // not reached: the fault switched this rank out
  const Message& msg = messages_[static_cast<std::size_t>(m)];
  if (msg.sync || options_.buffering == Buffering::rendezvous) complete(msg.request);
  // What release does for a blocking receive, in the same call.
  me.clock = std::max(me.clock, msg.depth);
  records_[static_cast<std::size_t>(msg.record)].dst_release_call = r.call;
  *st_source = r.st_source;
  *st_tag = r.st_tag;
  *st_bytes = r.st_bytes;
  return true;
}

void World::complete(int id) {
  Request& r = requests_[static_cast<std::size_t>(id)];
  if (r.complete) return;
  r.complete = true;
  if (!r.awaited) return;
  RankState& owner = ranks_[r.rank];
  if (--owner.outstanding == 0 && owner.state == RankState::State::blocked) {
    owner.state = RankState::State::ready;
    ready_.push_back(r.rank);
  }
}

bool World::valid_request(int id) const {
  if (id < 0 || id >= static_cast<int>(requests_.size())) return false;
  const Request& r = requests_[static_cast<std::size_t>(id)];
  return r.user && r.rank == current_ && !r.released;
}

void World::wait(const char*, const int* ids, std::size_t count) {
  RankState& me = ranks_[current_];
  me.outstanding = 0;
  for (std::size_t k = 0; k < count; ++k) {
    Request& r = requests_[static_cast<std::size_t>(ids[k])];
    if (!r.complete) {
      r.awaited = true;
      ++me.outstanding;
    }
  }
  if (me.outstanding == 0) return;
  me.waiting.assign(ids, ids + count);
  me.state = RankState::State::blocked;
  switch_to_scheduler();
  for (int id : me.waiting) requests_[static_cast<std::size_t>(id)].awaited = false;
  me.waiting.clear();
}

bool World::test(const char*, int id) {
  if (requests_[static_cast<std::size_t>(id)].complete) return true;
  RankState& me = ranks_[current_];
  if (progress_ == spin_mark_) {
    ++idle_spins_;
  } else {
    spin_mark_ = progress_;
    idle_spins_ = 0;
  }
  me.waiting = {id};
  me.spun = true;
  ready_.push_back(current_);
  switch_to_scheduler();
  me.waiting.clear();
  return requests_[static_cast<std::size_t>(id)].complete;
}

void World::release(const char* op, int id, int* source, int* tag, int* bytes) {
  Request& r = requests_[static_cast<std::size_t>(id)];
  RankState& me = ranks_[current_];
  if (r.user) {
    if (r.send && r.message >= 0) {
      const Message& msg = messages_[static_cast<std::size_t>(r.message)];
      if (msg.size > 0 && std::memcmp(r.sbuf, data(msg), msg.size) != 0) {
        fault("buffer_race", op,
              fmt::format("the buffer of rank {}'s {} (call {}) changed before it completed",
                          r.rank, r.op, r.call));
      }
    }
    if (!r.send && r.capacity > 0 &&
        std::memcmp(r.buf, images_.data() + r.image, r.capacity) != 0) {
      fault("buffer_race", op,
            fmt::format("the buffer of rank {}'s {} (call {}) was written before it completed",
                        r.rank, r.op, r.call));
    }
    me.pending.erase(std::find(me.pending.begin(), me.pending.end(), id));
  }
  if (!r.send && r.from_message >= 0) {
    const Message& got = messages_[static_cast<std::size_t>(r.from_message)];
    me.clock = std::max(me.clock, got.depth);
    if (got.record >= 0) records_[static_cast<std::size_t>(got.record)].dst_release_call = me.calls - 1;
  }
  r.released = true;
  if (source) *source = r.st_source;
  if (tag) *tag = r.st_tag;
  if (bytes) *bytes = r.st_bytes;
  // A blocking call's request is dead once handed back: its slot is reused (the plugin never saw
  // its id), so a run's requests stay O(p) and in cache instead of growing by two per message.
  if (!r.user) free_requests_.push_back(id);
}

void World::add_op(void* fn, bool commute) { ops_.push_back({fn, commute}); }

void World::switch_to_scheduler() {
  RankState& me = ranks_[current_];
  start_switch(&me.fake_stack, sched_bottom_, sched_size_);
  me.sched = std::move(me.sched).resume();
  finish_switch(me.fake_stack, &sched_bottom_, &sched_size_);
  // After a fault the scheduler resumes each suspended rank once to unwind it (World::run).
  if (aborting_) throw RankAbort{};
}

}  // namespace collverify::program
