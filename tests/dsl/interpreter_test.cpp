// The DSL's serial interpreter (interpreter.hpp) runs the example programs of dsl/examples/ and
// gives the library's serial references' answers: BFS levels, shortest-path distances,
// component labels, triangle counts, core numbers, betweenness and closeness from a source
// set on Kronecker graphs and a small graph with unreached vertices; PageRank gives every
// vertex of a ring the same rank.
#include "plexus/dsl/interpreter.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "dsl_test_support.hpp"
#include "plexus/algorithms/bc/bc_verify.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"
#include "plexus/algorithms/cc/cc_verify.hpp"
#include "plexus/algorithms/kcore/kcore_verify.hpp"
#include "plexus/algorithms/sssp/sssp_verify.hpp"
#include "plexus/algorithms/tc/tc_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dsl/checker.hpp"
#include "algorithm_test_support.hpp"
#include "suite_support.hpp"

namespace plexus::dsl {
namespace {

/// A test program, parsed and checked clean.
struct checked_file {
  test::parsed parsed;
  explicit checked_file(const std::string& name) : parsed(test::program_file(name)) {
    check(parsed.tree, parsed.problems);
    EXPECT_FALSE(parsed.problems.has_errors()) << parsed.problems.render_all();
  }
  run_outputs run(const std::string& function, const csr_graph& g, const run_inputs& inputs) const {
    return interpret(parsed.tree, parsed.file, function, g, inputs);
  }
};

run_inputs with_source(vertex_t source) {
  run_inputs in;
  in.scalars["src"] = scalar::of_int(source, value_kind::node);
  return in;
}

std::vector<csr_graph> test_graphs(bool weighted) {
  std::vector<csr_graph> graphs;
  graphs.push_back(::plexus_test::tiny_graph(weighted));
  graphs.push_back(::plexus_test::kron_graph(10, weighted, false));
  graphs.push_back(::plexus_test::kron_graph(9, weighted, true));
  return graphs;
}

TEST(dsl_interpreter, levels_are_the_reference_bfs_depths) {
  const checked_file program("bfs.sp");
  for (const csr_graph& g : test_graphs(false)) {
    for (vertex_t source : {vertex_t(0), vertex_t(3)}) {
      const run_outputs out = program.run("levels", g, with_source(source));
      const host_vector<vertex_t> expected = verify::reference_bfs_depths(g, source);
      const std::vector<scalar>& level = out.properties.at("level").values;
      for (vertex_t v = 0; v < g.num_vertices(); ++v) {
        const std::int64_t want =
            expected[v] == verify::bfs_unreached ? std::numeric_limits<std::int32_t>::max() : expected[v];
        ASSERT_EQ(level[v].integer, want) << "vertex " << v << " from " << source;
      }
    }
  }
}

TEST(dsl_interpreter, shortest_paths_are_the_reference_distances) {
  const checked_file program("sssp.sp");
  for (const csr_graph& g : test_graphs(true)) {
    const run_outputs out = program.run("shortest_paths", g, with_source(1));
    const host_vector<double> expected = verify::reference_sssp_distances(g, 1);
    const std::vector<scalar>& dist = out.properties.at("dist").values;
    for (vertex_t v = 0; v < g.num_vertices(); ++v)
      ASSERT_EQ(dist[v].floating, expected[v]) << "vertex " << v;
  }
}

TEST(dsl_interpreter, triangles_are_the_reference_count) {
  const checked_file program("triangles.sp");
  for (const int scale : {6, 9}) {
    const csr_graph g = ::plexus_test::kron_graph(scale, false, false);
    const run_outputs out = program.run("triangles", g, {});
    ASSERT_TRUE(out.returned.has_value());
    EXPECT_EQ(out.returned->integer, static_cast<std::int64_t>(verify::reference_triangle_count(g))) << scale;
  }
}

TEST(dsl_interpreter, betweenness_from_a_source_set_is_the_reference_dependencies) {
  const checked_file program("betweenness.sp");
  const csr_graph g = ::plexus_test::kron_graph(8, false, false);
  const std::vector<vertex_t> sources{0, 5, 17};
  run_inputs in;
  in.sets["sources"] = sources;
  const run_outputs out = program.run("betweenness", g, in);
  const host_vector<double> expected = verify::reference_betweenness_dependencies(g, sources);
  const std::vector<scalar>& bc = out.properties.at("bc").values;
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    ASSERT_NEAR(bc[v].floating, expected[v], 1e-4 * std::max(1.0, expected[v])) << "vertex " << v;
}

TEST(dsl_interpreter, components_are_labelled_by_their_smallest_vertex) {
  const checked_file program("components.sp");
  for (const csr_graph& g : {::plexus_test::tiny_graph(false), ::plexus_test::kron_graph(10, false, false)}) {
    const run_outputs out = program.run("components", g, {});
    std::vector<vertex_t> labels;
    for (const scalar& x : out.properties.at("label").values) labels.push_back(static_cast<vertex_t>(x.integer));
    const auto v = verify::compare_component_labels(g, labels);
    EXPECT_TRUE(v.ok) << v.message;
  }
}

TEST(dsl_interpreter, core_numbers_are_the_reference_ones) {
  const checked_file program("kcore.sp");
  for (const csr_graph& g : {::plexus_test::tiny_graph(false), ::plexus_test::kron_graph(10, false, false)}) {
    const run_outputs out = program.run("kcore", g, {});
    const host_vector<vertex_t> expected = verify::reference_core_numbers(g);
    const std::vector<scalar>& core = out.properties.at("core").values;
    for (vertex_t v = 0; v < g.num_vertices(); ++v) ASSERT_EQ(core[v].integer, expected[v]) << "vertex " << v;
  }
}

TEST(dsl_interpreter, closeness_of_the_sources_follows_the_reference_distances) {
  const checked_file program("closeness.sp");
  const csr_graph g = ::plexus_test::kron_graph(9, false, false);
  const std::vector<vertex_t> sources{0, 7, 100};
  run_inputs in;
  in.sets["sources"] = sources;
  const run_outputs out = program.run("closeness", g, in);
  const std::vector<scalar>& closeness = out.properties.at("closeness").values;
  for (vertex_t v = 0; v < g.num_vertices(); ++v) {
    double want = 0;
    if (std::find(sources.begin(), sources.end(), v) != sources.end()) {
      const host_vector<vertex_t> depth = verify::reference_bfs_depths(g, v);
      double total = 0, reached = 0;
      for (const vertex_t d : depth)
        if (d != verify::bfs_unreached) {
          total += d;
          reached += 1;
        }
      want = total > 0 ? (reached - 1) / total : 0;
    }
    ASSERT_NEAR(closeness[v].floating, want, 1e-12) << "vertex " << v;
  }
}

TEST(dsl_interpreter, pagerank_on_a_ring_gives_every_vertex_the_same_rank) {
  const checked_file program("pagerank.sp");
  std::vector<::plexus::test::weighted_arc> ring;
  for (vertex_t v = 0; v < 12; ++v) ring.push_back({v, (v + 1) % 12});
  const csr_graph g = ::plexus::test::make_graph(12, ring, false);
  run_inputs in;
  in.scalars["beta"] = scalar::of_double(1e-6);
  in.scalars["damping"] = scalar::of_double(0.85);
  in.scalars["most"] = scalar::of_int(50);
  const run_outputs out = program.run("pagerank", g, in);
  for (const scalar& r : out.properties.at("rank").values) EXPECT_NEAR(r.floating, 1.0 / 12, 1e-6);
}

TEST(dsl_interpreter, a_missing_parameter_is_refused_by_name) {
  const checked_file program("bfs.sp");
  const csr_graph g = ::plexus_test::tiny_graph(false);
  try {
    program.run("levels", g, {});
    FAIL() << "ran without its source";
  } catch (const plexus::error& e) {
    EXPECT_EQ(std::string(e.what()), "the parameter 'src' was not given");
  }
  EXPECT_THROW(program.run("no_such_function", g, with_source(0)), plexus::error);
}

}  // namespace
}  // namespace plexus::dsl
