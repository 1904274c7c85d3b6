// Label propagation references: hand-traced synchronous iterations, stopping rules,
// oscillation, and LDBC Graphalytics' published CDLP outputs for its example graphs.
#include "plexus/algorithms/lp/lp_verify.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/graph/builder.hpp"
#include "tiny_graph.hpp"

namespace plexus {
namespace {

using test::tiny_graph;
using labels = std::vector<vertex_t>;

labels as_vector(const host_vector<vertex_t>& v) { return {v.begin(), v.end()}; }

// Two triangles {0,1,2} and {3,4,5} and isolated vertex 6.
csr_graph two_triangles() { return tiny_graph(7, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}}, false); }

TEST(verify_label_propagation, triangles_converge_in_three_iterations) {
  // Iteration 1: 0 sees {1,2} (tie -> 1), 1 sees {0,2} -> 0, 2 sees {0,1} -> 0;
  //              likewise 3 -> 4, 4 -> 3, 5 -> 3; 6 has no neighbour and keeps 6.
  // Iteration 2: 0 sees {0,0} -> 0, 1 sees {1,0} -> 0, 2 sees {1,0} -> 0; same for {3,4,5}.
  // Iteration 3: nothing changes, so with tolerance 0 it is the last.
  EXPECT_EQ(as_vector(verify::reference_cdlp(two_triangles(), 1)), (labels{1, 0, 0, 4, 3, 3, 6}));
  // CDLP's count ends early at the iteration that changes nothing: the rest would repeat it.
  int cdlp_iterations = -1;
  EXPECT_EQ(as_vector(verify::reference_cdlp(two_triangles(), 1000000, &cdlp_iterations)),
            (labels{0, 0, 0, 3, 3, 3, 6}));
  EXPECT_EQ(cdlp_iterations, 3);
  int iterations = -1;
  const auto l = verify::reference_label_propagation(two_triangles(), 100, 0.0, &iterations);
  EXPECT_EQ(as_vector(l), (labels{0, 0, 0, 3, 3, 3, 6}));
  EXPECT_EQ(iterations, 3);
}

TEST(verify_label_propagation, tolerance_stops_early) {
  // Iteration 1 changes 6 of 7 labels, iteration 2 changes 2 (vertices 0 and 3): with
  // tolerance 0.3 (2.1 vertices) the second iteration is the last.
  int iterations = -1;
  const auto l = verify::reference_label_propagation(two_triangles(), 100, 0.3, &iterations);
  EXPECT_EQ(iterations, 2);
  EXPECT_EQ(as_vector(l), (labels{0, 0, 0, 3, 3, 3, 6}));
}

TEST(verify_label_propagation, synchronous_updates_oscillate_on_an_edge) {
  // 0-1 swap labels every iteration and never settle: max_iterations decides.
  const csr_graph g = tiny_graph(2, {{0, 1}}, false);
  int iterations = -1;
  EXPECT_EQ(as_vector(verify::reference_label_propagation(g, 5, 0.0, &iterations)), (labels{1, 0}));
  EXPECT_EQ(iterations, 5);
  EXPECT_EQ(as_vector(verify::reference_label_propagation(g, 4)), (labels{0, 1}));
  EXPECT_EQ(as_vector(verify::reference_label_propagation(g, 0, 0.0, &iterations)), (labels{0, 1}));
  EXPECT_EQ(iterations, 0);
  EXPECT_THROW(verify::reference_label_propagation(g, -1), error);
  // The swap is a cycle of two labellings: a huge limit ends as soon as the cycle shows, on the
  // labels of the limit's parity.
  EXPECT_EQ(as_vector(verify::reference_label_propagation(g, 1000001, 0.0, &iterations)), (labels{1, 0}));
  EXPECT_LT(iterations, 10);
  EXPECT_EQ(as_vector(verify::reference_label_propagation(g, 1000000)), (labels{0, 1}));
  EXPECT_EQ(as_vector(verify::reference_cdlp(g, 1000001, &iterations)), (labels{1, 0}));
  EXPECT_LT(iterations, 10);
  EXPECT_EQ(as_vector(verify::reference_cdlp(g, 1000000)), (labels{0, 1}));
}

TEST(verify_label_propagation, multiplicity_counts) {
  // Vertex 0 has arcs to 1, 2, 2 (a parallel edge): label 2 wins over the smaller 1.
  const csr_graph g = tiny_graph(3, {{0, 1}, {0, 2}, {0, 2}}, false);
  EXPECT_EQ(verify::reference_cdlp(g, 1)[0], 2u);
}

TEST(verify_label_propagation, cdlp_counts_in_and_out_neighbours_of_directed_graphs) {
  // 1 -> 0, 2 -> 0, 0 -> 3: vertex 3 only has an in-neighbour (0) and takes its label;
  // vertex 0 sees {1, 2, 3} -> 1; vertices 1 and 2 see only 0 (as out-neighbour).
  const csr_graph g = tiny_graph(4, {{1, 0}, {2, 0}, {0, 3}}, true);
  EXPECT_EQ(as_vector(verify::reference_cdlp(g, 1)), (labels{1, 0, 0, 0}));
  // A mutual pair 0 <-> 1 and 2 -> 0: vertex 0 sees label 1 twice (in and out) and 2 once.
  const csr_graph mutual = tiny_graph(3, {{0, 1}, {1, 0}, {2, 0}}, true);
  EXPECT_EQ(verify::reference_cdlp(mutual, 1)[0], 1u);
}

// LDBC Graphalytics validation graph "example-directed" (ldbc/ldbc_graphalytics,
// graphalytics-validation/src/main/resources/validation-graphs/example/), ids 1..10 shifted
// to 0..9, and its published CDLP output after 2 iterations (labels shifted alike: the shift
// preserves the order, so ties resolve identically).
TEST(verify_label_propagation, graphalytics_example_directed) {
  const std::vector<test::arc> arcs{{0, 2}, {0, 4}, {1, 3}, {1, 4}, {1, 9}, {2, 0}, {2, 4}, {2, 7}, {2, 9},
                                    {4, 2}, {4, 3}, {4, 7}, {5, 2}, {5, 3}, {6, 3}, {7, 0}, {8, 3}};
  const labels expected{0, 1, 2, 3, 0, 0, 1, 2, 1, 0};
  EXPECT_EQ(as_vector(verify::reference_cdlp(tiny_graph(10, arcs, true), 2)), expected);
  // Same answer when the graph carries its own reverse CSR.
  edge_list edges;
  edges.num_vertices = 10;
  for (const auto& a : arcs) {
    edges.src.push_back(a.u);
    edges.dst.push_back(a.v);
  }
  build_options build;
  build.build_in_edges = true;
  const csr_graph with_in = build_graph(std::move(edges), build);
  ASSERT_TRUE(with_in.has_in_edges());
  EXPECT_EQ(as_vector(verify::reference_cdlp(with_in, 2)), expected);
}

// "example-undirected": ids 2..10 shifted to 0..8.
TEST(verify_label_propagation, graphalytics_example_undirected) {
  const csr_graph g = tiny_graph(
      9, {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {1, 6}, {3, 4}, {3, 6}, {4, 5}, {4, 6}, {4, 7}, {4, 8}, {5, 7}}, false);
  EXPECT_EQ(as_vector(verify::reference_cdlp(g, 2)), (labels{0, 1, 0, 0, 4, 3, 0, 3, 3}));
}

TEST(verify_label_propagation, compare_names_vertices_and_labels_by_the_input_ids) {
  const csr_graph g = test::tiny_graph_with_ids({100, 200, 300}, {{0, 1}}, false);
  EXPECT_EQ(verify::compare_labels(g, labels{0, 0, 2}, labels{0, 1, 2}).message,
            "vertex 200: label 200 but expected 100");
}

TEST(verify_label_propagation, compare_reports_first_difference) {
  const csr_graph g = tiny_graph(3, {{0, 1}}, false);
  EXPECT_TRUE(verify::compare_labels(g, labels{0, 0, 2}, labels{0, 0, 2}).ok);
  const auto v = verify::compare_labels(g, labels{0, 0, 2}, labels{0, 1, 2});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("vertex 1"), std::string::npos) << v.message;
  EXPECT_FALSE(verify::compare_labels(g, labels{0}, labels{0, 1}).ok);
}

}  // namespace
}  // namespace plexus
