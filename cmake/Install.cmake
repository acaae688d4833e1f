# `cmake --install <build> [--prefix P]` (and `make install PREFIX=P`): what a user of an installed
# collverify needs, and nothing of the build tree. Included at the end of the top-level
# CMakeLists.txt, so every target below already exists.
#
# Layout (relocatable: nothing in it names the prefix it was configured with):
#   bin/collverify, bin/collverify-mpi            relative symbolic links into lib/collverify/
#   lib/collverify/                               the programs and the pieces they find at run time
#     collverify, collverify-mpi                  the executables themselves
#     libcollverify_program.so                    the program route's runtime (collverify links it)
#     libcollverify_mpi_shim.so                   dlopened from beside libcollverify_program.so
#     collverify-program-worker                   spawned from beside libcollverify_program.so
#     collverify-mpi-program                      exec'd from beside collverify-mpi (/proc/self/exe)
#     libcollverify_dist_mpi.so                   dlopened from beside collverify (/proc/self/exe)
#   include/collverify/plugin.h                   the schedule plugin ABI (--schedule-plugin)
#   include/collverify/mpi/{mpi.h,cv_program.h}   the program route's MPI (verify program --plugin)
#   lib/cmake/collverify/collverifyConfig.cmake   find_package(collverify): imported targets
#   share/pkgconfig/collverify.pc                 pkg-config: Cflags for both kinds of plugin
#
# Why one private folder: the code finds its pieces by location, not by a configured path
# (program/load.cpp and program/isolation.cpp look beside libcollverify_program.so,
# engine/distribution.cpp and mpi/program_exec.cpp beside the running executable, which
# /proc/self/exe names with symbolic links resolved). With everything in lib/collverify/ each
# lookup lands there, and every RPATH is just $ORIGIN. bin/ holds links only, so PATH finds the
# programs and no shared object sits in bin/.
#
# Not installed: the example programs that `campaign` runs (families/program reads them from the
# build tree), the tests and benchmarks.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(COLLVERIFY_INSTALL_PRIVATE_DIR ${CMAKE_INSTALL_LIBDIR}/collverify)

# Targets that exist in this configuration (collverify-mpi and its pieces only with COLLVERIFY_MPI).
set(collverify_install_programs collverify collverify-program-worker)
set(collverify_install_libraries collverify_program collverify_mpi_shim)
set(collverify_install_links collverify)
if(TARGET collverify-mpi)
  list(APPEND collverify_install_programs collverify-mpi collverify-mpi-program)
  list(APPEND collverify_install_libraries collverify_dist_mpi)
  list(APPEND collverify_install_links collverify-mpi)
endif()

# One target that builds everything installed (`make install` builds it, then installs).
add_custom_target(collverify_installed)
add_dependencies(collverify_installed ${collverify_install_programs} ${collverify_install_libraries})

# Installed copies find their shared libraries beside themselves; the build tree keeps its own
# RPATH (CMake rewrites it at install time).
set_target_properties(${collverify_install_programs} ${collverify_install_libraries}
                      PROPERTIES INSTALL_RPATH "$ORIGIN")

install(TARGETS ${collverify_install_programs}
        RUNTIME DESTINATION ${COLLVERIFY_INSTALL_PRIVATE_DIR} COMPONENT collverify)
install(TARGETS ${collverify_install_libraries}
        LIBRARY DESTINATION ${COLLVERIFY_INSTALL_PRIVATE_DIR} COMPONENT collverify)

# bin/<program> -> ../lib/collverify/<program>, relative so that the tree can be moved.
file(RELATIVE_PATH collverify_bin_to_private
     /prefix/${CMAKE_INSTALL_BINDIR} /prefix/${COLLVERIFY_INSTALL_PRIVATE_DIR})
foreach(program IN LISTS collverify_install_links)
  install(CODE "
    set(dir \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}\")
    file(MAKE_DIRECTORY \"\${dir}\")
    file(REMOVE \"\${dir}/${program}\")
    message(STATUS \"Installing: \${dir}/${program} -> ${collverify_bin_to_private}/${program}\")
    file(CREATE_LINK \"${collverify_bin_to_private}/${program}\" \"\${dir}/${program}\" SYMBOLIC)
  " COMPONENT collverify)
endforeach()

# The headers a plugin is compiled against; they include nothing of ours but each other.
install(FILES ${PROJECT_SOURCE_DIR}/include/collverify/plugin.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/collverify COMPONENT collverify)
install(FILES ${PROJECT_SOURCE_DIR}/include/collverify/mpi/mpi.h
              ${PROJECT_SOURCE_DIR}/include/collverify/mpi/cv_program.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/collverify/mpi COMPONENT collverify)

# find_package(collverify): collverify::collverify (the program), collverify::schedule_plugin and
# collverify::program_plugin (include directories for the two kinds of plugin).
set(COLLVERIFY_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/collverify)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/collverifyConfig.cmake.in
  ${PROJECT_BINARY_DIR}/install/collverifyConfig.cmake
  INSTALL_DESTINATION ${COLLVERIFY_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_INCLUDEDIR COLLVERIFY_INSTALL_PRIVATE_DIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/install/collverifyConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/install/collverifyConfig.cmake
              ${PROJECT_BINARY_DIR}/install/collverifyConfigVersion.cmake
        DESTINATION ${COLLVERIFY_CMAKE_DIR} COMPONENT collverify)

# pkg-config: headers only (a plugin links nothing of ours), so it goes to share/pkgconfig, and
# its prefix is found from the file's own place (${pcfiledir}), not written in.
file(RELATIVE_PATH COLLVERIFY_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_DATADIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/collverify.pc.in
               ${PROJECT_BINARY_DIR}/install/collverify.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/install/collverify.pc
        DESTINATION ${CMAKE_INSTALL_DATADIR}/pkgconfig COMPONENT collverify)
