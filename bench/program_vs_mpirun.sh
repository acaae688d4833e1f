#!/usr/bin/env bash
# The program route side by side (docs/PERFORMANCE.md, "Program route"): the binomial broadcast of
# examples/programs over p = 2..32, the default counts (0, 1, p-1, p, p+1, 2p+1, 3p+2, 100) and
# every root, done the way users do it today -- one `mpirun` of the real-MPI driver per instance,
# Open MPI, int data -- against one `verify program` of the whole sweep (both bufferings, int).
# The mpirun side runs a seeded sample of SAMPLE instances (0: all of them) and extrapolates by the
# mean time per instance, which it says; the ratio printed is (mpirun, extrapolated) / (verify).
#   bench/program_vs_mpirun.sh [BUILD_DIR] [SAMPLE]
set -euo pipefail
build=${1:-build}
sample=${2:-60}
plugin=$build/examples/programs/cv_program_bcast_binomial.so
# Open MPI refuses to run as root unless told; oversubscribe: up to 32 ranks on this machine;
# mpirun reads stdin, so it gets /dev/null (else it eats the list of instances).
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
list=$(mktemp)
trap 'rm -f "$list"' EXIT
python3 - "$sample" >"$list" <<'PY'
import random, sys
sample = int(sys.argv[1])
instances = []
for p in range(2, 33):
    counts = sorted({c for c in (0, 1, p - 1, p, p + 1, 2 * p + 1, 3 * p + 2, 100) if c >= 0})
    instances += [(p, c, r) for c in counts for r in range(p)]
print(len(instances))
chosen = instances if sample == 0 or sample >= len(instances) else \
    sorted(random.Random(22).sample(instances, sample))
for p, c, r in chosen:
    print(p, c, r)
PY
total=$(head -n 1 "$list")
ran=0
fails=0
start=$(date +%s.%N)
while read -r p count root; do
  if ! mpirun --oversubscribe -np "$p" "$build/mpi/collverify-mpi" program --plugin "$plugin" \
       --collective bcast --count "$count" --root "$root" </dev/null >/dev/null 2>&1; then
    fails=$((fails + 1))
    echo "mpirun: p=$p count=$count root=$root did not pass" >&2
  fi
  ran=$((ran + 1))
done < <(tail -n +2 "$list")
mpirun_s=$(echo "$(date +%s.%N) - $start" | bc -l)
start=$(date +%s.%N)
"$build/cli/collverify" verify program --plugin "$plugin" --collective bcast --datatype int \
  --p 2..32 --jobs 2 >/dev/null
verify_s=$(echo "$(date +%s.%N) - $start" | bc -l)
python3 - "$total" "$ran" "$fails" "$mpirun_s" "$verify_s" <<'PY'
import sys
total, ran, fails = map(int, sys.argv[1:4])
mpirun_s, verify_s = map(float, sys.argv[4:6])
per = mpirun_s / ran
full = per * total
print(f"instances of the sweep (p, count, root): {total}")
print(f"mpirun side: {ran} run{'s' if ran != 1 else ''} ({'all' if ran == total else 'a seeded sample'}), "
      f"{fails} not passing, {mpirun_s:.1f} s wall, {per:.2f} s per instance"
      + ("" if ran == total else f"; the whole sweep extrapolated: {full:.0f} s"))
print(f"verify program (both bufferings, {2 * total} instances, --jobs 2): {verify_s:.1f} s wall")
print(f"ratio mpirun / verify program: {full / verify_s:.0f}")
PY
