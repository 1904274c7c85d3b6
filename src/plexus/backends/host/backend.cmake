# The host back end (OpenMP): part of every build. Its translation units are plain C++.
set(PLEXUS_BACKEND_host_ENABLED ON)
set(PLEXUS_BACKEND_host_EXTENSION cpp)
function(plexus_host_library target)
  target_sources(${target} PRIVATE ${PLEXUS_BACKENDS_DIR}/host/queries.cpp)
endfunction()
