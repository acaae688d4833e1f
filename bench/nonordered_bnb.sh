#!/usr/bin/env bash
# The figures of docs/PERFORMANCE.md, "Trees: non-ordered branch and bound".
# Usage: bench/nonordered_bnb.sh [BUILD_DIR] [REPEATS]
#   1. p = 28, 60 s limit, every deterministic distribution of seed 001 and random sizes with
#      seeds 1..5, alpha in {1, 100, 1000} (b = 1000, beta = gamma = 1, best root): one line per
#      run, REPEATS runs (default 3) of every instance that finishes, one of those that do not
#      (a run that hits the limit takes the limit).
#   2. The largest p proved within 60 s for the distributions with all sizes distinct
#      (increasing is decreasing's multiset, so the same answer).
#   3. The ratio against the subset DP at p = 18.
# The machine is shared: read the medians, and compare only runs of the same invocation.
set -euo pipefail
build=${1:-build}
repeats=${2:-3}
bench=$build/bench/nonordered_bnb_bench
echo "== p = 28 within 60 s"
for alpha in 1 100 1000; do
  for inst in "same 1" "decreasing 1" "increasing 1" "alternating 1" "skewed 1" "two_blocks 1" \
              "random 1" "random 2" "random 3" "random 4" "random 5"; do
    set -- $inst
    line=$("$bench" one "$1" 28 "$alpha" "$2" 60)
    echo "$line"
    if [[ $line == *"optimal=1"* ]]; then
      for ((i = 1; i < repeats; ++i)); do "$bench" one "$1" 28 "$alpha" "$2" 60; done
    fi
  done
done
echo "== largest p proved within 60 s (p from 20; alpha = 1000 every instance, alpha = 100 up to 40)"
for inst in "decreasing 1" "random 1" "random 2" "random 3" "random 4" "random 5"; do
  set -- $inst
  "$bench" maxp "$1" 1000 "$2" 60 20 40
done
for inst in "decreasing 1" "random 1"; do
  set -- $inst
  "$bench" maxp "$1" 100 "$2" 60 28 40
done
echo "== against the subset DP at p = 18 (alpha = 100)"
for inst in "decreasing 1" "random 1" "alternating 1"; do
  set -- $inst
  "$bench" vsdp "$1" 18 100 "$2"
done
