/* A correct binomial broadcast (bino.c) in a library that takes 1.5 s to load: a constructor that
 * sleeps, like a library with a heavy static initialisation. The instance timeout runs from the
 * worker's "ready" line, after the load: with --instance-timeout 1 every instance passes. (It
 * counted from the worker's spawn, and a worker's start-up under the sanitizers on a loaded
 * machine cost a correct instance its run.) */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "bino.c"

__attribute__((constructor)) static void slow_start(void) {
  struct timespec t = {1, 500000000L};
  nanosleep(&t, 0);
}
