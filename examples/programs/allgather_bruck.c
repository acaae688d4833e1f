/* cv_allgather: Bruck's allgather (concatenation in ceil(log2 p) rounds, any p).
 *
 * Each rank keeps a scratch array whose slot i holds the block of rank (rank + i) mod p, starting
 * with its own block in slot 0. In the round of distance d = 1, 2, 4, ... it sends its first
 * min(d, p - d) slots to rank - d and appends the same number of slots received from rank + d.
 * After the last round slot i is copied to block (rank + i) mod p of recvbuf. */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

int cv_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(recvtype, &esz);
  (void)sendtype;
  (void)sendcount;
  const size_t block = (size_t)recvcount * (size_t)esz;
  char *tmp = malloc(block * (size_t)p + 1);
  if (tmp == NULL) return MPI_ERR_NO_MEM;
  if (block > 0) memcpy(tmp, sendbuf, block);
  for (int d = 1; d < p; d *= 2) {
    const int blocks = d < p - d ? d : p - d;
    MPI_Sendrecv(tmp, blocks * recvcount, recvtype, (rank - d + p) % p, 0,
                 tmp + (size_t)d * block, blocks * recvcount, recvtype, (rank + d) % p, 0, comm,
                 MPI_STATUS_IGNORE);
  }
  char *out = recvbuf;
  for (int i = 0; i < p && block > 0; ++i) {
    memcpy(out + (size_t)((rank + i) % p) * block, tmp + (size_t)i * block, block);
  }
  free(tmp);
  return MPI_SUCCESS;
}
