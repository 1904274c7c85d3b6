// Canonical shortest-path-tree parents (sssp_parents.hpp): a tree even where zero weights make
// tight cycles, the tail of smallest original id among those one tight hop closer, and the
// same tree in every vertex order and on every back end.
#include "plexus/algorithms/sssp/sssp_parents.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "algorithm_test_support.hpp"
#include "order_test_support.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_verify.hpp"
#include "plexus/core/random.hpp"
#include "plexus/generators/kronecker.hpp"

namespace plexus {
namespace {

using test::make_graph;
constexpr vertex_t X = invalid_vertex;

class sssp_parents_test : public test::backend_test {};

/// Follows parents from every reached vertex; true when each walk reaches the source.
bool parents_reach_source(vertex_t source, const host_vector<vertex_t>& parent) {
  for (vertex_t v = 0; v < parent.size(); ++v) {
    if (parent[v] == X) continue;
    vertex_t at = v;
    for (std::size_t steps = 0; at != source; ++steps) {
      if (steps > parent.size()) return false;
      at = parent[at];
    }
  }
  return true;
}

// Every vertex but the source lies at distance 1, and the zero-weight arcs 2 <-> 3 <-> 4 are
// all tight: the tight in-neighbour of smallest id alone would make 2 and 3 each other's
// parents (3's smallest is 2, 2's only one is 3). Counting tight hops puts 5 and 1 one hop
// from 0, 3 and 4 two, 2 three, and every parent one hop closer.
TEST_P(sssp_parents_test, zero_weight_cycles_give_a_tree) {
  const csr_graph g =
      make_graph(6, {{0, 5, 1}, {5, 3, 0}, {3, 2, 0}, {2, 3, 0}, {3, 4, 0}, {4, 3, 0}, {0, 1, 1}, {1, 4, 0}},
                 true, true);
  const sssp_result r = sssp(device_graph(g, where()), 0);
  const host_vector<vertex_t> parent = canonical_sssp_parents(g, 0, r.distance);
  EXPECT_EQ(std::vector<vertex_t>(parent.begin(), parent.end()), (std::vector<vertex_t>{0, 0, 3, 5, 1, 0}));
  EXPECT_TRUE(parents_reach_source(0, parent));
  const auto v = verify::sssp(g, 0, r.distance, parent);
  EXPECT_TRUE(v.ok) << v.message;
  // Unreached vertices keep no parent.
  const host_vector<vertex_t> from_3 =
      canonical_sssp_parents(g, 3, sssp(device_graph(g, where()), 3).distance);
  EXPECT_EQ(std::vector<vertex_t>(from_3.begin(), from_3.end()), (std::vector<vertex_t>{X, X, 3, 3, 3, X}));
}

// Integer weights drawn from few values tie many shortest paths; the kernels' parents follow
// races and the neighbour order, the canonical ones only the graph.
TEST_P(sssp_parents_test, parents_do_not_depend_on_vertex_order) {
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    generators::kronecker_options k;
    k.scale = 11;
    k.edge_factor = 8;
    k.directed = directed;
    edge_list edges = generators::kronecker(k);
    edges.weights.resize(edges.src.size());
    for (std::size_t i = 0; i < edges.src.size(); ++i)
      edges.weights[i] = static_cast<weight_t>(counter_rng(4, i).uniform(3));
    build_options b;
    b.build_in_edges = directed;
    const csr_graph g = build_graph(std::move(edges), b);
    const csr_graph r = plexus_test::degree_ordered(g);
    vertex_t r_source = 0;
    while (r.original_id(r_source) != g.original_id(0)) ++r_source;
    const sssp_result a = sssp(device_graph(g, where()), 0);
    const sssp_result b_run = sssp(device_graph(r, where()), r_source);
    const host_vector<vertex_t> pa = canonical_sssp_parents(g, 0, a.distance);
    const host_vector<vertex_t> pb = canonical_sssp_parents(r, r_source, b_run.distance);
    EXPECT_EQ(plexus_test::values_by_id(g, a.distance), plexus_test::values_by_id(r, b_run.distance));
    EXPECT_EQ(plexus_test::labels_by_id(g, pa), plexus_test::labels_by_id(r, pb));
    EXPECT_TRUE(parents_reach_source(r_source, pb));
    const auto v = verify::sssp(r, r_source, b_run.distance, pb);
    EXPECT_TRUE(v.ok) << v.message;
  }
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(sssp_parents_test);

}  // namespace
}  // namespace plexus
