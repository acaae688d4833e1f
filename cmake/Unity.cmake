# Unity builds of the layer libraries (docs/PERFORMANCE.md "Building and CI").
#
# Most of a layer file's compile time is spent generating code for the header-only libraries it
# uses (CLI11 2.1, whose functions are all inline, was two thirds of a families/ object), once per
# file. A unity build compiles the files of one folder together, so each such function is
# instantiated and optimised once per group instead of once per file: a newcomer's `make run`
# compiles the layers in far less time. The groups follow the folders (families/torus,
# reference/trees, ...), at most COLLVERIFY_UNITY_GROUP (16) files each, so two families never share a
# translation unit and a group stays small enough for two cores to share the work.
#
# COLLVERIFY_UNITY_BUILD=OFF compiles file by file: every file must still compile alone (it
# includes what it uses; the sanitizer build of `make test-sanitize` builds that way, so both stay
# true), and editing one file recompiles only that file.

option(COLLVERIFY_UNITY_BUILD "Compile each layer folder's files as a few unity translation units" ON)
set(COLLVERIFY_UNITY_GROUP 16 CACHE STRING "At most this many files in one unity translation unit")

# collverify_unity(<target> <folder>): after every source of <target> is known (the end of the
# top-level CMakeLists, since families/ adds its sources from sub-folders), put each source in the
# group of its sub-folder of <folder>, cut into chunks of COLLVERIFY_UNITY_GROUP files.
function(collverify_unity target folder)
  if(NOT COLLVERIFY_UNITY_BUILD)
    return()
  endif()
  # A deferred call's arguments are expanded when it runs: EVAL fixes them now.
  cmake_language(EVAL CODE "cmake_language(DEFER DIRECTORY [[${PROJECT_SOURCE_DIR}]]
                            CALL collverify_unity_groups [[${target}]] [[${folder}]])")
endfunction()

function(collverify_unity_groups target folder)
  get_target_property(sources ${target} SOURCES)
  get_target_property(target_dir ${target} SOURCE_DIR)
  set(counts "")
  foreach(source IN LISTS sources)
    if(NOT source MATCHES "\\.cpp$")
      continue()
    endif()
    if(IS_ABSOLUTE ${source})
      set(path ${source})
    else()
      set(path ${target_dir}/${source})
    endif()
    file(RELATIVE_PATH rel ${PROJECT_SOURCE_DIR}/${folder} ${path})
    get_filename_component(sub ${rel} DIRECTORY)
    if(sub STREQUAL "")
      set(sub top)
    endif()
    string(MAKE_C_IDENTIFIER ${sub} key)
    if(NOT DEFINED count_${key})
      set(count_${key} 0)
    endif()
    math(EXPR chunk "${count_${key}} / ${COLLVERIFY_UNITY_GROUP}")
    math(EXPR count_${key} "${count_${key}} + 1")
    set_source_files_properties(${path} TARGET_DIRECTORY ${target}
                                PROPERTIES UNITY_GROUP ${key}_${chunk})
  endforeach()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
endfunction()

# The glue, families/ and cli/ (command lines, flag words, reports of a family, pictures), holds no
# loop a check spends its time in: a profile of `campaign --quick` and of `verify bcast` shows no
# symbol of either above 0.1 %, the time is in reference/, checkers/ and program/. In optimised
# builds it is compiled at -O1, which takes about 40 % less compile time than -O3 on its unity
# groups (docs/PERFORMANCE.md "Building and CI"); COLLVERIFY_GLUE_O1=OFF keeps the build type's
# level.
option(COLLVERIFY_GLUE_O1 "Compile families/ and cli/ at -O1 in Release and RelWithDebInfo builds" ON)

function(collverify_glue target)
  if(COLLVERIFY_GLUE_O1)
    target_compile_options(${target} PRIVATE $<$<CONFIG:Release,RelWithDebInfo>:-O1>)
  endif()
endfunction()
