// Host (OpenMP) back end of the per-arc intersect operators declared in operators/intersect.hpp.
//
// Arcs are handed out in dynamic chunks: intersection costs vary by orders of magnitude
// between arcs (a hub's arcs are long), so static halves would leave threads idle.
//
// The hybrid method runs differently here than on the GPU. Arcs come in CSR order, so a
// thread meets the arcs of one row u one after the other; it marks N(u) once in a private
// bitmap of n bits and then counts |N(u) ∩ N(v)| by testing each w of N(v) against it: d(v)
// branch-free bit tests instead of a merge of d(u) + d(v) steps whose comparisons the branch
// predictor cannot guess. The bitmap of a 2^20-vertex graph is 128 KiB, so the tests hit
// cache. When d(v) is large beside d(u) the elements of N(u) are searched for in N(v) instead
// (~ d(u) log2 d(v) steps), as in the merge-vs-search hybrid. Testing one list against the
// other held in a lookup table is the hashed intersection of Schank and Wagner ("Finding,
// counting and listing all triangles in large graphs, an experimental study", WEA 2005), with
// a bitmap as the table; the merge and search methods stay as they are for comparison.
//
// intersect_arcs_symmetric counts each pair {u, v} once, from the longer row: the scan is
// then over the shorter list, min(d(u), d(v)) tests, and the reverse arc gets the same count.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "plexus/backends/host/space.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::operators {

namespace host_detail {

inline constexpr std::int64_t kArcChunk = 512;
inline constexpr std::int64_t kRowChunk = 1024;
/// Largest vertex count marked in a per-thread bitmap (16 MiB a thread, so that many-core
/// hosts stay within memory); larger graphs intersect arc by arc.
inline constexpr vertex_t kMaxMarkedVertices = vertex_t(1) << 27;
/// A search step (a dependent load) costs about this many bit tests (independent loads).
inline constexpr edge_t kSearchStepCost = 4;

/// One thread's bitmap holding the neighbour list of one row of g at a time.
class row_marks {
 public:
  explicit row_marks(const csr_view& g)
      : g_(g), words_((static_cast<std::size_t>(g.num_vertices) + 63) / 64, 0) {}

  /// Makes N(u) the marked set. Clearing the words of the previous row costs its degree,
  /// as marking did, so every row switch is linear in the two rows.
  void hold(vertex_t u) {
    if (u == row_) return;
    if (row_ != invalid_vertex)
      for (edge_t e = g_.begin(row_); e < g_.end(row_); ++e) words_[g_.indices[e] >> 6] = 0;
    for (edge_t e = g_.begin(u); e < g_.end(u); ++e) {
      const vertex_t w = g_.indices[e];
      words_[w >> 6] |= std::uint64_t(1) << (w & 63);
    }
    row_ = u;
  }

  bool marked(vertex_t w) const { return (words_[w >> 6] >> (w & 63)) & 1; }

  /// Number of marked entries of b[0, nb).
  edge_t count(const vertex_t* b, edge_t nb) const {
    // Four running sums keep four bitmap loads in flight instead of one add chain.
    edge_t c0 = 0, c1 = 0, c2 = 0, c3 = 0, j = 0;
    for (; j + 4 <= nb; j += 4) {
      c0 += marked(b[j]) ? 1 : 0;
      c1 += marked(b[j + 1]) ? 1 : 0;
      c2 += marked(b[j + 2]) ? 1 : 0;
      c3 += marked(b[j + 3]) ? 1 : 0;
    }
    for (; j < nb; ++j) c0 += marked(b[j]) ? 1 : 0;
    return c0 + c1 + c2 + c3;
  }

 private:
  csr_view g_;
  std::vector<std::uint64_t> words_;
  vertex_t row_ = invalid_vertex;
};

/// True when searching N(u)'s elements in N(v) is cheaper than testing N(v) against marks.
inline bool search_row(edge_t du, edge_t dv) {
  return du * search_depth(dv) * kSearchStepCost < dv;
}

/// |N_g(u) ∩ N_h(v)| for arc u -> v, with this thread's marks of g's rows (hybrid) or by method.
inline edge_t count_arc(const csr_view& g, const csr_view& h, vertex_t u, vertex_t v, intersect_method method,
                        row_marks* marks) {
  const edge_t du = g.degree(u), dv = h.degree(v);
  const vertex_t* nv = h.indices + h.begin(v);
  if (marks == nullptr) return intersect_count(g.indices + g.begin(u), du, nv, dv, method);
  if (du == 0 || dv == 0) return 0;
  if (search_row(du, dv)) {
    edge_t common = 0;
    probe_each(g.indices + g.begin(u), du, nv, dv, [&](vertex_t) { ++common; });
    return common;
  }
  marks->hold(u);
  return marks->count(nv, dv);
}

/// |N(u) ∩ N(v)| for arc u -> v of g.
inline edge_t count_arc(const csr_view& g, vertex_t u, vertex_t v, intersect_method method, row_marks* marks) {
  return count_arc(g, g, u, v, method, marks);
}

/// Arcs ahead of the current one whose target's offsets are fetched early: the targets are
/// scattered, so offsets[v] is a cache miss that would otherwise stall each arc.
inline constexpr edge_t kPrefetchAhead = 16;

inline void prefetch_row(const csr_view& g, const csr_view& h, edge_t e) {
  if (e + kPrefetchAhead < g.num_edges) __builtin_prefetch(h.offsets + g.indices[e + kPrefetchAhead]);
}

/// Whether the hybrid may mark rows of g in a bitmap.
inline bool use_marks(const csr_view& g, intersect_method method) {
  return method == intersect_method::hybrid && g.num_vertices <= kMaxMarkedVertices;
}

/// Sum of body(e, marks) over every arc e of g, arcs in dynamic chunks; marks is this thread's
/// bitmap of g's rows, or nullptr when `marking` is off. The rows of the arcs' targets are
/// read in h.
template <class Body>
std::uint64_t sum_over_arcs(const csr_view& g, const csr_view& h, bool marking, Body&& body) {
  const std::int64_t m = static_cast<std::int64_t>(g.num_edges);
  std::uint64_t total = 0;
#pragma omp parallel reduction(+ : total)
  {
    std::optional<row_marks> marks;
    if (marking) marks.emplace(g);
#pragma omp for schedule(dynamic, kArcChunk)
    for (std::int64_t i = 0; i < m; ++i) {
      const edge_t e = static_cast<edge_t>(i);
      prefetch_row(g, h, e);
      total += body(e, marking ? &*marks : nullptr);
    }
  }
  return total;
}

template <class Body>
std::uint64_t sum_over_arcs(const csr_view& g, bool marking, Body&& body) {
  return sum_over_arcs(g, g, marking, body);
}

}  // namespace host_detail

/// Host fill of arc_sources: one pass over the rows instead of a search per arc.
inline void arc_sources(const exec::host&, const csr_view& g, vertex_t* source) {
  const std::int64_t n = static_cast<std::int64_t>(g.num_vertices);
#pragma omp parallel for schedule(dynamic, host_detail::kRowChunk)
  for (std::int64_t i = 0; i < n; ++i) {
    const vertex_t u = static_cast<vertex_t>(i);
    for (edge_t e = g.begin(u); e < g.end(u); ++e) source[e] = u;
  }
}

template <class F>
void intersect_arcs(const exec::host&, const csr_view& g, const csr_view& h, const vertex_t* source,
                    intersect_method method, F f) {
  host_detail::sum_over_arcs(g, h, host_detail::use_marks(g, method), [&](edge_t e, host_detail::row_marks* marks) {
    const vertex_t u = source[e], v = g.indices[e];
    f(e, u, v, host_detail::count_arc(g, h, u, v, method, marks));
    return std::uint64_t(0);
  });
}

template <class F>
void intersect_arcs(const exec::host& space, const csr_view& g, const vertex_t* source, intersect_method method,
                    F f) {
  intersect_arcs(space, g, g, source, method, f);
}

inline std::uint64_t intersect_arcs_sum(const exec::host&, const csr_view& g, const vertex_t* source,
                                        intersect_method method) {
  return host_detail::sum_over_arcs(g, host_detail::use_marks(g, method),
                                    [&](edge_t e, host_detail::row_marks* marks) -> std::uint64_t {
                                      return host_detail::count_arc(g, source[e], g.indices[e], method, marks);
                                    });
}

/// Pair-once path of intersect_arcs_symmetric: arc (u, v) is counted by the endpoint whose
/// row is the longer one, (deg v, v) <= (deg u, u), which scans N(v), the shorter list, against
/// N(u) marked; the count is then reported for (u, v) and for its reverse, found by a search
/// in N(v). Every arc is reported exactly once, so f's writes per arc never meet.
template <class F>
void intersect_arcs_symmetric(const exec::host&, const csr_view& g, const vertex_t* source,
                              intersect_method method, F f) {
  host_detail::sum_over_arcs(g, host_detail::use_marks(g, method), [&](edge_t e, host_detail::row_marks* marks) {
    const vertex_t u = source[e], v = g.indices[e];
    const edge_t du = g.degree(u), dv = g.degree(v);
    if (dv > du || (dv == du && v > u)) return std::uint64_t(0);
    const edge_t common = host_detail::count_arc(g, u, v, method, marks);
    f(e, u, v, common);
    if (v != u) f(lower_bound(g.indices, g.begin(v), g.end(v), u), v, u, common);
    return std::uint64_t(0);
  });
}

template <class F>
void intersect_arcs_each(const exec::host&, const csr_view& g, const vertex_t* source, F f) {
  const bool marking = host_detail::use_marks(g, intersect_method::hybrid);
  host_detail::sum_over_arcs(g, marking, [&](edge_t e, host_detail::row_marks* marks) {
    const vertex_t u = source[e], v = g.indices[e];
    const vertex_t* nu = g.indices + g.begin(u);
    const vertex_t* nv = g.indices + g.begin(v);
    const edge_t du = g.degree(u), dv = g.degree(v);
    auto visit = [&](vertex_t w) { f(u, v, w); };
    if (marks == nullptr) {
      intersect_each(nu, du, nv, dv, visit);
    } else if (du > 0 && dv > 0 && host_detail::search_row(du, dv)) {
      probe_each(nu, du, nv, dv, visit);
    } else if (du > 0) {
      marks->hold(u);
      for (edge_t j = 0; j < dv; ++j)
        if (marks->marked(nv[j])) visit(nv[j]);
    }
    return std::uint64_t(0);
  });
}

/// f(e, b, c) per common neighbour w of arc e = u -> v, b and c being the arcs u -> w and
/// v -> w. The hybrid tests N(v) against the marks of N(u) and then searches N(u) for each w
/// found (common neighbours are few beside the tests), or probes as the GPU does.
template <class F>
void intersect_arcs_positions(const exec::host&, const csr_view& g, const vertex_t* source, intersect_method method,
                              F f) {
  const bool marking = host_detail::use_marks(g, method);
  host_detail::sum_over_arcs(g, marking, [&](edge_t e, host_detail::row_marks* marks) {
    const vertex_t u = source[e], v = g.indices[e];
    const edge_t bu = g.begin(u), bv = g.begin(v), du = g.degree(u), dv = g.degree(v);
    const vertex_t* nu = g.indices + bu;
    const vertex_t* nv = g.indices + bv;
    auto visit = [&](edge_t i, edge_t j) { f(e, bu + i, bv + j); };
    if (marks == nullptr || (du > 0 && dv > 0 && host_detail::search_row(du, dv))) {
      intersect_positions(nu, du, nv, dv, marks == nullptr ? method : intersect_method::binary_search, visit);
    } else if (du > 0) {
      marks->hold(u);
      for (edge_t j = 0; j < dv; ++j)
        if (marks->marked(nv[j])) visit(lower_bound(nu, 0, du, nv[j]), j);
    }
    return std::uint64_t(0);
  });
}

}  // namespace plexus::operators
