// compute: applies f(v) to every vertex of a frontier, or to every vertex of the graph. f
// runs concurrently; updates shared between vertices need exec::atomic_*.
#pragma once

#include "plexus/exec/exec.hpp"
#include "plexus/frontier/sparse_frontier.hpp"

namespace plexus::operators {

template <class Space, class F>
void compute(const Space& space, const sparse_frontier<Space>& frontier, F f) {
  const vertex_t* items = frontier.data();
  exec::for_each(space, frontier.size(), PLEXUS_LAMBDA(std::size_t i) { f(items[i]); });
}

template <class Space, class F>
void compute_all(const Space& space, vertex_t num_vertices, F f) {
  exec::for_each(space, num_vertices, PLEXUS_LAMBDA(std::size_t i) { f(static_cast<vertex_t>(i)); });
}

}  // namespace plexus::operators
