// csr_view: a non-owning, trivially copyable view of a CSR that kernels take by value.
//
// The same struct describes host memory (from csr_graph::view()) and device memory (from a
// graph uploaded by a device back end); it never owns or frees anything. Its accessors are
// constexpr, which makes them callable in kernels as well (GPU compilers treat constexpr
// functions as host and device functions), without naming a back end.
#pragma once

#include <type_traits>

#include "plexus/core/types.hpp"

namespace plexus {

struct csr_view {
  vertex_t num_vertices = 0;
  edge_t num_edges = 0;                // stored arcs
  const edge_t* offsets = nullptr;     // num_vertices + 1 entries
  const vertex_t* indices = nullptr;   // num_edges entries, each neighbour list sorted
  const weight_t* weights = nullptr;   // num_edges entries, or nullptr when unweighted

  constexpr edge_t begin(vertex_t v) const { return offsets[v]; }
  constexpr edge_t end(vertex_t v) const { return offsets[v + 1]; }
  constexpr edge_t degree(vertex_t v) const { return offsets[v + 1] - offsets[v]; }
  constexpr vertex_t neighbor(edge_t e) const { return indices[e]; }
  constexpr bool weighted() const { return weights != nullptr; }
  /// Weight of arc e; 1 for unweighted graphs so hop counts and distances agree.
  constexpr weight_t weight(edge_t e) const { return weights ? weights[e] : weight_t(1); }
};

static_assert(std::is_trivially_copyable_v<csr_view>, "csr_view is passed by value into kernels");

}  // namespace plexus
