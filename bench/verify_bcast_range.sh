#!/usr/bin/env bash
# The issue-9 target: `verify bcast --p 2..131072` (default blocks, default construction) in
# under 600 s wall with --jobs 2 on the 2-core reference machine, and the same run on 1 job so
# that the parallel efficiency is visible. Usage: bench/verify_bcast_range.sh [BUILD_DIR] [RANGE]
# Prints wall, user+sys CPU and peak RSS of each run, then the speed-up of 2 jobs over 1.
# Takes about 10 + 20 minutes at the full range; give a smaller RANGE for a quick look.
set -euo pipefail
build=${1:-build}
range=${2:-2..131072}
cv=$build/cli/collverify
out=${BENCH_OUT:-bench/out}
mkdir -p "$out"
declare -A wall
for jobs in 2 1; do
  /usr/bin/time -f "%e %U %S %M" -o "$out/range_time_$jobs.txt" \
    "$cv" verify bcast --p "$range" --jobs "$jobs" >"$out/range_out_$jobs.txt" 2>/dev/null
  read -r w u s m <"$out/range_time_$jobs.txt"
  wall[$jobs]=$w
  printf 'verify bcast --p %s --jobs %s: %s; wall %s s, CPU %.1f s, peak RSS %s KiB\n' \
    "$range" "$jobs" "$(head -1 "$out/range_out_$jobs.txt")" "$w" "$(awk -v u="$u" -v s="$s" 'BEGIN{print u + s}')" "$m"
done
awk -v a="${wall[1]}" -v b="${wall[2]}" 'BEGIN{printf "parallel speed-up (wall, 1 job / 2 jobs): %.2f\n", a / b}'
