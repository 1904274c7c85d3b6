// PageRank on weighted graphs (NetworkX's pagerank(G, weight="weight")) and on graphs that
// keep their self-loops, on every back end: the weighted serial reference on generated graphs,
// NetworkX's own figures on real weighted graphs and on hand-made graphs with loops, sinks of
// zero out-weight, and the weights refused.
//
// The NetworkX figures were computed with NetworkX 3.6.1's pure-Python power iteration (the
// same iteration as networkx.pagerank, which needs SciPy), at alpha 0.85 and tol 1e-15, in
// ../shared/datasets/graphs, each graph read as Plexus reads it (undirected, float weights):
//
//   python3 -c '
//   import struct, networkx as nx
//   from networkx.algorithms.link_analysis.pagerank_alg import _pagerank_python as pagerank
//   f32 = lambda s: struct.unpack("f", struct.pack("f", float(s)))[0]
//   def lesmis():
//       rows = [l.split() for l in open("lesmis.graph") if not l.startswith("%")]
//       n = int(rows[0][0]); G = nx.Graph(); G.add_nodes_from(range(n))
//       for v, r in enumerate(rows[1:n + 1]):
//           for u, w in zip(r[0::2], r[1::2]): G.add_edge(v, int(u) - 1, weight=f32(w))
//       return G
//   def netscience():
//       rows = [l.split() for l in open("netscience.mtx") if not l.startswith("%")]
//       n = int(rows[0][0]); G = nx.Graph(); G.add_nodes_from(range(n))
//       for i, j, w in rows[1:]: G.add_edge(int(i) - 1, int(j) - 1, weight=f32(w))
//       return G
//   for name, G in (("lesmis.graph", lesmis()), ("netscience.mtx", netscience())):
//       x = pagerank(G, alpha=0.85, weight="weight", tol=1e-15, max_iter=10000)
//       top = max(x, key=lambda v: (x[v], -v))
//       print(name, G.number_of_nodes(), top, repr(x[top]),
//             repr(sum((v + 1) * r for v, r in x.items())), repr(sum(r * r for r in x.values())))
//   '
//
// Vertices are numbered by their position in the file (the file's id minus one).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/read_graph.hpp"
#include "suite_support.hpp"

namespace plexus {
namespace {

class pagerank_weighted_test : public test::backend_test {
 protected:
  pagerank_result run(const csr_graph& g, const pagerank_options& options) {
    return pagerank(device_graph(g, where()), options);
  }
};

pagerank_options tight(bool weighted) {
  pagerank_options options;
  options.tolerance = 1e-12;
  options.max_iterations = 1000;
  options.weighted = weighted;
  return options;
}

void expect_ranks(const host_vector<double>& actual, const std::vector<double>& expected, double tolerance) {
  ASSERT_EQ(actual.size(), expected.size());
  for (std::size_t v = 0; v < expected.size(); ++v) EXPECT_NEAR(actual[v], expected[v], tolerance) << "vertex " << v;
}

TEST_P(pagerank_weighted_test, weighted_generated_graphs_match_the_weighted_reference) {
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph g = plexus_test::kron_graph(12, true, directed, 9);
    const pagerank_options options = tight(true);
    const pagerank_result r = run(g, options);
    EXPECT_TRUE(r.converged);
    const host_vector<double> expected = verify::reference_pagerank(g, 0.85, 1e-12, 1000, {}, pagerank_stop::error_bound, true);
    EXPECT_TRUE(verify::compare_pagerank(g, expected, r.rank, 1e-12).ok);
    // The weights matter: the unweighted ranks are elsewhere.
    const host_vector<double> unweighted = verify::reference_pagerank(g, 0.85, 1e-12, 1000);
    EXPECT_FALSE(verify::compare_pagerank(g, unweighted, r.rank, 1e-6).ok);
    EXPECT_GT(r.bytes_per_iteration, pagerank_bytes_per_iteration(g.num_vertices(), g.num_edges()));
  }
}

TEST_P(pagerank_weighted_test, weighted_on_an_unweighted_graph_weighs_every_arc_one) {
  const csr_graph g = test::make_graph(5, {{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 2}, {3, 4}}, true);
  expect_ranks(run(g, tight(true)).rank,
               [&] {
                 const auto r = run(g, tight(false)).rank;
                 return std::vector<double>(r.begin(), r.end());
               }(),
               1e-15);
}

TEST_P(pagerank_weighted_test, lesmis_and_netscience_match_networkx) {
  PLEXUS_REQUIRE_DATASETS();
  struct networkx_figures {
    const char* file;
    vertex_t vertices, top;
    double top_rank, position_sum, square_sum;
  };
  for (const networkx_figures& nx : {networkx_figures{"lesmis.graph", 77, 11, 0.09955810825406586,
                                                      37.68204121894494, 0.029033916798466022},
                                     networkx_figures{"netscience.mtx", 1589, 33, 0.005366987261315703,
                                                      725.2916147587924, 0.0008669943329702369}}) {
    SCOPED_TRACE(nx.file);
    const csr_graph g = io::read_graph(test::datasets_dir() / "graphs" / nx.file);
    ASSERT_TRUE(g.weighted());
    ASSERT_EQ(g.num_vertices(), nx.vertices);
    const pagerank_result r = run(g, tight(true));
    ASSERT_TRUE(r.converged);
    const auto top = std::max_element(r.rank.begin(), r.rank.end());
    EXPECT_EQ(static_cast<vertex_t>(top - r.rank.begin()), nx.top);
    EXPECT_NEAR(*top, nx.top_rank, 1e-11);
    double position_sum = 0, square_sum = 0;
    for (vertex_t v = 0; v < g.num_vertices(); ++v) {
      position_sum += (v + 1.0) * r.rank[v];
      square_sum += r.rank[v] * r.rank[v];
    }
    EXPECT_NEAR(position_sum, nx.position_sum, 1e-11 * g.num_vertices());
    EXPECT_NEAR(square_sum, nx.square_sum, 1e-12);
  }
}

TEST_P(pagerank_weighted_test, a_vertex_whose_out_weights_are_zero_is_a_sink) {
  // 0 -> 1 (weight 0) and 1 -> 0 (weight 2): 0 is a sink of the weighted walk, as in NetworkX,
  // which gives x0 = 0.5 / 1.425 (the hand solution of verify_pagerank.dangling_mass_goes_to_everyone,
  // with 1 the sink there).
  const csr_graph g = test::make_graph(2, {{0, 1, 0}, {1, 0, 2}}, true, true);
  const double sink = 1 - 0.5 / 1.425;
  expect_ranks(run(g, tight(true)).rank, {sink, 1 - sink}, 1e-11);
}

TEST_P(pagerank_weighted_test, negative_weights_and_weighted_graphalytics_are_refused) {
  const csr_graph g = test::make_graph(3, {{0, 1, 1}, {1, 2, -1}}, true, true);
  try {
    run(g, tight(true));
    FAIL() << "a negative weight was accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::unsupported);
    EXPECT_EQ(std::string(e.what()), "PageRank needs finite non-negative weights, but edge 1 -> 2 has weight -1");
  }
  EXPECT_NO_THROW(run(g, tight(false)));  // unweighted, the weights are not read
  pagerank_options graphalytics = tight(true);
  graphalytics.variant = pagerank_variant::graphalytics;
  const csr_graph positive = test::make_graph(3, {{0, 1, 1}, {1, 2, 2}}, true, true);
  EXPECT_THROW(run(positive, graphalytics), error);
}

// ---- kept self-loops ------------------------------------------------------------------------

// NetworkX 3.6.1, _pagerank_python(G, tol=1e-15, max_iter=10000): a self-loop counts in its
// vertex's out-degree and sends that share back to it.
//   nx.DiGraph([(0,1),(1,2),(2,0),(2,2),(3,3),(1,3)])
//   nx.Graph([(0,1),(1,1),(1,2),(2,3),(3,3)])
TEST_P(pagerank_weighted_test, kept_self_loops_count_as_networkx_counts_them) {
  const csr_graph directed =
      test::make_graph(4, {{0, 1}, {1, 2}, {2, 0}, {2, 2}, {3, 3}, {1, 3}}, true, false, true);
  ASSERT_EQ(directed.num_edges(), 6u);
  expect_ranks(run(directed, tight(false)).rank,
               {0.10504559946615358, 0.12678875954623087, 0.15893082227330188, 0.6092348187143134}, 1e-11);
  const csr_graph undirected = test::make_graph(4, {{0, 1}, {1, 1}, {1, 2}, {2, 3}, {3, 3}}, false, false, true);
  ASSERT_EQ(undirected.num_edges(), 8u);
  expect_ranks(run(undirected, tight(false)).rank,
               {0.14109609827543046, 0.36563328803092926, 0.2461306028738438, 0.2471400108197965}, 1e-11);
  // Weighted, a loop's weight counts in W(u) like any other arc's.
  EXPECT_TRUE(verify::compare_pagerank(undirected,
                                       verify::reference_pagerank(undirected, 0.85, 1e-12, 1000, {},
                                                                  pagerank_stop::error_bound, true),
                                       run(undirected, tight(true)).rank, 1e-12)
                  .ok);
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(pagerank_weighted_test);

}  // namespace
}  // namespace plexus
