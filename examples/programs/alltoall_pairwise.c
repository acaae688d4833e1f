/* cv_alltoall: pairwise exchange.
 *
 * Each rank copies its own block; then in step s = 1..p-1 it sends block (r + s) mod p of its send
 * buffer to rank r + s and receives, into slot (r - s) mod p, the block rank r - s sends it
 * (MPI_Sendrecv). Every pair meets exactly once, p - 1 steps, any p (no power of two needed). */
#include <mpi.h>
#include <stddef.h>
#include <string.h>

int cv_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank, p, ssz, rsz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(sendtype, &ssz);
  MPI_Type_size(recvtype, &rsz);
  const size_t sblock = (size_t)sendcount * (size_t)ssz, rblock = (size_t)recvcount * (size_t)rsz;
  const char *in = sendbuf;
  char *out = recvbuf;
  if (rblock > 0) memcpy(out + (size_t)rank * rblock, in + (size_t)rank * sblock, rblock);
  for (int s = 1; s < p; ++s) {
    const int to = (rank + s) % p, from = (rank - s + p) % p;
    MPI_Sendrecv(in + (size_t)to * sblock, sendcount, sendtype, to, 0,
                 out + (size_t)from * rblock, recvcount, recvtype, from, 0, comm,
                 MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
