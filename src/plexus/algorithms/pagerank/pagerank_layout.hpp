// Where the power iteration keeps each vertex's contribution (rank / out-degree): in vertex
// order, or hub-clustered (pagerank_gather). contribution_layout builds the slots once per run
// and hands the loop a contribution_addressing, which every kernel reads; the loop itself does
// not know which layout it runs on.
#pragma once

#include <cstddef>

#include "plexus/core/error.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::detail {

// Hub-clustered gather: vertex u's contribution lives at slot[u], slots ordered by decreasing
// degree group (bit width of the out-degree), and every in-arc carries the slot of its tail.
// A gather over a power-law graph reads the same few hubs' contributions for most arcs; packed
// together they share cache lines and stay in cache, where in vertex order each read would
// fetch a sector of its own. Degree-based grouping after Faldu, Diamond and Grot, "A Closer
// Look at Lightweight Graph Reordering", IISWC 2019. Only the gather's addresses change: each
// vertex sums the same values in the same order, so ranks are identical either way. On GPUs
// it makes an iteration on a power-law graph measurably faster, and building the layout
// costs a few iterations (docs/performance/pagerank.md, "Hub-clustered contributions").
template <class Space>
struct hub_layout {
  exec::buffer<Space, vertex_t> slot;         // per vertex
  exec::buffer<Space, vertex_t> source_slot;  // per in-arc: slot of the arc's tail
};

PLEXUS_HOST_DEVICE inline unsigned degree_group(edge_t degree) {
  unsigned width = 0;
  for (; degree != 0; degree >>= 1) ++width;
  return width;
}

template <class Space>
hub_layout<Space> cluster_hubs(const Space& space, const csr_view& out, const csr_view& in) {
  constexpr unsigned groups = 8 * sizeof(edge_t) + 1;
  const vertex_t n = out.num_vertices;
  const edge_t m = in.num_edges;
  hub_layout<Space> layout;
  layout.slot.resize(n);
  layout.source_slot.resize(m);
  exec::buffer<Space, vertex_t> cursor_buffer(groups);
  cursor_buffer.zero();
  vertex_t* cursor = cursor_buffer.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t u) {
    exec::atomic_add(&cursor[degree_group(out.degree(static_cast<vertex_t>(u)))], vertex_t(1));
  });
  // Groups of higher degree come first; within a group the order is that of the atomics, which
  // changes addresses only.
  host_vector<vertex_t> start = cursor_buffer.to_host();
  vertex_t next_start = 0;
  for (unsigned g = groups; g-- > 0;) {
    const vertex_t count = start[g];
    start[g] = next_start;
    next_start += count;
  }
  cursor_buffer.assign(start);
  vertex_t* slot = layout.slot.data();
  vertex_t* source_slot = layout.source_slot.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t u) {
    slot[u] = exec::atomic_add(&cursor[degree_group(out.degree(static_cast<vertex_t>(u)))], vertex_t(1));
  });
  exec::for_each(space, m, PLEXUS_LAMBDA(std::size_t e) { source_slot[e] = slot[in.indices[e]]; });
  space.synchronize();
  return layout;
}

/// How kernels address contributions: vertex u's at slot_of(u), in-arc e's tail's at
/// gather_index[e]. In the hub-clustered layout the hubs come first, so on GPUs the gather
/// keeps L1 for the first `hot` entries and reads the rest around it (exec::gather_hot_first,
/// exec/loads.hpp). A degree-ordered graph has its hubs first too, but there the same change
/// was slower (docs/performance/pagerank.md, "Hot-first gather in the hub-clustered layout"),
/// so vertex order reads every entry as hot.
struct contribution_addressing {
  const vertex_t* slot = nullptr;          // per vertex; nullptr in vertex order
  const vertex_t* gather_index = nullptr;  // per in-arc
  std::size_t hot = 0;

  PLEXUS_HOST_DEVICE std::size_t slot_of(std::size_t u) const { return slot ? slot[u] : u; }
};

/// The contribution layout of one run. The hub-clustered layout is an optimisation: where its
/// slots do not fit in the space's memory, the run gathers in vertex order.
template <class Space>
class contribution_layout {
 public:
  contribution_layout(const Space& space, const csr_view& out, const csr_view& in, bool clustered) : in_(in) {
    if (!clustered) return;
    exec::stopwatch<Space> clock(space);
    clock.start();
    try {
      hubs_ = cluster_hubs(space, out, in);
    } catch (const error& e) {
      if (e.kind() != error_kind::out_of_memory) throw;
      return;
    }
    clustered_ = true;
    build_seconds_ = clock.stop();
  }

  bool clustered() const { return clustered_; }
  /// Seconds spent building the hub-clustered slots (0 in vertex order).
  double build_seconds() const { return build_seconds_; }
  contribution_addressing addressing() const {
    if (!clustered_) return {nullptr, in_.indices, in_.num_vertices};
    return {hubs_.slot.data(), hubs_.source_slot.data(), exec::hot_entries<Space, double>()};
  }

 private:
  csr_view in_;
  hub_layout<Space> hubs_;
  bool clustered_ = false;
  double build_seconds_ = 0;
};

}  // namespace plexus::detail
