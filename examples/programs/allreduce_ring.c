/* cv_allreduce: ring reduce-scatter followed by ring allgather, for non-commutative operations.
 *
 * The vector is cut into p blocks. In the reduce-scatter, block b travels once around the ring:
 * it starts at rank b + 1, each rank adds its own contribution, and it ends at rank b after p - 1
 * steps (in step s rank r sends block r - 1 - s to r + 1 and receives block r - 2 - s from
 * r - 1). For a non-commutative op the chain b + 1, ..., p - 1, 0, ..., b is not rank order once
 * it wraps past p - 1, so a partial that has wrapped travels as two messages: H, the combined
 * data of ranks b + 1..p - 1 (tag TAG_H, fixed once it has passed rank p - 1), and L, the data of
 * ranks 0..r (tag TAG_L), to which each rank appends its own on the right. Rank b ends with
 * L op H. Then p - 1 ring allgather steps hand every rank every block. Any p, any count. */
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum { TAG_H = 1, TAG_L = 2, TAG_GATHER = 3 };

static int block_start(int count, int p, int i) {
  return i * (count / p) + (i < count % p ? i : count % p);
}

int cv_allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                 MPI_Comm comm) {
  int rank, p, esz;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &p);
  MPI_Type_size(datatype, &esz);
  char *acc = recvbuf;
  if (count > 0) memcpy(acc, sendbuf, (size_t)count * (size_t)esz);
  if (p == 1) return MPI_SUCCESS;
  const size_t max_block = (size_t)(count / p + 1) * (size_t)esz;
  char *mem = malloc(3 * max_block);
  if (mem == NULL) return MPI_ERR_NO_MEM;
  char *hbuf[2] = {mem, mem + max_block}; /* the H being sent and the H being received */
  char *lbuf = mem + 2 * max_block;
  int hcur = 0;
  const int right = (rank + 1) % p, left = (rank - 1 + p) % p;
#define BLOCK(b) (acc + (size_t)block_start(count, p, (b)) * (size_t)esz)
#define SIZE(b) (block_start(count, p, (b) + 1) - block_start(count, p, (b)))

  for (int s = 0; s < p - 1; ++s) {
    MPI_Request req[4];
    int n = 0;
    /* Send: block sb, chain started at rank (sb + 1) mod p; wrapped if that start is above me. */
    const int sb = (rank - 1 - s + 2 * p) % p;
    const int sstart = (sb + 1) % p;
    if (sstart > rank) MPI_Isend(hbuf[hcur], SIZE(sb), datatype, right, TAG_H, comm, &req[n++]);
    MPI_Isend(BLOCK(sb), SIZE(sb), datatype, right, TAG_L, comm, &req[n++]);
    /* Receive: block rb from the left neighbour. */
    const int rb = (rank - 2 - s + 2 * p) % p;
    const int rstart = (rb + 1) % p;
    const int wrapped = rstart > left; /* the sender's chain passed p - 1 */
    char *hnew = hbuf[1 - hcur];
    int have_h = 0;
    if (wrapped) {
      MPI_Irecv(hnew, SIZE(rb), datatype, left, TAG_H, comm, &req[n++]);
      MPI_Irecv(lbuf, SIZE(rb), datatype, left, TAG_L, comm, &req[n++]);
      have_h = 1;
    } else if (rank == 0) {
      /* The partial of ranks rstart..p - 1 arrives as a plain partial: it becomes H. */
      MPI_Irecv(hnew, SIZE(rb), datatype, left, TAG_L, comm, &req[n++]);
      have_h = 1;
    } else {
      MPI_Irecv(lbuf, SIZE(rb), datatype, left, TAG_L, comm, &req[n++]);
    }
    MPI_Waitall(n, req, MPI_STATUSES_IGNORE);
    if (wrapped || rank != 0) MPI_Reduce_local(lbuf, BLOCK(rb), SIZE(rb), datatype, op);
    if (have_h) hcur = 1 - hcur;
    if (s == p - 2 && have_h) {
      /* rb == rank: my block is L op H. */
      MPI_Reduce_local(BLOCK(rb), hbuf[hcur], SIZE(rb), datatype, op);
      if (SIZE(rb) > 0) memcpy(BLOCK(rb), hbuf[hcur], (size_t)SIZE(rb) * (size_t)esz);
    }
  }

  for (int s = 0; s < p - 1; ++s) {
    const int sb = (rank - s + p) % p, rb = (rank - s - 1 + p) % p;
    MPI_Sendrecv(BLOCK(sb), SIZE(sb), datatype, right, TAG_GATHER, BLOCK(rb), SIZE(rb), datatype,
                 left, TAG_GATHER, comm, MPI_STATUS_IGNORE);
  }
#undef BLOCK
#undef SIZE
  free(mem);
  return MPI_SUCCESS;
}
