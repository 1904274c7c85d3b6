// What the out-of-core tests share: Kronecker graphs, a source in the giant component, and
// engine options with a memory limit small enough to force a static prefix and many chunks
// on the host back end.
#pragma once

#include <cstdint>
#include <string>

#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/outofcore/engine.hpp"
#include "plexus/outofcore/footprint.hpp"
#include "plexus/outofcore/session.hpp"

namespace plexus::test {

inline csr_graph kron(int scale, bool directed, bool weighted = false) {
  generators::kronecker_options o;
  o.scale = scale;
  o.edge_factor = 16;
  o.seed = 5;
  o.directed = directed;
  o.weighted = weighted;
  build_options b;
  b.symmetrize = !directed;
  b.build_in_edges = directed;
  return build_graph(generators::kronecker(o), b);
}

/// A vertex of largest degree: in the giant component of a Kronecker graph.
inline vertex_t hub(const csr_graph& g) {
  vertex_t best = 0;
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    if (g.degree(v) > g.degree(best)) best = v;
  return best;
}

/// Options that leave room for the per-vertex state (`state_bytes` per vertex, the algorithm's)
/// and about a third of the arcs, in chunks of a few thousand arcs.
inline outofcore::engine_options tight(const csr_graph& g, outofcore::engine_kind engine, std::uint64_t state_bytes = 9,
                                       outofcore::stream_use use = outofcore::stream_use::visit) {
  outofcore::engine_options options;
  options.engine = engine;
  options.min_chunk_bytes = 4096;
  options.max_chunk_bytes = 16384;
  options.device_memory_limit =
      g.num_vertices() * state_bytes +
      outofcore::engine_device_bytes(g.num_vertices(), engine != outofcore::engine_kind::out_of_core, use,
                                     options.balance) +
      g.num_edges() * (g.weighted() ? 8 : 4) / 3;
  return options;
}

/// Every engine but automatic, for tests that run them all.
inline constexpr outofcore::engine_kind kEngines[] = {
    outofcore::engine_kind::out_of_core, outofcore::engine_kind::subway, outofcore::engine_kind::zero_copy,
    outofcore::engine_kind::managed, outofcore::engine_kind::in_memory};

}  // namespace plexus::test
