// Tests of vertex relabelling: the permutation orders vertices by decreasing degree with ties
// kept in id order, every arc (and weight, and reverse arc) survives the renumbering, original
// ids follow the vertices, and traversals give the same answer per original vertex.
#include "plexus/graph/relabel.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"

namespace plexus {
namespace {

using arc_set = std::set<std::tuple<std::uint64_t, std::uint64_t, weight_t>>;

/// Every arc of `arrays` in original ids.
arc_set original_arcs(const csr_graph& graph, const csr_arrays& arrays) {
  arc_set arcs;
  for (vertex_t u = 0; u < arrays.num_vertices(); ++u)
    for (edge_t e = arrays.offsets[u]; e < arrays.offsets[u + 1]; ++e)
      arcs.emplace(graph.original_id(u), graph.original_id(arrays.indices[e]),
                   arrays.weights.empty() ? weight_t(1) : arrays.weights[e]);
  return arcs;
}

void expect_sorted_rows(const csr_arrays& arrays) {
  for (vertex_t u = 0; u < arrays.num_vertices(); ++u)
    for (edge_t e = arrays.offsets[u] + 1; e < arrays.offsets[u + 1]; ++e)
      ASSERT_LE(arrays.indices[e - 1], arrays.indices[e]) << "row " << u;
}

csr_graph kron(int scale, bool directed, bool weighted) {
  generators::kronecker_options options;
  options.scale = scale;
  options.edge_factor = 8;
  options.directed = directed;
  options.weighted = weighted;
  build_options build;
  build.build_in_edges = directed;
  return build_graph(generators::kronecker(options), build);
}

TEST(Relabel, TinyGraphHubsFirstTiesInIdOrder) {
  // Degrees: 0:1, 1:3, 2:2, 3:2 (edges 0-1, 1-2, 1-3, 2-3).
  edge_list edges;
  edges.src = {0, 1, 1, 2};
  edges.dst = {1, 2, 3, 3};
  edges.num_vertices = 4;
  build_options build;
  build.symmetrize = true;
  const csr_graph g = build_graph(std::move(edges), build);
  const host_vector<vertex_t> p = vertex_permutation(g, vertex_order::degree);
  EXPECT_EQ(std::vector<vertex_t>(p.begin(), p.end()), (std::vector<vertex_t>{3, 0, 1, 2}));
  const csr_graph r = relabel(g, vertex_order::degree);
  EXPECT_EQ(r.original_id(0), 1u);
  EXPECT_EQ(r.original_id(3), 0u);
  EXPECT_EQ(r.degree(0), 3u);
  EXPECT_EQ(r.num_logical_edges(), g.num_logical_edges());
  EXPECT_EQ(original_arcs(r, r.out()), original_arcs(g, g.out()));
}

TEST(Relabel, InputOrderKeepsTheGraph) {
  const csr_graph g = kron(8, false, true);
  const csr_graph r = relabel(g, vertex_order::input);
  EXPECT_EQ(std::vector<vertex_t>(r.indices().begin(), r.indices().end()),
            std::vector<vertex_t>(g.indices().begin(), g.indices().end()));
  EXPECT_EQ(std::vector<weight_t>(r.weights().begin(), r.weights().end()),
            std::vector<weight_t>(g.weights().begin(), g.weights().end()));
}

TEST(Relabel, DegreeOrderKeepsEveryArcWeightAndReverseArc) {
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph g = kron(10, directed, true);
    const csr_graph r = relabel(g, vertex_order::degree);
    ASSERT_EQ(r.num_vertices(), g.num_vertices());
    ASSERT_EQ(r.num_edges(), g.num_edges());
    EXPECT_EQ(r.directed(), directed);
    EXPECT_EQ(original_arcs(r, r.out()), original_arcs(g, g.out()));
    expect_sorted_rows(r.out());
    if (directed) {
      ASSERT_TRUE(r.has_in_edges());
      EXPECT_EQ(original_arcs(r, r.in()), original_arcs(g, g.in()));
      expect_sorted_rows(r.in());
    }
    // Decreasing total degree.
    const auto total = [&](vertex_t v) {
      return r.degree(v) + (directed ? r.in().offsets[v + 1] - r.in().offsets[v] : 0);
    };
    for (vertex_t v = 1; v < r.num_vertices(); ++v) ASSERT_GE(total(v - 1), total(v)) << "vertex " << v;
  }
}

TEST(Relabel, SameResultOnAnyThreadCount) {
  const csr_graph g = kron(11, false, true);
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  const csr_graph one = relabel(g, vertex_order::degree);
  omp_set_num_threads(threads > 1 ? threads : 3);
  const csr_graph many = relabel(g, vertex_order::degree);
  omp_set_num_threads(threads);
  EXPECT_EQ(std::vector<vertex_t>(one.indices().begin(), one.indices().end()),
            std::vector<vertex_t>(many.indices().begin(), many.indices().end()));
  EXPECT_EQ(std::vector<weight_t>(one.weights().begin(), one.weights().end()),
            std::vector<weight_t>(many.weights().begin(), many.weights().end()));
}

TEST(Relabel, TraversalsAgreePerOriginalVertex) {
  const csr_graph g = kron(12, false, true);
  const csr_graph r = relabel(g, vertex_order::degree);
  std::map<std::uint64_t, vertex_t> in_r;
  for (vertex_t v = 0; v < r.num_vertices(); ++v) in_r[r.original_id(v)] = v;
  const device_graph dg(g, backend::host), dr(r, backend::host);
  for (const vertex_t source : {vertex_t{0}, vertex_t{17}, g.num_vertices() - 1}) {
    const vertex_t mapped = in_r.at(g.original_id(source));
    const bfs_result a = bfs(dg, source), b = bfs(dr, mapped);
    const sssp_result c = sssp(dg, source), d = sssp(dr, mapped);
    for (vertex_t v = 0; v < g.num_vertices(); ++v) {
      const vertex_t w = in_r.at(g.original_id(v));
      ASSERT_EQ(a.depth[v], b.depth[w]) << "bfs from " << source << ", vertex " << v;
      ASSERT_EQ(c.distance[v], d.distance[w]) << "sssp from " << source << ", vertex " << v;
    }
  }
}

TEST(Relabel, DegreesNonIncreasing) {
  const csr_graph g = kron(10, false, true);
  EXPECT_FALSE(degrees_non_increasing(g));
  EXPECT_TRUE(degrees_non_increasing(relabel(g, vertex_order::degree)));
}

TEST(Relabel, OrderNames) {
  EXPECT_EQ(parse_vertex_order("degree"), vertex_order::degree);
  EXPECT_EQ(parse_vertex_order("input"), vertex_order::input);
  EXPECT_EQ(to_string(vertex_order::degree), "degree");
  EXPECT_THROW(parse_vertex_order("random"), error);
}

}  // namespace
}  // namespace plexus
