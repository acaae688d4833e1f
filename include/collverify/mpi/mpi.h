/* collverify's own mpi.h: the MPI subset that collective algorithms are written in (the program
 * route, docs/DESIGN.md "The program route").
 *
 * Compile a collective against it with `-I <prefix>/include/collverify/mpi`, so that code that
 * says #include <mpi.h> or "mpi.h" builds unchanged, into a shared library that exports one or
 * more of the cv_* functions of cv_program.h. `collverify verify program --plugin LIB.so` then runs
 * it for every p, count and root on fibers under a deterministic scheduler; the MPI_* functions
 * below are implemented by collverify itself (the plugin links nothing).
 *
 * Names and signatures are MPI 3.1's. What is in scope: point-to-point (blocking, nonblocking,
 * synchronous, combined), completion (Wait, Waitall, Test), the predefined datatypes (contiguous
 * only), the predefined reduction operations and user operations (MPI_Op_create), Reduce_local,
 * Abort. Out of scope, refused at compile time by the declarations at the end of this file:
 * derived datatypes, communicator creation, one-sided communication, the collectives themselves
 * (the plugin implements them), and MPI_Init/MPI_Finalize (collverify initialises the world).
 *
 * Tags: 0..MPI_TAG_UB_VALUE (32767, the least upper bound MPI guarantees), so a tag that works
 * here works on every MPI. */
#ifndef COLLVERIFY_MPI_H
#define COLLVERIFY_MPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define COLLVERIFY_MPI 1 /* this is collverify's header, not a real MPI's */
#define MPI_VERSION 3
#define MPI_SUBVERSION 1

/* Handles: opaque pointers, so that mixing a datatype with an op does not compile. */
typedef struct cvmpi_comm_s *MPI_Comm;
typedef struct cvmpi_datatype_s *MPI_Datatype;
typedef struct cvmpi_op_s *MPI_Op;
typedef struct cvmpi_request_s *MPI_Request;
typedef ptrdiff_t MPI_Aint;
typedef long long MPI_Count;

typedef struct MPI_Status {
  int MPI_SOURCE;
  int MPI_TAG;
  int MPI_ERROR;
  int cv_bytes; /* bytes received (MPI_Get_count reads it) */
} MPI_Status;

typedef void(MPI_User_function)(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype);

#define CVMPI_HANDLE(T, v) ((T)(uintptr_t)(v))

#define MPI_COMM_NULL CVMPI_HANDLE(MPI_Comm, 0)
#define MPI_COMM_WORLD CVMPI_HANDLE(MPI_Comm, 1)
#define MPI_COMM_SELF CVMPI_HANDLE(MPI_Comm, 2)

#define MPI_DATATYPE_NULL CVMPI_HANDLE(MPI_Datatype, 0)
#define MPI_CHAR CVMPI_HANDLE(MPI_Datatype, 1)
#define MPI_SIGNED_CHAR CVMPI_HANDLE(MPI_Datatype, 2)
#define MPI_UNSIGNED_CHAR CVMPI_HANDLE(MPI_Datatype, 3)
#define MPI_BYTE CVMPI_HANDLE(MPI_Datatype, 4)
#define MPI_SHORT CVMPI_HANDLE(MPI_Datatype, 5)
#define MPI_UNSIGNED_SHORT CVMPI_HANDLE(MPI_Datatype, 6)
#define MPI_INT CVMPI_HANDLE(MPI_Datatype, 7)
#define MPI_UNSIGNED CVMPI_HANDLE(MPI_Datatype, 8)
#define MPI_LONG CVMPI_HANDLE(MPI_Datatype, 9)
#define MPI_UNSIGNED_LONG CVMPI_HANDLE(MPI_Datatype, 10)
#define MPI_LONG_LONG CVMPI_HANDLE(MPI_Datatype, 11)
#define MPI_LONG_LONG_INT MPI_LONG_LONG
#define MPI_UNSIGNED_LONG_LONG CVMPI_HANDLE(MPI_Datatype, 12)
#define MPI_FLOAT CVMPI_HANDLE(MPI_Datatype, 13)
#define MPI_DOUBLE CVMPI_HANDLE(MPI_Datatype, 14)
#define MPI_INT8_T CVMPI_HANDLE(MPI_Datatype, 15)
#define MPI_INT16_T CVMPI_HANDLE(MPI_Datatype, 16)
#define MPI_INT32_T CVMPI_HANDLE(MPI_Datatype, 17)
#define MPI_INT64_T CVMPI_HANDLE(MPI_Datatype, 18)
#define MPI_UINT8_T CVMPI_HANDLE(MPI_Datatype, 19)
#define MPI_UINT16_T CVMPI_HANDLE(MPI_Datatype, 20)
#define MPI_UINT32_T CVMPI_HANDLE(MPI_Datatype, 21)
#define MPI_UINT64_T CVMPI_HANDLE(MPI_Datatype, 22)
#define MPI_C_BOOL CVMPI_HANDLE(MPI_Datatype, 23)
#define MPI_AINT CVMPI_HANDLE(MPI_Datatype, 24)

#define MPI_OP_NULL CVMPI_HANDLE(MPI_Op, 0)
#define MPI_MAX CVMPI_HANDLE(MPI_Op, 1)
#define MPI_MIN CVMPI_HANDLE(MPI_Op, 2)
#define MPI_SUM CVMPI_HANDLE(MPI_Op, 3)
#define MPI_PROD CVMPI_HANDLE(MPI_Op, 4)
#define MPI_LAND CVMPI_HANDLE(MPI_Op, 5)
#define MPI_BAND CVMPI_HANDLE(MPI_Op, 6)
#define MPI_LOR CVMPI_HANDLE(MPI_Op, 7)
#define MPI_BOR CVMPI_HANDLE(MPI_Op, 8)
#define MPI_LXOR CVMPI_HANDLE(MPI_Op, 9)
#define MPI_BXOR CVMPI_HANDLE(MPI_Op, 10)
#define MPI_REPLACE CVMPI_HANDLE(MPI_Op, 11)
#define MPI_NO_OP CVMPI_HANDLE(MPI_Op, 12)

#define MPI_REQUEST_NULL CVMPI_HANDLE(MPI_Request, 0)

#define MPI_ANY_SOURCE (-1)
#define MPI_ANY_TAG (-1)
#define MPI_PROC_NULL (-2)
#define MPI_ROOT (-3)
#define MPI_UNDEFINED (-32766)
#define MPI_TAG_UB_VALUE 32767
#define MPI_BOTTOM ((void *)0)
#define MPI_IN_PLACE ((void *)1)
#define MPI_STATUS_IGNORE ((MPI_Status *)0)
#define MPI_STATUSES_IGNORE ((MPI_Status *)0)

/* Error classes (MPI 3.1 section 8.4). */
#define MPI_SUCCESS 0
#define MPI_ERR_BUFFER 1
#define MPI_ERR_COUNT 2
#define MPI_ERR_TYPE 3
#define MPI_ERR_TAG 4
#define MPI_ERR_COMM 5
#define MPI_ERR_RANK 6
#define MPI_ERR_REQUEST 7
#define MPI_ERR_ROOT 8
#define MPI_ERR_GROUP 9
#define MPI_ERR_OP 10
#define MPI_ERR_TOPOLOGY 11
#define MPI_ERR_DIMS 12
#define MPI_ERR_ARG 13
#define MPI_ERR_UNKNOWN 14
#define MPI_ERR_TRUNCATE 15
#define MPI_ERR_OTHER 16
#define MPI_ERR_INTERN 17
#define MPI_ERR_IN_STATUS 18
#define MPI_ERR_PENDING 19
#define MPI_ERR_NO_MEM 34
#define MPI_ERR_UNSUPPORTED_OPERATION 52
#define MPI_ERR_LASTCODE 92

int MPI_Comm_rank(MPI_Comm comm, int *rank);
int MPI_Comm_size(MPI_Comm comm, int *size);

int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm);
int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
             MPI_Status *status);
int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm,
               MPI_Request *request);
int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request *request);
int MPI_Wait(MPI_Request *request, MPI_Status *status);
int MPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[]);
int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status);
int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status);
int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                         int source, int recvtag, MPI_Comm comm, MPI_Status *status);
int MPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);

int MPI_Type_size(MPI_Datatype datatype, int *size);
int MPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);

int MPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op);
int MPI_Op_free(MPI_Op *op);
int MPI_Op_commutative(MPI_Op op, int *commute);
int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype,
                     MPI_Op op);

int MPI_Abort(MPI_Comm comm, int errorcode);

/* Out of scope: declared so that a call fails to compile with the reason, instead of linking
 * against whatever MPI happens to be installed. */
#if defined(__has_attribute)
#if __has_attribute(unavailable)
#define CVMPI_OUT_OF_SCOPE(why) __attribute__((unavailable("collverify mpi.h: " why)))
#endif
#endif
#ifndef CVMPI_OUT_OF_SCOPE
#define CVMPI_OUT_OF_SCOPE(why) __attribute__((deprecated("collverify mpi.h: " why)))
#endif
#define CVMPI_NO_DERIVED CVMPI_OUT_OF_SCOPE("derived datatypes are out of scope; use contiguous counts")
#define CVMPI_NO_COMM CVMPI_OUT_OF_SCOPE("communicator creation is out of scope; the collective gets its communicator")
#define CVMPI_NO_RMA CVMPI_OUT_OF_SCOPE("one-sided communication is out of scope")
#define CVMPI_NO_COLL CVMPI_OUT_OF_SCOPE("the plugin implements the collectives over point-to-point; MPI's own are out of scope")
#define CVMPI_NO_INIT CVMPI_OUT_OF_SCOPE("collverify initialises and finalises the world itself")

CVMPI_NO_DERIVED int MPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype);
CVMPI_NO_DERIVED int MPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                                     MPI_Datatype *newtype);
CVMPI_NO_DERIVED int MPI_Type_commit(MPI_Datatype *datatype);
CVMPI_NO_DERIVED int MPI_Type_free(MPI_Datatype *datatype);
CVMPI_NO_COMM int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm);
CVMPI_NO_COMM int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm);
CVMPI_NO_COMM int MPI_Comm_free(MPI_Comm *comm);
CVMPI_NO_RMA int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype,
                         int target_rank, MPI_Aint target_disp, int target_count,
                         MPI_Datatype target_datatype, void *win);
CVMPI_NO_COLL int MPI_Barrier(MPI_Comm comm);
CVMPI_NO_COLL int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root,
                            MPI_Comm comm);
CVMPI_NO_INIT int MPI_Init(int *argc, char ***argv);
CVMPI_NO_INIT int MPI_Finalize(void);

#ifdef __cplusplus
}
#endif

#endif /* COLLVERIFY_MPI_H */
