# Layering check (docs/DESIGN.md "Layers"): scans every #include line of the layer folders and
# fails on any include of a folder the including layer may not use. The build already refuses
# such includes (cmake/Layers.cmake), but only through what each library links; this check reads
# the table below, so a forbidden target_link_libraries does not make the include legal.
#
#   cmake -DSOURCE_DIR=<root> -P check_layering.cmake
#
# Prints "<file>:<line>: <include line>: <reason>" for each offence; exits non-zero if any.
# tests/, bench/ and examples/ may include whatever they need and are not scanned.

if(NOT SOURCE_DIR)
  message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<project root> -P check_layering.cmake")
endif()

# Who may include whom. include/collverify/ (the plugin ABI, plain C) sits below model and is
# open to every layer. A layer always sees itself.
set(layers model reference checkers generators proofs program engine reports families cli mpi)
set(may_model      collverify)
set(may_reference  collverify model)
set(may_checkers   collverify model)                 # never reference/: see below
set(may_generators collverify model)
set(may_proofs     collverify model checkers)
set(may_engine     collverify model)               # the run engine knows no family
set(may_reports    collverify model)
# program/ (the program route's runtime) is a shared library that links no other layer's code.
set(may_program    collverify model)
# families/<name>/: one folder per family, the glue above the engine and the reports.
set(may_families   collverify model reference checkers generators proofs program engine reports)
set(may_cli        collverify model generators engine reports families)  # no family's layers
# mpi/ (collverify-mpi) sits beside cli/ at the top; nothing includes it. It uses program/ for the
# program route on real MPI (the spec and the loader, collverify_program_spec).
set(may_mpi        collverify model reference checkers generators program engine reports families)
# The only folder that talks to Z3 directly.
set(z3_folder proofs)
# The only folder that talks to MPI: the core never needs an MPI library.
set(mpi_folder mpi)

set(offences 0)
set(scanned 0)
foreach(layer IN LISTS layers)
  file(GLOB_RECURSE files LIST_DIRECTORIES false
       ${SOURCE_DIR}/${layer}/*.cpp ${SOURCE_DIR}/${layer}/*.hpp
       ${SOURCE_DIR}/${layer}/*.h ${SOURCE_DIR}/${layer}/*.c)
  list(SORT files)
  foreach(file IN LISTS files)
    math(EXPR scanned "${scanned} + 1")
    file(RELATIVE_PATH rel_file ${SOURCE_DIR} ${file})
    get_filename_component(file_dir ${file} DIRECTORY)
    # One list element per line: characters that mean something to CMake lists (; [ ] \) are
    # swapped for placeholders first, or a stray "[" would glue the following lines together.
    file(READ ${file} content)
    string(REPLACE "\\" "@BS@" content "${content}")
    string(REPLACE ";" "@SC@" content "${content}")
    string(REPLACE "[" "@LB@" content "${content}")
    string(REPLACE "]" "@RB@" content "${content}")
    string(REPLACE "\n" ";" lines "${content}")
    set(line_no 0)
    foreach(line IN LISTS lines)
      math(EXPR line_no "${line_no} + 1")
      if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*([<\"])([^>\"]+)[>\"]")
        continue()
      endif()
      set(quote "${CMAKE_MATCH_1}")
      set(path "${CMAKE_MATCH_2}")
      string(STRIP "${line}" shown)
      string(REPLACE "@SC@" ";" shown "${shown}")

      if(path STREQUAL "z3++.h" AND NOT layer STREQUAL z3_folder)
        message("${rel_file}:${line_no}: ${shown}: only ${z3_folder}/ includes z3++.h")
        math(EXPR offences "${offences} + 1")
        continue()
      endif()
      if(path STREQUAL "mpi.h" AND NOT layer STREQUAL mpi_folder)
        message("${rel_file}:${line_no}: ${shown}: only ${mpi_folder}/ includes mpi.h")
        math(EXPR offences "${offences} + 1")
        continue()
      endif()

      # The folder the include reaches: a quoted include is looked up next to the including
      # file first (that is how "../engine/x.hpp" or a sibling "x.hpp" resolve), then on the
      # include path, where the first component names the folder.
      set(target "")
      if(quote STREQUAL "\"" AND EXISTS ${file_dir}/${path})
        get_filename_component(resolved ${file_dir}/${path} ABSOLUTE)
        file(RELATIVE_PATH rel_target ${SOURCE_DIR} ${resolved})
        string(REGEX REPLACE "/.*" "" target "${rel_target}")
        if(target STREQUAL "include")
          set(target collverify)
        endif()
      elseif(path MATCHES "^([A-Za-z0-9_]+)/")
        set(target "${CMAKE_MATCH_1}")
      endif()
      list(FIND layers "${target}" is_ours)
      if(target STREQUAL "" OR (is_ours EQUAL -1 AND NOT target STREQUAL collverify))
        continue() # a system or third-party header
      endif()
      if(target STREQUAL layer)
        continue()
      endif()
      list(FIND may_${layer} "${target}" allowed)
      if(allowed EQUAL -1)
        if(layer STREQUAL checkers AND target STREQUAL reference)
          set(why "a checker never includes reference/ (it must not share code with what it checks)")
        else()
          list(JOIN may_${layer} ", " allowed_list)
          set(why "${layer}/ may include only ${layer}, ${allowed_list}")
        endif()
        message("${rel_file}:${line_no}: ${shown}: ${why}")
        math(EXPR offences "${offences} + 1")
      endif()
    endforeach()
  endforeach()
endforeach()

if(scanned EQUAL 0)
  message(FATAL_ERROR "no source files found under ${SOURCE_DIR}: wrong SOURCE_DIR?")
endif()
if(offences GREATER 0)
  message(FATAL_ERROR "${offences} include(s) against the layering (docs/DESIGN.md \"Layers\")")
endif()
message("layering: ${scanned} files, every include goes downward")
