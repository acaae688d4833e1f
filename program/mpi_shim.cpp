// The MPI functions of include/collverify/mpi/mpi.h, as the running rank of the current world
// sees them. MPI's default error handler is MPI_ERRORS_ARE_FATAL: an erroneous call is a
// violation that ends the run (World::fault), so these return MPI_SUCCESS or do not return.
// Called outside a simulated world (no collverify run), every function returns MPI_ERR_OTHER.
#include <cstdint>
#include <cstring>
#include <vector>

#include <fmt/format.h>

#include "collverify/mpi/mpi.h"
#include "program/collective.hpp"
#include "program/user_ops.hpp"
#include "program/world_impl.hpp"

namespace collverify::program {
namespace {


// Element sizes of the predefined datatypes, by handle value (mpi.h); 0: not a datatype.
constexpr std::size_t kTypeSize[] = {0, 1, 1, 1, 1, 2, 2, 4, 4, 8, 8, 8, 8, 4, 8,
                                     1, 2, 4, 8, 1, 2, 4, 8, 1, sizeof(MPI_Aint)};
constexpr std::uintptr_t kTypes = sizeof kTypeSize / sizeof kTypeSize[0];

[[gnu::cold, gnu::noinline, noreturn]] void bad_type(World& w, std::uintptr_t v, const char* op) {
  w.fault("invalid_argument", op, fmt::format("datatype handle {:#x} is not a datatype", v));
}

std::size_t type_size(World& w, MPI_Datatype t, const char* op) {
  const auto v = reinterpret_cast<std::uintptr_t>(t);
  if (v == 0 || v >= kTypes) [[unlikely]] bad_type(w, v, op);
  return kTypeSize[v];
}

// The checks below run on every call; their faults are out of line (cold), so that the checks
// themselves inline into the calls (the formatting made them calls of their own).
[[gnu::cold, gnu::noinline, noreturn]] void bad_comm(World& w, MPI_Comm c, const char* op) {
  w.fault("invalid_argument", op,
          fmt::format("communicator {:#x} is not the one the collective was given",
                      reinterpret_cast<std::uintptr_t>(c)));
}

void check_comm(World& w, MPI_Comm c, const char* op) {
  if (c != MPI_COMM_WORLD) [[unlikely]] bad_comm(w, c, op);
}

[[gnu::cold, gnu::noinline, noreturn]] void bad_count(World& w, int count, const char* op) {
  w.fault("negative_count", op, fmt::format("count {}", count));
}

void check_count(World& w, int count, const char* op) {
  if (count < 0) [[unlikely]] bad_count(w, count, op);
}

[[gnu::cold, gnu::noinline, noreturn]] void bad_peer(World& w, int peer, bool receive,
                                                     const char* op) {
  w.fault("invalid_rank", op,
          fmt::format("{} {} is not a rank of a communicator of size {}",
                      receive ? "source" : "destination", peer, w.size()));
}

void check_peer(World& w, int peer, bool receive, const char* op) {
  const bool ok = (peer >= 0 && peer < w.size()) || peer == MPI_PROC_NULL ||
                  (receive && peer == MPI_ANY_SOURCE);
  if (!ok) [[unlikely]] bad_peer(w, peer, receive, op);
}

[[gnu::cold, gnu::noinline, noreturn]] void bad_tag(World& w, int tag, const char* op) {
  w.fault("invalid_tag", op, fmt::format("tag {} (valid: 0..{})", tag, MPI_TAG_UB_VALUE));
}

void check_tag(World& w, int tag, bool receive, const char* op) {
  if ((tag < 0 && !(receive && tag == MPI_ANY_TAG)) || tag > MPI_TAG_UB_VALUE) [[unlikely]] {
    bad_tag(w, tag, op);
  }
}

[[gnu::cold, gnu::noinline, noreturn]] void bad_buffer(World& w, const void* buf,
                                                       std::size_t bytes, const char* op) {
  if (buf == MPI_IN_PLACE) w.fault("invalid_argument", op, "MPI_IN_PLACE as a point-to-point buffer");
  w.fault("invalid_argument", op, fmt::format("a null buffer for {} bytes", bytes));
}

void check_buffer(World& w, const void* buf, std::size_t bytes, bool writes, const char* op) {
  if (buf == MPI_IN_PLACE || (buf == nullptr && bytes > 0)) [[unlikely]] {
    bad_buffer(w, buf, bytes, op);
  }
  w.check_region(op, buf, bytes, writes);
}

std::size_t message_bytes(World& w, const void* buf, int count, MPI_Datatype t, bool writes,
                          const char* op) {
  check_count(w, count, op);
  const std::size_t bytes = static_cast<std::size_t>(count) * type_size(w, t, op);
  check_buffer(w, buf, bytes, writes, op);
  return bytes;
}

int request_id(MPI_Request r) { return static_cast<int>(reinterpret_cast<std::uintptr_t>(r)) - 1; }
MPI_Request request_handle(int id) {
  return reinterpret_cast<MPI_Request>(static_cast<std::uintptr_t>(id + 1));
}

void fill_status(MPI_Status* st, int source, int tag, int bytes) {
  if (st == MPI_STATUS_IGNORE) return;
  st->MPI_SOURCE = source;
  st->MPI_TAG = tag;
  st->MPI_ERROR = MPI_SUCCESS;
  st->cv_bytes = bytes;
}

int send(World& w, const char* op, const void* buf, int count, MPI_Datatype t, int dest, int tag,
         MPI_Comm comm, bool sync, bool nonblocking, MPI_Request* request) {
  const std::size_t bytes_hint = count > 0 ? static_cast<std::size_t>(count) : 0;
  w.begin_call(op, dest, tag, static_cast<std::int64_t>(bytes_hint));
  if (nonblocking && request == nullptr) w.fault("invalid_argument", op, "a null MPI_Request pointer");
  check_comm(w, comm, op);
  const std::size_t bytes = message_bytes(w, buf, count, t, false, op);
  check_peer(w, dest, false, op);
  check_tag(w, tag, false, op);
  if (nonblocking) {
    *request = request_handle(w.post_send(op, buf, bytes, dest, tag, sync, true));
    return MPI_SUCCESS;
  }
  const int id = w.post_send(op, buf, bytes, dest, tag, sync, false);
  if (id == World::kCompleted) return MPI_SUCCESS;
  w.wait(op, {id});
  w.release(op, id, nullptr, nullptr, nullptr);
  return MPI_SUCCESS;
}

int recv(World& w, const char* op, void* buf, int count, MPI_Datatype t, int source, int tag,
         MPI_Comm comm, MPI_Status* status, bool nonblocking, MPI_Request* request) {
  w.begin_call(op, source, tag, count);
  if (nonblocking && request == nullptr) w.fault("invalid_argument", op, "a null MPI_Request pointer");
  check_comm(w, comm, op);
  const std::size_t bytes = message_bytes(w, buf, count, t, true, op);
  check_peer(w, source, true, op);
  check_tag(w, tag, true, op);
  if (nonblocking) {
    *request = request_handle(w.post_recv(op, buf, bytes, source, tag, true));
    return MPI_SUCCESS;
  }
  int s = 0, g = 0, n = 0;
  if (w.receive_at_once(op, buf, bytes, source, tag, &s, &g, &n)) {
    fill_status(status, s, g, n);
    return MPI_SUCCESS;
  }
  const int id = w.post_recv(op, buf, bytes, source, tag, false);
  w.wait(op, {id});
  w.release(op, id, &s, &g, &n);
  fill_status(status, s, g, n);
  return MPI_SUCCESS;
}

// The receive half of MPI_Sendrecv(_replace) after its send was posted: waits for both halves
// (the send's only when it did not complete at once, the receive's only when its message was not
// already there) and hands them back.
void sendrecv_rest(World& w, const char* op, int send_id, void* buf, std::size_t bytes, int source,
                   int tag, MPI_Status* status) {
  int src = 0, g = 0, n = 0;
  if (w.receive_at_once(op, buf, bytes, source, tag, &src, &g, &n)) {
    if (send_id != World::kCompleted) {
      w.wait(op, {send_id});
      w.release(op, send_id, nullptr, nullptr, nullptr);
    }
    fill_status(status, src, g, n);
    return;
  }
  const int recv_id = w.post_recv(op, buf, bytes, source, tag, false);
  if (send_id == World::kCompleted) {
    w.wait(op, {recv_id});
  } else {
    w.wait(op, {send_id, recv_id});
    w.release(op, send_id, nullptr, nullptr, nullptr);
  }
  w.release(op, recv_id, &src, &g, &n);
  fill_status(status, src, g, n);
}

int check_request_ptr(World& w, MPI_Request* r, const char* op) {
  if (r == nullptr) w.fault("invalid_argument", op, "a null MPI_Request pointer");
  if (*r == MPI_REQUEST_NULL) return -1;
  const int id = request_id(*r);
  if (!w.valid_request(id)) {
    w.fault("invalid_argument", op,
            fmt::format("request handle {:#x} is not a pending request of rank {}",
                        reinterpret_cast<std::uintptr_t>(*r), w.rank()));
  }
  return id;
}

template <typename T>
void reduce_typed(MPI_Op op, const std::byte* in, std::byte* inout, std::size_t n, bool integral) {
  for (std::size_t i = 0; i < n; ++i) {
    T a, b;
    std::memcpy(&a, in + i * sizeof(T), sizeof(T));
    std::memcpy(&b, inout + i * sizeof(T), sizeof(T));
    T c = b;
    if (op == MPI_SUM) c = static_cast<T>(a + b);
    else if (op == MPI_PROD) c = static_cast<T>(a * b);
    else if (op == MPI_MAX) c = a > b ? a : b;
    else if (op == MPI_MIN) c = a < b ? a : b;
    else if (op == MPI_LAND) c = static_cast<T>((a != T{}) && (b != T{}));
    else if (op == MPI_LOR) c = static_cast<T>((a != T{}) || (b != T{}));
    else if (op == MPI_LXOR) c = static_cast<T>((a != T{}) != (b != T{}));
    else if (op == MPI_REPLACE) c = a;
    else if (integral) {
      if constexpr (std::is_integral_v<T>) {
        if (op == MPI_BAND) c = static_cast<T>(a & b);
        else if (op == MPI_BOR) c = static_cast<T>(a | b);
        else if (op == MPI_BXOR) c = static_cast<T>(a ^ b);
      }
    }
    std::memcpy(inout + i * sizeof(T), &c, sizeof(T));
  }
}

// Predefined ops on predefined types; integer arithmetic wraps (unsigned), as the sum of random
// 64-bit values needs.
void reduce_predefined(MPI_Op op, MPI_Datatype t, const std::byte* in, std::byte* inout,
                       std::size_t n) {
  const auto v = reinterpret_cast<std::uintptr_t>(t);
  if (t == MPI_FLOAT) return reduce_typed<float>(op, in, inout, n, false);
  if (t == MPI_DOUBLE) return reduce_typed<double>(op, in, inout, n, false);
  const bool is_signed = t == MPI_CHAR || t == MPI_SIGNED_CHAR || t == MPI_SHORT || t == MPI_INT ||
                         t == MPI_LONG || t == MPI_LONG_LONG || t == MPI_INT8_T ||
                         t == MPI_INT16_T || t == MPI_INT32_T || t == MPI_INT64_T || t == MPI_AINT;
  const bool ordered = op == MPI_MAX || op == MPI_MIN;
  switch (kTypeSize[v]) {
    case 1:
      return is_signed && ordered ? reduce_typed<std::int8_t>(op, in, inout, n, true)
                                  : reduce_typed<std::uint8_t>(op, in, inout, n, true);
    case 2:
      return is_signed && ordered ? reduce_typed<std::int16_t>(op, in, inout, n, true)
                                  : reduce_typed<std::uint16_t>(op, in, inout, n, true);
    case 4:
      return is_signed && ordered ? reduce_typed<std::int32_t>(op, in, inout, n, true)
                                  : reduce_typed<std::uint32_t>(op, in, inout, n, true);
    default:
      return is_signed && ordered ? reduce_typed<std::int64_t>(op, in, inout, n, true)
                                  : reduce_typed<std::uint64_t>(op, in, inout, n, true);
  }
}

}  // namespace
}  // namespace collverify::program

using namespace collverify::program;

#define CV_WORLD(op)                                     \
  World* world_ptr = current_world();                    \
  if (world_ptr == nullptr) return MPI_ERR_OTHER;        \
  World& w = *world_ptr;                                 \
  static constexpr const char* kOp = op;                 \
  (void)kOp

extern "C" {

int MPI_Comm_rank(MPI_Comm comm, int* rank) {
  CV_WORLD("MPI_Comm_rank");
  check_comm(w, comm, kOp);
  if (rank == nullptr) w.fault("invalid_argument", kOp, "a null rank pointer");
  *rank = w.rank();
  return MPI_SUCCESS;
}

int MPI_Comm_size(MPI_Comm comm, int* size) {
  CV_WORLD("MPI_Comm_size");
  check_comm(w, comm, kOp);
  if (size == nullptr) w.fault("invalid_argument", kOp, "a null size pointer");
  *size = w.size();
  return MPI_SUCCESS;
}

int MPI_Send(const void* buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm) {
  CV_WORLD("MPI_Send");
  return send(w, kOp, buf, count, t, dest, tag, comm, false, false, nullptr);
}

int MPI_Ssend(const void* buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm) {
  CV_WORLD("MPI_Ssend");
  return send(w, kOp, buf, count, t, dest, tag, comm, true, false, nullptr);
}

int MPI_Isend(const void* buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm,
              MPI_Request* request) {
  CV_WORLD("MPI_Isend");
  return send(w, kOp, buf, count, t, dest, tag, comm, false, true, request);
}

int MPI_Issend(const void* buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm,
               MPI_Request* request) {
  CV_WORLD("MPI_Issend");
  return send(w, kOp, buf, count, t, dest, tag, comm, true, true, request);
}

int MPI_Recv(void* buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm,
             MPI_Status* status) {
  CV_WORLD("MPI_Recv");
  return recv(w, kOp, buf, count, t, source, tag, comm, status, false, nullptr);
}

int MPI_Irecv(void* buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm,
              MPI_Request* request) {
  CV_WORLD("MPI_Irecv");
  return recv(w, kOp, buf, count, t, source, tag, comm, nullptr, true, request);
}

int MPI_Wait(MPI_Request* request, MPI_Status* status) {
  CV_WORLD("MPI_Wait");
  w.begin_call(kOp, -1, -1, 0);
  const int id = check_request_ptr(w, request, kOp);
  if (id < 0) {
    fill_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, 0);
    return MPI_SUCCESS;
  }
  w.wait(kOp, {id});
  int s = 0, g = 0, n = 0;
  w.release(kOp, id, &s, &g, &n);
  fill_status(status, s, g, n);
  *request = MPI_REQUEST_NULL;
  return MPI_SUCCESS;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  CV_WORLD("MPI_Waitall");
  w.begin_call(kOp, -1, -1, count);
  check_count(w, count, kOp);
  if (count > 0 && requests == nullptr) w.fault("invalid_argument", kOp, "a null request array");
  std::vector<int> ids(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) ids[static_cast<std::size_t>(i)] = check_request_ptr(w, &requests[i], kOp);
  std::vector<int> live;
  for (int id : ids) {
    if (id < 0) continue;
    if (std::find(live.begin(), live.end(), id) != live.end()) {
      w.fault("invalid_argument", kOp, "the same request twice in one MPI_Waitall");
    }
    live.push_back(id);
  }
  w.wait(kOp, live);
  for (int i = 0; i < count; ++i) {
    MPI_Status* st = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
    const int id = ids[static_cast<std::size_t>(i)];
    if (id < 0) {
      fill_status(st, MPI_ANY_SOURCE, MPI_ANY_TAG, 0);
      continue;
    }
    int s = 0, g = 0, n = 0;
    w.release(kOp, id, &s, &g, &n);
    fill_status(st, s, g, n);
    requests[i] = MPI_REQUEST_NULL;
  }
  return MPI_SUCCESS;
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status) {
  CV_WORLD("MPI_Test");
  w.begin_call(kOp, -1, -1, 0);
  if (flag == nullptr) w.fault("invalid_argument", kOp, "a null flag pointer");
  const int id = check_request_ptr(w, request, kOp);
  if (id < 0) {
    *flag = 1;
    fill_status(status, MPI_ANY_SOURCE, MPI_ANY_TAG, 0);
    return MPI_SUCCESS;
  }
  *flag = w.test(kOp, id) ? 1 : 0;
  if (*flag) {
    int s = 0, g = 0, n = 0;
    w.release(kOp, id, &s, &g, &n);
    fill_status(status, s, g, n);
    *request = MPI_REQUEST_NULL;
  }
  return MPI_SUCCESS;
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void* recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status* status) {
  CV_WORLD("MPI_Sendrecv");
  w.begin_call(kOp, dest, sendtag, sendcount);
  check_comm(w, comm, kOp);
  const std::size_t sbytes = message_bytes(w, sendbuf, sendcount, sendtype, false, kOp);
  const std::size_t rbytes = message_bytes(w, recvbuf, recvcount, recvtype, true, kOp);
  check_peer(w, dest, false, kOp);
  check_peer(w, source, true, kOp);
  check_tag(w, sendtag, false, kOp);
  check_tag(w, recvtag, true, kOp);
  const auto* s = static_cast<const std::byte*>(sendbuf);
  const auto* r = static_cast<const std::byte*>(recvbuf);
  if (sbytes > 0 && rbytes > 0 && s < r + rbytes && r < s + sbytes) {
    w.fault("buffer_race", kOp, "the send and receive buffers overlap");
  }
  const int a = w.post_send(kOp, sendbuf, sbytes, dest, sendtag, false, false);
  sendrecv_rest(w, kOp, a, recvbuf, rbytes, source, recvtag, status);
  return MPI_SUCCESS;
}

int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype t, int dest, int sendtag, int source,
                         int recvtag, MPI_Comm comm, MPI_Status* status) {
  CV_WORLD("MPI_Sendrecv_replace");
  w.begin_call(kOp, dest, sendtag, count);
  check_comm(w, comm, kOp);
  const std::size_t bytes = message_bytes(w, buf, count, t, true, kOp);
  check_peer(w, dest, false, kOp);
  check_peer(w, source, true, kOp);
  check_tag(w, sendtag, false, kOp);
  check_tag(w, recvtag, true, kOp);
  // The message takes a copy of buf when posted, so the receive may overwrite buf at once.
  const int a = w.post_send(kOp, buf, bytes, dest, sendtag, false, false);
  sendrecv_rest(w, kOp, a, buf, bytes, source, recvtag, status);
  return MPI_SUCCESS;
}

int MPI_Get_count(const MPI_Status* status, MPI_Datatype t, int* count) {
  CV_WORLD("MPI_Get_count");
  if (status == nullptr || count == nullptr) w.fault("invalid_argument", kOp, "a null pointer");
  const std::size_t size = type_size(w, t, kOp);
  const auto bytes = static_cast<std::size_t>(status->cv_bytes);
  *count = bytes % size == 0 ? static_cast<int>(bytes / size) : MPI_UNDEFINED;
  return MPI_SUCCESS;
}

int MPI_Type_size(MPI_Datatype t, int* size) {
  const auto v = reinterpret_cast<std::uintptr_t>(t);
  if (size == nullptr) return MPI_ERR_ARG;
  if (v == 0 || v >= kTypes) {
    if (World* w = current_world()) type_size(*w, t, "MPI_Type_size");
    return MPI_ERR_TYPE;
  }
  *size = static_cast<int>(kTypeSize[v]);
  return MPI_SUCCESS;
}

int MPI_Type_get_extent(MPI_Datatype t, MPI_Aint* lb, MPI_Aint* extent) {
  int size = 0;
  const int rc = MPI_Type_size(t, &size);
  if (rc != MPI_SUCCESS) return rc;
  if (lb) *lb = 0;
  if (extent) *extent = size;
  return MPI_SUCCESS;
}

int MPI_Op_create(MPI_User_function* fn, int commute, MPI_Op* op) {
  if (fn == nullptr || op == nullptr) return MPI_ERR_ARG;
  *op = reinterpret_cast<MPI_Op>(create_user_op(reinterpret_cast<void*>(fn), commute != 0));
  return MPI_SUCCESS;
}

int MPI_Op_free(MPI_Op* op) {
  if (op == nullptr) return MPI_ERR_ARG;
  if (!free_user_op(reinterpret_cast<std::uintptr_t>(*op))) return MPI_ERR_OP;
  *op = MPI_OP_NULL;
  return MPI_SUCCESS;
}

int MPI_Op_commutative(MPI_Op op, int* commute) {
  const auto v = reinterpret_cast<std::uintptr_t>(op);
  if (commute == nullptr) return MPI_ERR_ARG;
  if (v >= 1 && v <= 12) {
    *commute = 1;
    return MPI_SUCCESS;
  }
  const std::optional<UserOp> user = user_op(v);
  if (!user) return MPI_ERR_OP;
  *commute = user->commute ? 1 : 0;
  return MPI_SUCCESS;
}

int MPI_Reduce_local(const void* inbuf, void* inoutbuf, int count, MPI_Datatype t, MPI_Op op) {
  CV_WORLD("MPI_Reduce_local");
  w.begin_call(kOp, -1, -1, count);
  const std::size_t bytes = message_bytes(w, inbuf, count, t, false, kOp);
  message_bytes(w, inoutbuf, count, t, true, kOp);
  const auto v = reinterpret_cast<std::uintptr_t>(op);
  const auto* in = static_cast<const std::byte*>(inbuf);
  auto* inout = static_cast<std::byte*>(inoutbuf);
  if (bytes > 0 && in < inout + bytes && inout < in + bytes) {
    w.fault("buffer_race", kOp, "inbuf and inoutbuf overlap");
  }
  if (v >= 1 && v <= 12) {
    if (op != MPI_NO_OP) reduce_predefined(op, t, in, inout, static_cast<std::size_t>(count));
    return MPI_SUCCESS;
  }
  const std::optional<UserOp> user = user_op(v);
  if (!user) w.fault("invalid_argument", kOp, fmt::format("op handle {:#x} is not an op", v));
  int n = count;
  MPI_Datatype type = t;
  reinterpret_cast<MPI_User_function*>(user->fn)(const_cast<void*>(inbuf), inoutbuf, &n, &type);
  return MPI_SUCCESS;
}

int MPI_Abort(MPI_Comm, int errorcode) {
  CV_WORLD("MPI_Abort");
  w.begin_call(kOp, -1, -1, 0);
  w.fault("crash", kOp, fmt::format("MPI_Abort with error code {}", errorcode));
}

}  // extern "C"
