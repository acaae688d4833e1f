#!/usr/bin/env bash
# Lemma B5 (distinct seeds) against the B4-only search in the same run: docs/PERFORMANCE.md,
# "Trees: non-ordered branch and bound", issue 24 follow-up. Limits in CPU seconds
# (BNB_CPU_LIMIT), so the shared machine's load changes the wall time, not the result.
# Usage: bench/nonordered_bnb_seeds.sh [BUILD_DIR] [SECONDS]
#   1. p = 28, alpha = 1000: every distribution with distinct sizes (decreasing = increasing;
#      random seeds 1..5), with B5 and with BNB_NO_SEEDS (the baseline), SECONDS each (60).
#   2. p = 28, alpha = 1 and 100, the same instances: the cost of B5 where B4 already proves.
#   3. The largest p proved at alpha = 1000 (p from 20 to 32), with B5.
set -euo pipefail
build=${1:-build}
seconds=${2:-60}
bench=$build/bench/nonordered_bnb_bench
export BNB_CPU_LIMIT=1
insts=("decreasing 1" "random 1" "random 2" "random 3" "random 4" "random 5")
echo "== p = 28, alpha = 1000, $seconds s CPU: B5, then the baseline (B4 only)"
for inst in "${insts[@]}"; do
  set -- $inst
  "$bench" one "$1" 28 1000 "$2" "$seconds"
  BNB_NO_SEEDS=1 "$bench" one "$1" 28 1000 "$2" "$seconds"
done
echo "== p = 28, alpha = 1 and 100: B5, then the baseline (3 runs each)"
for alpha in 1 100; do
  for inst in "${insts[@]}"; do
    set -- $inst
    for i in 1 2 3; do "$bench" one "$1" 28 "$alpha" "$2" "$seconds"; done
    for i in 1 2 3; do BNB_NO_SEEDS=1 "$bench" one "$1" 28 "$alpha" "$2" "$seconds"; done
  done
done
echo "== largest p proved at alpha = 1000 within $seconds s CPU (from 20), B5"
for inst in "${insts[@]}"; do
  set -- $inst
  "$bench" maxp "$1" 1000 "$2" "$seconds" 20 32
done
