#!/usr/bin/env bash
# What a user of `cmake --install` meets (cmake/Install.cmake): install the build into a fresh
# prefix, move the prefix elsewhere (nothing may depend on the build tree or on the prefix the
# files were installed to), then use only what is there:
#   - bin/collverify --version and real verify runs: a passing range (exit 0, summary.json) and a
#     broken schedule file (exit 1), so the installed program really judges;
#   - the program route: the installed libcollverify_program.so is the one loaded (RUNPATH), and a
#     plugin compiled with `cc $(pkg-config --cflags collverify)` against the installed mpi.h passes
#     `verify program` while a mutant of it fails (the worker and the MPI shim are found beside
#     the installed library, or the run could not start);
#   - the campaign's data (example programs, routed examples) is installed and read from there;
#   - pkg-config resolves (version, Cflags into the prefix, the program's path);
#   - find_package(collverify) in a small CMake project builds a plugin with
#     collverify::program_plugin and hands back collverify::collverify, which runs it;
#   - with MPI built: bin/collverify-mpi runs the same plugin under mpirun (it execs
#     collverify-mpi-program from beside itself).
# Exit 0 all held, 1 a check failed, 77 (skipped) when the targets to install are not built.
#
# Usage: install_test.sh BUILD_DIR SOURCE_DIR VERSION CMAKE GENERATOR CC MPIEXEC FILE...
#   FILE...: the built files `cmake --install` copies (the test skips when one is missing).
set -uo pipefail
build=$1 source=$2 version=$3 cmake=$4 generator=$5 cc=$6 mpiexec=$7
shift 7

for f in "$@"; do
  if [ ! -e "$f" ]; then
    echo "SKIP: $f is not built; build the installed targets first (make build-run, or" \
         "cmake --build $build --target collverify collverify-mpi)"
    exit 77
  fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/collverify-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# expect RC DESCRIPTION COMMAND...: run COMMAND, its output to the log, and compare its exit code.
expect() {
  local want=$1 what=$2
  shift 2
  "$@" > "$work/out.txt" 2>&1
  local rc=$?
  if [ "$rc" -ne "$want" ]; then
    fail "$what: exit $rc, expected $want: $*"
    sed 's/^/    /' "$work/out.txt" | tail -20
  else
    echo "ok: $what (exit $rc)"
  fi
}

"$cmake" --install "$build" --prefix "$work/staged" > "$work/install.log" 2>&1 \
  || { cat "$work/install.log"; echo "FAIL: cmake --install"; exit 1; }
mv "$work/staged" "$work/prefix"
prefix=$work/prefix
cv=$prefix/bin/collverify
cd "$work" || exit 1

# The files a user is promised.
for f in bin/collverify include/collverify/plugin.h include/collverify/mpi/mpi.h \
         include/collverify/mpi/cv_program.h lib/collverify/libcollverify_program.so \
         lib/collverify/libcollverify_mpi_shim.so lib/collverify/collverify-program-worker \
         lib/cmake/collverify/collverifyConfig.cmake share/pkgconfig/collverify.pc \
         share/bash-completion/completions/collverify share/zsh/site-functions/_collverify \
         share/man/man1/collverify.1 lib/collverify/programs/cv_program_bcast_binomial.so \
         share/collverify/routed/hypercube3_oab.json; do
  [ -e "$prefix/$f" ] || fail "not installed: $f"
done
# The installed completion and man page are the installed program's own (not a stale copy).
cmp -s "$prefix/share/bash-completion/completions/collverify" <("$cv" --completion bash) \
  || fail "the installed bash completion differs from collverify --completion bash"
cmp -s "$prefix/share/man/man1/collverify.1" <("$cv" --man) \
  || fail "the installed man page differs from collverify --man"
if grep -rqF "$build" "$prefix/lib/cmake" "$prefix/share/pkgconfig"; then
  fail "the CMake or pkg-config files name the build tree $build"
fi

got=$("$cv" --version 2>&1)
[ "$got" = "$version" ] || fail "collverify --version printed '$got', expected '$version'"

# RUNPATH $ORIGIN: the runtime comes from the moved prefix, not from the build tree.
loaded=$(ldd "$prefix/lib/collverify/collverify" | awk '/libcollverify_program.so/ {print $3}')
[ "$loaded" = "$prefix/lib/collverify/libcollverify_program.so" ] \
  || fail "installed collverify loads libcollverify_program.so from '$loaded'"

expect 0 "verify bcast --p 2..64" "$cv" verify bcast --p 2..64 --report "$work/r1" --format json,junit
{ [ -s "$work/r1/summary.json" ] && [ -s "$work/r1/junit.xml" ]; } || fail "verify bcast wrote no reports"
grep -q '"verdict": "pass"' "$work/r1/summary.json" || fail "summary.json of the passing run says no pass"
expect 0 "verify bcast --schedule-file bcast_p20.json" \
  "$cv" verify bcast --schedule-file "$source/examples/schedules/bcast_p20.json"
expect 1 "verify bcast --schedule-file bcast_p20_broken.json" \
  "$cv" verify bcast --schedule-file "$source/examples/schedules/bcast_p20_broken.json"

# The campaign's data comes from the prefix, not from the build tree or the clone: no mutant is
# installed, an installed example program passes, and with the installed programs folder emptied
# the campaign refuses up front naming that folder (the build tree still holds every program, so
# a campaign reading it would have started).
[ -e "$prefix/lib/collverify/programs/mutants" ] && fail "the mutant programs are installed"
expect 0 "verify program (an installed example program)" \
  "$cv" verify program --plugin "$prefix/lib/collverify/programs/cv_program_bcast_binomial.so" --p 2..8
mv "$prefix/lib/collverify/programs" "$work/programs.aside" && mkdir "$prefix/lib/collverify/programs"
expect 2 "campaign with the installed programs folder emptied" "$cv" campaign --quick --report "$work/rc"
grep -qF "no *.so in $prefix/lib/collverify/programs" "$work/out.txt" \
  || { fail "the installed campaign does not name its own programs folder"; sed 's/^/    /' "$work/out.txt" | tail -5; }
rmdir "$prefix/lib/collverify/programs" && mv "$work/programs.aside" "$prefix/lib/collverify/programs"

# pkg-config from the prefix only.
export PKG_CONFIG_PATH=$prefix/share/pkgconfig PKG_CONFIG_LIBDIR=$prefix/share/pkgconfig
pcver=$(pkg-config --modversion collverify) || fail "pkg-config does not find collverify"
[ "$pcver" = "$version" ] || fail "pkg-config --modversion: '$pcver', expected '$version'"
cflags=$(pkg-config --cflags collverify)
for d in $cflags; do
  dir=${d#-I}
  [ -d "$dir" ] || fail "pkg-config --cflags names '$dir', which does not exist"
done
[ "$(realpath "$(pkg-config --variable=collverify collverify)")" = "$(realpath "$cv")" ] \
  || fail "pkg-config --variable=collverify is not the installed collverify"

# shellcheck disable=SC2086  # Cflags are words
if "$cc" -std=c99 -O2 -shared -fPIC $cflags "$source/examples/programs/bcast_binomial.c" \
     -o "$work/bcast_binomial.so" > "$work/cc.log" 2>&1; then
  expect 0 "verify program (pkg-config plugin)" \
    "$cv" verify program --plugin "$work/bcast_binomial.so" --p 2..16
else
  cat "$work/cc.log"; fail "cc \$(pkg-config --cflags collverify) bcast_binomial.c"
fi
# shellcheck disable=SC2086
if "$cc" -std=c99 -O2 -shared -fPIC $cflags \
     "$source/examples/programs/mutants/bcast_binomial_extra_send.c" \
     -o "$work/bcast_mutant.so" > "$work/cc.log" 2>&1; then
  expect 1 "verify program (the mutant fails)" \
    "$cv" verify program --plugin "$work/bcast_mutant.so" --p 2..16
else
  cat "$work/cc.log"; fail "cc \$(pkg-config --cflags collverify) bcast_binomial_extra_send.c"
fi
# A schedule plugin needs only plugin.h: the header compiles alone with those flags.
# shellcheck disable=SC2086
echo '#include <collverify/plugin.h>' | "$cc" -std=c99 -fsyntax-only $cflags -x c - \
  || fail "<collverify/plugin.h> does not compile with pkg-config's Cflags"
unset PKG_CONFIG_PATH PKG_CONFIG_LIBDIR

# find_package(collverify) in a user's project.
mkdir -p "$work/user"
cat > "$work/user/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.22)
project(user_of_collverify C)
find_package(collverify $version REQUIRED CONFIG)
add_library(my_bcast MODULE "$source/examples/programs/bcast_binomial.c")
target_link_libraries(my_bcast PRIVATE collverify::program_plugin)
add_custom_target(check_bcast ALL
  COMMAND collverify::collverify verify program --plugin \$<TARGET_FILE:my_bcast> --p 2..8
  DEPENDS my_bcast)
file(WRITE \${CMAKE_BINARY_DIR}/found.txt "\${collverify_EXECUTABLE}")
EOF
if "$cmake" -S "$work/user" -B "$work/user/build" -G "$generator" -DCMAKE_C_COMPILER="$cc" \
     -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF > "$work/user.log" 2>&1 \
   && "$cmake" --build "$work/user/build" >> "$work/user.log" 2>&1; then
  echo "ok: find_package(collverify) builds and verifies a plugin"
  [ "$(cat "$work/user/build/found.txt")" = "$prefix/bin/collverify" ] \
    || fail "collverify_EXECUTABLE is '$(cat "$work/user/build/found.txt")'"
else
  sed 's/^/    /' "$work/user.log" | tail -30; fail "find_package(collverify) project"
fi

# collverify-mpi, when built: the installed copy finds collverify-mpi-program beside itself.
if [ -e "$prefix/bin/collverify-mpi" ] && [ -n "$mpiexec" ] && [ -e "$work/bcast_binomial.so" ]; then
  # Leak detection off for the MPI job only, as tests/mpi does: Open MPI's own leaks cannot be
  # suppressed by name (no effect without the sanitizers).
  expect 0 "mpirun -np 3 collverify-mpi program" env ASAN_OPTIONS=detect_leaks=0 \
    "$mpiexec" --oversubscribe -np 3 \
    "$prefix/bin/collverify-mpi" program --plugin "$work/bcast_binomial.so" --collective bcast \
    --count 5 --root 1
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all install checks hold"
