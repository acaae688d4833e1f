/* cv_allgather: ring allgather.
 *
 * Each rank first copies its own block into place; then in step s = 0..p-2 it passes block
 * rank - s to its right neighbour and takes block rank - s - 1 from its left neighbour
 * (MPI_Sendrecv, so no ordering of blocking sends is needed). p - 1 steps, each rank sends and
 * receives (p - 1) blocks. Any p, any count. */
#include <mpi.h>
#include <stddef.h>
#include <string.h>

int cv_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(recvtype, &esz);
  (void)sendtype;
  const size_t block = (size_t)recvcount * (size_t)esz;
  char *out = recvbuf;
  if (sendcount > 0) memcpy(out + (size_t)rank * block, sendbuf, block);
  const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
  for (int s = 0; s < p - 1; ++s) {
    const int sb = (rank - s + p) % p, rb = (rank - s - 1 + p) % p;
    MPI_Sendrecv(out + (size_t)sb * block, recvcount, recvtype, right, 0,
                 out + (size_t)rb * block, recvcount, recvtype, left, 0, comm,
                 MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
