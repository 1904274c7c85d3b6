// The code the Plexus back end generates for every program of dsl/examples/ (compiled at build
// time by plexus_add_dsl), run on each back end and compared with the interpreter, the
// programs' reference semantics, on the same graphs: a small graph with unreached vertices and
// Kronecker graphs, undirected and directed. Integer results must be equal, floating ones
// within 1e-4 relative (PageRank, betweenness: the order of floating additions differs).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "bfs.hpp"
#include "betweenness.hpp"
#include "closeness.hpp"
#include "components.hpp"
#include "dsl_test_support.hpp"
#include "kcore.hpp"
#include "pagerank.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/interpreter.hpp"
#include "plexus/dsl/runtime/runner.hpp"
#include "sssp.hpp"
#include "suite_support.hpp"
#include "triangles.hpp"

namespace plexus_test {

using namespace plexus;

/// An example program, parsed and checked, for its interpreter runs.
struct example {
  dsl::test::parsed parsed;
  explicit example(const std::string& name) : parsed(dsl::test::program_file(name)) {
    dsl::check(parsed.tree, parsed.problems);
  }
  dsl::run_outputs run(const std::string& function, const csr_graph& g, const dsl::run_inputs& inputs) const {
    return dsl::interpret(parsed.tree, parsed.file, function, g, inputs);
  }
};

inline std::vector<csr_graph> generated_test_graphs(bool weighted, bool undirected_only) {
  std::vector<csr_graph> graphs;
  graphs.push_back(tiny_graph(weighted));
  graphs.push_back(kron_graph(10, weighted, false));
  if (!undirected_only) graphs.push_back(kron_graph(9, weighted, true));
  return graphs;
}

/// The graph as generated functions take it, in the space's memory.
template <class Space>
using generated_graph = dsl::runtime::device_view<Space>;

/// A vertex of largest out-degree.
inline vertex_t hub_of(const csr_graph& g) {
  vertex_t best = 0;
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    if (g.degree(v) > g.degree(best)) best = v;
  return best;
}

/// Integer results: the same values as the interpreter's.
template <class T>
void expect_same(const host_vector<T>& got, const dsl::property_values& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.values.size()) << what;
  for (std::size_t v = 0; v < got.size(); ++v)
    ASSERT_EQ(static_cast<std::int64_t>(got[v]), want.values[v].integer) << what << ", vertex " << v;
}

/// Floating results: within `relative` of the interpreter's (and of its largest value).
template <class T>
void expect_close(const host_vector<T>& got, const dsl::property_values& want, double relative, const std::string& what) {
  ASSERT_EQ(got.size(), want.values.size()) << what;
  double largest = 0;
  for (const dsl::scalar& s : want.values) largest = std::max(largest, std::abs(s.floating));
  for (std::size_t v = 0; v < got.size(); ++v) {
    const double expected = want.values[v].floating;
    ASSERT_NEAR(static_cast<double>(got[v]), expected, relative * std::max(std::abs(expected), largest * 1e-3) + 1e-12)
        << what << ", vertex " << v;
  }
}

template <class Space>
class DslGenerated : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(DslGenerated);

TYPED_TEST_P(DslGenerated, levels_are_the_interpreters) {
  using Space = TypeParam;
  const example program("bfs.sp");
  for (const csr_graph& g : generated_test_graphs(false, false)) {
    const vertex_t source = hub_of(g);
    dsl::run_inputs inputs;
    inputs.scalars["src"] = dsl::scalar::of_int(source, dsl::value_kind::node);
    const dsl::run_outputs want = program.run("levels", g, inputs);
    generated_graph<Space> graph(g);
    exec::buffer<Space, std::int32_t> level(g.num_vertices());
    dsl::generated::levels(Space{}, graph.view, level.data(), source);
    expect_same(level.to_host(), want.properties.at("level"), "level");
  }
}

TYPED_TEST_P(DslGenerated, shortest_paths_are_the_interpreters) {
  using Space = TypeParam;
  const example program("sssp.sp");
  for (const csr_graph& g : generated_test_graphs(true, false)) {
    const vertex_t source = hub_of(g);
    dsl::run_inputs inputs;
    inputs.scalars["src"] = dsl::scalar::of_int(source, dsl::value_kind::node);
    const dsl::run_outputs want = program.run("shortest_paths", g, inputs);
    generated_graph<Space> graph(g);
    exec::buffer<Space, float> dist(g.num_vertices());
    dsl::generated::shortest_paths(Space{}, graph.view, dist.data(), source);
    // Sums of the same float weights, rounded alike: the same distances (INF unreached).
    const host_vector<float> got = dist.to_host();
    for (vertex_t v = 0; v < g.num_vertices(); ++v)
      ASSERT_EQ(got[v], want.properties.at("dist").values[v].floating) << "dist, vertex " << v;
  }
}

TYPED_TEST_P(DslGenerated, components_are_the_interpreters) {
  using Space = TypeParam;
  const example program("components.sp");
  for (const csr_graph& g : generated_test_graphs(false, true)) {
    const dsl::run_outputs want = program.run("components", g, {});
    generated_graph<Space> graph(g);
    exec::buffer<Space, std::int32_t> label(g.num_vertices());
    dsl::generated::components(Space{}, graph.view, label.data());
    expect_same(label.to_host(), want.properties.at("label"), "label");
  }
}

TYPED_TEST_P(DslGenerated, core_numbers_are_the_interpreters) {
  using Space = TypeParam;
  const example program("kcore.sp");
  for (const csr_graph& g : generated_test_graphs(false, true)) {
    const dsl::run_outputs want = program.run("kcore", g, {});
    generated_graph<Space> graph(g);
    exec::buffer<Space, std::int32_t> core(g.num_vertices());
    dsl::generated::kcore(Space{}, graph.view, core.data());
    expect_same(core.to_host(), want.properties.at("core"), "core");
  }
}

TYPED_TEST_P(DslGenerated, triangles_are_the_interpreters) {
  using Space = TypeParam;
  const example program("triangles.sp");
  // Undirected graphs take the lists oriented by degree, the directed one the id order.
  for (const csr_graph& g : generated_test_graphs(false, false)) {
    const dsl::run_outputs want = program.run("triangles", g, {});
    generated_graph<Space> graph(g);
    const std::int64_t count = dsl::generated::triangles(Space{}, graph.view);
    EXPECT_EQ(count, want.returned->integer);
  }
}

TYPED_TEST_P(DslGenerated, pagerank_is_the_interpreters) {
  using Space = TypeParam;
  const example program("pagerank.sp");
  for (const csr_graph& g : generated_test_graphs(false, false)) {
    dsl::run_inputs inputs;
    inputs.scalars["beta"] = dsl::scalar::of_double(1e-6, dsl::value_kind::float_);
    inputs.scalars["damping"] = dsl::scalar::of_double(0.85, dsl::value_kind::float_);
    inputs.scalars["most"] = dsl::scalar::of_int(20);
    const dsl::run_outputs want = program.run("pagerank", g, inputs);
    generated_graph<Space> graph(g);
    exec::buffer<Space, float> rank(g.num_vertices());
    dsl::generated::pagerank(Space{}, graph.view, 1e-6f, 0.85f, 20, rank.data());
    expect_close(rank.to_host(), want.properties.at("rank"), 1e-4, "rank");
  }
}

TYPED_TEST_P(DslGenerated, betweenness_and_closeness_are_the_interpreters) {
  using Space = TypeParam;
  const example bc("betweenness.sp"), closeness("closeness.sp");
  for (const csr_graph& g : generated_test_graphs(false, false)) {
    // A set: the hub, 0 and the middle vertex, each once.
    std::vector<vertex_t> sources = {hub_of(g)};
    for (const vertex_t v : {vertex_t(0), g.num_vertices() / 2})
      if (std::find(sources.begin(), sources.end(), v) == sources.end()) sources.push_back(v);
    dsl::run_inputs inputs;
    inputs.sets["sources"] = sources;
    generated_graph<Space> graph(g);
    const dsl::run_outputs want_bc = bc.run("betweenness", g, inputs);
    exec::buffer<Space, float> scores(g.num_vertices());
    dsl::generated::betweenness(Space{}, graph.view, scores.data(), std::span<const vertex_t>(sources));
    expect_close(scores.to_host(), want_bc.properties.at("bc"), 1e-4, "bc");
    const dsl::run_outputs want_closeness = closeness.run("closeness", g, inputs);
    exec::buffer<Space, double> close(g.num_vertices());
    dsl::generated::closeness(Space{}, graph.view, close.data(), std::span<const vertex_t>(sources));
    expect_close(close.to_host(), want_closeness.properties.at("closeness"), 1e-9, "closeness");
  }
}

REGISTER_TYPED_TEST_SUITE_P(DslGenerated, levels_are_the_interpreters, shortest_paths_are_the_interpreters,
                            components_are_the_interpreters, core_numbers_are_the_interpreters,
                            triangles_are_the_interpreters, pagerank_is_the_interpreters,
                            betweenness_and_closeness_are_the_interpreters);

}  // namespace plexus_test
