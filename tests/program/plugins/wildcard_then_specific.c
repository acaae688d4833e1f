/* Matching after a wildcard receive, for the twin test of the incremental matching
 * (tests/program/programs_test.cpp, Matching.*): the root posts a wildcard receive and then a
 * receive from rank 1 while messages of both ranks 1 and 2 already wait. MPI matches the later
 * receive only once the wildcard is resolved: in the order where the wildcard takes rank 1's
 * message, the receive from rank 1 never completes (a deadlock); in the other the gather is right
 * for p = 3. Rank 2 first sends a tag-1 message that the root waits for, so that both tag-0
 * messages are in the root's inbox before it posts ("rank 1" and "rank 2" count from the root).
 * Not a correct gather: only its runs matter. */
#include <mpi.h>
#include <string.h>

int cv_gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
              int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  int rank, size, width;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  MPI_Type_size(recvtype, &width);
  (void)sendtype;
  if (size < 3) return MPI_SUCCESS;
  const int one = (root + 1) % size, two = (root + 2) % size;
  const size_t block = (size_t)recvcount * (size_t)width;
  char *out = (char *)recvbuf;
  if (rank == root) {
    int token = 0;
    MPI_Request any;
    MPI_Status st;
    if (block > 0) memcpy(out + (size_t)root * block, sendbuf, block);
    MPI_Recv(&token, 1, MPI_INT, two, 1, comm, MPI_STATUS_IGNORE);
    char tmp[4096];
    if (block > sizeof tmp) return MPI_ERR_OTHER;
    MPI_Irecv(tmp, recvcount, recvtype, MPI_ANY_SOURCE, 0, comm, &any);
    MPI_Recv(out + (size_t)one * block, recvcount, recvtype, one, 0, comm, MPI_STATUS_IGNORE);
    MPI_Wait(&any, &st);
    if (block > 0) memcpy(out + (size_t)st.MPI_SOURCE * block, tmp, block);
  } else if (rank == one || rank == two) {
    if (rank == two) {
      int token = 7;
      MPI_Send(&token, 1, MPI_INT, root, 1, comm);
    }
    MPI_Send(sendbuf, sendcount, sendtype, root, 0, comm);
  }
  return MPI_SUCCESS;
}
