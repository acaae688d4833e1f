#!/usr/bin/env bash
# The MPI part of `make run`: executes the circulant broadcast (Algorithm 6) and the irregular
# allgather (Algorithm 9) with collverify-mpi for p = 1..16 ranks against MPI_Bcast and
# MPI_Allgatherv, and writes each run's reports under reports/out/mpi/<collective>/p<P>/ plus a
# one-line-per-run summary reports/out/mpi/summary.txt.
#
#   scripts/mpi-campaign.sh [BUILD_DIR] [OUT_DIR]
#
# Exit status: 0 when every run passed, 1 when any run found a mismatch, 2 when a run could not
# start or was refused (anything else). The Open MPI run-as-root variables are set here, so the
# campaign works as root without the caller's shell knowing about them.
set -uo pipefail
build=${1:-build}
out=${2:-reports/out/mpi}
bin=$(cd "$build" 2>/dev/null && pwd)/mpi/collverify-mpi
if [ ! -x "$bin" ]; then
  echo "mpi-campaign: $bin not built (configure with -DCOLLVERIFY_MPI=ON, the default)" >&2
  exit 2
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p "$out"
summary=$out/summary.txt
: > "$summary"
status=0
runs=0
failed=0
for collective in bcast allgatherv; do
  for p in $(seq 1 16); do
    dir=$out/$collective/p$p
    mkdir -p "$out/$collective"
    case $collective in
      bcast) args="--bytes 100003 --blocks 9" ;;
      allgatherv) args="--bytes 40000 --blocks 4" ;;
    esac
    # shellcheck disable=SC2086
    mpirun --oversubscribe --bind-to none -np "$p" "$bin" "$collective" $args \
      --report "$dir" --format json,junit,md >"$dir.log" 2>&1
    rc=$?
    runs=$((runs + 1))
    case $rc in
      0) verdict=pass ;;
      1) verdict=FAIL; failed=$((failed + 1)); [ $status -eq 0 ] && status=1 ;;
      *) verdict="ERROR (exit $rc, see $dir.log)"; failed=$((failed + 1)); status=2 ;;
    esac
    echo "mpi-$collective p=$p: $verdict" | tee -a "$summary"
  done
done
echo "mpi campaign: $((runs - failed)) of $runs runs equal the native collective; reports in $out/" \
  | tee -a "$summary"
exit $status
