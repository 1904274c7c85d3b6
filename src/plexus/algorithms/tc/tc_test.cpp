// Triangle counting through the public API on every back end: hand-counted tiny graphs,
// every intersection method against the serial reference on generated graphs, host and CUDA
// agreeing exactly, and the triangle count of every dataset in the datasets MANIFEST.
#include "plexus/algorithms/tc/tc.hpp"

#include <gtest/gtest.h>

#include "dataset_figures.hpp"

#include <cctype>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/core/error.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/algorithms/tc/tc_verify.hpp"

namespace plexus {
namespace {

using test::make_graph;
using counts = std::vector<std::uint64_t>;

constexpr intersect_method kMethods[] = {intersect_method::hybrid, intersect_method::merge,
                                         intersect_method::binary_search};

class triangles_test : public test::backend_test {
 protected:
  // Every method, with and without per-vertex counts, against the serial reference.
  void expect_reference(const csr_graph& g) {
    const std::uint64_t expected = verify::reference_triangle_count(g);
    const device_graph dev(g, where());
    for (intersect_method m : kMethods) {
      SCOPED_TRACE(static_cast<int>(m));
      triangle_options options;
      options.method = m;
      EXPECT_EQ(triangle_count(dev, options).total, expected);
      options.per_vertex = true;
      const triangle_result r = triangle_count(dev, options);
      EXPECT_EQ(r.total, expected);
      const auto v = verify::compare_triangles_per_vertex(g, r.per_vertex);
      EXPECT_TRUE(v.ok) << v.message;
    }
  }
};

TEST_P(triangles_test, complete_graph_k4) {
  const csr_graph g = make_graph(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}, false);
  triangle_options options;
  options.per_vertex = true;
  const triangle_result r = triangle_count(device_graph(g, where()), options);
  EXPECT_EQ(r.total, 4u);
  EXPECT_EQ(counts(r.per_vertex.begin(), r.per_vertex.end()), (counts{3, 3, 3, 3}));
  EXPECT_EQ(r.oriented_edges, 6u);
}

TEST_P(triangles_test, two_triangles_sharing_an_edge_plus_a_tail) {
  // Triangles {0,1,2} and {1,2,3}; 4 hangs off 3; 5 is isolated.
  const csr_graph g = make_graph(6, {{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {3, 4}}, false);
  triangle_options options;
  options.per_vertex = true;
  const triangle_result r = triangle_count(device_graph(g, where()), options);
  EXPECT_EQ(r.total, 2u);
  EXPECT_EQ(counts(r.per_vertex.begin(), r.per_vertex.end()), (counts{1, 2, 2, 1, 0, 0}));
}

TEST_P(triangles_test, loops_and_parallel_edges_are_ignored) {
  edge_list edges;
  edges.num_vertices = 3;
  edges.directed = false;
  edges.src = {0, 1, 2, 0, 0, 1};
  edges.dst = {1, 2, 0, 0, 1, 1};
  build_options b;
  b.keep_self_loops = true;
  b.keep_parallel_edges = true;
  const csr_graph g = build_graph(std::move(edges), b);
  triangle_options options;
  options.per_vertex = true;
  const triangle_result r = triangle_count(device_graph(g, where()), options);
  EXPECT_EQ(r.total, 1u);
  EXPECT_EQ(counts(r.per_vertex.begin(), r.per_vertex.end()), (counts{1, 1, 1}));
}

TEST_P(triangles_test, empty_and_single_vertex_graphs) {
  for (vertex_t n : {0u, 1u}) {
    const csr_graph g = make_graph(n, {}, false);
    triangle_options options;
    options.per_vertex = true;
    const triangle_result r = triangle_count(device_graph(g, where()), options);
    EXPECT_EQ(r.total, 0u);
    EXPECT_EQ(r.per_vertex.size(), n);
  }
}

TEST_P(triangles_test, directed_graphs_are_refused) {
  const csr_graph g = make_graph(3, {{0, 1}, {1, 2}, {2, 0}}, true);
  EXPECT_THROW(triangle_count(device_graph(g, where())), error);
}

TEST_P(triangles_test, kronecker_matches_reference) {
  generators::kronecker_options k;
  k.scale = 11;
  k.edge_factor = 16;
  k.seed = 3;
  expect_reference(build_graph(generators::kronecker(k)));
}

TEST_P(triangles_test, uniform_matches_reference) {
  generators::uniform_options u;
  u.num_vertices = 3000;
  u.num_edges = 60000;
  u.seed = 5;
  expect_reference(build_graph(generators::uniform(u)));
}

TEST_P(triangles_test, symmetrized_directed_kronecker_matches_host) {
  generators::kronecker_options k;
  k.scale = 12;
  k.directed = true;
  build_options b;
  b.symmetrize = true;
  const csr_graph g = build_graph(generators::kronecker(k), b);
  triangle_options options;
  options.per_vertex = true;
  const triangle_result here = triangle_count(device_graph(g, where()), options);
  const triangle_result host = triangle_count(device_graph(g, backend::host), options);
  EXPECT_EQ(here.total, host.total);
  EXPECT_TRUE(std::equal(here.per_vertex.begin(), here.per_vertex.end(), host.per_vertex.begin()));
  EXPECT_EQ(here.total, verify::reference_triangle_count(g));
}

// --- MANIFEST.md: triangles of every dataset as a simple undirected graph -------------------

using test::triangle_case;
const auto& kCases = test::kManifestTriangles;

class triangle_datasets : public ::testing::TestWithParam<std::tuple<backend, triangle_case>> {};

TEST_P(triangle_datasets, count_matches_the_manifest) {
  const auto& [where, c] = GetParam();
  PLEXUS_SKIP_WITHOUT_BACKEND(where);
  PLEXUS_REQUIRE_DATASETS();
  io::read_options options;
  options.format = c.format;
  options.directed = false;
  options.compact_ids = c.compact_ids;
  options.keep_weights = false;
  const csr_graph g = io::read_graph(test::datasets_dir() / "graphs" / c.file, options);
  const device_graph dev(g, where);
  EXPECT_EQ(triangle_count(dev).total, c.triangles);
  triangle_options per_vertex;
  per_vertex.per_vertex = true;
  const triangle_result r = triangle_count(dev, per_vertex);
  EXPECT_EQ(r.total, c.triangles);
  EXPECT_EQ(std::accumulate(r.per_vertex.begin(), r.per_vertex.end(), std::uint64_t{0}), 3 * c.triangles);
}

// "<file>_<back end>": the back end last, as the build labels tests by it.
std::string case_name(const ::testing::TestParamInfo<std::tuple<backend, triangle_case>>& info) {
  std::string name = std::get<1>(info.param).file;
  for (char& ch : name)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return name + "_" + std::string(to_string(std::get<0>(info.param)));
}

INSTANTIATE_TEST_SUITE_P(every_backend, triangle_datasets,
                         ::testing::Combine(::testing::ValuesIn(all_backends()), ::testing::ValuesIn(kCases)),
                         case_name);

TEST_P(triangles_test, karate_corners_match_networkx) {
  PLEXUS_REQUIRE_DATASETS();
  const csr_graph g = io::read_graph(test::datasets_dir() / "graphs/karate.mtx");
  triangle_options options;
  options.per_vertex = true;
  const triangle_result r = triangle_count(device_graph(g, where()), options);
  // networkx.triangles(karate_club_graph()) for vertices 0..5 and 33.
  EXPECT_EQ(counts(r.per_vertex.begin(), r.per_vertex.begin() + 6), (counts{18, 12, 11, 10, 2, 3}));
  EXPECT_EQ(r.per_vertex[33], 15u);
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(triangles_test);

}  // namespace
}  // namespace plexus
