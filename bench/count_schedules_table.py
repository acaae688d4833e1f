#!/usr/bin/env python3
"""The counts table of docs/RESULTS-count-schedules.md, written by the tool, not by hand.

Usage: bench/count_schedules_table.py [BUILD_DIR] [P_RANGE] [LIMIT]
Runs `collverify count-schedules --p P_RANGE --method structured --limit LIMIT --format json`
(defaults: build, 2..64, 10000) and prints one markdown row per p: p, q, the structured count,
the backtracking twin's listing (its count, ">= N" when --limit cut it), whether they are
consistent, the current-phase structures, the largest component and the structured seconds.
Exits 1 unless the command exited 0. tests/proofs/circulant/count_structured_doc_test.cpp reads
the rows back and compares them with the counters.
"""
import json
import subprocess
import sys

build = sys.argv[1] if len(sys.argv) > 1 else "build"
prange = sys.argv[2] if len(sys.argv) > 2 else "2..64"
limit = sys.argv[3] if len(sys.argv) > 3 else "10000"
cmd = [f"{build}/cli/collverify", "count-schedules", "--p", prange, "--method", "structured",
       "--limit", limit, "--format", "json"]
out = subprocess.run(cmd, capture_output=True, text=True)
doc = json.loads(out.stdout)
print("| p | q | count (structured) | backtracking twin | consistent | stage-1 solutions "
      "| largest component | structured s |")
print("|---|---|---|---|---|---|---|---|")
for r in doc["rows"]:
    bt = str(r["backtracking_count"]) if r["backtracking_complete"] else f">= {r['backtracking_count']}"
    ok = "equal" if r["backtracking_complete"] else "count >= listing"
    if not r["structured_agrees"]:
        ok = "DISAGREE"
    print(f"| {r['p']} | {r['q']} | {r['structured_count']} | {bt} | {ok} | "
          f"{r['stage1_solutions']} | {r['largest_component']} | {r['structured_seconds']:.3f} |")
print(f"\n`{' '.join(cmd[1:])}`: exit {out.returncode}.")
sys.exit(0 if out.returncode == 0 else 1)
