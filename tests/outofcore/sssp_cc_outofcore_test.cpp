// Out-of-core SSSP and connected components on every back end under a small memory limit,
// with every engine: the in-memory results exactly (distances, labels), the parents a valid
// shortest-path tree, and the refusals (a negative weight named by its edge, a directed graph
// for components).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "outofcore_test_support.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/cc/cc_outofcore.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_outofcore.hpp"
#include "plexus/algorithms/sssp/sssp_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_graph.hpp"

namespace plexus {
namespace {

class cc_outofcore : public test::backend_test {};
class sssp_outofcore : public test::backend_test {};

template <class T>
std::vector<T> as_vector(const host_vector<T>& v) {
  return {v.begin(), v.end()};
}

TEST_P(sssp_outofcore, every_engine_gives_the_in_memory_distances) {
  for (bool directed : {false, true}) {
    const csr_graph g = test::kron(12, directed, true);
    const vertex_t source = test::hub(g);
    const sssp_result reference = sssp(device_graph(g, backend::host), source);
    for (auto engine : test::kEngines) {
      SCOPED_TRACE(std::string(outofcore::to_string(engine)) + (directed ? " directed" : " undirected"));
      outofcore::engine_report report;
      const sssp_result r = sssp_out_of_core(g, source, where(), test::tight(g, engine), report);
      EXPECT_EQ(as_vector(r.distance), as_vector(reference.distance));
      const auto verdict = verify::sssp(g, source, r.distance, r.parent);
      EXPECT_TRUE(verdict.ok) << verdict.message;
    }
  }
}

TEST_P(sssp_outofcore, long_lists_read_in_place_give_the_in_memory_distances) {
  const csr_graph g = test::kron(12, false, true);
  const vertex_t source = test::hub(g);
  const sssp_result reference = sssp(device_graph(g, backend::host), source);
  for (std::uint32_t degree : {1u, 16u}) {
    outofcore::engine_options options = test::tight(g, outofcore::engine_kind::out_of_core);
    options.zero_copy_degree = degree;
    outofcore::engine_report report;
    const sssp_result r = sssp_out_of_core(g, source, where(), options, report);
    EXPECT_EQ(as_vector(r.distance), as_vector(reference.distance)) << "degree " << degree;
    EXPECT_GT(report.totals().zero_copy_arcs, 0u);
  }
}

TEST_P(sssp_outofcore, a_negative_weight_is_refused_naming_the_edge) {
  edge_list edges;
  edges.num_vertices = 3;
  edges.src = {0, 1};
  edges.dst = {1, 2};
  edges.weights = {1, -2};
  edges.directed = true;
  const csr_graph g = build_graph(std::move(edges), {});
  outofcore::engine_report report;
  try {
    sssp_out_of_core(g, 0, where(), test::tight(g, outofcore::engine_kind::out_of_core), report);
    FAIL() << "expected a refusal";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::unsupported);
    EXPECT_NE(std::string(e.what()).find("edge 1 -> 2 has weight -2"), std::string::npos) << e.what();
  }
}

TEST_P(cc_outofcore, every_engine_gives_the_in_memory_labels) {
  const csr_graph g = test::kron(12, false);
  const cc_result reference = connected_components(device_graph(g, backend::host));
  for (auto engine : test::kEngines) {
    SCOPED_TRACE(outofcore::to_string(engine));
    outofcore::engine_report report;
    const cc_result r = connected_components_out_of_core(g, where(), test::tight(g, engine), report);
    EXPECT_EQ(as_vector(r.label), as_vector(reference.label));
    EXPECT_EQ(r.num_components, reference.num_components);
  }
}

TEST_P(cc_outofcore, long_lists_read_in_place_give_the_in_memory_labels) {
  const csr_graph g = test::kron(12, false);
  const cc_result reference = connected_components(device_graph(g, backend::host));
  for (std::uint32_t degree : {1u, 16u}) {
    outofcore::engine_options options = test::tight(g, outofcore::engine_kind::out_of_core);
    options.zero_copy_degree = degree;
    outofcore::engine_report report;
    const cc_result r = connected_components_out_of_core(g, where(), options, report);
    EXPECT_EQ(as_vector(r.label), as_vector(reference.label)) << "degree " << degree;
    EXPECT_GT(report.totals().zero_copy_arcs, 0u);
  }
}

TEST_P(cc_outofcore, a_directed_graph_is_refused) {
  const csr_graph g = test::kron(8, true);
  outofcore::engine_report report;
  EXPECT_THROW(connected_components_out_of_core(g, where(),
                                                test::tight(g, outofcore::engine_kind::out_of_core), report),
               error);
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(cc_outofcore);
PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(sssp_outofcore);

}  // namespace
}  // namespace plexus
