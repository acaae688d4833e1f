/* MUTANT of ../bcast_binomial.c, with one deliberate bug (tests/program/ checks it).
 * The child test is vr + mask <= p instead of < p, so the last virtual rank of some subtrees
 * sends to virtual rank p, i.e. to the root, which never receives. Property: unmatched_message
 * under eager buffering, deadlock under rendezvous (smallest: p = 3, count 0, root 0). */
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
    if (vr + mask <= p) MPI_Send(buffer, count, datatype, (vr + mask + root) % p, 0, comm);
  }
  return MPI_SUCCESS;
}
