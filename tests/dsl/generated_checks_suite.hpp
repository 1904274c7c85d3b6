// The checks the Plexus back end puts where a kernel indexes by a node it computed
// (runtime/vertex_faults.hpp): tests/data/dsl/outside_the_graph.sp, compiled at build time,
// indexes outside the graph in a different kind of kernel for each k (a vertex map's write and
// read, the neighbours of a computed node, count_outNbrs, is_an_edge, a loop inside a kernel,
// a frontier loop, BFS levels, an edge map one lane per arc, a pulled sum, a host store), and
// must stop on each back end with the interpreter's error at the same place and node; with
// k = 0 it indexes only by vertices and computes the interpreter's values.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "dsl_test_support.hpp"
#include "outside_the_graph.hpp"
#include "plexus/core/error.hpp"
#include "plexus/dsl/checker.hpp"
#include "plexus/dsl/interpreter.hpp"
#include "plexus/dsl/runtime/runner.hpp"
#include "suite_support.hpp"

namespace plexus_test {

template <class Space>
class DslGeneratedChecks : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(DslGeneratedChecks);

namespace checks {

/// What follows the program's file name in an error ("...sp:23:7: node 8 is not a vertex ..."):
/// the interpreter names the file as the test reads it, the generated code as the build did.
inline std::string after_file(const std::string& message) {
  const std::string file = "outside_the_graph.sp";
  const std::size_t at = message.find(file);
  return at == std::string::npos ? message : message.substr(at + file.size());
}

inline std::string program_path() {
  return std::string(PLEXUS_TEST_DATA_DIR) + "/dsl/outside_the_graph.sp";
}

}  // namespace checks

TYPED_TEST_P(DslGeneratedChecks, a_node_outside_the_graph_stops_the_kernel_with_the_interpreters_error) {
  using Space = TypeParam;
  dsl::test::parsed program(dsl::source_file::read(checks::program_path()));
  dsl::check(program.tree, program.problems);
  ASSERT_FALSE(program.problems.has_errors());
  std::vector<csr_graph> graphs;
  graphs.push_back(tiny_graph(false));
  graphs.push_back(kron_graph(8, false, true));
  for (const csr_graph& g : graphs) {
    // A source with out-arcs, so that the frontier loop and the BFS levels reach a neighbour.
    vertex_t source = 0;
    while (g.degree(source) == 0) ++source;
    const dsl::runtime::device_view<Space> graph(g);
    for (std::int32_t k = 0; k <= 11; ++k) {
      SCOPED_TRACE("k = " + std::to_string(k) + ", " + std::to_string(g.num_vertices()) + " vertices");
      dsl::run_inputs inputs;
      inputs.scalars["src"] = dsl::scalar::of_int(source, dsl::value_kind::node);
      inputs.scalars["k"] = dsl::scalar::of_int(k);
      std::string want, got;
      dsl::run_outputs values;
      try {
        values = dsl::interpret(program.tree, program.file, "outside", g, inputs);
      } catch (const error& e) {
        want = checks::after_file(e.what());
      }
      exec::buffer<Space, std::int32_t> x(g.num_vertices());
      x.fill(0);
      try {
        dsl::generated::outside(Space{}, graph.view, x.data(), source, k);
      } catch (const error& e) {
        EXPECT_EQ(e.kind(), error_kind::parse);
        got = checks::after_file(e.what());
      }
      EXPECT_EQ(got, want);
      if (k == 0) {
        ASSERT_TRUE(want.empty()) << want;
        const host_vector<std::int32_t> computed = x.to_host();
        for (vertex_t v = 0; v < g.num_vertices(); ++v)
          ASSERT_EQ(computed[v], values.properties.at("x").values[v].integer) << "vertex " << v;
      } else {
        EXPECT_NE(want.find(": node "), std::string::npos) << want;
      }
    }
  }
}

REGISTER_TYPED_TEST_SUITE_P(DslGeneratedChecks,
                            a_node_outside_the_graph_stops_the_kernel_with_the_interpreters_error);

}  // namespace plexus_test
