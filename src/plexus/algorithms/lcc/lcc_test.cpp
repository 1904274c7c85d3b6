// The local clustering coefficient through the public API on every back end: hand-made graphs
// with known values (LDBC Graphalytics' validation examples among them, with and without kept
// self-loops) for every intersection method, Kronecker and uniform graphs, directed and
// undirected, against the serial reference, device results equal to the host's, and the
// graphs refused.
#include "plexus/algorithms/lcc/lcc.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/lcc/lcc_test_graphs.hpp"
#include "plexus/algorithms/lcc/lcc_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"

namespace plexus {
namespace {

constexpr intersect_method kMethods[] = {intersect_method::hybrid, intersect_method::merge,
                                         intersect_method::binary_search};

std::vector<double> as_vector(const host_vector<double>& v) { return {v.begin(), v.end()}; }

class lcc_test : public test::backend_test {
 protected:
  // Every method gives the reference's values exactly (each is a ratio of the same integers).
  void expect_reference(const csr_graph& g) {
    const std::vector<double> expected = as_vector(verify::reference_lcc(g));
    const device_graph dev(g, where());
    for (intersect_method m : kMethods) {
      SCOPED_TRACE(static_cast<int>(m));
      lcc_options options;
      options.method = m;
      const lcc_result r = local_clustering(dev, options);
      EXPECT_EQ(as_vector(r.coefficient), expected);
      const auto v = verify::lcc(g, r.coefficient);
      EXPECT_TRUE(v.ok) << v.message;
    }
  }
};

csr_graph kronecker(int scale, bool directed, bool keep_loops) {
  generators::kronecker_options k;
  k.scale = scale;
  k.edge_factor = 8;
  k.seed = 3;
  k.directed = directed;
  build_options b;
  b.build_in_edges = directed;
  b.keep_self_loops = keep_loops;
  return build_graph(generators::kronecker(k), b);
}

TEST_P(lcc_test, known_graphs_give_known_values) {
  for (const test::known_lcc& k : test::known_lcc_graphs()) {
    SCOPED_TRACE(k.name);
    for (intersect_method m : kMethods) {
      lcc_options options;
      options.method = m;
      const lcc_result r = local_clustering(device_graph(k.graph, where()), options);
      ASSERT_EQ(r.coefficient.size(), k.lcc.size());
      for (std::size_t v = 0; v < k.lcc.size(); ++v) EXPECT_NEAR(r.coefficient[v], k.lcc[v], 1e-15) << "vertex " << v;
      const double mean = k.lcc.empty() ? 0.0 : std::accumulate(k.lcc.begin(), k.lcc.end(), 0.0) / k.lcc.size();
      EXPECT_NEAR(r.average, mean, 1e-15);
    }
  }
}

TEST_P(lcc_test, kronecker_graphs_match_the_reference) {
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    expect_reference(kronecker(11, directed, false));
  }
}

TEST_P(lcc_test, kept_self_loops_change_no_value) {
  for (const bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph looped = kronecker(10, directed, true), plain = kronecker(10, directed, false);
    ASSERT_GT(looped.num_edges(), plain.num_edges());
    const lcc_result a = local_clustering(device_graph(looped, where()));
    const lcc_result b = local_clustering(device_graph(plain, where()));
    EXPECT_EQ(as_vector(a.coefficient), as_vector(b.coefficient));
    EXPECT_EQ(a.neighbourhood_arcs, b.neighbourhood_arcs);
    expect_reference(looped);
  }
}

TEST_P(lcc_test, uniform_graphs_match_the_reference) {
  generators::uniform_options u;
  u.num_vertices = 3000;
  u.num_edges = 30000;
  u.seed = 5;
  expect_reference(build_graph(generators::uniform(u)));
}

TEST_P(lcc_test, device_results_equal_the_hosts) {
  const csr_graph g = kronecker(12, true, false);
  const lcc_result here = local_clustering(device_graph(g, where()));
  const lcc_result host = local_clustering(device_graph(g, backend::host));
  EXPECT_EQ(as_vector(here.coefficient), as_vector(host.coefficient));
  EXPECT_EQ(here.neighbourhood_arcs, host.neighbourhood_arcs);
  EXPECT_GT(here.seconds, 0.0);
}

TEST_P(lcc_test, repeated_neighbours_and_directed_graphs_without_in_edges_are_refused) {
  edge_list edges;
  edges.num_vertices = 3;
  edges.src = {0, 0, 1};
  edges.dst = {1, 1, 2};
  build_options parallel;
  parallel.keep_parallel_edges = true;
  EXPECT_THROW(local_clustering(device_graph(build_graph(std::move(edges), parallel), where())), error);
  const csr_graph no_in = test::tiny_graph(3, {{0, 1}, {1, 2}}, true);
  try {
    local_clustering(device_graph(no_in, where()));
    FAIL() << "a directed graph without in-edges was accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("reverse CSR"), std::string::npos) << e.what();
  }
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(lcc_test);

}  // namespace
}  // namespace plexus
