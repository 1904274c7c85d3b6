// intersect: sizes (or members) of the intersection of two sorted neighbour lists, per pair
// and per arc of a graph. Triangle counting and Jaccard similarity are both built on it.
//
// Two ways to intersect sorted lists a (shorter, length s) and b (longer, length l):
//   merge          walk both lists once: ~ s + l steps, sequential memory access;
//   binary search  look each element of a up in b, the search window starting where the
//                  previous one ended: ~ s log2(l) steps, wins when l >> s (a low-degree
//                  vertex next to a hub: the "high-degree" path).
// The hybrid picks the cheaper by that estimate for every pair (Sathre, Gondhalekar, Feng,
// "Edge-connected Jaccard similarity for graph link prediction on FPGA", HPEC 2022, and
// the merge-vs-search choice of Green, Yalamanchili, Munguia, "Fast triangle counting on
// the GPU", IA3 2014). Lists must be sorted and free of repeats (the builder's default).
//
// Per arc: intersect_arcs(space, g, source, method, f) calls f(e, u, v, common) for every
// stored arc e = (u, v) of g with common = |N(u) ∩ N(v)|; intersect_arcs(space, g, h, source,
// method, f) does the same with v's list read in h, a second CSR over the same vertices:
// common = |N_g(u) ∩ N_h(v)|; intersect_arcs_sum returns the sum
// of those counts; intersect_arcs_each calls f(u, v, w) for every w in N(u) ∩ N(v);
// intersect_arcs_positions calls f(e, b, c) for the same w, b and c being the arcs u -> w and
// v -> w (for counting triangles per edge). source[e]
// is the row of arc e (fill it with arc_sources). intersect_arcs_symmetric is intersect_arcs
// for a graph that stores every arc (u, v) together with (v, u): the two share one count, so
// a back end may intersect each pair once and report it for both arcs (the host does; other
// back ends fall back to intersect_arcs). The back ends spread arcs over threads:
// OpenMP with dynamic chunks (host/intersect.hpp), one GPU thread per arc (simt/intersect.hpp),
// so a hub's arcs are shared by many threads instead of serialising on one.
#pragma once

#include <cstddef>

#include "plexus/backends/device_functions.hpp"
#include "plexus/backends/target.hpp"
#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/operators/intersect_method.hpp"

namespace plexus {

namespace operators {

/// |a ∩ b| by merging; branch-free advance so the loop does not mispredict on random ids.
PLEXUS_HOST_DEVICE inline edge_t intersect_merge(const vertex_t* a, edge_t na, const vertex_t* b, edge_t nb) {
  edge_t i = 0, j = 0, common = 0;
  while (i < na && j < nb) {
    const vertex_t x = a[i], y = b[j];
    i += x <= y ? 1 : 0;
    j += y <= x ? 1 : 0;
    common += x == y ? 1 : 0;
  }
  return common;
}

/// First position in b[lo, hi) holding a value >= x (hi when none). On CPUs with a conditional
/// move instead of a branch per halving (random ids would mispredict half of them); on GPUs
/// the plain bisection, which measured faster there
/// (docs/performance/tc.md, "Plain bisection on GPUs"). The target being compiled says which
/// (backends::device_functions::branch_free_search).
PLEXUS_HOST_DEVICE inline edge_t lower_bound(const vertex_t* b, edge_t lo, edge_t hi, vertex_t x) {
  if constexpr (!backends::device_functions::branch_free_search) {
    while (lo < hi) {
      const edge_t mid = lo + (hi - lo) / 2;
      if (b[mid] < x)
        lo = mid + 1;
      else
        hi = mid;
    }
    return lo;
  } else {
    if (lo >= hi) return hi;
    const vertex_t* base = b + lo;
    edge_t length = hi - lo;
    while (length > 1) {
      const edge_t half = length / 2;
      base = base[half] < x ? base + half : base;
      length -= half;
    }
    return static_cast<edge_t>(base - b) + (*base < x ? 1 : 0);
  }
}

/// Calls f(i, j) for every a[i] found in b (a[i] == b[j]), ascending, by probing each element
/// of a in b. The probes come in increasing order, so each search starts where the previous
/// one stopped.
template <class F>
PLEXUS_HOST_DEVICE inline void probe_positions(const vertex_t* a, edge_t na, const vertex_t* b, edge_t nb, F&& f) {
  edge_t lo = 0;
  for (edge_t i = 0; i < na && lo < nb; ++i) {
    lo = lower_bound(b, lo, nb, a[i]);
    if (lo < nb && b[lo] == a[i]) {
      f(i, lo);
      ++lo;
    }
  }
}

/// Calls f(w) for every w of a found in b, ascending (probe_positions).
template <class F>
PLEXUS_HOST_DEVICE inline void probe_each(const vertex_t* a, edge_t na, const vertex_t* b, edge_t nb, F&& f) {
  probe_positions(a, na, b, nb, [&](edge_t i, edge_t) { f(a[i]); });
}

/// |a ∩ b| by probing every element of the shorter list in the longer one (probe_each).
PLEXUS_HOST_DEVICE inline edge_t intersect_binary(const vertex_t* a, edge_t na, const vertex_t* b,
                                                  edge_t nb) {
  if (na > nb) {
    const vertex_t* t = a;
    a = b;
    b = t;
    const edge_t tn = na;
    na = nb;
    nb = tn;
  }
  edge_t common = 0;
  probe_each(a, na, b, nb, [&](vertex_t) { ++common; });
  return common;
}

/// Number of halvings a binary search over `length` elements takes: floor(log2(length)) + 1.
PLEXUS_HOST_DEVICE inline edge_t search_depth(edge_t length) {
  edge_t depth = 0;
  while (length > 0) {
    length >>= 1;
    ++depth;
  }
  return depth;
}

/// True when probing beats merging by the cost estimate s * depth(l) < s + l.
PLEXUS_HOST_DEVICE inline bool prefer_binary_search(edge_t na, edge_t nb) {
  const edge_t s = na < nb ? na : nb, l = na < nb ? nb : na;
  return s * search_depth(l) < s + l;
}

/// Whether `method` intersects lists of these lengths by probing (else by merging).
PLEXUS_HOST_DEVICE inline bool probes(intersect_method method, edge_t na, edge_t nb) {
  return method == intersect_method::binary_search ||
         (method == intersect_method::hybrid && prefer_binary_search(na, nb));
}

PLEXUS_HOST_DEVICE inline edge_t intersect_count(const vertex_t* a, edge_t na, const vertex_t* b, edge_t nb,
                                                 intersect_method method) {
  if (na == 0 || nb == 0) return 0;
  return probes(method, na, nb) ? intersect_binary(a, na, b, nb) : intersect_merge(a, na, b, nb);
}

/// |N(u) ∩ N(v)| in g.
PLEXUS_HOST_DEVICE inline edge_t intersect_rows(const csr_view& g, vertex_t u, vertex_t v,
                                                intersect_method method) {
  return intersect_count(g.indices + g.begin(u), g.degree(u), g.indices + g.begin(v), g.degree(v), method);
}

/// Calls f(i, j) for every a[i] == b[j], ascending, by merging.
template <class F>
PLEXUS_HOST_DEVICE inline void merge_positions(const vertex_t* a, edge_t na, const vertex_t* b, edge_t nb, F&& f) {
  edge_t i = 0, j = 0;
  while (i < na && j < nb) {
    const vertex_t x = a[i], y = b[j];
    if (x == y) f(i, j);
    i += x <= y ? 1 : 0;
    j += y <= x ? 1 : 0;
  }
}

/// Calls f(w) for every w in a ∩ b, ascending (merge_positions).
template <class F>
PLEXUS_HOST_DEVICE inline void intersect_each(const vertex_t* a, edge_t na, const vertex_t* b, edge_t nb,
                                              F&& f) {
  merge_positions(a, na, b, nb, [&](edge_t i, edge_t) { f(a[i]); });
}

/// Calls f(i, j) for every a[i] == b[j], ascending: a merge, or probes of the shorter list in
/// the longer when method (or the hybrid's estimate) says so. The positions, not the values,
/// let a caller credit the arcs that hold a common neighbour (count_triangles_per_arc).
template <class F>
PLEXUS_HOST_DEVICE inline void intersect_positions(const vertex_t* a, edge_t na, const vertex_t* b, edge_t nb,
                                                   intersect_method method, F&& f) {
  if (na == 0 || nb == 0) return;
  if (!probes(method, na, nb)) {
    merge_positions(a, na, b, nb, f);
  } else if (na <= nb) {
    probe_positions(a, na, b, nb, f);
  } else {
    probe_positions(b, nb, a, na, [&](edge_t j, edge_t i) { f(i, j); });
  }
}

/// Row of arc e: the u with offsets[u] <= e < offsets[u + 1] (skipping empty rows).
PLEXUS_HOST_DEVICE inline vertex_t arc_row(const csr_view& g, edge_t e) {
  vertex_t lo = 0, hi = g.num_vertices;  // invariant: offsets[lo] <= e < offsets[hi]
  while (hi - lo > 1) {
    const vertex_t mid = lo + (hi - lo) / 2;
    if (g.offsets[mid] <= e)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

/// source[e] = row of arc e, for every arc of g (one independent search per arc, so the
/// work is balanced whatever the degrees).
template <class Space>
void arc_sources(const Space& space, const csr_view& g, vertex_t* source) {
  exec::for_each(
      space, g.num_edges, PLEXUS_LAMBDA(std::size_t e) { source[e] = arc_row(g, static_cast<edge_t>(e)); });
}

/// Number of arcs that repeat the previous arc of their row (parallel edges kept by the
/// builder). Intersections count repeats twice, so callers refuse graphs where this is not 0.
template <class Space>
edge_t count_repeated_neighbors(const Space& space, const csr_view& g) {
  return exec::reduce(
      space, g.num_edges, edge_t(0),
      PLEXUS_LAMBDA(std::size_t i)->edge_t {
        const edge_t e = static_cast<edge_t>(i);
        // Equal neighbours are adjacent in sorted rows; the row search runs only on a match.
        return e > 0 && g.indices[e - 1] == g.indices[e] && arc_row(g, e - 1) == arc_row(g, e) ? 1 : 0;
      },
      exec::plus{});
}

}  // namespace operators
}  // namespace plexus

#include "plexus/operators/host/intersect.hpp"
#if PLEXUS_SIMT_COMPILER
#include "plexus/operators/simt/intersect.hpp"
#endif

namespace plexus::operators {

/// f(e, u, v, |N(u) ∩ N(v)|) for every arc e = (u, v) of g, which must hold the reverse of
/// every arc. Back ends without a pair-once path (an overload for their space) intersect
/// every arc; it is defined after the back-end headers so that intersect_arcs is declared.
template <class Space, class F>
void intersect_arcs_symmetric(const Space& space, const csr_view& g, const vertex_t* source,
                              intersect_method method, F f) {
  intersect_arcs(space, g, source, method, f);
}

}  // namespace plexus::operators
