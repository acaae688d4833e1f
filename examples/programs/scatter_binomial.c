/* cv_scatter: binomial tree scatter.
 *
 * Virtual ranks vr = rank - root mod p. The root lays its blocks out in virtual-rank order in a
 * scratch array; every other virtual rank receives from its parent (at its lowest set bit) the
 * blocks of its whole subtree, min(lowbit, p - vr) of them, and then, for each lower bit mask
 * from the highest down, passes the blocks of child vr + mask's subtree on. Each keeps slot 0.
 * ceil(log2 p) rounds. */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

int cv_scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
               int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(recvtype, &esz);
  (void)sendtype;
  (void)sendcount;
  const int vr = (rank - root + p) % p;
  const size_t block = (size_t)recvcount * (size_t)esz;
  int low = 1;
  while (low < p && !(vr & low)) low <<= 1;
  const int subtree = vr == 0 ? p : (low < p - vr ? low : p - vr);
  char *tmp = malloc(block * (size_t)subtree + 1);
  if (tmp == NULL) return MPI_ERR_NO_MEM;
  if (vr == 0) {
    const char *in = sendbuf;
    for (int i = 0; i < p && block > 0; ++i) {
      memcpy(tmp + (size_t)i * block, in + (size_t)((i + root) % p) * block, block);
    }
  } else {
    MPI_Recv(tmp, subtree * recvcount, recvtype, (vr - low + root) % p, 0, comm,
             MPI_STATUS_IGNORE);
  }
  for (int mask = low >> 1; mask > 0; mask >>= 1) {
    if (vr + mask >= p) continue;
    const int n = mask < p - vr - mask ? mask : p - vr - mask;
    MPI_Send(tmp + (size_t)mask * block, n * recvcount, recvtype, (vr + mask + root) % p, 0,
             comm);
  }
  if (block > 0) memcpy(recvbuf, tmp, block);
  free(tmp);
  return MPI_SUCCESS;
}
