/* cv_gather: linear gather that takes the messages in arrival order.
 *
 * Every rank other than the root sends its block to the root. The root receives p - 1 messages
 * with MPI_ANY_SOURCE into a scratch block and copies each into the slot of the rank that
 * MPI_Status names, so any arrival order gives the same result (collverify explores every
 * order). */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

int cv_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  if (rank != root) {
    MPI_Send(sendbuf, sendcount, sendtype, root, 0, comm);
    return MPI_SUCCESS;
  }
  MPI_Type_size(recvtype, &esz);
  const size_t block = (size_t)recvcount * (size_t)esz;
  char *out = recvbuf;
  char *tmp = malloc(block + 1);
  if (tmp == NULL) return MPI_ERR_NO_MEM;
  if (block > 0) memcpy(out + (size_t)rank * block, sendbuf, block);
  for (int i = 0; i < p - 1; ++i) {
    MPI_Status status;
    MPI_Recv(tmp, recvcount, recvtype, MPI_ANY_SOURCE, 0, comm, &status);
    if (block > 0) memcpy(out + (size_t)status.MPI_SOURCE * block, tmp, block);
  }
  free(tmp);
  return MPI_SUCCESS;
}
