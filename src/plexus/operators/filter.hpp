// filter: keeps the ids of a sparse frontier that a predicate accepts, in order (a stream
// compaction, exec::compact). The predicate must be pure: the host back end calls it twice.
#pragma once

#include "plexus/exec/exec.hpp"
#include "plexus/frontier/sparse_frontier.hpp"

namespace plexus::operators {

/// out := [v in in | pred(v)]; returns out's size.
template <class Space, class Pred>
std::size_t filter(const Space& space, const sparse_frontier<Space>& in, sparse_frontier<Space>& out, Pred pred) {
  const std::size_t kept = exec::compact(space, in.data(), in.size(), out.data(), pred);
  out.set_size(kept);
  return kept;
}

}  // namespace plexus::operators
