/* MUTANT of ../gather_binomial.c, with one deliberate bug (tests/program/ checks it).
 * The root moves slot i (virtual rank i) to the block of real rank i - root instead of
 * i + root. Right for root 0 and for p <= 2. Property: wrong_result (smallest: p = 3, count 1,
 * root 1). */
/* cv_gather: binomial tree gather.
 *
 * Virtual ranks vr = rank - root mod p. A virtual rank collects, in a scratch array ordered by
 * virtual rank, the blocks of its subtree: for mask = 1, 2, 4, ... while vr has bit mask clear
 * it receives the blocks of child vr + mask (min(mask, p - vr - mask) of them) behind what it
 * has; at its lowest set bit it sends everything to its parent vr - mask. The root finally
 * moves slot i to the block of real rank (i + root) mod p. ceil(log2 p) rounds. */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

int cv_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(sendtype, &esz);
  (void)recvcount;
  (void)recvtype;
  const int vr = (rank - root + p) % p;
  const size_t block = (size_t)sendcount * (size_t)esz;
  int subtree = 1; /* blocks held */
  {
    int low = 1;
    while (low < p && !(vr & low)) low <<= 1;
    subtree = vr == 0 ? p : (low < p - vr ? low : p - vr);
  }
  char *tmp = malloc(block * (size_t)subtree + 1);
  if (tmp == NULL) return MPI_ERR_NO_MEM;
  if (block > 0) memcpy(tmp, sendbuf, block);
  int have = 1;
  for (int mask = 1; mask < p; mask <<= 1) {
    if (vr & mask) {
      MPI_Send(tmp, have * sendcount, sendtype, (vr - mask + root) % p, 0, comm);
      break;
    }
    if (vr + mask < p) {
      const int n = mask < p - vr - mask ? mask : p - vr - mask;
      MPI_Recv(tmp + (size_t)have * block, n * sendcount, sendtype, (vr + mask + root) % p, 0,
               comm, MPI_STATUS_IGNORE);
      have += n;
    }
  }
  if (vr == 0 && block > 0) {
    char *out = recvbuf;
    for (int i = 0; i < p; ++i) {
      memcpy(out + (size_t)((i - root + p) % p) * block, tmp + (size_t)i * block, block);
    }
  }
  free(tmp);
  return MPI_SUCCESS;
}
