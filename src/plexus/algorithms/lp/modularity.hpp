// Modularity of a vertex partition of an undirected graph.
//
// Q = sum over communities c of [ L_c / m - (D_c / 2m)^2 ]  (M. E. J. Newman, "Analysis of
// weighted networks", Phys. Rev. E 70, 056131, 2004; Newman and Girvan, Phys. Rev. E 69,
// 026113, 2004), where m is the number of edges, L_c the number of edges with both ends in c
// and D_c the sum of the degrees of c's vertices. Conventions follow
// networkx.community.modularity on an unweighted graph: a self-loop is one edge that adds 2 to
// its vertex's degree; parallel stored arcs count as separate edges. Community labels are
// arbitrary vertex_t values (need not be dense).
// A directed graph, a graph without edges (Q undefined) or a partition of the wrong length
// raise plexus::error(invalid_argument).
#pragma once

#include <span>

#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

double modularity(const csr_graph& graph, std::span<const vertex_t> community);

}  // namespace plexus::verify
