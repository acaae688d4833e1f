/* The program route's plugin ABI (docs/DESIGN.md "The program route"): a shared library built
 * against collverify's mpi.h exports one or more of these functions, each with the signature of
 * the MPI 3.1 collective it implements. collverify calls it on every rank of a simulated
 * MPI_COMM_WORLD of p ranks (comm is that communicator) and judges the buffers MPI's definition
 * of the collective gives. Including this header is optional; it lets the compiler check that a
 * definition has the right signature. */
#ifndef COLLVERIFY_CV_PROGRAM_H
#define COLLVERIFY_CV_PROGRAM_H

#include "mpi.h"

#ifdef __cplusplus
extern "C" {
#endif

int cv_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm);
int cv_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
              int root, MPI_Comm comm);
int cv_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm);
int cv_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int cv_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm);
int cv_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int cv_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, MPI_Comm comm);
int cv_reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm);

#ifdef __cplusplus
}
#endif

#endif /* COLLVERIFY_CV_PROGRAM_H */
