/* MUTANT of ../allreduce_recursive_doubling.c, with one deliberate bug (tests/program/ checks it).
 * The received vector is always combined on the left (theirs op mine), also when the partner is
 * the higher rank. Right for a commutative op, wrong for the non-commutative one. Property:
 * wrong_result with ReduceOp::compose (smallest: p = 2, count 1); passes with sum. */
/* cv_allreduce: recursive doubling, for every p and for non-commutative operations.
 *
 * With p2 the largest power of two <= p and rem = p - p2, the first 2 rem ranks pair up: each
 * even one sends its vector to the odd one above it, which combines (lower rank's data on the
 * left) and stands for both. The p2 remaining ranks (new rank = r / 2 for the odd ones below
 * 2 rem, r - rem above) then swap whole vectors with new rank ^ mask for mask = 1, 2, ...,
 * p2 / 2; each new rank stands for a contiguous range of old ranks, ordered like the new ranks,
 * so the received vector goes on the left when the partner is lower and on the right when it is
 * higher (MPI_Reduce_local computes inout = in op inout). Finally the odd ranks below 2 rem give
 * the result to their even neighbour. log2 p2 + 2 rounds when p is not a power of two. */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { TAG_FOLD = 1, TAG_STEP = 2, TAG_UNFOLD = 3 };

int cv_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &esz);
  const size_t bytes = (size_t)count * (size_t)esz;
  if (bytes > 0) memcpy(recvbuf, sendbuf, bytes);
  char *tmp = malloc(bytes + 1);
  if (tmp == NULL) return MPI_ERR_NO_MEM;

  int p2 = 1;
  while (p2 * 2 <= p) p2 *= 2;
  const int rem = p - p2;
  int newrank;
  if (rank < 2 * rem) {
    if (rank % 2 == 0) {
      MPI_Send(recvbuf, count, datatype, rank + 1, TAG_FOLD, comm);
      newrank = -1;
    } else {
      MPI_Recv(tmp, count, datatype, rank - 1, TAG_FOLD, comm, MPI_STATUS_IGNORE);
      MPI_Reduce_local(tmp, recvbuf, count, datatype, op); /* x[r-1] op x[r] */
      newrank = rank / 2;
    }
  } else {
    newrank = rank - rem;
  }

  if (newrank >= 0) {
    for (int mask = 1; mask < p2; mask <<= 1) {
      const int np = newrank ^ mask;
      const int peer = np < rem ? 2 * np + 1 : np + rem;
      MPI_Request req[2];
      MPI_Irecv(tmp, count, datatype, peer, TAG_STEP, comm, &req[0]);
      MPI_Isend(recvbuf, count, datatype, peer, TAG_STEP, comm, &req[1]);
      MPI_Waitall(2, req, MPI_STATUSES_IGNORE);
      if (1) { /* BUG: always theirs op mine, also when the partner is higher */
        MPI_Reduce_local(tmp, recvbuf, count, datatype, op); /* theirs op mine */
      } else {
        MPI_Reduce_local(recvbuf, tmp, count, datatype, op); /* mine op theirs */
        if (bytes > 0) memcpy(recvbuf, tmp, bytes);
      }
    }
  }

  if (rank < 2 * rem) {
    if (rank % 2 == 1) {
      MPI_Send(recvbuf, count, datatype, rank - 1, TAG_UNFOLD, comm);
    } else {
      MPI_Recv(recvbuf, count, datatype, rank + 1, TAG_UNFOLD, comm, MPI_STATUS_IGNORE);
    }
  }
  free(tmp);
  return MPI_SUCCESS;
}
