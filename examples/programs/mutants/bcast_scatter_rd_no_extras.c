/* MUTANT of ../bcast_scatter_rd.c, with one deliberate bug (tests/program/ checks it).
 * The second swap of each recursive-doubling step, the one for the blocks of the extra ranks
 * (p2 and above), is missing: right when p is a power of two (there are no extras), wrong
 * otherwise. Property: wrong_result (smallest: p = 3, count 3, where the extra's block is not
 * empty); passes for p = 1, 2, 4, 8, 16. */
/* cv_bcast: scatter followed by a recursive-doubling allgather, for every p.
 *
 * The buffer is cut into p blocks, block i belonging to virtual rank i = rank - root mod p, and a
 * binomial scatter hands every virtual rank its block (as in bcast_scatter_ring.c). The allgather
 * doubles the known range in each step, which needs a power of two: with p2 the largest power of
 * two <= p, each extra virtual rank p2 + j first gives its block to virtual rank j. Then, for
 * mask = 1, 2, ..., p2 / 2, virtual ranks vr and vr ^ mask (both < p2) swap what they hold: the
 * blocks of the aligned group of mask virtual ranks around vr, and the blocks of those ranks'
 * extras (two contiguous block ranges, two messages). At the end every virtual rank < p2 has the
 * whole buffer and sends it to its extra. Any p, count and root. */
#include <mpi.h>
#include <stddef.h>

enum { TAG_SCATTER = 1, TAG_FOLD = 2, TAG_LOW = 3, TAG_HIGH = 4, TAG_UNFOLD = 5 };

static int block_start(int count, int p, int i) {
  if (i > p) i = p;
  return i * (count / p) + (i < count % p ? i : count % p);
}

static char *at(void *buf, int elem, int esz) { return (char *)buf + (size_t)elem * (size_t)esz; }

/* Sends blocks [a, b) to one rank and receives blocks [c, d) from the same rank. */
static void swap_blocks(void *buf, int count, int p, int esz, MPI_Datatype t, int a, int b, int c,
                        int d, int peer, int tag, MPI_Comm comm) {
  const int sa = block_start(count, p, a), sb = block_start(count, p, b);
  const int ra = block_start(count, p, c), rb = block_start(count, p, d);
  MPI_Sendrecv(at(buf, sa, esz), sb - sa, t, peer, tag, at(buf, ra, esz), rb - ra, t, peer, tag,
               comm, MPI_STATUS_IGNORE);
}

int cv_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &esz);
  const int vr = (rank - root + p) % p;

  int mask = 1;
  while (mask < p) {
    if (vr & mask) {
      const int a = block_start(count, p, vr), b = block_start(count, p, vr + mask);
      MPI_Recv(at(buffer, a, esz), b - a, datatype, (vr - mask + root) % p, TAG_SCATTER, comm,
               MPI_STATUS_IGNORE);
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1) {
    const int child = vr + mask;
    if (child >= p) continue;
    const int a = block_start(count, p, child), b = block_start(count, p, child + mask);
    MPI_Send(at(buffer, a, esz), b - a, datatype, (child + root) % p, TAG_SCATTER, comm);
  }

  int p2 = 1;
  while (p2 * 2 <= p) p2 *= 2;
  if (vr >= p2) {
    const int a = block_start(count, p, vr), b = block_start(count, p, vr + 1);
    const int partner = (vr - p2 + root) % p;
    MPI_Send(at(buffer, a, esz), b - a, datatype, partner, TAG_FOLD, comm);
    MPI_Recv(buffer, count, datatype, partner, TAG_UNFOLD, comm, MPI_STATUS_IGNORE);
    return MPI_SUCCESS;
  }
  if (vr + p2 < p) {
    const int a = block_start(count, p, vr + p2), b = block_start(count, p, vr + p2 + 1);
    MPI_Recv(at(buffer, a, esz), b - a, datatype, (vr + p2 + root) % p, TAG_FOLD, comm,
             MPI_STATUS_IGNORE);
  }
  for (mask = 1; mask < p2; mask <<= 1) {
    const int peer = vr ^ mask;
    const int mine = vr & ~(mask - 1), theirs = peer & ~(mask - 1);
    const int real = (peer + root) % p;
    swap_blocks(buffer, count, p, esz, datatype, mine, mine + mask, theirs, theirs + mask, real,
                TAG_LOW, comm);
  }
  if (vr + p2 < p) MPI_Send(buffer, count, datatype, (vr + p2 + root) % p, TAG_UNFOLD, comm);
  return MPI_SUCCESS;
}
