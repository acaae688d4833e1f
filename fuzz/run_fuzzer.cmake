# Runs one libFuzzer target for SECONDS on a scratch copy of its seed corpus (so the repository's
# corpus only grows by hand, with inputs worth keeping). Fails when the fuzzer reports a finding
# (a crash, a sanitizer report, an oracle abort, a leak or a timeout).
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/corpus ${WORK}/artifacts)
file(GLOB seeds ${CORPUS}/*)
if(seeds)
  file(COPY ${seeds} DESTINATION ${WORK}/corpus)
endif()
execute_process(
  COMMAND ${FUZZER} -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
          -artifact_prefix=${WORK}/artifacts/ ${WORK}/corpus
  RESULT_VARIABLE rc)
# The corpus the run leaves (seeds plus what it kept), for docs/RELIABILITY.md's figures.
list(LENGTH seeds seed_count)
file(GLOB kept ${WORK}/corpus/*)
list(LENGTH kept kept_count)
set(kept_bytes 0)
foreach(f ${kept})
  file(SIZE ${f} size)
  math(EXPR kept_bytes "${kept_bytes} + ${size}")
endforeach()
message("corpus: ${seed_count} seeds -> ${kept_count} inputs (${kept_bytes} bytes)")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${FUZZER}: finding (exit ${rc}); the input is in ${WORK}/artifacts/")
endif()
