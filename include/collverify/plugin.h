/* collverify external-schedule plugin ABI, versions 1 and 2 (stable C interface).
 *
 * Every plugin exports collverify_plugin_abi(), returning the version it implements, and the
 * functions of that version. collverify loads it with dlopen and, for every p of the range being
 * verified, asks it for the circulant broadcast tables of seed 000: recv and send entries for
 * round k = 0..q-1 of a phase, q = ceil(log2 p), in the paper's numbering (b >= 0: block b of
 * the current phase; b - q: block b of the previous phase; every entry in [-q, q)). In round k
 * rank r sends to (r + skips[k]) mod p and receives from (r - skips[k]) mod p, with the skips
 * of Algorithm 1. For p = 1 (q = 0) no function is called. Calls may come from several threads
 * at once.
 *
 * ABI 1: collverify_circulant_schedule(p, r, recv, send) fills the q entries of rank r's rows
 * for a broadcast from rank 0 and returns 0; any other return value stops the run as bad input
 * (exit code 2) naming p and r.
 *
 * ABI 2: collverify_circulant_schedule_all(p, root, recv, send, err, err_len) fills the rows of
 * every rank in one call, recv[r * q + k] and send[r * q + k] for r in [0, p) and k in [0, q)
 * (p * q entries each), for a broadcast from rank `root` (0 <= root < p; always 0 unless the
 * user passes --root). Rank r's rows are the ones rank r executes, so a library that maps ranks
 * relative to the root gives rank r the rows of virtual rank (r - root) mod p. It returns 0 on
 * success; a non-zero return means the generator could not produce the schedule of this p (an
 * assertion failed, ...) and the plugin may write a NUL-terminated message of at most err_len
 * bytes (NUL included) into err. collverify reports that p as failing (exit code 1) with the
 * message as the witness, in the reports and on stderr: the plugin's own error is a finding
 * about the generator, not bad input to collverify.
 * collverify_circulant_schedule_rank(p, root, r, recv, send, err, err_len) is optional: one
 * rank's q entries, the same contract otherwise. It is only called for p whose tables are too
 * large to hold (streaming, --stream); without it such a p is refused as bad input.
 *
 * COLLVERIFY_PLUGIN_ABI stays 1 so that a version-1 plugin that returns it keeps meaning version
 * 1 when rebuilt against this header; a version-2 plugin returns COLLVERIFY_PLUGIN_ABI_2. */
#ifndef COLLVERIFY_PLUGIN_H
#define COLLVERIFY_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#define COLLVERIFY_PLUGIN_ABI 1
#define COLLVERIFY_PLUGIN_ABI_2 2

#ifdef __cplusplus
extern "C" {
#endif

int collverify_plugin_abi(void);

/* ABI 1 (required in version 1, ignored in version 2). */
int collverify_circulant_schedule(int64_t p, int64_t r, int32_t *recv, int32_t *send);

/* ABI 2: every rank at once (required). */
int collverify_circulant_schedule_all(int64_t p, int64_t root, int32_t *recv, int32_t *send,
                                      char *err, size_t err_len);
/* ABI 2: one rank (optional; for streamed p only). */
int collverify_circulant_schedule_rank(int64_t p, int64_t root, int64_t r, int32_t *recv,
                                       int32_t *send, char *err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* COLLVERIFY_PLUGIN_H */
