/* The MPI_* functions of collverify's mpi.h with its ABI, for a plugin run on Open MPI
 * (program_shim.h). Compiled against include/collverify/mpi/mpi.h only; every call becomes a
 * cvreal_* call with plain types. The collverify-mpi-program executable exports these symbols, so
 * the plugin it dlopens binds to them ahead of libmpi's. */
#include "mpi.h"

#include <stdint.h>
#include <stdlib.h>

#include "program_shim.h"

#define CV_OPS_MAX 64

static int64_t g_calls;
static int g_first_error;
static const char *g_first_error_call = "";

struct user_op {
  MPI_User_function *fn;
  int live;
};
static struct user_op g_ops[CV_OPS_MAX];
static int g_nops;

static int num(const void *handle) { return (int)(uintptr_t)handle; }

static int note(const char *call, int rc) {
  if (rc != MPI_SUCCESS && g_first_error == MPI_SUCCESS) {
    g_first_error = rc;
    g_first_error_call = call;
  }
  return rc;
}

static void to_status(MPI_Status *out, const cvshim_status *in) {
  if (out == MPI_STATUS_IGNORE) return;
  out->MPI_SOURCE = in->source;
  out->MPI_TAG = in->tag;
  out->MPI_ERROR = in->error;
  out->cv_bytes = in->bytes;
}

int cvshim_first_error(const char **call) {
  if (call) *call = g_first_error_call;
  return g_first_error;
}

int64_t cvshim_calls(void) { return g_calls; }

#define ENTER(name) \
  static const char *const kCall = name; \
  ++g_calls

int MPI_Comm_rank(MPI_Comm comm, int *rank) {
  ENTER("MPI_Comm_rank");
  return note(kCall, cvreal_comm_rank(num(comm), rank));
}

int MPI_Comm_size(MPI_Comm comm, int *size) {
  ENTER("MPI_Comm_size");
  return note(kCall, cvreal_comm_size(num(comm), size));
}

int MPI_Send(const void *buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm) {
  ENTER("MPI_Send");
  return note(kCall, cvreal_send(buf, count, num(t), dest, tag, num(comm), 0));
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm) {
  ENTER("MPI_Ssend");
  return note(kCall, cvreal_send(buf, count, num(t), dest, tag, num(comm), 1));
}

int MPI_Recv(void *buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm,
             MPI_Status *status) {
  ENTER("MPI_Recv");
  cvshim_status st = {0, 0, 0, 0};
  const int rc = cvreal_recv(buf, count, num(t), source, tag, num(comm), &st);
  to_status(status, &st);
  return note(kCall, rc);
}

int MPI_Isend(const void *buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm,
              MPI_Request *request) {
  ENTER("MPI_Isend");
  if (request == NULL) return note(kCall, MPI_ERR_REQUEST);
  void *box = NULL;
  const int rc = cvreal_isend(buf, count, num(t), dest, tag, num(comm), 0, &box);
  *request = (MPI_Request)box;
  return note(kCall, rc);
}

int MPI_Issend(const void *buf, int count, MPI_Datatype t, int dest, int tag, MPI_Comm comm,
               MPI_Request *request) {
  ENTER("MPI_Issend");
  if (request == NULL) return note(kCall, MPI_ERR_REQUEST);
  void *box = NULL;
  const int rc = cvreal_isend(buf, count, num(t), dest, tag, num(comm), 1, &box);
  *request = (MPI_Request)box;
  return note(kCall, rc);
}

int MPI_Irecv(void *buf, int count, MPI_Datatype t, int source, int tag, MPI_Comm comm,
              MPI_Request *request) {
  ENTER("MPI_Irecv");
  if (request == NULL) return note(kCall, MPI_ERR_REQUEST);
  void *box = NULL;
  const int rc = cvreal_irecv(buf, count, num(t), source, tag, num(comm), &box);
  *request = (MPI_Request)box;
  return note(kCall, rc);
}

int MPI_Wait(MPI_Request *request, MPI_Status *status) {
  ENTER("MPI_Wait");
  if (request == NULL) return note(kCall, MPI_ERR_REQUEST);
  cvshim_status st = {MPI_ANY_SOURCE, MPI_ANY_TAG, 0, 0};
  void *box = (void *)*request;
  const int rc = cvreal_wait(&box, &st);
  *request = (MPI_Request)box;
  to_status(status, &st);
  return note(kCall, rc);
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  ENTER("MPI_Waitall");
  if (count < 0) return note(kCall, MPI_ERR_COUNT);
  if (count > 0 && requests == NULL) return note(kCall, MPI_ERR_REQUEST);
  const size_t n = (size_t)count;
  void **boxes = malloc((n + 1) * sizeof *boxes);
  cvshim_status *st = malloc((n + 1) * sizeof *st);
  if (boxes == NULL || st == NULL) {
    free(boxes);
    free(st);
    return note(kCall, MPI_ERR_NO_MEM);
  }
  for (size_t i = 0; i < n; ++i) boxes[i] = (void *)requests[i];
  const int rc = cvreal_waitall(count, boxes, st);
  for (size_t i = 0; i < n; ++i) {
    requests[i] = (MPI_Request)boxes[i];
    if (statuses != MPI_STATUSES_IGNORE) to_status(&statuses[i], &st[i]);
  }
  free(boxes);
  free(st);
  return note(kCall, rc);
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status) {
  ENTER("MPI_Test");
  if (request == NULL || flag == NULL) return note(kCall, MPI_ERR_ARG);
  cvshim_status st = {MPI_ANY_SOURCE, MPI_ANY_TAG, 0, 0};
  void *box = (void *)*request;
  const int rc = cvreal_test(&box, flag, &st);
  *request = (MPI_Request)box;
  if (*flag) to_status(status, &st);
  return note(kCall, rc);
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status) {
  ENTER("MPI_Sendrecv");
  cvshim_status st = {0, 0, 0, 0};
  const int rc = cvreal_sendrecv(sendbuf, sendcount, num(sendtype), dest, sendtag, recvbuf,
                                 recvcount, num(recvtype), source, recvtag, num(comm), &st);
  to_status(status, &st);
  return note(kCall, rc);
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype t, int dest, int sendtag, int source,
                         int recvtag, MPI_Comm comm, MPI_Status *status) {
  ENTER("MPI_Sendrecv_replace");
  cvshim_status st = {0, 0, 0, 0};
  const int rc =
      cvreal_sendrecv_replace(buf, count, num(t), dest, sendtag, source, recvtag, num(comm), &st);
  to_status(status, &st);
  return note(kCall, rc);
}

int MPI_Get_count(const MPI_Status *status, MPI_Datatype t, int *count) {
  ENTER("MPI_Get_count");
  if (status == NULL || count == NULL) return note(kCall, MPI_ERR_ARG);
  int size = 0;
  const int rc = cvreal_type_size(num(t), &size);
  if (rc != MPI_SUCCESS) return note(kCall, rc);
  *count = size > 0 && status->cv_bytes % size == 0 ? status->cv_bytes / size : MPI_UNDEFINED;
  return MPI_SUCCESS;
}

int MPI_Type_size(MPI_Datatype t, int *size) {
  ENTER("MPI_Type_size");
  if (size == NULL) return note(kCall, MPI_ERR_ARG);
  return note(kCall, cvreal_type_size(num(t), size));
}

int MPI_Type_get_extent(MPI_Datatype t, MPI_Aint *lb, MPI_Aint *extent) {
  ENTER("MPI_Type_get_extent");
  int size = 0;
  const int rc = cvreal_type_size(num(t), &size);
  if (rc != MPI_SUCCESS) return note(kCall, rc);
  if (lb) *lb = 0;
  if (extent) *extent = size;
  return MPI_SUCCESS;
}

int MPI_Op_create(MPI_User_function *fn, int commute, MPI_Op *op) {
  ENTER("MPI_Op_create");
  if (fn == NULL || op == NULL) return note(kCall, MPI_ERR_ARG);
  if (g_nops == CV_OPS_MAX) return note(kCall, MPI_ERR_NO_MEM);
  const int slot = g_nops;
  g_ops[slot].fn = fn;
  g_ops[slot].live = 1;
  const int rc = cvreal_op_create(slot, commute);
  if (rc != MPI_SUCCESS) return note(kCall, rc);
  ++g_nops;
  *op = (MPI_Op)(uintptr_t)(CVSHIM_FIRST_USER_OP + slot);
  return MPI_SUCCESS;
}

int MPI_Op_free(MPI_Op *op) {
  ENTER("MPI_Op_free");
  if (op == NULL) return note(kCall, MPI_ERR_ARG);
  const int rc = cvreal_op_free(num(*op));
  if (rc != MPI_SUCCESS) return note(kCall, rc);
  g_ops[num(*op) - CVSHIM_FIRST_USER_OP].live = 0;
  *op = MPI_OP_NULL;
  return MPI_SUCCESS;
}

int MPI_Op_commutative(MPI_Op op, int *commute) {
  ENTER("MPI_Op_commutative");
  if (commute == NULL) return note(kCall, MPI_ERR_ARG);
  return note(kCall, cvreal_op_commutative(num(op), commute));
}

int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype t, MPI_Op op) {
  ENTER("MPI_Reduce_local");
  return note(kCall, cvreal_reduce_local(inbuf, inoutbuf, count, num(t), num(op)));
}

int MPI_Abort(MPI_Comm comm, int errorcode) {
  ++g_calls;
  cvreal_abort(num(comm), errorcode);
  return MPI_ERR_OTHER;
}

/* Open MPI's op calls back with the element datatype translated to ours. */
void cvours_apply_user(int slot, void *in, void *inout, int *len, int type) {
  if (slot < 0 || slot >= g_nops || !g_ops[slot].live) return;
  MPI_Datatype t = (MPI_Datatype)(uintptr_t)type;
  g_ops[slot].fn(in, inout, len, &t);
}

/* The driver's non-commutative op (program::compose), made through the plugin's own path. */
static void compose_fn(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype) {
  (void)datatype;
  const uint64_t *in = invec;
  uint64_t *inout = inoutvec;
  for (int i = 0; i < *len; ++i) inout[i] = cvdriver_compose(in[i], inout[i]);
}

typedef int (*bcast_fn)(void *, int, MPI_Datatype, int, MPI_Comm);
typedef int (*reduce_fn)(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm);
typedef int (*allreduce_fn)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm);
typedef int (*rooted_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int,
                         MPI_Comm);
typedef int (*all_fn)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm);

int cvours_call(int collective, void *fn, const void *send, void *recv, int count, int elem,
                int op, int root) {
  /* program::Elem: int32, float64, byte, int64 (as run_instance.cpp: MPI_INT64_T with MPI_SUM,
   * MPI_UINT64_T with the composition). */
  MPI_Datatype t = elem == 0   ? MPI_INT
                   : elem == 1 ? MPI_DOUBLE
                   : elem == 2 ? MPI_BYTE
                   : op == 0   ? MPI_INT64_T
                               : MPI_UINT64_T;
  MPI_Op o = MPI_SUM;
  if (op == 1) {
    const int rc = MPI_Op_create(&compose_fn, 0, &o);
    if (rc != MPI_SUCCESS) return rc;
  }
  MPI_Comm w = MPI_COMM_WORLD;
  int rc = MPI_ERR_ARG;
  /* A data pointer to a function pointer: POSIX dlsym's contract. */
  union {
    void *p;
    bcast_fn bcast;
    reduce_fn reduce;
    allreduce_fn allreduce;
    rooted_fn rooted;
    all_fn all;
  } f;
  f.p = fn;
  switch (collective) {
    case 0: rc = f.bcast(recv, count, t, root, w); break;
    case 1: rc = f.reduce(send, recv, count, t, o, root, w); break;
    case 2: rc = f.allreduce(send, recv, count, t, o, w); break;
    case 3:
    case 4: rc = f.rooted(send, count, t, recv, count, t, root, w); break;
    case 5:
    case 6: rc = f.all(send, count, t, recv, count, t, w); break;
    case 7: rc = f.allreduce(send, recv, count, t, o, w); break; /* reduce_scatter_block */
    default: break;
  }
  if (op == 1) MPI_Op_free(&o);
  return rc;
}
