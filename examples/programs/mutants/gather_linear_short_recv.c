/* MUTANT of ../gather_linear.c, with one deliberate bug (tests/program/ checks it).
 * The root posts each receive for recvcount - 1 elements (an off-by-one count), so a block of
 * recvcount elements does not fit. Property: truncation (smallest: p = 2, count = 1, root 0); at
 * count 0 the count -1 is a negative_count. */
/* cv_gather: linear gather with nonblocking calls.
 *
 * Every rank other than the root sends its block straight to the root (MPI_Isend, MPI_Wait); the
 * root copies its own block and posts one MPI_Irecv per other rank into that rank's slot, then
 * polls them with MPI_Test until all have completed (as a code that overlaps work would). p - 1
 * messages, one round at the root's port. */
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
    MPI_Request req;
    MPI_Isend(sendbuf, sendcount, sendtype, root, 0, comm, &req);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
  }
  MPI_Type_size(recvtype, &esz);
  const size_t block = (size_t)recvcount * (size_t)esz;
  char *out = recvbuf;
  if (block > 0) memcpy(out + (size_t)rank * block, sendbuf, block);
  MPI_Request *reqs = malloc(sizeof(MPI_Request) * (size_t)p);
  if (reqs == NULL) return MPI_ERR_NO_MEM;
  int n = 0;
  for (int r = 0; r < p; ++r) {
    if (r == root) continue;
    MPI_Irecv(out + (size_t)r * block, recvcount - 1, recvtype, r, 0, comm, &reqs[n++]);
  }
  for (int done = 0; done < n;) {
    for (int i = 0; i < n; ++i) {
      if (reqs[i] == MPI_REQUEST_NULL) continue;
      int flag = 0;
      MPI_Test(&reqs[i], &flag, MPI_STATUS_IGNORE);
      done += flag;
    }
  }
  free(reqs);
  return MPI_SUCCESS;
}
