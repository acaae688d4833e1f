/* Reduce and allreduce along a chain, in rank order, so that a non-commutative op is applied as
 * MPI defines it (v_0 op v_1 op ... op v_{p-1}): rank p-1 sends its values to p-2, each rank r
 * folds its own in front (MPI_Reduce_local: inout = v_r op inout) and passes the result on to
 * r-1; rank 0 then holds the result and sends it to the root (reduce) or to every rank
 * (allreduce). With -DOPERANDS_SWAPPED the fold puts the rank's values behind (inout op v_r):
 * right for MPI_SUM, wrong for the composition. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static int chain(const void *sendbuf, void *acc, int count, MPI_Datatype dt, MPI_Op op,
                 MPI_Comm comm) {
  int rank, size, width;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Type_size(dt, &width);
  const size_t bytes = (size_t)count * (size_t)width;
  if (rank == size - 1) {
    memcpy(acc, sendbuf, bytes);
  } else {
    MPI_Recv(acc, count, dt, rank + 1, 3, comm, MPI_STATUS_IGNORE);
#ifdef OPERANDS_SWAPPED
    void *mine = malloc(bytes + 1);
    if (mine == NULL) return MPI_ERR_NO_MEM;
    memcpy(mine, sendbuf, bytes);
    MPI_Reduce_local(acc, mine, count, dt, op);
    memcpy(acc, mine, bytes);
    free(mine);
#else
    MPI_Reduce_local(sendbuf, acc, count, dt, op);
#endif
  }
  if (rank > 0) MPI_Send(acc, count, dt, rank - 1, 3, comm);
  return MPI_SUCCESS;
}

int cv_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype dt, MPI_Op op, int root,
              MPI_Comm comm) {
  int rank, width;
  MPI_Comm_rank(comm, &rank);
  MPI_Type_size(dt, &width);
  void *acc = malloc((size_t)count * (size_t)width + 1);
  if (acc == NULL) return MPI_ERR_NO_MEM;
  int rc = chain(sendbuf, acc, count, dt, op, comm);
  if (rank == 0 && root == 0) memcpy(recvbuf, acc, (size_t)count * (size_t)width);
  if (rank == 0 && root != 0) MPI_Send(acc, count, dt, root, 4, comm);
  if (rank == root && root != 0) MPI_Recv(recvbuf, count, dt, 0, 4, comm, MPI_STATUS_IGNORE);
  free(acc);
  return rc;
}

int cv_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype dt, MPI_Op op,
                 MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int rc = chain(sendbuf, recvbuf, count, dt, op, comm);
  if (rank == 0) {
    for (int r = 1; r < size; ++r) MPI_Send(recvbuf, count, dt, r, 5, comm);
  } else {
    MPI_Recv(recvbuf, count, dt, 0, 5, comm, MPI_STATUS_IGNORE);
  }
  return rc;
}
