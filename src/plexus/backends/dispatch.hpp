// From a back end chosen at run time to the execution space its code was instantiated for.
//
//   return backends::dispatch(graph.where(), [&]<class Space>() { return run<Space>(...); });
//
// calls the generic lambda with the space of `where` (exec::host, exec::cuda, ...). The call
// for a back end this build leaves out is never instantiated, so a host-only build needs no
// instantiation for the others; asking for one throws plexus::error(unsupported). Generated
// from backends/backend_list.hpp: a new back end needs no change here.
#pragma once

#include <utility>

#include "plexus/backends/backend.hpp"

namespace plexus::backends {

template <class F>
decltype(auto) dispatch(backend where, F&& f) {
  switch (where) {
#define PLEXUS_DISPATCH_CASE(name, family)                          \
  case backend::name:                                               \
    if constexpr (backend_enabled<exec::name>)                      \
      return std::forward<F>(f).template operator()<exec::name>(); \
    break;
    PLEXUS_BACKEND_LIST(PLEXUS_DISPATCH_CASE)
#undef PLEXUS_DISPATCH_CASE
  }
  throw_left_out(where);
}

}  // namespace plexus::backends
