#!/bin/sh
# docs/PERFORMANCE.md "count-schedules: the structured counter": medians of 5 repetitions of
# bench/count_schedules_bench.cpp (structured counter and its backtracking twins, same binary,
# same run), CPU and wall time. Usage: bench/count_schedules.sh [BUILD_DIR]
set -eu
build=${1:-build}
out=bench/out
mkdir -p "$out"
"$build/bench/count_schedules_bench" --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true \
  --benchmark_out="$out/count_schedules_bench.json" --benchmark_out_format=json |
  grep -E "median|^Benchmark|^-"
