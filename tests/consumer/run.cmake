# Builds and runs the consumer project (CMakeLists.txt here) against pawnkit's source tree
# SOURCE, taking pawnkit by CONSUME (find_package: configure pawnkit headers-only, install it
# into a scratch prefix, then find it; add_subdirectory; fetch_content), in WORK. Every
# configure runs with the test and build dependencies unfindable, as on an engine author's
# machine that has none of them.
set(unfindable)
foreach(package GTest benchmark pybind11 Python Python3 ZLIB BZip2 PkgConfig Threads)
  list(APPEND unfindable -DCMAKE_DISABLE_FIND_PACKAGE_${package}=ON)
endforeach()
file(REMOVE_RECURSE ${WORK})
# The version the consumer must see: project(pawnkit VERSION ...) in pawnkit's CMakeLists.txt.
file(STRINGS ${SOURCE}/CMakeLists.txt project_line REGEX "^project\\(pawnkit VERSION")
string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" version "${project_line}")
set(consumer_args -DPAWNKIT_CONSUME=${CONSUME} -DPAWNKIT_SOURCE=${SOURCE}
    -DPAWNKIT_EXPECTED_VERSION=${version} --no-warn-unused-cli)
if(CONSUME STREQUAL "fetch_content")
  # What a release archive of the headers holds; FetchContent downloads and unpacks it.
  file(MAKE_DIRECTORY ${WORK})
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar czf ${WORK}/pawnkit.tar.gz CMakeLists.txt cmake
                          include LICENSE WORKING_DIRECTORY ${SOURCE} COMMAND_ERROR_IS_FATAL ANY)
  set(consumer_args -DPAWNKIT_CONSUME=${CONSUME} -DPAWNKIT_SOURCE=${WORK}/pawnkit.tar.gz
      -DPAWNKIT_EXPECTED_VERSION=${version} --no-warn-unused-cli)
endif()
if(CONSUME STREQUAL "find_package")
  set(prefix ${WORK}/prefix)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/pawnkit -DPAWNKIT_HEADERS_ONLY=ON
                          ${unfindable} --no-warn-unused-cli COMMAND_ERROR_IS_FATAL ANY OUTPUT_QUIET)
  execute_process(COMMAND ${CMAKE_COMMAND} --install ${WORK}/pawnkit --prefix ${prefix}
                  COMMAND_ERROR_IS_FATAL ANY OUTPUT_QUIET)
  list(APPEND consumer_args -DCMAKE_PREFIX_PATH=${prefix})
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${CMAKE_CURRENT_LIST_DIR} -B ${WORK}/build ${consumer_args}
                        ${unfindable} COMMAND_ERROR_IS_FATAL ANY OUTPUT_QUIET)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build COMMAND_ERROR_IS_FATAL ANY OUTPUT_QUIET)
execute_process(COMMAND ${WORK}/build/consumer COMMAND_ERROR_IS_FATAL ANY)
