/* MUTANT of ../bcast_scatter_ring.c, with one deliberate bug (tests/program/ checks it).
 * Blocks of ceil(count / p) elements, block i starting at i * ceil(count / p) with no clamp to
 * count: when count is small against p the later blocks start past the end and the size of the
 * block that straddles count, start(i + 1) - start(i), is negative (the classic count < p bug).
 * Property: negative_count (smallest: p = 3, count 1, root 0). */
/* cv_bcast: scatter followed by a ring allgather (the long-message broadcast of van de Geijn et
 * al., as MPICH uses it).
 *
 * The buffer is cut into p blocks (block i has count / p elements, one more for i < count % p),
 * block i belonging to virtual rank i = rank - root mod p. A binomial scatter gives every virtual
 * rank its own block: a rank gets from its parent the contiguous blocks of its subtree and hands
 * each child the blocks of the child's subtree. Then p - 1 ring steps: in step s a rank passes
 * block vr - s to its right neighbour and takes block vr - s - 1 from its left one. Works for any
 * p, any count (blocks may be empty), any root. */
#include <mpi.h>
#include <stddef.h>

enum { TAG_SCATTER = 1, TAG_RING = 2 };

static int block_start(int count, int p, int i) {
  const int blk = (count + p - 1) / p;
  return i < p ? i * blk : count; /* BUG: i * blk may exceed count */
}

static char *at(void *buf, int elem, int esz) { return (char *)buf + (size_t)elem * (size_t)esz; }

int cv_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &esz);
  const int vr = (rank - root + p) % p;

  /* Binomial scatter of the blocks [vr, vr + subtree). */
  int mask = 1;
  while (mask < p) {
    if (vr & mask) {
      const int hi = vr + mask < p ? vr + mask : p;
      const int a = block_start(count, p, vr), b = block_start(count, p, hi);
      MPI_Recv(at(buffer, a, esz), b - a, datatype, (vr - mask + root) % p, TAG_SCATTER, comm,
               MPI_STATUS_IGNORE);
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1) {
    const int child = vr + mask;
    if (child >= p) continue;
    const int hi = child + mask < p ? child + mask : p;
    const int a = block_start(count, p, child), b = block_start(count, p, hi);
    MPI_Send(at(buffer, a, esz), b - a, datatype, (child + root) % p, TAG_SCATTER, comm);
  }

  /* Ring allgather. */
  const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
  for (int s = 0; s < p - 1; ++s) {
    const int sb = (vr - s + p) % p, rb = (vr - s - 1 + p) % p;
    const int sa = block_start(count, p, sb), ra = block_start(count, p, rb);
    MPI_Sendrecv(at(buffer, sa, esz), block_start(count, p, sb + 1) - sa, datatype, right,
                 TAG_RING, at(buffer, ra, esz), block_start(count, p, rb + 1) - ra, datatype,
                 left, TAG_RING, comm, MPI_STATUS_IGNORE);
  }
  return MPI_SUCCESS;
}
