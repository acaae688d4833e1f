/* MUTANT of ../allreduce_rabenseifner.c, with one deliberate bug (tests/program/ checks it).
 * The allgather replays the halving steps in the same order (distance 1 first) instead of
 * backwards, so a rank computes the partner's piece from the wrong step's range; at count 1 its
 * bounds cross. Right while p2 <= 2 (one step). Property: negative_count (smallest: p = 4,
 * count 1). */
/* cv_allreduce: Rabenseifner's algorithm (reduce-scatter by recursive vector halving, then
 * allgather by recursive doubling), for every p and for non-commutative operations.
 *
 * Non-powers of two are folded as in allreduce_recursive_doubling.c: the first 2 rem ranks pair
 * up and the odd one of each pair carries x[r-1] op x[r]; the p2 new ranks each stand for a
 * contiguous range of old ranks. The halving runs with growing distance (mask = 1, 2, ...,
 * p2 / 2), so the two groups that meet are always neighbours in rank order: at each step a rank
 * keeps one half of its current element range (the lower half if its bit mask is clear), sends
 * the other half to new rank ^ mask and combines the half it receives, the lower group's data on
 * the left. After log2 p2 steps each new rank holds the full reduction of one piece; the
 * allgather retraces the steps backwards, swapping pieces with the same partners, and the folded
 * ranks get the result from their partner. Pieces may be empty (count < p). */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { TAG_FOLD = 1, TAG_HALVE = 2, TAG_DOUBLE = 3, TAG_UNFOLD = 4, MAXSTEPS = 32 };

int cv_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &esz);
  const size_t bytes = (size_t)count * (size_t)esz;
  char *acc = recvbuf;
  if (bytes > 0) memcpy(acc, sendbuf, bytes);
  char *tmp = malloc(bytes + 1);
  if (tmp == NULL) return MPI_ERR_NO_MEM;
#define AT(base, i) ((base) + (size_t)(i) * (size_t)esz)

  int p2 = 1;
  while (p2 * 2 <= p) p2 *= 2;
  const int rem = p - p2;
  int newrank;
  if (rank < 2 * rem) {
    if (rank % 2 == 0) {
      MPI_Send(acc, count, datatype, rank + 1, TAG_FOLD, comm);
      newrank = -1;
    } else {
      MPI_Recv(tmp, count, datatype, rank - 1, TAG_FOLD, comm, MPI_STATUS_IGNORE);
      MPI_Reduce_local(tmp, acc, count, datatype, op);
      newrank = rank / 2;
    }
  } else {
    newrank = rank - rem;
  }

  if (newrank >= 0) {
    int lo[MAXSTEPS], hi[MAXSTEPS], steps = 0;
    int a = 0, b = count; /* the element range this rank is responsible for */
    for (int mask = 1; mask < p2; mask <<= 1, ++steps) {
      const int np = newrank ^ mask;
      const int peer = np < rem ? 2 * np + 1 : np + rem;
      const int mid = a + (b - a) / 2;
      lo[steps] = a;
      hi[steps] = b;
      int keep_a, keep_b, give_a, give_b;
      if (newrank & mask) {
        keep_a = mid, keep_b = b, give_a = a, give_b = mid;
      } else {
        keep_a = a, keep_b = mid, give_a = mid, give_b = b;
      }
      const int kept = keep_b - keep_a;
      MPI_Sendrecv(AT(acc, give_a), give_b - give_a, datatype, peer, TAG_HALVE, tmp, kept,
                   datatype, peer, TAG_HALVE, comm, MPI_STATUS_IGNORE);
      if (np < newrank) {
        MPI_Reduce_local(tmp, AT(acc, keep_a), kept, datatype, op);
      } else {
        MPI_Reduce_local(AT(acc, keep_a), tmp, kept, datatype, op);
        if (kept > 0) memcpy(AT(acc, keep_a), tmp, (size_t)kept * (size_t)esz);
      }
      a = keep_a;
      b = keep_b;
    }
    for (int s = 0; s < steps; ++s) { /* BUG: forward */
      const int np = newrank ^ (1 << s);
      const int peer = np < rem ? 2 * np + 1 : np + rem;
      /* I hold [a, b) of [lo, hi), its upper half if my bit s is set; the partner the other. */
      const int upper = (newrank >> s) & 1;
      const int oa = upper ? lo[s] : b, ob = upper ? a : hi[s];
      MPI_Sendrecv(AT(acc, a), b - a, datatype, peer, TAG_DOUBLE, AT(acc, oa), ob - oa, datatype,
                   peer, TAG_DOUBLE, comm, MPI_STATUS_IGNORE);
      a = lo[s];
      b = hi[s];
    }
  }

  if (rank < 2 * rem) {
    if (rank % 2 == 1) {
      MPI_Send(acc, count, datatype, rank - 1, TAG_UNFOLD, comm);
    } else {
      MPI_Recv(acc, count, datatype, rank + 1, TAG_UNFOLD, comm, MPI_STATUS_IGNORE);
    }
  }
#undef AT
  free(tmp);
  return MPI_SUCCESS;
}
