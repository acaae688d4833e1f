#!/usr/bin/env bash
# examples/ci/verify.sh, the script both CI examples call, run as a CI job runs it: its exit
# status is the red or green check, so a good schedule must give 0 and a broken one 1.
#
#   ci_verify_test.sh built SOURCE_DIR COLLVERIFY [REFERENCE_PLUGIN FAULTY_PLUGIN]
#     The verification part against the built collverify (COLLVERIFY=...): schedule files good
#     and broken, C programs (a correct one and a mutant, compiled by the script against
#     mpi.h), schedule plugins when given, --github's annotations and step summary, and the
#     refusals (nothing to verify, a missing file: exit 2). Label unit.
#   ci_verify_test.sh clean-clone SOURCE_DIR WORK_DIR
#     The whole job: `git clone` of SOURCE_DIR's committed HEAD into WORK_DIR, the script builds
#     collverify from the clone (no COLLVERIFY) and verifies the clone's good schedule and program
#     (exit 0), then its broken schedule (exit 1). A full build: label slow.
# Exit 0 all held, 1 a check failed, 77 (skipped) when what it runs is not built.
set -uo pipefail
mode=$1 source=$2
shift 2

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# job WANT DESCRIPTION VAR=VALUE...: run verify.sh with that environment (and nothing else of the
# CV_ settings of the caller) in $job_dir, its output in $job_dir/log.
job() {
  local want=$1 what=$2
  shift 2
  rm -rf "$job_dir" && mkdir -p "$job_dir"
  (cd "$job_dir" && env -u CV_SCHEDULE_FILE -u CV_SCHEDULE_PLUGIN -u CV_PROGRAM_SOURCE \
       -u CV_PROGRAM_PLUGIN -u CV_ARGS -u GITHUB_ACTIONS -u GITHUB_STEP_SUMMARY "$@" \
       "$script" > log 2>&1)
  local rc=$?
  if [ "$rc" -ne "$want" ]; then
    fail "$what: verify.sh exited $rc, expected $want"
    sed 's/^/    /' "$job_dir/log" | tail -25
    return 1
  fi
  echo "ok: $what (exit $rc)"
}
# reports DIR: the four report files of one verification are there.
reports() {
  local f
  for f in summary.json junit.xml report.md report.html; do
    [ -s "$job_dir/collverify-reports/$1/$f" ] || fail "no $1/$f"
  done
}
verdict_is() {
  grep -q "\"verdict\": \"$2\"" "$job_dir/collverify-reports/$1/summary.json" 2> /dev/null \
    || fail "$1/summary.json does not say verdict $2"
}

case $mode in
built)
  cv=$1
  shift
  [ -x "$cv" ] || { echo "SKIP: $cv is not built (cmake --build <build> --target collverify)"; exit 77; }
  export COLLVERIFY=$cv
  script=$source/examples/ci/verify.sh
  work=$(mktemp -d "${TMPDIR:-/tmp}/collverify-ci-test.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  job_dir=$work/job
  good=$source/examples/schedules/bcast_p20.json
  broken=$source/examples/schedules/bcast_p20_broken.json

  job 0 "a good schedule file" CV_SCHEDULE_FILE="$good" && reports schedule-bcast_p20 \
    && verdict_is schedule-bcast_p20 pass

  if job 1 "a broken schedule file" CV_SCHEDULE_FILE="$broken"; then
    reports schedule-bcast_p20_broken
    verdict_is schedule-bcast_p20_broken fail
    grep -q "<failure" "$job_dir/collverify-reports/schedule-bcast_p20_broken/junit.xml" \
      || fail "junit.xml of the broken schedule has no <failure>"
    # Outside GitHub (GITHUB_ACTIONS unset) no workflow commands.
    if grep -q "^::" "$job_dir/log"; then fail "annotations printed outside GitHub"; fi
  fi

  # A good and a broken verification in one job: the job is red, each report says which.
  if job 1 "a good and a broken schedule together" CV_SCHEDULE_FILE="$good $broken"; then
    verdict_is schedule-bcast_p20 pass
    verdict_is schedule-bcast_p20_broken fail
  fi

  # On GitHub: annotations on stdout and the job summary appended to $GITHUB_STEP_SUMMARY.
  if job 1 "--github on a broken schedule" CV_SCHEDULE_FILE="$broken" GITHUB_ACTIONS=true \
       GITHUB_STEP_SUMMARY="$work/step_summary.md"; then
    grep -q "^::error " "$job_dir/log" || fail "--github printed no ::error annotation"
    grep -q "p=20" "$work/step_summary.md" 2> /dev/null \
      || fail "\$GITHUB_STEP_SUMMARY does not name the witness (p=20)"
  fi

  # The program route: C sources compiled by the script against collverify's mpi.h.
  job 0 "a correct C program" CV_PROGRAM_SOURCE="$source/examples/programs/bcast_binomial.c" \
    CV_PROGRAM_P=2..16 && reports program-bcast_binomial && verdict_is program-bcast_binomial pass
  if job 1 "a correct C program and a mutant" CV_PROGRAM_P=2..16 \
       CV_PROGRAM_SOURCE="$source/examples/programs/bcast_binomial.c $source/examples/programs/mutants/bcast_binomial_extra_send.c"; then
    verdict_is program-bcast_binomial pass
    verdict_is program-bcast_binomial_extra_send fail
  fi
  # A C file that does not compile is a job that did not run (2), never a pass.
  echo "int cv_bcast(void) { return undeclared; }" > "$work/bad.c"
  job 2 "a C program that does not compile" CV_PROGRAM_SOURCE="$work/bad.c"

  # Schedule plugins, when the example plugins are built.
  if [ $# -ge 2 ] && [ -e "$1" ] && [ -e "$2" ]; then
    job 0 "a correct schedule plugin" CV_SCHEDULE_PLUGIN="$1" CV_P=2..64
    job 1 "a faulty schedule plugin" CV_SCHEDULE_PLUGIN="$2" CV_P=2..64
  else
    echo "note: the example schedule plugins are not built; their cases are left out"
  fi

  job 2 "nothing to verify"
  job 2 "a schedule file that does not exist" CV_SCHEDULE_FILE="$work/missing.json"
  ;;
clean-clone)
  work_root=$1
  git -C "$source" rev-parse HEAD > /dev/null 2>&1 \
    || { echo "SKIP: $source is not a git checkout"; exit 77; }
  mkdir -p "$work_root"
  work=$(mktemp -d "$work_root/ci-clone.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  head=$(git -C "$source" rev-parse HEAD)
  echo "cloning $source at $head (what is committed: uncommitted changes are not in the clone)"
  if ! git clone -q --no-checkout "$source" "$work/collverify" \
     || ! git -C "$work/collverify" checkout -q "$head"; then
    echo "FAIL: git clone"; exit 1
  fi
  clone=$work/collverify
  script=$clone/examples/ci/verify.sh
  job_dir=$work/job
  unset COLLVERIFY
  start=$SECONDS
  job 0 "clean clone: build, a good schedule and a correct C program" \
    CV_SCHEDULE_FILE="$clone/examples/schedules/bcast_p20.json" \
    CV_PROGRAM_SOURCE="$clone/examples/programs/bcast_binomial.c" CV_PROGRAM_P=2..16 \
    && reports schedule-bcast_p20 && reports program-bcast_binomial
  echo "build and verification: $((SECONDS - start)) s"
  [ -x "$clone/build-ci/cli/collverify" ] || fail "the script did not build $clone/build-ci/cli/collverify"
  job 1 "clean clone: a broken schedule" \
    CV_SCHEDULE_FILE="$clone/examples/schedules/bcast_p20_broken.json" \
    && verdict_is schedule-bcast_p20_broken fail
  ;;
*)
  echo "usage: $0 built|clean-clone SOURCE_DIR ..."; exit 2 ;;
esac

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks of examples/ci/verify.sh hold"
