// The back ends Plexus can be built with: one line each, PLEXUS_BACKEND(name, family).
//
// Everything that depends on which back ends exist is generated from this list:
//   - enum class plexus::backend and its names (backends/backend.hpp), so --device accepts
//     every name here;
//   - the execution-space types plexus::exec::<name>, declared here and defined in
//     backends/<name>/space.hpp;
//   - the runtime dispatch from a backend value to its execution space
//     (backends/dispatch.hpp), used by every public entry point;
//   - the explicit instantiations: the build (cmake/PlexusBackends.cmake) reads this list and
//     compiles every *_instances.hpp file of the tree once per enabled back end.
//
// The family says what kind of machine a back end drives: cpu (OpenMP on the host) or simt
// (GPUs that run threads in subgroups of lock-stepped lanes: warps, wavefronts). Tuning
// choices made at run time ask for the family, never for a name.
//
// Adding a back end: a folder backends/<name>/ with the same file names as the others and a
// backend.cmake, one line below, nothing else (docs/ARCHITECTURE.md, "Adding a back end").
#pragma once

#define PLEXUS_BACKEND_LIST(PLEXUS_BACKEND) \
  PLEXUS_BACKEND(host, cpu)                 \
  PLEXUS_BACKEND(cuda, simt)                \
  PLEXUS_BACKEND(hip, simt)

namespace plexus::exec {

#define PLEXUS_DECLARE_SPACE(name, family) class name;
PLEXUS_BACKEND_LIST(PLEXUS_DECLARE_SPACE)
#undef PLEXUS_DECLARE_SPACE

}  // namespace plexus::exec
