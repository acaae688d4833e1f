/* Linear gather whose root receives with MPI_ANY_SOURCE. cv_gather places each block by the
 * status's MPI_SOURCE (correct in every matching order); gather_by_arrival.c places them in
 * arrival order, which is right only when the messages arrive in rank order. */
#include <mpi.h>
#include <string.h>

int cv_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank, size, width;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Type_size(recvtype, &width);
  if (rank != root) return MPI_Send(sendbuf, sendcount, sendtype, root, 7, comm);
  char *out = (char *)recvbuf;
  size_t block = (size_t)recvcount * (size_t)width;
  if (block > 0) memcpy(out + (size_t)root * block, sendbuf, block);
  for (int k = 1; k < size; ++k) {
    MPI_Status st;
#ifdef BY_ARRIVAL
    int slot = k <= root ? k - 1 : k;
    MPI_Recv(out + (size_t)slot * block, recvcount, recvtype, MPI_ANY_SOURCE, 7, comm, &st);
#else
    char tmp[4096];
    MPI_Recv(tmp, recvcount, recvtype, MPI_ANY_SOURCE, 7, comm, &st);
    if (block > 0) memcpy(out + (size_t)st.MPI_SOURCE * block, tmp, block);
#endif
  }
  return MPI_SUCCESS;
}
