# Layer visibility, enforced by the compiler (docs/DESIGN.md "Layers").
#
# Every layer folder (model/, reference/, checkers/, ...) sits directly under the project root, so
# exporting the root as an include directory would let any file include any folder. Instead each
# library exports a directory of its own, ${CMAKE_BINARY_DIR}/layers/<folder>/, that holds a single
# symbolic link <folder> -> ${PROJECT_SOURCE_DIR}/<folder>. PUBLIC include directories travel along
# target_link_libraries, so a target sees "<folder>/..." for exactly the libraries it links (itself
# included) and an upward include fails to compile with "No such file or directory".
#
# What may link what is the table in docs/DESIGN.md; tests/layering/ checks the include lines
# against it independently, so that adding a forbidden target_link_libraries is caught too.
#
# Each folder is reached through one link only, so a header has one path per build; GCC 12's
# #pragma once also recognises one file reached through two different links (checked by hand).

include(Unity)

# collverify_layer_dir(<out-var> <folder>): create layers/<folder>/<folder> -> <source>/<folder>
# and return layers/<folder>.
function(collverify_layer_dir out folder)
  set(dir ${CMAKE_BINARY_DIR}/layers/${folder})
  file(MAKE_DIRECTORY ${dir})
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${folder} ${dir}/${folder} SYMBOLIC)
  set(${out} ${dir} PARENT_SCOPE)
endfunction()

# collverify_layer(<target> <folder>): <target>, and whatever links it, may include "<folder>/...".
# The library is also compiled folder by folder as unity translation units (cmake/Unity.cmake).
function(collverify_layer target folder)
  collverify_layer_dir(dir ${folder})
  target_include_directories(${target} PUBLIC ${dir})
  collverify_unity(${target} ${folder})
endfunction()
