// The generated code of dsl/examples/ on real graphs of ../shared/datasets (a social graph, a
// road network, meshes, collaboration and trust networks; weighted graphs for SSSP), on each
// back end, against the library's serial-checked algorithms on the host: BFS levels, SSSP
// distances, core numbers and triangle counts equal, components the same partition,
// betweenness (unscaled dependencies) within 1e-4 relative; PageRank against the interpreter.
// Skipped, saying so, where the datasets are absent. The same checks on Kronecker scale 18.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

#include "algorithm_test_support.hpp"
#include "generated_suite.hpp"
#include "plexus/algorithms/bc/bc.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/kcore/kcore.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/tc/tc.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus_test {

inline constexpr const char* kDslUndirectedGraphs[] = {
    "facebook_combined.txt", "luxembourg_osm.mtx", "delaunay_n15.graph", "4elt.graph",
    "CA-GrQc.txt",           "astro-ph.graph",     "PGPgiantcompo.graph", "power.graph"};
inline constexpr const char* kDslWeightedGraphs[] = {"lesmis.graph", "rome99.gr"};

template <class Space>
class DslGeneratedDatasets : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(DslGeneratedDatasets);

/// Every example's generated code on `g` (undirected) against the library on the host, and
/// PageRank against the interpreter.
template <class Space>
void expect_library_answers(const csr_graph& g, const example& pagerank_program) {
  const device_graph host(g, backend::host);
  generated_graph<Space> graph(g);
  const vertex_t n = g.num_vertices(), source = hub_of(g);

  exec::buffer<Space, std::int32_t> values(n);
  dsl::generated::levels(Space{}, graph.view, values.data(), source);
  const bfs_result depths = bfs(host, source);
  auto got = values.to_host();
  for (vertex_t v = 0; v < n; ++v)
    ASSERT_EQ(got[v], depths.depth[v] == unreached_depth ? dsl::runtime::infinity<std::int32_t>()
                                                         : static_cast<std::int32_t>(depths.depth[v]))
        << "level of " << v;

  dsl::generated::components(Space{}, graph.view, values.data());
  const cc_result components = connected_components(host);
  got = values.to_host();
  std::unordered_map<vertex_t, std::int32_t> same;
  for (vertex_t v = 0; v < n; ++v) ASSERT_EQ(same.emplace(components.label[v], got[v]).first->second, got[v]);
  EXPECT_EQ(same.size(), components.num_components);

  dsl::generated::kcore(Space{}, graph.view, values.data());
  const kcore_result cores = core_numbers(host);
  got = values.to_host();
  for (vertex_t v = 0; v < n; ++v) ASSERT_EQ(got[v], static_cast<std::int32_t>(cores.core[v])) << "core of " << v;

  EXPECT_EQ(static_cast<std::uint64_t>(dsl::generated::triangles(Space{}, graph.view)), triangle_count(host).total);

  betweenness_options o;
  o.sources = {source, n / 2};
  o.raw_dependencies = true;
  const betweenness_result reference = betweenness(host, o);
  exec::buffer<Space, float> scores(n);
  dsl::generated::betweenness(Space{}, graph.view, scores.data(), std::span<const vertex_t>(o.sources));
  const auto bc = scores.to_host();
  double largest = 0;
  for (vertex_t v = 0; v < n; ++v) largest = std::max(largest, reference.score[v]);
  for (vertex_t v = 0; v < n; ++v)
    ASSERT_NEAR(bc[v], reference.score[v], 1e-4 * std::max(reference.score[v], largest * 1e-2)) << "bc of " << v;

  dsl::run_inputs inputs;
  inputs.scalars["beta"] = dsl::scalar::of_double(1e-6, dsl::value_kind::float_);
  inputs.scalars["damping"] = dsl::scalar::of_double(0.85, dsl::value_kind::float_);
  inputs.scalars["most"] = dsl::scalar::of_int(20);
  exec::buffer<Space, float> rank(n);
  dsl::generated::pagerank(Space{}, graph.view, 1e-6f, 0.85f, 20, rank.data());
  expect_close(rank.to_host(), pagerank_program.run("pagerank", g, inputs).properties.at("rank"), 1e-4, "rank");
}

/// The SSSP example on a weighted `g` against the library's distances.
template <class Space>
void expect_library_distances(const csr_graph& g) {
  generated_graph<Space> graph(g);
  const vertex_t source = hub_of(g);
  exec::buffer<Space, float> dist(g.num_vertices());
  dsl::generated::shortest_paths(Space{}, graph.view, dist.data(), source);
  const sssp_result reference = sssp(device_graph(g, backend::host), source);
  const auto got = dist.to_host();
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    ASSERT_EQ(got[v], reference.distance[v]) << "distance of " << v;
}

TYPED_TEST_P(DslGeneratedDatasets, every_example_gives_the_library_answer) {
  using Space = TypeParam;
  PLEXUS_REQUIRE_DATASETS();
  const example pagerank_program("pagerank.sp");
  io::read_options undirected;
  undirected.directed = false;  // SNAP lists store each edge once and are directed by default
  for (const char* file : kDslUndirectedGraphs) {
    SCOPED_TRACE(file);
    expect_library_answers<Space>(io::read_graph(test::datasets_dir() / "graphs" / file, undirected), pagerank_program);
  }
  io::read_options with_in_arcs;
  with_in_arcs.build_in_edges = true;
  for (const char* file : kDslWeightedGraphs) {
    SCOPED_TRACE(file);
    expect_library_distances<Space>(io::read_graph(test::datasets_dir() / "graphs" / file, with_in_arcs));
  }
}

TYPED_TEST_P(DslGeneratedDatasets, kronecker_18_gives_the_library_answer) {
  using Space = TypeParam;
  const csr_graph g = kron_graph(18, true, false);
  expect_library_answers<Space>(g, example("pagerank.sp"));
  expect_library_distances<Space>(g);
}

REGISTER_TYPED_TEST_SUITE_P(DslGeneratedDatasets, every_example_gives_the_library_answer,
                            kronecker_18_gives_the_library_answer);

}  // namespace plexus_test
