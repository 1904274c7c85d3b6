// Newman modularity of a partition; conventions in lp/modularity.hpp.
#include "plexus/algorithms/lp/modularity.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "plexus/core/error.hpp"

namespace plexus::verify {

double modularity(const csr_graph& graph, std::span<const vertex_t> community) {
  if (graph.directed()) throw error(error_kind::invalid_argument, "modularity needs an undirected graph");
  const vertex_t n = graph.num_vertices();
  if (community.size() != n)
    throw error(error_kind::invalid_argument,
                fmt::format("partition has {} entries but the graph has {} vertices", community.size(), n));
  struct totals {
    double inside = 0;  // edges with both ends in the community
    double degree = 0;  // sum of degrees
  };
  std::unordered_map<vertex_t, totals> per_community;
  double degree_sum = 0;  // 2m
  for (vertex_t u = 0; u < n; ++u) {
    totals& c = per_community[community[u]];
    for (vertex_t v : graph.neighbors(u)) {
      // An edge u-v (u != v) is stored as two arcs, each worth half an edge and one unit of
      // degree; a self-loop is stored once and is a whole edge adding 2 to the degree.
      const double degree = u == v ? 2.0 : 1.0;
      c.degree += degree;
      degree_sum += degree;
      if (community[v] == community[u]) c.inside += degree / 2.0;
    }
  }
  if (degree_sum == 0) throw error(error_kind::invalid_argument, "modularity is undefined for a graph without edges");
  const double m = degree_sum / 2.0;
  double q = 0;
  for (const auto& [label, c] : per_community) q += c.inside / m - (c.degree / degree_sum) * (c.degree / degree_sum);
  return q;
}

}  // namespace plexus::verify
