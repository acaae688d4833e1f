/* MUTANT of ../bcast_circulant.c, with one deliberate bug (tests/program/ checks it).
 * Algorithm 4 read literally: the set of blocks already held starts empty (line 2), not with
 * the rank's own baseblock (docs/ERRATA.md E3), so a rank can be scheduled to receive its own
 * baseblock of the previous phase again and never gets another block. Property: wrong_result
 * (smallest: p = 5, count 3, root 0: n = 3 blocks). */
/* cv_bcast: the round-optimal n-block broadcast on a circulant graph (Traff, "(Poly)Logarithmic
 * time construction of round-optimal n-block broadcast schedules", seed 000; docs/ERRATA.md E1-E6
 * for the readings taken here).
 *
 * With q = ceil(log2 p), the skips s[0..q] come from halving p and rounding up (s[q] = p,
 * s[0] = 1). In round k of each phase of q rounds every virtual rank v (v = rank - root mod p)
 * sends to v + s[k] and receives from v - s[k]. Each rank computes its own receive schedule (one
 * block per round of a phase: its baseblock in the round of its home range, otherwise the largest
 * baseblock of the previous phase not yet held that its from-rank can hold, the last round taking
 * the one still missing) and its send schedule (entry k is the receive entry k of v + s[k]). Here
 * the baseblocks of a range of ranks are found by looking at every rank of the range (the
 * brute-force reading of the paper's RangeBlocks; fine for the p we verify). The buffer is cut
 * into n = min(count, 3q) blocks; x dummy rounds make x + n - 1 + q a multiple of q; a block
 * below 0 is not sent, a block above n - 1 stands for block n - 1 (a rank that already holds it
 * receives it into a scratch block). The root receives nothing. n - 1 + q rounds in all. */
#include <mpi.h>
#include <stdlib.h>

enum { TAG = 7, MAXQ = 32 };

struct circulant {
  int p, q;
  int skip[MAXQ + 1];
  int *base; /* baseblock of every rank; -1 for rank 0 */
};

static int mod(int a, int p) { return ((a % p) + p) % p; }

static int baseblock(const struct circulant *c, int r) {
  int k = c->q;
  while (r != c->skip[k]) {
    --k;
    if (c->skip[k] < r) r -= c->skip[k];
  }
  return k;
}

/* The set of baseblocks of the cyclic range of ranks [a, b], as a bit mask. */
static unsigned long long range_blocks(const struct circulant *c, int a, int b) {
  unsigned long long out = 0;
  for (int v = a; v <= b; ++v) {
    const int b0 = c->base[mod(v, c->p)];
    if (b0 >= 0) out |= 1ULL << b0;
  }
  return out;
}

static int highest(unsigned long long m) {
  int h = -1;
  while (m) {
    ++h;
    m >>= 1;
  }
  return h;
}

/* Entries 0..k of rank r's receive schedule (blocks of the previous phase are b - q). Returns 0
 * if some entry has no block (a schedule bug), 1 otherwise. */
static int recv_schedule(const struct circulant *c, int r, int k, int *out) {
  const int q = c->q, p = c->p;
  unsigned long long held = 0; /* BUG: E3 */
  int prefix = 0;
  for (int i = 0; i <= k; ++i) {
    prefix += c->skip[i];
    if (c->skip[i] <= r && r < c->skip[i + 1]) {
      out[i] = c->base[r];
      continue;
    }
    int b;
    if (i == 0) {
      b = c->base[mod(r - 1, p)];
    } else if (i < q - 1) {
      unsigned long long u = range_blocks(c, r - c->skip[i + 1] + 1, r - c->skip[i]);
      if ((u & ~held) == 0) u = range_blocks(c, r - prefix, r - c->skip[i + 1]);
      u &= ~held;
      if (u == 0) return 0;
      b = highest(u);
    } else {
      const unsigned long long left = ((1ULL << q) - 1) & ~held;
      if (left == 0) return 0;
      b = highest(left);
    }
    if (b < 0) return 0;
    held |= 1ULL << b;
    out[i] = b - q;
  }
  return 1;
}

static int block_start(int count, int n, int j) {
  return j * (count / n) + (j < count % n ? j : count % n);
}

int cv_bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &esz);
  if (p == 1 || count == 0) return MPI_SUCCESS;
  const int v = mod(rank - root, p);

  struct circulant c;
  c.p = p;
  c.q = 0;
  while ((1 << c.q) < p) ++c.q;
  const int q = c.q;
  {
    int k = q, x = p;
    while (x > 1) {
      c.skip[k--] = x;
      x = x / 2 + x % 2;
    }
    c.skip[0] = x;
  }
  c.base = malloc(sizeof(int) * (size_t)p);
  if (c.base == NULL) return MPI_ERR_NO_MEM;
  c.base[0] = -1;
  for (int r = 1; r < p; ++r) c.base[r] = baseblock(&c, r);

  int recv[MAXQ], send[MAXQ], scratch_row[MAXQ];
  int ok = recv_schedule(&c, v, q - 1, recv);
  for (int k = 0; k < q && ok; ++k) {
    const int to = (v + c.skip[k]) % p;
    send[k] = -1;
    if (to == 0) continue; /* nobody sends to the root */
    ok = recv_schedule(&c, to, k, scratch_row);
    send[k] = scratch_row[k];
  }
  free(c.base);
  if (!ok) return MPI_ERR_INTERN;

  const int n = count < 3 * q ? count : 3 * q;
  const int x = (q - (n - 1 + q) % q) % q;
  for (int k = 0; k < q; ++k) {
    const int shift = k < x ? q - x : -x;
    recv[k] += shift;
    send[k] += shift;
  }
  unsigned char held[3 * MAXQ];
  for (int j = 0; j < n; ++j) held[j] = v == 0;
  const size_t block_bytes = (size_t)(count / n + 1) * (size_t)esz;
  char *scratch = malloc(block_bytes);
  if (scratch == NULL) return MPI_ERR_NO_MEM;
  char *buf = buffer;

  for (int i = x; i < n - 1 + q + x; ++i) {
    const int k = i % q;
    const int to = (v + c.skip[k]) % p, from = mod(v - c.skip[k], p);
    int sb = send[k], rb = recv[k];
    send[k] += q;
    recv[k] += q;
    const int sending = to != 0 && sb >= 0;
    const int receiving = v != 0 && rb >= 0;
    if (sb > n - 1) sb = n - 1;
    if (rb > n - 1) rb = n - 1;
    char *sp = buf, *rp = buf;
    int sc = 0, rc = 0;
    if (sending) {
      const int a = block_start(count, n, sb);
      sp = buf + (size_t)a * (size_t)esz;
      sc = block_start(count, n, sb + 1) - a;
    }
    if (receiving) {
      const int a = block_start(count, n, rb);
      rc = block_start(count, n, rb + 1) - a;
      rp = held[rb] ? scratch : buf + (size_t)a * (size_t)esz;
      held[rb] = 1;
    }
    MPI_Sendrecv(sp, sc, datatype, sending ? (to + root) % p : MPI_PROC_NULL, TAG, rp, rc,
                 datatype, receiving ? (from + root) % p : MPI_PROC_NULL, TAG, comm,
                 MPI_STATUS_IGNORE);
  }
  free(scratch);
  return MPI_SUCCESS;
}
