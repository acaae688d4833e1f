#!/usr/bin/env python3
"""Figures of docs/PERFORMANCE.md "Z3 proofs and counting".

Usage: bench/proofs_timing.py [BUILD_DIR] [REPS]
Runs `prove skips`, `prove bcast --p P` and `count-schedules` REPS times (default 5) and prints
the median of the seconds each command measures in-process (the Z3 / enumeration time, without
process start-up and, for prove bcast, without building the reference tables). The machine is
shared: compare rows of one run, not runs of different days.
"""
import json
import statistics
import subprocess
import sys

build = sys.argv[1] if len(sys.argv) > 1 else "build"
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
cv = f"{build}/cli/collverify"


def run(args):
    out = subprocess.run([cv, *args, "--format", "json"], capture_output=True, text=True)
    return json.loads(out.stdout)


def median(f):
    return statistics.median(f() for _ in range(reps))


print(f"prove skips (10 obligations): median {median(lambda: run(['prove', 'skips'])['seconds']):.3f} s")
for p in (64, 1024, 4096, 16384):
    doc = run(["prove", "bcast", "--p", str(p)])
    t = median(lambda: run(["prove", "bcast", "--p", str(p)])["seconds"])
    print(f"prove bcast --p {p}: {doc['outcome']}, median {t:.3f} s")
for p in list(range(2, 21)) + [24, 28, 31, 32]:
    method = "both" if p <= 20 else "backtracking"
    rows = [run(["count-schedules", "--p", str(p), "--method", method])["rows"][0]
            for _ in range(1 if p > 16 else reps)]
    b = statistics.median(r["backtracking_seconds"] for r in rows)
    r = rows[0]
    # A method that did not run reports null (JSON format 1): Z3 is not run above p = 20.
    z3 = ("not run" if r["z3_count"] is None
          else f"{r['z3_count']} in {statistics.median(x['z3_seconds'] for x in rows):.3f} s")
    print(f"count-schedules --p {p} ({method}): z3 {z3}, "
          f"backtracking {r['backtracking_count']} in {b:.4f} s, agree {r['agree']}")
