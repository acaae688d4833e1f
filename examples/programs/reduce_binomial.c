/* cv_reduce: binomial tree reduction in rank order, any root.
 *
 * The tree is built on the real ranks, rooted at rank 0, so that every subtree is a contiguous
 * range of ranks: for mask = 1, 2, 4, ... a rank with bit mask set sends its partial result to
 * rank - mask and stops; otherwise it receives the partial of rank + mask (the ranks above its
 * own range) and appends it on the right (mine op theirs). Rank 0 ends with
 * x[0] op x[1] op ... op x[p-1], MPI's order for a non-commutative op, and hands it to the root
 * if the root is another rank (one extra message). */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { TAG_TREE = 1, TAG_ROOT = 2 };

int cv_reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
              int root, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &esz);
  const size_t bytes = (size_t)count * (size_t)esz;
  char *acc = malloc(2 * bytes + 1);
  if (acc == NULL) return MPI_ERR_NO_MEM;
  char *tmp = acc + bytes;
  if (bytes > 0) memcpy(acc, sendbuf, bytes);
  for (int mask = 1; mask < p; mask <<= 1) {
    if (rank & mask) {
      MPI_Send(acc, count, datatype, rank - mask, TAG_TREE, comm);
      break;
    }
    if (rank + mask < p) {
      MPI_Recv(tmp, count, datatype, rank + mask, TAG_TREE, comm, MPI_STATUS_IGNORE);
      MPI_Reduce_local(acc, tmp, count, datatype, op); /* tmp = mine op theirs */
      if (bytes > 0) memcpy(acc, tmp, bytes);
    }
  }
  if (rank == 0 && root != 0) MPI_Send(acc, count, datatype, root, TAG_ROOT, comm);
  if (rank == root) {
    if (root != 0) {
      MPI_Recv(recvbuf, count, datatype, 0, TAG_ROOT, comm, MPI_STATUS_IGNORE);
    } else if (bytes > 0) {
      memcpy(recvbuf, acc, bytes);
    }
  }
  free(acc);
  return MPI_SUCCESS;
}
