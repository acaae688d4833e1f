/* collverify external-schedule plugin ABI, version 1 (stable C interface).
 *
 * A shared library exports both functions below. collverify loads it with dlopen and, for every
 * p of the range being verified and every rank r in [0, p), calls
 * collverify_circulant_schedule(p, r, recv, send) with two arrays of q = ceil(log2 p) entries.
 * The function fills recv[k] and send[k] for round k of a phase in the numbering of seed 000
 * (b >= 0: block b of the current phase; b - q: block b of the previous phase; every entry in
 * [-q, q)), and returns 0; any other return value is reported as bad input naming p and r.
 * Rank 0 is the root. Calls may come from several threads at once. */
#ifndef COLLVERIFY_PLUGIN_H
#define COLLVERIFY_PLUGIN_H

#include <stdint.h>

#define COLLVERIFY_PLUGIN_ABI 1

#ifdef __cplusplus
extern "C" {
#endif

int collverify_plugin_abi(void);
int collverify_circulant_schedule(int64_t p, int64_t r, int32_t *recv, int32_t *send);

#ifdef __cplusplus
}
#endif

#endif /* COLLVERIFY_PLUGIN_H */
