#!/usr/bin/env bash
# The program route's sweep target (docs/PERFORMANCE.md, "Program route"): the binomial broadcast of
# examples/programs for every p in 2..512, the default counts, every root up to p = 64 and four
# above, eager and rendezvous, on two jobs; then the runtime's messages per second in one thread.
#   bench/program_sweep.sh [BUILD_DIR]
set -euo pipefail
build=${1:-build}
plugin=$build/examples/programs/cv_program_bcast_binomial.so
/usr/bin/time -f "sweep 2..512: %e s wall, %U s user, %S s sys, %M KB peak" \
  "$build/cli/collverify" verify program --plugin "$plugin" --p 2..512 --jobs 2
for p in 16 64; do "$build/bench/program_bench" "$p" 1 5; done
# The side by side against one mpirun per instance (p = 2..32): bench/program_vs_mpirun.sh.
