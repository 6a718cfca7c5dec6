# Copies the page's zstd decoder (zstddec's streaming one) from web/node_modules (installed
# by `npm ci` in web/, see scripts/setup.sh) into the page's folder. Run at every build,
# not decided at configure time: `npm ci` may run after build/web-wasm was configured.
#   cmake -DMODULES=web/node_modules -DOUT=build/web -P copy_decoders.cmake
foreach(pair "zstddec/dist/zstddec-stream.mjs=zstddec-stream.mjs")
  string(REPLACE "=" ";" pair ${pair})
  list(GET pair 0 from)
  list(GET pair 1 to)
  if(EXISTS ${MODULES}/${from})
    execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different ${MODULES}/${from} ${OUT}/${to})
  else()
    message(STATUS "pawnkit web page: ${MODULES}/${from} missing (npm ci in web/): .zst files are not read in the page")
  endif()
endforeach()
