/* MUTANT of ../bcast_binomial.c, with one deliberate bug (tests/program/ checks it).
 * The child's real rank forgets the root offset: it sends to virtual rank vr + mask as if it were
 * a real rank. Correct for root 0; for another root the message goes to the wrong rank (possibly
 * the sender itself) and the real child waits forever. Property: deadlock (smallest: p = 2,
 * root 1, count 0, both bufferings). */
/* cv_bcast: binomial tree broadcast.
 *
 * Ranks are renumbered relative to the root (virtual rank vr = rank - root mod p). A rank receives
 * the whole buffer once, from the virtual rank that differs from it in its lowest set bit, then
 * forwards it to vr + 2^k for every 2^k below that bit, largest first (the classic binomial tree:
 * ceil(log2 p) rounds, p - 1 messages). Every p, every count, every root. */
#include <mpi.h>

int cv_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  int rank, p;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  const int vr = (rank - root + p) % p;
  int mask = 1;
  while (mask < p) {
    if (vr & mask) {
      MPI_Recv(buffer, count, datatype, (vr - mask + root) % p, 0, comm, MPI_STATUS_IGNORE);
      break;
    }
    mask <<= 1;
  }
  mask >>= 1;
  for (; mask > 0; mask >>= 1) {
    if (vr + mask < p) MPI_Send(buffer, count, datatype, (vr + mask) % p, 0, comm);
  }
  return MPI_SUCCESS;
}
