#!/usr/bin/env bash
# Lemma B5 (distinct seeds) against the B4-only search in the same run: docs/PERFORMANCE.md,
# "Trees: non-ordered branch and bound", B5. Limits in CPU seconds (BNB_CPU_LIMIT), so the
# shared machine's load changes the wall time, not the outcome.
# Usage: bench/nonordered_bnb_seeds.sh [BUILD_DIR] [SECONDS]
#   1. p = 28, alpha = 1, 100 and 1000 on the instances B4 proves (random seeds 1 and 3, and
#      decreasing at 1 and 100): B5, then BNB_NO_SEEDS (the baseline), 3 runs each.
#   2. p = 28, alpha = 1000, the instances B4 does not prove (decreasing, random seeds 2, 4, 5):
#      B5 once, SECONDS each (default 60; the B4 figures are the earlier table's).
#   3. The largest p proved at alpha = 1000 within SECONDS of CPU (p from 20), B5.
set -euo pipefail
build=${1:-build}
seconds=${2:-60}
bench=$build/bench/nonordered_bnb_bench
export BNB_CPU_LIMIT=1
echo "== proved instances: B5, then the baseline (B4 only), 3 runs each"
for run in "decreasing 1 1" "decreasing 1 100" "random 1 1" "random 1 100" "random 1 1000" \
           "random 3 1" "random 3 100" "random 3 1000"; do
  set -- $run
  for i in 1 2 3; do "$bench" one "$1" 28 "$3" "$2" "$seconds"; done
  for i in 1 2 3; do BNB_NO_SEEDS=1 "$bench" one "$1" 28 "$3" "$2" "$seconds"; done
done
echo "== alpha = 1000, not proved by B4 in 60 s CPU: B5, $seconds s CPU"
for inst in "random 2" "random 4" "random 5" "decreasing 1"; do
  set -- $inst
  "$bench" one "$1" 28 1000 "$2" "$seconds"
done
echo "== largest p proved at alpha = 1000 within $seconds s CPU (p from 20), B5"
for inst in "decreasing 1" "random 1" "random 2" "random 3" "random 4" "random 5"; do
  set -- $inst
  "$bench" maxp "$1" 1000 "$2" "$seconds" 20 32
done
