# The folder layout's three rules, checked on every file under src/plexus (tests excluded):
#   1. Dependencies point one way. Each module has a rank, from tools down to core; a file may
#      include its own module or one of lower rank, never one of equal or higher rank.
#   2. Only backends/ names a back end's compiler or vendor: its macros and headers appear
#      nowhere else; NCCL's and RCCL's headers too, as they are GPU vendor code.
#   3. Only dist/ includes MPI's header.
#   4. Outside backends/, only the distributed module's GPU transports (dist/nccl_*.cpp, the
#      communicator over a back end's collectives) include a vendor back end's own folder
#      (backends/cuda/, backends/hip/), whose headers name the vendor's runtime.
# Usage: cmake -DSOURCE_DIR=<repository> -P check_layout.cmake
cmake_minimum_required(VERSION 3.25)

# Lower rank = lower layer (docs/ARCHITECTURE.md, "Layers").
set(rank_core 0)
set(rank_graph 1)
set(rank_io 2)
set(rank_generators 2)
set(rank_hypergraph 2)
set(rank_backends 3)
set(rank_exec 4)
set(rank_perf 5)
set(rank_device 5)
set(rank_frontier 6)
set(rank_operators 7)
set(rank_outofcore 8)
set(rank_dist 8)
set(rank_cli 9)
set(rank_algorithms 10)
set(rank_dsl 11)

file(GLOB_RECURSE files RELATIVE ${SOURCE_DIR}/src/plexus
     ${SOURCE_DIR}/src/plexus/*.hpp ${SOURCE_DIR}/src/plexus/*.cpp)
list(FILTER files EXCLUDE REGEX "_test\\.cpp$|_test_instances\\.hpp$")
set(problems "")
foreach(file IN LISTS files)
  string(REGEX MATCH "^[^/]+" module "${file}")
  if(NOT DEFINED rank_${module})
    if(NOT file STREQUAL "plexus.hpp")
      string(APPEND problems "src/plexus/${file}: module '${module}' has no rank in check_layout.cmake\n")
    endif()
    continue()
  endif()
  file(STRINGS ${SOURCE_DIR}/src/plexus/${file} includes REGEX "^#include \"plexus/[a-z_]+/")
  foreach(line IN LISTS includes)
    string(REGEX REPLACE "^#include \"plexus/([a-z_]+)/.*" "\\1" target "${line}")
    if(target STREQUAL module)
      continue()
    endif()
    if(NOT DEFINED rank_${target})
      string(APPEND problems "src/plexus/${file}: includes unknown module '${target}'\n")
    elseif(NOT rank_${target} LESS rank_${module})
      string(APPEND problems "src/plexus/${file}: ${module} includes ${target}, a layer at or above its own\n")
    endif()
  endforeach()
  if(NOT module STREQUAL "backends")
    file(STRINGS ${SOURCE_DIR}/src/plexus/${file} vendor
         REGEX "__CUDACC__|__HIPCC__|__CUDA_ARCH__|__HIP_DEVICE_COMPILE__|cuda_runtime|hip_runtime|<cub/|<rocprim/|[<\"](nccl|rccl)\\.h[>\"]|<rccl/")
    if(vendor)
      string(APPEND problems "src/plexus/${file}: back-end vendor code outside backends/: ${vendor}\n")
    endif()
  endif()
  if(NOT module STREQUAL "backends" AND NOT file MATCHES "^dist/nccl_[^/]*\\.cpp$")
    file(STRINGS ${SOURCE_DIR}/src/plexus/${file} vendor_folder
         REGEX "^#include \"plexus/backends/(cuda|hip)/")
    if(vendor_folder)
      string(APPEND problems "src/plexus/${file}: a vendor back end's folder included outside backends/: ${vendor_folder}\n")
    endif()
  endif()
  if(NOT module STREQUAL "dist")
    file(STRINGS ${SOURCE_DIR}/src/plexus/${file} mpi REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]mpi\\.h[>\"]")
    if(mpi)
      string(APPEND problems "src/plexus/${file}: MPI's header outside dist/: ${mpi}\n")
    endif()
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "layout rules broken:\n${problems}")
endif()
list(LENGTH files count)
message(STATUS "layout rules hold for ${count} files")
