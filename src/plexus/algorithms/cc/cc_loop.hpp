// The Afforest connected-components loop, written once over an execution space and
// instantiated per back end (cc_instances.hpp). No back-end code: only exec primitives and
// PLEXUS_LAMBDA lambdas. See cc.hpp for the contract.
#pragma once

#include <algorithm>
#include <vector>

#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/core/random.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::detail {

// The root of x's tree, shortening the path on the way ("intermediate pointer jumping" of
// ECL-CC: Jaiganesh and Burtscher, "A High-Performance Connected Components Implementation
// for GPUs", HPDC 2018): every visited entry is pointed at its grandparent. Any value written
// is an ancestor of the entry, so concurrent finds and links only ever shorten paths.
//
// Every read of comp in this file is exec::cached_load: on GPUs it may return an older value
// than another thread's write, and any older value of comp[x] is still an ancestor of x (an
// entry only ever moves up its tree, and ids only fall along a path), so finds still end at a
// root and equal answers still mean one tree; a stale root is caught by the hooking CAS. Served
// from each SM's L1, the reads of a giant tree's root no longer queue at one L2 slice, which
// made CC on power-law graphs far faster on GPUs
// (docs/performance/cc.md, "Cached loads of union-find parents").
PLEXUS_HOST_DEVICE inline vertex_t afforest_find(vertex_t* comp, vertex_t x) {
  vertex_t parent = exec::cached_load(&comp[x]);
  if (parent == x) return x;
  vertex_t previous = x;
  for (vertex_t next; parent > (next = exec::cached_load(&comp[parent]));) {
    exec::atomic_store(&comp[previous], next);
    previous = parent;
    parent = next;
  }
  return parent;
}

// Joins the trees holding p1 and p2 (Sutton et al., Algorithm 2, with the hooking loop of
// ECL-CC). Invariant: comp[x] <= x for every x and comp[r] == r exactly for roots, because the
// only write that is not a path shortcut hooks a root under a smaller vertex (the CAS succeeds
// only while `high` is still a root). Hence the root of a tree is its smallest member. A
// failed CAS returns high's new parent, from which the loop climbs on. A cached read of
// comp[high] first spares the CAS when high is visibly no root any more: faster with cached
// reads, where with L2 reads it had been slower
// (docs/performance/cc.md, "Read before the hooking CAS").
PLEXUS_HOST_DEVICE inline void afforest_hook(vertex_t* comp, vertex_t p1, vertex_t p2) {
  while (p1 != p2) {
    const vertex_t high = p1 > p2 ? p1 : p2;
    const vertex_t low = p1 > p2 ? p2 : p1;
    const vertex_t parent = exec::cached_load(&comp[high]);
    if (parent != high) {
      p1 = parent;
      p2 = low;
      continue;
    }
    const vertex_t seen = exec::atomic_cas(&comp[high], high, low);
    if (seen == high) return;
    p1 = seen;
    p2 = low;
  }
}

// Links u and v starting from their parents, as Afforest's neighbour rounds do: no walk to the
// roots. Used for the first round, where every entry starts as its own root and walks would
// only chase the chains that round is building.
PLEXUS_HOST_DEVICE inline void afforest_link(vertex_t* comp, vertex_t u, vertex_t v) {
  afforest_hook(comp, exec::cached_load(&comp[u]), exec::cached_load(&comp[v]));
}

// Links u and v starting from their roots, found with path shortening: the later rounds and
// the final phase, where the trees being merged are large and paths shortened by one walk
// serve the next (docs/performance/cc.md, "Device-side sampling and ECL-CC hooking").
PLEXUS_HOST_DEVICE inline void afforest_link_roots(vertex_t* comp, vertex_t u, vertex_t v) {
  afforest_hook(comp, afforest_find(comp, u), afforest_find(comp, v));
}

// Pointer jumping until comp[v] is a root. Runs with no link in flight; other vertices'
// entries may be shortened concurrently, which only replaces an ancestor by a higher one.
PLEXUS_HOST_DEVICE inline void afforest_compress(vertex_t* comp, vertex_t v) {
  vertex_t p = exec::cached_load(&comp[v]);
  vertex_t gp = exec::cached_load(&comp[p]);
  while (p != gp) {
    exec::atomic_store(&comp[v], gp);
    p = gp;
    gp = exec::cached_load(&comp[p]);
  }
}

template <class Space>
void afforest_compress_all(const Space& space, vertex_t* comp, vertex_t n) {
  exec::for_each(
      space, n, PLEXUS_LAMBDA(std::size_t i) { afforest_compress(comp, static_cast<vertex_t>(i)); });
}

// The skipped component is kept on the device as the key (count << 32) | (2^32 - 1 - root),
// so that the largest key names the most frequent root and, among equals, the smallest; key 0
// names no component (invalid_vertex). The final phase reads it there: no host round trip.
PLEXUS_HOST_DEVICE inline vertex_t skipped_root(unsigned long long key) {
  return static_cast<vertex_t>(0xffffffffull - (key & 0xffffffffull));
}

// Up to this many samples the mode is found on the device in O(k^2) comparisons; larger
// samples are sorted on the host.
inline constexpr std::size_t device_mode_samples = 4096;

// Stores in *key the most frequent root among options.sample_size sampled vertices. `sample`
// holds sample_size entries; both buffers are allocated before the clock starts.
template <class Space>
void find_largest_root(const Space& space, const vertex_t* comp, vertex_t n, const cc_options& options,
                       exec::buffer<Space, vertex_t>& sample_buffer,
                       exec::buffer<Space, unsigned long long>& key_buffer) {
  const std::size_t k = static_cast<std::size_t>(options.sample_size);
  vertex_t* sample = sample_buffer.data();
  unsigned long long* key = key_buffer.data();
  exec::for_each(
      space, k, PLEXUS_LAMBDA(std::size_t i) {
        sample[i] = comp[hash_pair(0x5eed, i) % n];  // compressed: every entry is a root
      });
  if (k <= device_mode_samples) {
    exec::for_each(
        space, k, PLEXUS_LAMBDA(std::size_t i) {
          unsigned long long count = 0;
          for (std::size_t j = 0; j < k; ++j) count += sample[j] == sample[i];
          exec::atomic_max(key, (count << 32) | (0xffffffffull - sample[i]));
        });
    return;
  }
  host_vector<vertex_t> roots = sample_buffer.to_host();
  std::sort(roots.begin(), roots.end());
  unsigned long long best = 0;
  for (std::size_t i = 0; i < roots.size();) {
    std::size_t j = i;
    while (j < roots.size() && roots[j] == roots[i]) ++j;
    best = std::max<unsigned long long>(
        best, (static_cast<unsigned long long>(j - i) << 32) | (0xffffffffull - roots[i]));
    i = j;
  }
  key_buffer.set(0, best);
}

// Afforest's phase 1 over `graph` into `comp` (one entry per vertex): every entry its own
// root, then every vertex links its r-th neighbour, r = 0 .. neighbor_rounds - 1, each round
// compressed. `skip_key`, when not null, is cleared in the same pass (no component skipped
// until phase 2 names one). Returns the rounds run.
template <class Space>
int afforest_link_neighbors(const Space& space, const device_graph& graph, const cc_options& options,
                            vertex_t* comp, unsigned long long* skip_key) {
  const csr_view out = graph.out_view();
  const vertex_t n = out.num_vertices;
  exec::for_each(
      space, n + 1, PLEXUS_LAMBDA(std::size_t i) {
        if (i < n)
          comp[i] = static_cast<vertex_t>(i);
        else if (skip_key != nullptr)
          *skip_key = 0;
      });
  const edge_t rounds = static_cast<edge_t>(options.neighbor_rounds);
  for (edge_t r = 0; r < rounds; ++r) {
    exec::for_each(
        space, n, PLEXUS_LAMBDA(std::size_t i) {
          const vertex_t u = static_cast<vertex_t>(i);
          if (out.begin(u) + r >= out.end(u)) return;
          if (r == 0)
            afforest_link(comp, u, out.neighbor(out.begin(u)));
          else
            afforest_link_roots(comp, u, out.neighbor(out.begin(u) + r));
        });
    afforest_compress_all(space, comp, n);
  }
  return static_cast<int>(rounds);
}

// Whether a graph's arcs are all seen from both ends, so that a vertex may skip its arcs in
// phase 3 (its neighbours outside its component link them): undirected graphs, and directed
// ones with their in-lists, which phase 3 then links too (an arc from the skipped component
// into another is seen from its head).
inline bool afforest_may_skip(const device_graph& graph) {
  return !graph.host_graph().directed() || graph.has_in_edges();
}

// Afforest's phase 3: every vertex u for which skips(u) is false links its arcs from the
// `first`-th on, and its in-arcs where the graph is directed and has them, to their roots;
// then every entry is compressed. `skips` is a device function of the vertex, called once per
// vertex before any of its links.
template <class Space, class Skips>
void afforest_link_rest(const Space& space, const device_graph& graph, edge_t first, vertex_t* comp,
                        Skips skips) {
  const csr_view out = graph.out_view();
  const vertex_t n = out.num_vertices;
  const bool use_in = graph.host_graph().directed() && graph.has_in_edges();
  const csr_view in = use_in ? graph.in_view() : csr_view{};
  exec::for_each(
      space, n, PLEXUS_LAMBDA(std::size_t i) {
        const vertex_t u = static_cast<vertex_t>(i);
        if (skips(u)) return;
        for (edge_t e = out.begin(u) + first; e < out.end(u); ++e)
          afforest_link_roots(comp, u, out.neighbor(e));
        if (use_in)
          for (edge_t e = in.begin(u); e < in.end(u); ++e) afforest_link_roots(comp, u, in.neighbor(e));
      });
  afforest_compress_all(space, comp, n);
}

// Afforest's phases over `graph` into `comp` (n entries): on return comp[v] is the smallest
// id of v's component, every entry a root. Returns the link phases run.
template <class Space>
int afforest(const Space& space, const device_graph& graph, const cc_options& options,
             exec::buffer<Space, vertex_t>& comp_buffer, exec::buffer<Space, vertex_t>& sample_buffer,
             exec::buffer<Space, unsigned long long>& skip_key_buffer) {
  const vertex_t n = graph.num_vertices();
  vertex_t* comp = comp_buffer.data();
  unsigned long long* skip_key = skip_key_buffer.data();
  const int rounds = afforest_link_neighbors(space, graph, options, comp, skip_key);

  // Phase 2: the most frequent root among sampled vertices names the largest intermediate
  // component (with high probability); its members skip the final phase.
  const bool may_skip = afforest_may_skip(graph);
  if (may_skip && rounds > 0 && n > 0)
    find_largest_root(space, comp, n, options, sample_buffer, skip_key_buffer);

  // Phase 3: the remaining arcs of every vertex outside the skipped component.
  afforest_link_rest(
      space, graph, may_skip ? static_cast<edge_t>(rounds) : 0, comp,
      PLEXUS_LAMBDA(vertex_t u) { return exec::cached_load(&comp[u]) == skipped_root(*skip_key); });
  return rounds + 1;
}

template <class Space>
cc_result cc_run(const device_graph& graph, const cc_options& options) {
  const Space space;
  const vertex_t n = graph.num_vertices();
  exec::buffer<Space, vertex_t> comp_buffer(n);
  exec::buffer<Space, vertex_t> sample_buffer(static_cast<std::size_t>(options.sample_size));
  exec::buffer<Space, unsigned long long> skip_key_buffer(1);
  cc_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  result.iterations = afforest(space, graph, options, comp_buffer, sample_buffer, skip_key_buffer);
  result.seconds = clock.stop();

  result.label = comp_buffer.to_host();
  for (vertex_t v = 0; v < n; ++v) result.num_components += result.label[v] == v;
  return result;
}

}  // namespace plexus::detail
