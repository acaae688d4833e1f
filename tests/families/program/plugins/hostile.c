/* A binomial-tree broadcast (bino.c) that turns hostile in one instance only: p = 3, count 2,
 * root 1, on rank 1. What it does there is chosen at build time (issue 26, item 6):
 *   HOSTILE_SEGV   writes through a null pointer
 *   HOSTILE_ABORT  calls abort()
 *   HOSTILE_EXIT   calls exit(7)
 *   HOSTILE_LOOP   loops for ever without an MPI call
 *   HOSTILE_ALLOC  allocates 64 MiB blocks without bound (touching one byte of each), and writes
 *                  through the null pointer malloc returns once the address space is used up
 *   HOSTILE_FLOOD  writes "FLOOD" lines to stdout and stderr for ever
 * Every other instance is a correct broadcast, so the run must report exactly this instance. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static void misbehave(void) {
#if defined(HOSTILE_SEGV)
  *(volatile int *)0 = 1;
#elif defined(HOSTILE_ABORT)
  abort();
#elif defined(HOSTILE_EXIT)
  exit(7);
#elif defined(HOSTILE_LOOP)
  for (volatile unsigned long spin = 0;; ++spin) {
  }
#elif defined(HOSTILE_ALLOC)
  for (;;) {
    volatile char *block = malloc((size_t)64 << 20);
    block[0] = 1;
  }
#elif defined(HOSTILE_FLOOD)
  static const char line[] =
      "FLOOD FLOOD FLOOD FLOOD FLOOD FLOOD FLOOD FLOOD FLOOD FLOOD FLOOD FLOOD FLOOD FLOOD\n";
  for (;;) {
    fputs(line, stdout);
    fputs(line, stderr);
  }
#else
#error "define one HOSTILE_* behaviour"
#endif
}

int cv_bcast(void *buf, int count, MPI_Datatype dt, int root, MPI_Comm comm) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (size == 3 && count == 2 && root == 1 && rank == 1) misbehave();
  int vr = (rank - root + size) % size;
  int mask = 1;
  while (mask < size) {
    if (vr & mask) {
      MPI_Recv(buf, count, dt, (vr - mask + root) % size, 0, comm, MPI_STATUS_IGNORE);
      break;
    }
    mask <<= 1;
  }
  mask >>= 1;
  for (; mask > 0; mask >>= 1) {
    if (vr + mask < size) MPI_Send(buf, count, dt, (vr + mask + root) % size, 0, comm);
  }
  return MPI_SUCCESS;
}
