#!/usr/bin/env bash
# The verification a CI job runs (examples/ci/github-workflow.yml and examples/ci/gitlab-ci.yml
# both call this script, so the two CIs check the same thing and a developer can run it too):
# build collverify (unless one is given), then verify the schedules and programs named in the
# environment, writing the reports. The exit status is the job's check: 0 every verification
# passed, 1 a violation was found, 2 bad input or a failed build, 3 inconclusive.
#
# What to verify (at least one; each may be a list separated by spaces):
#   CV_SCHEDULE_FILE    circulant broadcast schedules as JSON (docs/DESIGN.md "Schedule
#                       conventions"; a file of one p, a JSON array, JSON Lines or a directory):
#                       collverify verify bcast --schedule-file F
#   CV_SCHEDULE_PLUGIN  schedule plugins (include/collverify/plugin.h) run for every p of CV_P:
#                       collverify verify bcast --p $CV_P --schedule-plugin LIB.so
#   CV_PROGRAM_SOURCE   C files of a collective over MPI point-to-point (README, "the program
#                       route"), each compiled here against collverify's mpi.h into its own
#                       plugin: collverify verify program --plugin X.so --p $CV_PROGRAM_P
#   CV_PROGRAM_PLUGIN   program-route plugins already built: as CV_PROGRAM_SOURCE
# Settings:
#   COLLVERIFY          an already-built collverify: skips the build (a cached or installed one)
#   COLLVERIFY_SRC      the collverify source tree (default: the one this script is in)
#   COLLVERIFY_BUILD    its build directory (default: $COLLVERIFY_SRC/build-ci); the build uses
#                       ccache when it is installed (CCACHE_DIR is where CI caches it)
#   CV_REPORT           the report directory (default: collverify-reports); each verification
#                       writes DIR/<kind>-<name>/ with summary.json, junit.xml, report.md,
#                       report.html
#   CV_P                p range for schedule plugins (default 2..4096)
#   CV_PROGRAM_P        p range for programs (default 2..32)
#   CV_ARGS             more flags for every verify command (e.g. "--jobs 2")
#   GITHUB_ACTIONS      set by GitHub: adds --github (annotations, $GITHUB_STEP_SUMMARY)
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${COLLVERIFY_SRC:-$(cd "$here/../.." && pwd)}
build=${COLLVERIFY_BUILD:-$src/build-ci}
report=${CV_REPORT:-collverify-reports}
say() { echo "verify.sh: $*" >&2; }

if [ -z "${CV_SCHEDULE_FILE:-}${CV_SCHEDULE_PLUGIN:-}${CV_PROGRAM_SOURCE:-}${CV_PROGRAM_PLUGIN:-}" ]; then
  say "nothing to verify: set CV_SCHEDULE_FILE, CV_SCHEDULE_PLUGIN, CV_PROGRAM_SOURCE or CV_PROGRAM_PLUGIN"
  exit 2
fi

# 1. collverify: the one given, or built from $src (only the program and what it loads at run
#    time; no tests, benchmarks or MPI, which a verification does not need).
if [ -n "${COLLVERIFY:-}" ]; then
  cv=$COLLVERIFY
else
  launcher=()
  if command -v ccache > /dev/null; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  say "building collverify from $src in $build"
  mkdir -p "$build"
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCOLLVERIFY_TESTS=OFF \
        -DCOLLVERIFY_BENCH=OFF -DCOLLVERIFY_MPI=OFF "${launcher[@]}" > "$build/configure.log" 2>&1 \
    || { cat "$build/configure.log"; say "configuring collverify failed"; exit 2; }
  cmake --build "$build" --target collverify || { say "building collverify failed"; exit 2; }
  cv=$build/cli/collverify
fi
"$cv" --version > /dev/null || { say "$cv does not run"; exit 2; }

formats=(--format "json,junit,md,html")
github=()
[ "${GITHUB_ACTIONS:-}" = "true" ] && github=(--github)
# shellcheck disable=SC2206  # CV_ARGS is a list of flags
extra=(${CV_ARGS:-})
mkdir -p "$report"

# The worst status so far, in the order of the Makefile's `make run`: 1 (a violation) over 2 (did
# not run) over 3 (inconclusive) over 0.
status=0
record() {
  local rc=$1
  if [ "$rc" -eq 1 ] || [ "$status" -eq 1 ]; then status=1
  elif [ "$rc" -eq 2 ] || [ "$status" -eq 2 ]; then status=2
  elif [ "$rc" -ne 0 ] || [ "$status" -ne 0 ]; then status=3
  fi
}
# run KIND NAME COMMAND...: one verification into $report/KIND-NAME.
run() {
  local dir=$report/$1-$2
  shift 2
  say "$* --report $dir"
  "$@" --report "$dir" "${formats[@]}" "${github[@]}" "${extra[@]}"
  local rc=$?
  say "exit $rc; reports in $dir"
  record "$rc"
}
name_of() { local b; b=$(basename "$1"); echo "${b%%.*}"; }

for f in ${CV_SCHEDULE_FILE:-}; do
  run schedule "$(name_of "$f")" "$cv" verify bcast --schedule-file "$f"
done
for lib in ${CV_SCHEDULE_PLUGIN:-}; do
  run plugin "$(name_of "$lib")" "$cv" verify bcast --p "${CV_P:-2..4096}" --schedule-plugin "$lib"
done
plugins=()
for lib in ${CV_PROGRAM_PLUGIN:-}; do plugins+=("$lib"); done
plugin_dir=$(mktemp -d)
trap 'rm -rf "$plugin_dir"' EXIT
for c in ${CV_PROGRAM_SOURCE:-}; do
  lib=$plugin_dir/$(name_of "$c").so
  # The plugin links nothing: its MPI_* are collverify's, resolved when collverify loads it.
  if ! cc -std=c99 -O2 -fPIC -shared -I "$src/include/collverify/mpi" "$c" -o "$lib"; then
    say "compiling $c against collverify's mpi.h failed"
    record 2
    continue
  fi
  plugins+=("$lib")
done
for lib in "${plugins[@]}"; do
  run program "$(name_of "$lib")" "$cv" verify program --plugin "$lib" --p "${CV_PROGRAM_P:-2..32}"
done

say "done: exit $status (0 pass, 1 violation, 2 bad input, 3 inconclusive)"
exit "$status"
