// Gathering one value per vertex to one rank: every rank's owned values, in global order (the
// ranges are contiguous and in rank order), as one process would hold them. Costs the root n
// values of memory; a run that cannot afford it writes per rank instead.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/dist/communicator.hpp"

namespace plexus::dist {

/// Collective: the concatenation of every rank's `owned`, in rank order, on rank `root`; empty
/// on the other ranks.
template <class T>
host_vector<T> gather_to_root(communicator& comm, std::span<const T> owned, int root = 0) {
  std::vector<std::size_t> counts(static_cast<std::size_t>(comm.size()), 0);
  counts[static_cast<std::size_t>(root)] = owned.size();
  return comm.all_to_all_v<T>(owned, counts);
}

}  // namespace plexus::dist
