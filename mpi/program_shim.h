/* The bridge between a program-route plugin and Open MPI (docs/DESIGN.md "The program route",
 * "Against real MPI"), in the manner of a PMPI profiling layer, as two C files that never see each
 * other's mpi.h:
 *
 * - program_shim_ours.c, compiled against collverify's mpi.h (include/collverify/mpi): defines
 *   every MPI_* function that header declares with ITS ABI (handles are small numbers, MPI_Status
 *   is {MPI_SOURCE, MPI_TAG, MPI_ERROR, cv_bytes}, requests are opaque pointers), so a plugin
 *   built against it binds to them, and translates each call into the plain types below;
 * - program_shim_real.c, compiled against Open MPI's mpi.h: defines the cvreal_* functions, which
 *   map the numbers to Open MPI's handles and call PMPI_* (never MPI_*: the MPI_* names in this
 *   process are ours, so nothing recurses).
 *
 * Plain types: a datatype, communicator or op is its handle number in collverify's mpi.h (MPI_INT
 * is 7, MPI_COMM_WORLD 1, MPI_SUM 3, a user op 100 + k); a request is a void * box owned by the
 * real side (null is MPI_REQUEST_NULL); peers and tags keep their values, with the wildcards and
 * MPI_PROC_NULL as below (collverify's values). Every cvreal_* returns an error class of
 * collverify's mpi.h (0 is success). Errors: the plugin's communicator has MPI_ERRORS_RETURN, so a
 * call that Open MPI finds erroneous returns its class; the first one of a rank is recorded
 * (cvshim_first_error) for the driver's verdict. */
#ifndef COLLVERIFY_MPI_PROGRAM_SHIM_H
#define COLLVERIFY_MPI_PROGRAM_SHIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CVSHIM_ANY_SOURCE (-1)
#define CVSHIM_ANY_TAG (-1)
#define CVSHIM_PROC_NULL (-2)
#define CVSHIM_UNDEFINED (-32766)
#define CVSHIM_FIRST_USER_OP 100

typedef struct cvshim_status {
  int source;
  int tag;
  int error;
  int bytes;
} cvshim_status;

/* The real side (program_shim_real.c). */
int cvreal_init(void);     /* after PMPI_Init: the plugin's communicator, MPI_ERRORS_RETURN */
void cvreal_finish(void);  /* frees what cvreal_init made, before PMPI_Finalize */
int cvreal_comm_rank(int comm, int *rank);
int cvreal_comm_size(int comm, int *size);
int cvreal_send(const void *buf, int count, int type, int dest, int tag, int comm, int sync);
int cvreal_recv(void *buf, int count, int type, int source, int tag, int comm, cvshim_status *st);
int cvreal_isend(const void *buf, int count, int type, int dest, int tag, int comm, int sync,
                 void **request);
int cvreal_irecv(void *buf, int count, int type, int source, int tag, int comm, void **request);
int cvreal_wait(void **request, cvshim_status *st);
int cvreal_waitall(int count, void **requests, cvshim_status *statuses); /* statuses may be null */
int cvreal_test(void **request, int *flag, cvshim_status *st);
int cvreal_sendrecv(const void *sendbuf, int sendcount, int sendtype, int dest, int sendtag,
                    void *recvbuf, int recvcount, int recvtype, int source, int recvtag, int comm,
                    cvshim_status *st);
int cvreal_sendrecv_replace(void *buf, int count, int type, int dest, int sendtag, int source,
                            int recvtag, int comm, cvshim_status *st);
int cvreal_type_size(int type, int *size);
/* A user op: slot k of the ours side; the real op calls cvours_apply_user(k, ...) back. */
int cvreal_op_create(int slot, int commute);
int cvreal_op_free(int op);
int cvreal_op_commutative(int op, int *commute);
int cvreal_reduce_local(const void *inbuf, void *inoutbuf, int count, int type, int op);
void cvreal_abort(int comm, int errorcode);

/* The ours side (program_shim_ours.c). */
void cvours_apply_user(int slot, void *in, void *inout, int *len, int type);
/* Calls the plugin's cv_<collective> (collective: program::Collective's number) with collverify's
 * handles: datatype int32 0, float64 1, byte 2, int64 3 (program::Elem), op 0 sum or 1 compose,
 * the communicator MPI_COMM_WORLD. Returns what the function returned. */
int cvours_call(int collective, void *fn, const void *send, void *recv, int count, int elem,
                int op, int root);
/* The first error class a call of this rank returned (0: none) and the call's name. */
int cvshim_first_error(const char **call);
/* How many of our MPI_* calls reached the bridge (the binding test reads it). */
int64_t cvshim_calls(void);
/* The compose op's element function, the driver's (program::compose). */
uint64_t cvdriver_compose(uint64_t in, uint64_t inout);

#ifdef __cplusplus
}
#endif

#endif /* COLLVERIFY_MPI_PROGRAM_SHIM_H */
