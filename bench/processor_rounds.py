#!/usr/bin/env python3
"""Work covered by `verify bcast --p LO..HI` with the default block counts, to turn a wall time
into a throughput: phase rank-rounds the fast checker inspects (sum of p*q) and processor-rounds
of the explicit n-block schedules those checks cover (sum over p and n of p*(n-1+q))."""
import sys

lo, hi = int(sys.argv[1]), int(sys.argv[2])
phase = covered = 0
for p in range(lo, hi + 1):
    q = (p - 1).bit_length()
    phase += p * q
    for n in sorted({n for n in (1, 2, q, q + 1, 2 * q + 1, 3 * q + 2) if n >= 1}):
        covered += p * (n - 1 + q)
print(f"p = {lo}..{hi}: {phase:.3e} phase rank-rounds, {covered:.3e} processor-rounds covered")
