#!/usr/bin/env bash
# The local-search incumbent and the probing search (branch bnb28) against the previous search,
# in one run: docs/PERFORMANCE.md, "Trees: non-ordered branch and bound", bnb28. Limits in CPU
# seconds (BNB_CPU_LIMIT), so the shared machine's load changes the wall time, not the outcome.
# Usage: bench/nonordered_bnb_local.sh [BUILD_DIR] [SECONDS] [PREVIOUS_BENCH]
#   PREVIOUS_BENCH: nonordered_bnb_bench built from the previous commit (default: this build
#   with BNB_NO_LOCAL=1 BNB_NO_PROBE=1, which runs the previous search's code path).
#   1. p = 28, alpha = 1000, decreasing and random seeds 1..5: new 3 runs (1 when not proved),
#      previous once.
#   2. p = 28, every distribution, alpha = 1 and 100 (and 1000 for the repeated-size ones):
#      new, 3 runs each.
#   3. The largest p proved within SECONDS of CPU at alpha = 1000 (p from 20) and at alpha = 1
#      and 100 (p from 28), up to 40.
#   4. Against the subset DP at p = 18 (alpha = 100 and 1000).
set -euo pipefail
build=${1:-build}
seconds=${2:-60}
bench=$build/bench/nonordered_bnb_bench
previous=${3:-}
export BNB_CPU_LIMIT=1
prev() {
  if [[ -n $previous ]]; then "$previous" "$@"; else BNB_NO_LOCAL=1 BNB_NO_PROBE=1 "$bench" "$@"; fi
}
echo "== 1. p = 28, alpha = 1000: new (3 runs when proved), then previous (1 run)"
for inst in "decreasing 1" "random 1" "random 2" "random 3" "random 4" "random 5"; do
  set -- $inst
  line=$("$bench" one "$1" 28 1000 "$2" "$seconds")
  echo "new $line"
  if [[ $line == *"optimal=1"* ]]; then
    for i in 1 2; do echo "new $("$bench" one "$1" 28 1000 "$2" "$seconds")"; done
  fi
  echo "previous $(prev one "$1" 28 1000 "$2" "$seconds")"
done
echo "== 2. p = 28, every distribution, new, 3 runs"
for alpha in 1 100 1000; do
  for inst in "same 1" "decreasing 1" "alternating 1" "skewed 1" "two_blocks 1" \
              "random 1" "random 2" "random 3" "random 4" "random 5"; do
    set -- $inst
    [[ $alpha == 1000 && ($1 == decreasing || $1 == random) ]] && continue  # part 1
    for i in 1 2 3; do "$bench" one "$1" 28 "$alpha" "$2" "$seconds"; done
  done
done
echo "== 3. largest p proved within $seconds s CPU"
for inst in "decreasing 1" "random 1" "random 2" "random 3" "random 4" "random 5"; do
  set -- $inst
  "$bench" maxp "$1" 1000 "$2" "$seconds" 20 40
done
for alpha in 1 100; do
  for inst in "decreasing 1" "random 1" "random 2" "random 3" "random 4" "random 5"; do
    set -- $inst
    "$bench" maxp "$1" "$alpha" "$2" "$seconds" 28 40
  done
done
echo "== 4. against the subset DP at p = 18"
for alpha in 100 1000; do
  for inst in "decreasing 1" "random 1" "alternating 1"; do
    set -- $inst
    "$bench" vsdp "$1" 18 "$alpha" "$2"
  done
done
