// The Afforest connected-components loop, written once over an execution space and
// instantiated per back end (src/algorithms/host/connected_components.cpp,
// src/algorithms/cuda/connected_components.cu). No back-end code: only exec primitives and
// PLEXUS_LAMBDA lambdas. See algorithms/connected_components.hpp for the contract.
#pragma once

#include <algorithm>
#include <vector>

#include "plexus/algorithms/connected_components.hpp"
#include "plexus/core/random.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

// Hooks the trees of u and v together (Sutton et al., Algorithm 2). Invariant: comp[x] <= x
// for every x and comp[r] == r exactly for roots, because the only write to a root replaces
// it by a smaller root (the CAS succeeds only while `high` is still a root). Hence the root of
// a tree is its smallest member. Reads race with other links; any value read is an ancestor,
// and a failed CAS retries from fresher values.
PLEXUS_HOST_DEVICE inline void afforest_link(vertex_t* comp, vertex_t u, vertex_t v) {
  vertex_t p1 = exec::atomic_load(&comp[u]);
  vertex_t p2 = exec::atomic_load(&comp[v]);
  while (p1 != p2) {
    const vertex_t high = p1 > p2 ? p1 : p2;
    const vertex_t low = p1 > p2 ? p2 : p1;
    const vertex_t p_high = exec::atomic_load(&comp[high]);
    if (p_high == low || (p_high == high && exec::atomic_cas(&comp[high], high, low) == high)) break;
    p1 = exec::atomic_load(&comp[exec::atomic_load(&comp[high])]);
    p2 = exec::atomic_load(&comp[low]);
  }
}

// Pointer jumping until comp[v] is a root. Runs with no link in flight; other vertices'
// entries may be shortened concurrently, which only replaces an ancestor by a higher one.
PLEXUS_HOST_DEVICE inline void afforest_compress(vertex_t* comp, vertex_t v) {
  vertex_t p = exec::atomic_load(&comp[v]);
  vertex_t gp = exec::atomic_load(&comp[p]);
  while (p != gp) {
    exec::atomic_exchange(&comp[v], gp);
    p = gp;
    gp = exec::atomic_load(&comp[p]);
  }
}

template <class Space>
void afforest_compress_all(const Space& space, vertex_t* comp, vertex_t n) {
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) { afforest_compress(comp, static_cast<vertex_t>(i)); });
}

template <class Space>
cc_result cc_run(const device_graph& graph, const cc_options& options) {
  const Space space;
  const csr_view out = graph.out_view();
  const vertex_t n = out.num_vertices;
  // Directed graphs need their in-arcs linked too when the final phase skips a component:
  // an arc from the skipped component into another is then seen from its head.
  const bool directed = graph.host_graph().directed();
  const bool use_in = directed && graph.has_in_edges();
  const csr_view in = use_in ? graph.in_view() : csr_view{};
  const bool may_skip = !directed || use_in;

  exec::buffer<Space, vertex_t> comp_buffer(n);
  vertex_t* comp = comp_buffer.data();
  cc_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) { comp[i] = static_cast<vertex_t>(i); });

  // Phase 1: every vertex links its r-th neighbour, r = 0 .. neighbor_rounds - 1.
  const edge_t rounds = static_cast<edge_t>(options.neighbor_rounds);
  for (edge_t r = 0; r < rounds; ++r) {
    exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
      const vertex_t u = static_cast<vertex_t>(i);
      if (out.begin(u) + r < out.end(u)) afforest_link(comp, u, out.neighbor(out.begin(u) + r));
    });
    afforest_compress_all(space, comp, n);
    ++result.iterations;
  }

  // Phase 2: the most frequent root among sampled vertices names the largest intermediate
  // component (with high probability); its members skip the final phase.
  vertex_t skip = invalid_vertex;
  if (may_skip && rounds > 0 && n > 0) {
    const std::size_t k = static_cast<std::size_t>(options.sample_size);
    exec::buffer<Space, vertex_t> sample_buffer(k);
    vertex_t* sample = sample_buffer.data();
    exec::for_each(space, k, PLEXUS_LAMBDA(std::size_t i) { sample[i] = comp[hash_pair(0x5eed, i) % n]; });
    host_vector<vertex_t> roots = sample_buffer.to_host();
    std::sort(roots.begin(), roots.end());
    std::size_t best_count = 0;
    for (std::size_t i = 0; i < roots.size();) {
      std::size_t j = i;
      while (j < roots.size() && roots[j] == roots[i]) ++j;
      if (j - i > best_count) {
        best_count = j - i;
        skip = roots[i];
      }
      i = j;
    }
  }

  // Phase 3: the remaining arcs of every vertex outside the skipped component.
  const edge_t first = may_skip ? rounds : 0;
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    const vertex_t u = static_cast<vertex_t>(i);
    if (exec::atomic_load(&comp[u]) == skip) return;
    for (edge_t e = out.begin(u) + first; e < out.end(u); ++e) afforest_link(comp, u, out.neighbor(e));
    if (use_in)
      for (edge_t e = in.begin(u); e < in.end(u); ++e) afforest_link(comp, u, in.neighbor(e));
  });
  afforest_compress_all(space, comp, n);
  ++result.iterations;
  result.seconds = clock.stop();

  result.label = comp_buffer.to_host();
  for (vertex_t v = 0; v < n; ++v) result.num_components += result.label[v] == v;
  return result;
}

}  // namespace plexus::detail
