# Shows that check_layering.cmake can fail: runs it on fixture/, a tree with planted includes
# that go upward or sideways, and requires a non-zero exit and every planted offence by file and
# line, and none of the allowed includes in fixture/model, fixture/reports and fixture/mpi.
#
#   cmake -DCHECK=<check_layering.cmake> -DFIXTURE=<fixture dir> -P expect_offences.cmake

execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${FIXTURE} -P ${CHECK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
message("${all}")
if(rc EQUAL 0)
  message(FATAL_ERROR "the layering check passed a tree with planted upward includes")
endif()
foreach(expected
    "checkers/planted.hpp:7: #include \"engine/run_range.hpp\""
    "checkers/planted.hpp:8: #include \"reference/circulant/bcast.hpp\": a checker never includes reference/"
    "checkers/planted.hpp:9: #include \"z3++.h\""
    "generators/planted.hpp:4: #include <reference/trees/optimal.hpp>"
    "generators/planted.hpp:5: #include \"../reports/fine.hpp\""
    "cli/planted.hpp:4: #include \"mpi/execute.hpp\""
    "cli/planted.hpp:5: #include <mpi.h>: only mpi/ includes mpi.h"
    "7 include(s) against the layering")
  string(FIND "${all}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "missing from the output: ${expected}")
  endif()
endforeach()
if(all MATCHES "model/fine.hpp|reports/fine.hpp:|mpi/fine.hpp")
  message(FATAL_ERROR "an allowed include was reported")
endif()
