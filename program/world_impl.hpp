// The inside of a simulated world (world.hpp), shared by the scheduler (world.cpp) and the MPI
// entry points (mpi_shim.cpp). Requests and messages live in per-world arrays; an MPI_Request
// handle is a request's index + 1, so a handle the plugin made up is recognised as invalid.
#pragma once

#include <boost/context/fiber.hpp>

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "program/world.hpp"

namespace collverify::program {

// Request and Message are filled field by field where they are made (World::post_send,
// post_recv): their constructors leave the fields unset, since value-initialising a 100-byte
// record in a vector is a `rep stos` that cost about 7% of a run (docs/PERFORMANCE.md).
struct Request {
  Request() {}  // NOLINT: deliberately leaves every field to World::new_request
  bool send;
  bool user;      // from MPI_Isend/Issend/Irecv: the plugin must complete it
  bool complete;
  bool released;  // completed and handed back (the handle set to MPI_REQUEST_NULL)
  bool matched;
  bool awaited;   // the owner is blocked on it
  int rank;
  int call;
  const char* op;
  // receive
  std::byte* buf;
  std::size_t capacity;
  int source;
  int tag;
  int st_source, st_tag, st_bytes;
  int from_message;  // the message a receive got
  std::size_t image;  // user receives: the buffer as we left it, images_[image, +capacity)
  // send
  int message;
  const std::byte* sbuf;
  std::size_t sbytes;
};

inline constexpr std::size_t kDirect = ~std::size_t{0};

// MPI_ANY_SOURCE and MPI_ANY_TAG of include/collverify/mpi/mpi.h.
inline constexpr int kAnySource = -1;
inline constexpr int kAnyTag = -1;

struct Message {
  Message() {}  // NOLINT: every field is set by World::post_send
  int src, dst, tag, src_call;
  // The sender's request (recycled after a blocking send's release: see match); kCompleted for a
  // blocking eager send, which has none.
  int request;
  bool sync;
  bool user;       // from a nonblocking send
  const char* op;  // the sender's call
  // The send buffer as it was when the send was posted: arena_[at, at + size); kDirect while the
  // data is still only in the (blocking) sender's buffer, sbuf, which match() then reads.
  std::size_t at;
  const std::byte* sbuf;
  std::size_t size;
  std::int64_t depth;
  int record;  // its MessageRecord, once matched
};

struct RankState {
  boost::context::fiber fiber;  // the rank, while it is suspended
  boost::context::fiber sched;  // the scheduler, while the rank runs
  enum class State { ready, blocked, done } state = State::ready;
  bool spun = false;            // its last yield was an MPI_Test that found nothing
  int calls = 0;
  std::vector<int> posted;      // its unmatched receives, in posting order
  std::vector<int> inbox;       // unmatched messages to it, in sending order
  std::vector<int> waiting;     // the requests it is blocked on (or spins on)
  int outstanding = 0;          // of those, not yet complete
  std::vector<int> pending;     // its user requests not yet handed back
  std::int64_t clock = 0;       // message dependency depth seen so far
  void* stack_base = nullptr;   // for the sanitizer's fiber annotations
  std::size_t stack_size = 0;
  const void* fake_stack = nullptr;

  // As constructed, but the lists keep their storage (a World reuses the ranks of the last run
  // on its thread); the fibers are empty when a World hands its ranks back.
  void reset() {
    state = State::ready;
    spun = false;
    calls = 0;
    posted.clear();
    inbox.clear();
    waiting.clear();
    outstanding = 0;
    pending.clear();
    clock = 0;
    stack_base = nullptr;
    stack_size = 0;
    fake_stack = nullptr;
  }
};

// Thrown into a rank suspended inside an MPI call when its run has ended with a fault: it unwinds
// the rank's stack (its C frames have no cleanups) up to the fiber's entry, on the rank's own
// stack with the switch announced to the sanitizers (a fiber destroyed while suspended would be
// unwound by Boost.Context without that announcement).
struct RankAbort {};

class World {
 public:
  World(int p, const WorldOptions& options, const std::vector<GuardedRegion>& regions,
        Explorer& explorer);
  ~World();  // hands the per-run arrays back to this thread's pool (their capacity stays)
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  int size() const { return p_; }
  int rank() const { return current_; }
  // Counts the call of the running rank and records it; faults with step_budget past the budget.
  int begin_call(const char* op, int peer, int tag, std::int64_t bytes);
  // Ends the run with this fault (never returns to the plugin).
  [[noreturn]] void fault(const std::string& property, const char* op, const std::string& message);
  // Records a fault found outside the running rank (matching from the scheduler); a running
  // rank is switched out and never resumed.
  void raise(Fault f);
  // Buffer checks of a region the running rank hands to MPI (out_of_bounds, buffer_race).
  void check_region(const char* op, const void* buf, std::size_t bytes, bool writes);

  // A request of the running rank with every field set (the defaults: not complete, no data),
  // in a recycled slot when it is a blocking call's; returns its id.
  int new_request(const char* op, bool send, bool user);
  // Returns the send's request, or kCompleted for a blocking standard send under eager
  // buffering: it completed at once and has no request to wait for or release.
  static constexpr int kCompleted = -1;
  int post_send(const char* op, const void* buf, std::size_t bytes, int dest, int tag, bool sync,
                bool user);
  int post_recv(const char* op, void* buf, std::size_t capacity, int source, int tag, bool user);
  // A blocking receive whose message is already waiting (a named source, no wildcard receive
  // posted before it) is matched and handed back in this call, without a request: true, with its
  // status. False when it must be posted (post_recv, wait, release). Off under
  // WorldOptions::general_matching, whose runs are its twin.
  bool receive_at_once(const char* op, void* buf, std::size_t capacity, int source, int tag,
                       int* st_source, int* st_tag, int* st_bytes);
  // Blocks until every request completes. The list form is the one the blocking calls use: it
  // builds no std::vector (a malloc and a free per call were 5% of a run's CPU).
  void wait(const char* op, const std::vector<int>& requests) {
    wait(op, requests.data(), requests.size());
  }
  void wait(const char* op, std::initializer_list<int> requests) {
    wait(op, requests.begin(), requests.size());
  }
  void wait(const char* op, const int* requests, std::size_t count);
  bool test(const char* op, int request);
  // Hands a completed request back: its status, the buffer_race checks of completion.
  void release(const char* op, int request, int* source, int* tag, int* bytes);
  bool valid_request(int request) const;

  void add_op(void* fn, bool commute);
  std::size_t op_count() const { return ops_.size(); }
  void* op_fn(std::size_t k) const { return ops_[k].fn; }
  bool op_commute(std::size_t k) const { return ops_[k].commute; }

  RunResult run(RankMain main, void* context, StackPool& stacks);

 private:
  friend struct Scheduler;
  // The faults of check_region, out of line: the check itself runs on every buffer.
  [[gnu::cold, gnu::noinline, noreturn]] void out_of_bounds(const char* op, const std::byte* at,
                                                            std::size_t bytes,
                                                            const GuardedRegion& g);
  [[gnu::cold, gnu::noinline, noreturn]] void overlaps_pending(const char* op, const Request& q);
  void try_match(int dst);
  bool match_new_message(int dst, int m);  // false: m waits (the caller puts it in the inbox)
  void match_new_receive(int id);
  void match(int request, int message);
  // match() without completing the receive request: the checks, the copy, the status and the
  // record; false after a fault.
  bool deliver(Request& r, int message);
  void init_request(Request& r, const char* op, bool send, bool user) const;
  void complete(int request);
  void block_on(const std::vector<int>& requests);
  void yield_spin();
  void switch_to_scheduler();
  void resume(int rank);
  void unwind_suspended();
  bool resolve_wildcard();
  std::string deadlock_text() const;
  void end_checks(RunResult& result);

  int p_;
  WorldOptions options_;
  std::vector<GuardedRegion> regions_;
  std::vector<std::vector<GuardedRegion>> regions_of_;  // by rank
  std::vector<std::byte> arena_;   // every message's data, in sending order
  std::vector<std::byte> images_;  // user receives' buffers as we left them (buffer_race)
  const std::byte* data(const Message& m) const { return arena_.data() + m.at; }
  Explorer& explorer_;
  std::vector<RankState> ranks_;
  std::vector<Request> requests_;
  std::vector<int> free_requests_;  // slots of released blocking-call requests (release)
  std::vector<Message> messages_;
  std::vector<int> ready_;
  std::size_t ready_head_ = 0;
  int current_ = -1;
  std::int64_t steps_ = 0;
  std::int64_t progress_ = 0;  // matches and completions so far (spin detection)
  std::int64_t spin_mark_ = -1;
  bool aborting_ = false;
  std::int64_t idle_spins_ = 0;
  std::optional<Fault> fault_;
  std::vector<CallRecord> calls_;
  std::vector<MessageRecord> records_;
  struct UserOp {
    void* fn;
    bool commute;
  };
  std::vector<UserOp> ops_;
  const void* sched_fake_ = nullptr;
  const void* sched_bottom_ = nullptr;
  std::size_t sched_size_ = 0;
};

// The world the running fiber belongs to (null outside run_world).
World* current_world();

}  // namespace collverify::program
