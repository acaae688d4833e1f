#!/usr/bin/env bash
# Records the figures of docs/PERFORMANCE.md. Usage: bench/run.sh [BUILD_DIR]
# Machines are shared and noisy: Google Benchmark reports medians of 5 repetitions, and the
# end-to-end runs print wall time, CPU time and peak RSS from /usr/bin/time.
set -euo pipefail
build=${1:-build}
cv=$build/cli/collverify
out=${BENCH_OUT:-bench/out}
mkdir -p "$out"
echo "== micro benchmarks (medians of 5)"
"$build/bench/circulant_bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  --benchmark_out="$out/circulant_bench.json" --benchmark_out_format=json | grep -E "median|^Benchmark|^-"
timed() {
  local label=$1; shift
  /usr/bin/time -f "$label: wall %e s, user %U s, peak RSS %M KiB" "$@" >/dev/null 2>"$out/time.txt" || true
  tail -1 "$out/time.txt"
}
echo "== end to end"
timed "verify bcast --p 2..16384 (default blocks, 2 jobs)" "$cv" verify bcast --p 2..16384 --jobs 2
timed "verify bcast --p 1000000 (single p)" "$cv" verify bcast --p 1000000 --jobs 1
python3 bench/processor_rounds.py 2 16384
