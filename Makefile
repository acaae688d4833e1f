# Entry points: `make run` (default verification campaign), `make test` (the test suite).
BUILD ?= build
TYPE ?= Release
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: deps configure build build-run run install test test-slow test-sanitize test-sanitize-all fuzz bench tidy format clean

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=$(TYPE) $(CMAKE_FLAGS) >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# What `make run` needs and nothing more (no tests, no benchmarks): the two programs, the MPI
# transport module and the example programs the campaign verifies.
RUN_TARGETS ?= collverify collverify-mpi cv_programs
build-run: configure
	@cmake --build $(BUILD) -j $(JOBS) --target $(RUN_TARGETS)

# The MPI part (scripts/mpi-campaign.sh) runs after the main campaign, whatever its result; the
# exit status is the worse of the two: 1 if either found a violation, else 2 if either failed to
# run, else 3 if the main campaign was inconclusive, else 0.
run: build-run
	@$(BUILD)/cli/collverify campaign --report reports/out; rc=$$?; \
	  echo "reports written to reports/out/ (summary.json, junit.xml, report.md, report.html)"; \
	  scripts/mpi-campaign.sh $(BUILD) reports/out/mpi; mrc=$$?; \
	  if [ $$rc -eq 1 ] || [ $$mrc -eq 1 ]; then exit 1; fi; \
	  if [ $$rc -eq 2 ] || [ $$mrc -ne 0 ]; then exit 2; fi; \
	  exit $$rc

# `make install PREFIX=DIR` (default /usr/local): builds only what is installed and copies it
# (cmake/Install.cmake: bin/collverify, the headers, CMake and pkg-config files). Relocatable.
PREFIX ?= /usr/local
install: configure
	@cmake --build $(BUILD) -j $(JOBS) --target collverify_installed
	@cmake --install $(BUILD) --prefix $(PREFIX)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

test-slow: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L slow

# The sanitizer build's run leaves out the heavy tests of tests/sanitize_heavy.txt (they run in
# `make test`); `make test-sanitize-all` runs them under the sanitizers too.
# It also compiles file by file (no unity groups, cmake/Unity.cmake), so every file keeps compiling
# alone.
test-sanitize:
	@$(MAKE) --no-print-directory test BUILD=build-sanitize TYPE=Debug CMAKE_FLAGS="-DCOLLVERIFY_SANITIZE=ON -DCOLLVERIFY_SANITIZE_ALL=OFF -DCOLLVERIFY_UNITY_BUILD=OFF $(CMAKE_FLAGS)"

test-sanitize-all:
	@$(MAKE) --no-print-directory test BUILD=build-sanitize TYPE=Debug CMAKE_FLAGS="-DCOLLVERIFY_SANITIZE=ON -DCOLLVERIFY_SANITIZE_ALL=ON -DCOLLVERIFY_UNITY_BUILD=OFF $(CMAKE_FLAGS)"

# libFuzzer targets (fuzz/): a clang build in build-fuzz/, each target run for FUZZ_SECONDS on a
# scratch copy of its seed corpus; a finding stops with the input in build-fuzz/fuzz/work_*/artifacts/.
FUZZ_SECONDS ?= 30
FUZZ_CXX ?= clang++-14
FUZZ_CC ?= clang-14
fuzz:
	@cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=$(FUZZ_CXX) \
	  -DCMAKE_C_COMPILER=$(FUZZ_CC) -DCOLLVERIFY_FUZZ=ON -DCOLLVERIFY_TESTS=OFF -DCOLLVERIFY_BENCH=OFF >/dev/null
	@cmake --build build-fuzz -j $(JOBS) --target fuzz_schedule_json fuzz_costs_file fuzz_flag_values fuzz_plugin_values fuzz_routed_json fuzz_json_gate fuzz_tree_file
	@failed=; for t in schedule_json costs_file flag_values plugin_values routed_json json_gate tree_file; do \
	  echo "fuzz_$$t: $(FUZZ_SECONDS) s"; \
	  cmake -DFUZZER=build-fuzz/fuzz/fuzz_$$t -DCORPUS=fuzz/corpus/$$t -DWORK=build-fuzz/fuzz/work_$$t \
	    -DSECONDS=$(FUZZ_SECONDS) -P fuzz/run_fuzzer.cmake > build-fuzz/fuzz_$$t.log 2>&1; rc=$$?; \
	  grep -E "DONE|stat::number_of_executed_units|stat::average_exec_per_sec|corpus:|ERROR|finding" build-fuzz/fuzz_$$t.log; \
	  test $$rc -eq 0 || failed="$$failed fuzz_$$t"; \
	done; \
	test -z "$$failed" || { echo "fuzz findings in:$$failed (inputs in build-fuzz/fuzz/work_*/artifacts/)"; exit 1; }

bench: build
	@bench/run.sh $(BUILD)

tidy: configure
	@git ls-files "model/*.cpp" "reference/*.cpp" "checkers/*.cpp" "generators/*.cpp" "reports/*.cpp" "cli/*.cpp" | xargs clang-tidy -p $(BUILD) --quiet

format:
	@git ls-files '*.cpp' '*.hpp' '*.h' | xargs clang-format -i

clean:
	@rm -rf $(BUILD) build-sanitize build-fuzz
