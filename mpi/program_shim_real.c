/* The cvreal_* functions of program_shim.h: collverify's handle numbers mapped to Open MPI's, and
 * PMPI_* calls (never MPI_*: in collverify-mpi-program those names are the bridge's own). */
#include <mpi.h>

#include <stdlib.h>

#include "program_shim.h"

#define CV_OPS_MAX 64

static MPI_Comm g_comm = MPI_COMM_NULL; /* the plugin's MPI_COMM_WORLD: a duplicate of ours */
static MPI_Op g_ops[CV_OPS_MAX];
static int g_op_live[CV_OPS_MAX]; /* g_ops[k] was made (MPI_OP_NULL is not 0 in Open MPI) */
static int g_current_slot = -1; /* the user op PMPI_Reduce_local is applying */

/* Open MPI's datatype for each of collverify's handle numbers (mpi.h), 0 unused. */
static MPI_Datatype type_of(int t) {
  switch (t) {
    case 1: return MPI_CHAR;
    case 2: return MPI_SIGNED_CHAR;
    case 3: return MPI_UNSIGNED_CHAR;
    case 4: return MPI_BYTE;
    case 5: return MPI_SHORT;
    case 6: return MPI_UNSIGNED_SHORT;
    case 7: return MPI_INT;
    case 8: return MPI_UNSIGNED;
    case 9: return MPI_LONG;
    case 10: return MPI_UNSIGNED_LONG;
    case 11: return MPI_LONG_LONG;
    case 12: return MPI_UNSIGNED_LONG_LONG;
    case 13: return MPI_FLOAT;
    case 14: return MPI_DOUBLE;
    case 15: return MPI_INT8_T;
    case 16: return MPI_INT16_T;
    case 17: return MPI_INT32_T;
    case 18: return MPI_INT64_T;
    case 19: return MPI_UINT8_T;
    case 20: return MPI_UINT16_T;
    case 21: return MPI_UINT32_T;
    case 22: return MPI_UINT64_T;
    case 23: return MPI_C_BOOL;
    case 24: return MPI_AINT;
    default: return MPI_DATATYPE_NULL;
  }
}
#define CV_TYPES 25

static int number_of_type(MPI_Datatype t) {
  for (int i = 1; i < CV_TYPES; ++i) {
    if (type_of(i) == t) return i;
  }
  return 0;
}

static MPI_Comm comm_of(int c) {
  if (c == 1) return g_comm;
  if (c == 2) return MPI_COMM_SELF;
  return MPI_COMM_NULL;
}

static MPI_Op builtin_op(int o) {
  switch (o) {
    case 1: return MPI_MAX;
    case 2: return MPI_MIN;
    case 3: return MPI_SUM;
    case 4: return MPI_PROD;
    case 5: return MPI_LAND;
    case 6: return MPI_BAND;
    case 7: return MPI_LOR;
    case 8: return MPI_BOR;
    case 9: return MPI_LXOR;
    case 10: return MPI_BXOR;
    case 11: return MPI_REPLACE;
    case 12: return MPI_NO_OP;
    default: return MPI_OP_NULL;
  }
}

static int user_slot(int o) {
  const int k = o - CVSHIM_FIRST_USER_OP;
  return k >= 0 && k < CV_OPS_MAX && g_op_live[k] ? k : -1;
}

static MPI_Op op_of(int o) {
  const int k = user_slot(o);
  return k >= 0 ? g_ops[k] : builtin_op(o);
}

static int peer(int r) {
  if (r == CVSHIM_ANY_SOURCE) return MPI_ANY_SOURCE;
  if (r == CVSHIM_PROC_NULL) return MPI_PROC_NULL;
  return r;
}

static int ours_peer(int r) {
  if (r == MPI_ANY_SOURCE) return CVSHIM_ANY_SOURCE;
  if (r == MPI_PROC_NULL) return CVSHIM_PROC_NULL;
  return r;
}

static int tag(int t) { return t == CVSHIM_ANY_TAG ? MPI_ANY_TAG : t; }
static int ours_tag(int t) { return t == MPI_ANY_TAG ? CVSHIM_ANY_TAG : t; }

/* Open MPI's error class as collverify's mpi.h numbers it. */
static int ours_error(int rc) {
  if (rc == MPI_SUCCESS) return 0;
  int cls = MPI_ERR_OTHER;
  PMPI_Error_class(rc, &cls);
  if (cls == MPI_ERR_BUFFER) return 1;
  if (cls == MPI_ERR_COUNT) return 2;
  if (cls == MPI_ERR_TYPE) return 3;
  if (cls == MPI_ERR_TAG) return 4;
  if (cls == MPI_ERR_COMM) return 5;
  if (cls == MPI_ERR_RANK) return 6;
  if (cls == MPI_ERR_REQUEST) return 7;
  if (cls == MPI_ERR_ROOT) return 8;
  if (cls == MPI_ERR_OP) return 10;
  if (cls == MPI_ERR_ARG) return 13;
  if (cls == MPI_ERR_TRUNCATE) return 15;
  if (cls == MPI_ERR_INTERN) return 17;
  if (cls == MPI_ERR_IN_STATUS) return 18;
  if (cls == MPI_ERR_PENDING) return 19;
  if (cls == MPI_ERR_NO_MEM) return 34;
  return 16; /* MPI_ERR_OTHER */
}
#define CV_ERR_TYPE 3
#define CV_ERR_COMM 5
#define CV_ERR_REQUEST 7
#define CV_ERR_OP 10
#define CV_ERR_NO_MEM 34

/* MPI sets a status's MPI_ERROR only when a multiple completion returns MPI_ERR_IN_STATUS. */
static void from_status(cvshim_status *out, const MPI_Status *in, int rc) {
  if (out == NULL) return;
  int bytes = 0;
  PMPI_Get_count(in, MPI_BYTE, &bytes);
  out->source = ours_peer(in->MPI_SOURCE);
  out->tag = ours_tag(in->MPI_TAG);
  out->error = rc == MPI_ERR_IN_STATUS ? ours_error(in->MPI_ERROR) : 0;
  out->bytes = bytes == MPI_UNDEFINED ? 0 : bytes;
}

/* A request of ours is a malloc'd box holding Open MPI's. */
static void *box_of(MPI_Request r) {
  MPI_Request *box = malloc(sizeof *box);
  if (box != NULL) *box = r;
  return box;
}

#define CHECK_TYPE(t) \
  if (type_of(t) == MPI_DATATYPE_NULL) return CV_ERR_TYPE
#define CHECK_COMM(c) \
  if (comm_of(c) == MPI_COMM_NULL) return CV_ERR_COMM

int cvreal_init(void) {
  int rc = PMPI_Comm_dup(MPI_COMM_WORLD, &g_comm);
  if (rc == MPI_SUCCESS) rc = PMPI_Comm_set_errhandler(g_comm, MPI_ERRORS_RETURN);
  if (rc == MPI_SUCCESS) rc = PMPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  return ours_error(rc);
}

void cvreal_finish(void) {
  for (int k = 0; k < CV_OPS_MAX; ++k) {
    if (g_op_live[k]) PMPI_Op_free(&g_ops[k]);
    g_op_live[k] = 0;
  }
  if (g_comm != MPI_COMM_NULL) PMPI_Comm_free(&g_comm);
}

int cvreal_comm_rank(int comm, int *rank) {
  CHECK_COMM(comm);
  return ours_error(PMPI_Comm_rank(comm_of(comm), rank));
}

int cvreal_comm_size(int comm, int *size) {
  CHECK_COMM(comm);
  return ours_error(PMPI_Comm_size(comm_of(comm), size));
}

int cvreal_send(const void *buf, int count, int type, int dest, int t, int comm, int sync) {
  CHECK_TYPE(type);
  CHECK_COMM(comm);
  const MPI_Datatype dt = type_of(type);
  const MPI_Comm c = comm_of(comm);
  return ours_error(sync ? PMPI_Ssend(buf, count, dt, peer(dest), tag(t), c)
                         : PMPI_Send(buf, count, dt, peer(dest), tag(t), c));
}

int cvreal_recv(void *buf, int count, int type, int source, int t, int comm, cvshim_status *st) {
  CHECK_TYPE(type);
  CHECK_COMM(comm);
  MPI_Status s;
  const int rc = PMPI_Recv(buf, count, type_of(type), peer(source), tag(t), comm_of(comm), &s);
  from_status(st, &s, rc);
  return ours_error(rc);
}

int cvreal_isend(const void *buf, int count, int type, int dest, int t, int comm, int sync,
                 void **request) {
  CHECK_TYPE(type);
  CHECK_COMM(comm);
  MPI_Request r = MPI_REQUEST_NULL;
  const MPI_Datatype dt = type_of(type);
  const MPI_Comm c = comm_of(comm);
  const int rc = sync ? PMPI_Issend(buf, count, dt, peer(dest), tag(t), c, &r)
                      : PMPI_Isend(buf, count, dt, peer(dest), tag(t), c, &r);
  if (rc != MPI_SUCCESS) return ours_error(rc);
  *request = box_of(r);
  return *request == NULL ? CV_ERR_NO_MEM : 0;
}

int cvreal_irecv(void *buf, int count, int type, int source, int t, int comm, void **request) {
  CHECK_TYPE(type);
  CHECK_COMM(comm);
  MPI_Request r = MPI_REQUEST_NULL;
  const int rc = PMPI_Irecv(buf, count, type_of(type), peer(source), tag(t), comm_of(comm), &r);
  if (rc != MPI_SUCCESS) return ours_error(rc);
  *request = box_of(r);
  return *request == NULL ? CV_ERR_NO_MEM : 0;
}

int cvreal_wait(void **request, cvshim_status *st) {
  if (*request == NULL) return 0; /* MPI_REQUEST_NULL: an empty status */
  MPI_Request *box = *request;
  MPI_Status s;
  const int rc = PMPI_Wait(box, &s);
  if (rc != MPI_SUCCESS) return ours_error(rc);
  from_status(st, &s, rc);
  free(box);
  *request = NULL;
  return 0;
}

int cvreal_waitall(int count, void **requests, cvshim_status *statuses) {
  const size_t n = (size_t)count;
  MPI_Request *r = malloc((n + 1) * sizeof *r);
  MPI_Status *s = malloc((n + 1) * sizeof *s);
  if (r == NULL || s == NULL) {
    free(r);
    free(s);
    return CV_ERR_NO_MEM;
  }
  for (size_t i = 0; i < n; ++i) {
    r[i] = requests[i] == NULL ? MPI_REQUEST_NULL : *(MPI_Request *)requests[i];
  }
  const int rc = PMPI_Waitall(count, r, s);
  for (size_t i = 0; i < n; ++i) {
    if (requests[i] == NULL) {
      if (statuses) statuses[i] = (cvshim_status){CVSHIM_ANY_SOURCE, CVSHIM_ANY_TAG, 0, 0};
      continue;
    }
    if (rc == MPI_SUCCESS || r[i] == MPI_REQUEST_NULL) {
      if (statuses) from_status(&statuses[i], &s[i], rc);
      free(requests[i]);
      requests[i] = NULL;
    } else {
      *(MPI_Request *)requests[i] = r[i];
    }
  }
  free(r);
  free(s);
  return ours_error(rc);
}

int cvreal_test(void **request, int *flag, cvshim_status *st) {
  if (*request == NULL) {
    *flag = 1;
    return 0;
  }
  MPI_Request *box = *request;
  MPI_Status s;
  const int rc = PMPI_Test(box, flag, &s);
  if (rc != MPI_SUCCESS) return ours_error(rc);
  if (*flag) {
    from_status(st, &s, rc);
    free(box);
    *request = NULL;
  }
  return 0;
}

int cvreal_sendrecv(const void *sendbuf, int sendcount, int sendtype, int dest, int sendtag,
                    void *recvbuf, int recvcount, int recvtype, int source, int recvtag, int comm,
                    cvshim_status *st) {
  CHECK_TYPE(sendtype);
  CHECK_TYPE(recvtype);
  CHECK_COMM(comm);
  MPI_Status s;
  const int rc = PMPI_Sendrecv(sendbuf, sendcount, type_of(sendtype), peer(dest), tag(sendtag),
                               recvbuf, recvcount, type_of(recvtype), peer(source), tag(recvtag),
                               comm_of(comm), &s);
  from_status(st, &s, rc);
  return ours_error(rc);
}

int cvreal_sendrecv_replace(void *buf, int count, int type, int dest, int sendtag, int source,
                            int recvtag, int comm, cvshim_status *st) {
  CHECK_TYPE(type);
  CHECK_COMM(comm);
  MPI_Status s;
  const int rc = PMPI_Sendrecv_replace(buf, count, type_of(type), peer(dest), tag(sendtag),
                                       peer(source), tag(recvtag), comm_of(comm), &s);
  from_status(st, &s, rc);
  return ours_error(rc);
}

int cvreal_type_size(int type, int *size) {
  CHECK_TYPE(type);
  return ours_error(PMPI_Type_size(type_of(type), size));
}

/* The one function every user op of Open MPI's calls: the op being applied is g_current_slot
 * (set by cvreal_reduce_local, the only call of the subset that applies an op), and the datatype
 * goes back to the plugin as collverify's handle. */
static void trampoline(void *in, void *inout, int *len, MPI_Datatype *datatype) {
  cvours_apply_user(g_current_slot, in, inout, len, number_of_type(*datatype));
}

int cvreal_op_create(int slot, int commute) {
  if (slot < 0 || slot >= CV_OPS_MAX) return CV_ERR_NO_MEM;
  const int rc = PMPI_Op_create(&trampoline, commute, &g_ops[slot]);
  g_op_live[slot] = rc == MPI_SUCCESS;
  return ours_error(rc);
}

int cvreal_op_free(int op) {
  const int k = user_slot(op);
  if (k < 0) return CV_ERR_OP;
  const int rc = PMPI_Op_free(&g_ops[k]);
  if (rc == MPI_SUCCESS) g_op_live[k] = 0;
  return ours_error(rc);
}

int cvreal_op_commutative(int op, int *commute) {
  const MPI_Op o = op_of(op);
  if (o == MPI_OP_NULL) return CV_ERR_OP;
  return ours_error(PMPI_Op_commutative(o, commute));
}

int cvreal_reduce_local(const void *inbuf, void *inoutbuf, int count, int type, int op) {
  CHECK_TYPE(type);
  const MPI_Op o = op_of(op);
  if (o == MPI_OP_NULL) return CV_ERR_OP;
  g_current_slot = user_slot(op);
  const int rc = PMPI_Reduce_local(inbuf, inoutbuf, count, type_of(type), o);
  g_current_slot = -1;
  return ours_error(rc);
}

void cvreal_abort(int comm, int errorcode) {
  const MPI_Comm c = comm_of(comm);
  PMPI_Abort(c == MPI_COMM_NULL ? MPI_COMM_WORLD : c, errorcode);
}
