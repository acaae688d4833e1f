#!/usr/bin/env bash
# Records the "Allgather, census, allgatherv" figures of docs/PERFORMANCE.md.
# Usage: bench/collectives.sh [BUILD_DIR]. Medians of 5 for the micro benchmarks; wall, CPU and
# peak RSS from /usr/bin/time for the end-to-end runs (2 jobs).
set -euo pipefail
build=${1:-build}
cv=$build/cli/collverify
echo "== micro benchmarks (medians of 5)"
"$build/bench/collectives_bench" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
  | grep -E "median"
timed() {
  local label=$1; shift
  /usr/bin/time -f "$label: wall %e s, user %U s, peak RSS %M KiB" "$@" 2>&1 >/dev/null | tail -1
}
echo "== end to end"
timed "verify allgather --p 2..1024" "$cv" verify allgather --p 2..1024 --jobs 2
timed "verify census --p 2..1024" "$cv" verify census --p 2..1024 --jobs 2
timed "verify allgatherv --p 2..1024 --blocks q+1" "$cv" verify allgatherv --p 2..1024 --blocks q+1 --jobs 2
timed "verify allgatherv --p 2..1024:8 (default blocks)" "$cv" verify allgatherv --p 2..1024:8 --jobs 2
