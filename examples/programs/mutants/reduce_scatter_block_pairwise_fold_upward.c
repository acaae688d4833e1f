/* MUTANT of ../reduce_scatter_block_pairwise.c, with one deliberate bug (tests/program/ checks it).
 * The contributions are folded from rank 0 upwards, acc = x[i] op acc for i = 1..p-1, which is
 * x[p-1] op ... op x[0]: right for a commutative op only. Property: wrong_result with
 * ReduceOp::compose (smallest: p = 2, count 1); passes with sum. */
/* cv_reduce_scatter_block: pairwise exchange, combined in rank order.
 *
 * In step s = 1..p-1 rank r sends block (r + s) mod p of its input to rank r + s and receives
 * rank (r - s)'s contribution to block r (MPI_Sendrecv). With every contribution to its block at
 * hand, indexed by source rank, a rank folds them from the top, acc = x[i] op acc for
 * i = p - 2, ..., 0, which is x[0] op ... op x[p-1] whether or not the op commutes. p - 1 steps;
 * the scratch holds p blocks. */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

int cv_reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                            MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &esz);
  const size_t block = (size_t)recvcount * (size_t)esz;
  const char *in = sendbuf;
  char *parts = malloc(block * (size_t)p + 1);
  if (parts == NULL) return MPI_ERR_NO_MEM;
  if (block > 0) memcpy(parts + (size_t)rank * block, in + (size_t)rank * block, block);
  for (int s = 1; s < p; ++s) {
    const int to = (rank + s) % p, from = (rank - s + p) % p;
    MPI_Sendrecv(in + (size_t)to * block, recvcount, datatype, to, 0,
                 parts + (size_t)from * block, recvcount, datatype, from, 0, comm,
                 MPI_STATUS_IGNORE);
  }
  char *acc = recvbuf;
  if (block > 0) memcpy(acc, parts, block);
  for (int i = 1; i < p; ++i) { /* BUG: upward */
    MPI_Reduce_local(parts + (size_t)i * block, acc, recvcount, datatype, op);
  }
  free(parts);
  return MPI_SUCCESS;
}
