/* MUTANT of ../scatter_linear.c, with one deliberate bug (tests/program/ checks it).
 * A rank other than the root receives into sendbuf, which MPI leaves undefined there (collverify
 * passes a null pointer), instead of recvbuf. Property: invalid_argument (a null buffer;
 * smallest: p = 2, count 1, root 0); count 0 passes. */
/* cv_scatter: linear scatter.
 *
 * The root sends block r of its send buffer to every other rank r (blocking MPI_Send, one after
 * the other; each is matched by that rank's only receive, so no cycle can form) and copies its
 * own block. p - 1 messages. */
#include <mpi.h>
#include <stddef.h>
#include <string.h>

int cv_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (rank != root) {
    MPI_Recv((void *)sendbuf, recvcount, recvtype, root, 0, comm, MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
  }
  MPI_Type_size(sendtype, &esz);
  const size_t block = (size_t)sendcount * (size_t)esz;
  const char *in = sendbuf;
  for (int r = 0; r < p; ++r) {
    if (r != root) MPI_Send(in + (size_t)r * block, sendcount, sendtype, r, 0, comm);
  }
  if (block > 0) memcpy(recvbuf, in + (size_t)root * block, block);
  return MPI_SUCCESS;
}
