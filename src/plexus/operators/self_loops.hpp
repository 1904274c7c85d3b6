// Which vertices have a self-loop, for algorithms whose definitions treat a kept loop apart
// from other arcs (Jaccard's common neighbours, the local clustering coefficient, core
// numbers). Neighbour lists are sorted, so a row holds its own vertex at one place that a
// binary search finds (row_contains).
//
// self_loop_flags<Space> marks every vertex whose row lists itself, one byte per vertex in the
// space's memory, at the cost of a search per vertex; flags() is nullptr when no vertex
// has a loop (a graph built without keep_self_loops, the builder's default), so a kernel that
// tests the pointer first pays nothing more on such graphs.
#pragma once

#include <cstddef>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/intersect.hpp"

namespace plexus::operators {

/// Whether row u of g lists x.
PLEXUS_HOST_DEVICE inline bool row_contains(const csr_view& g, vertex_t u, vertex_t x) {
  const edge_t at = lower_bound(g.indices, g.begin(u), g.end(u), x);
  return at < g.end(u) && g.indices[at] == x;
}

/// flags[v] = 1 when row v of g lists v, else 0; returns how many vertices have a loop. (A
/// free function: GPU compilers take no device lambda inside a constructor.)
template <class Space>
edge_t mark_self_loops(const Space& space, const csr_view& g, unsigned char* flags) {
  exec::for_each(space, g.num_vertices, PLEXUS_LAMBDA(std::size_t i) {
    const vertex_t v = static_cast<vertex_t>(i);
    flags[v] = row_contains(g, v, v) ? 1 : 0;
  });
  return exec::reduce(
      space, g.num_vertices, edge_t(0), PLEXUS_LAMBDA(std::size_t v)->edge_t { return flags[v]; }, exec::plus{});
}

template <class Space>
class self_loop_flags {
 public:
  self_loop_flags(const Space& space, const csr_view& g)
      : flags_(g.num_vertices), any_(mark_self_loops(space, g, flags_.data()) > 0) {}
  bool any() const { return any_; }
  /// flags()[v] is 1 when v has a self-loop, else 0; nullptr when no vertex has one.
  const unsigned char* flags() const { return any_ ? flags_.data() : nullptr; }

 private:
  exec::buffer<Space, unsigned char> flags_;
  bool any_ = false;
};

}  // namespace plexus::operators
