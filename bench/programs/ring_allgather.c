/* Ring allgather (p - 1 steps, each rank forwards the block it received last): the message-heavy
 * workload of program_bench (p (p - 1) messages per instance). */
#include <mpi.h>
#include <string.h>

int cv_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  int rank, size, width;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Type_size(recvtype, &width);
  (void)sendtype;
  char *out = (char *)recvbuf;
  const size_t block = (size_t)recvcount * (size_t)width;
  if (block > 0) memcpy(out + (size_t)rank * block, sendbuf, (size_t)sendcount * (size_t)width);
  const int right = (rank + 1) % size, left = (rank - 1 + size) % size;
  for (int k = 0; k < size - 1; ++k) {
    const int send_block = (rank - k + size) % size, recv_block = (rank - k - 1 + size) % size;
    MPI_Sendrecv(out + (size_t)send_block * block, recvcount, recvtype, right, 0,
                 out + (size_t)recv_block * block, recvcount, recvtype, left, 0, comm,
                 MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
