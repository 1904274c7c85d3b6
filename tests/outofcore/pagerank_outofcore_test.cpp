// Out-of-core PageRank on every back end under a small memory limit, with every engine: the
// in-memory ranks within 1e-9 relative to the largest rank (only the order of additions
// differs), the same iteration count and convergence, for the NetworkX variant on undirected,
// directed, weighted and personalized graphs and for the Graphalytics variant; and the
// refusals of pagerank() (a directed graph without its reverse CSR).
#include "plexus/algorithms/pagerank/pagerank_outofcore.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "outofcore_test_support.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/graph/builder.hpp"

namespace plexus {
namespace {

class pagerank_outofcore : public test::backend_test {};

/// PageRank's device state out of core: ranks, next ranks and factors, and a teleport vector.
constexpr std::uint64_t kStateBytes = 32;

void expect_same_ranks(const pagerank_result& r, const pagerank_result& reference) {
  ASSERT_EQ(r.rank.size(), reference.rank.size());
  EXPECT_EQ(r.iterations, reference.iterations);
  EXPECT_EQ(r.converged, reference.converged);
  const double largest = *std::max_element(reference.rank.begin(), reference.rank.end());
  double worst = 0;
  for (std::size_t v = 0; v < r.rank.size(); ++v) worst = std::max(worst, std::abs(r.rank[v] - reference.rank[v]));
  EXPECT_LE(worst, 1e-9 * largest);
}

void check_every_engine(const csr_graph& g, backend where, const pagerank_options& options) {
  const pagerank_result reference = pagerank(device_graph(g, backend::host), options);
  for (auto engine : test::kEngines) {
    SCOPED_TRACE(std::string(outofcore::to_string(engine)));
    outofcore::engine_report report;
    const pagerank_result r = pagerank_out_of_core(
        g, where, options, test::tight(g, engine, kStateBytes, outofcore::stream_use::reduce), report);
    expect_same_ranks(r, reference);
    EXPECT_EQ(report.iterations.size(), static_cast<std::size_t>(r.iterations));
    if (engine == outofcore::engine_kind::out_of_core) {
      EXPECT_GT(report.plan.static_vertices, 0u);
      EXPECT_LT(report.plan.static_vertices, g.num_vertices());
      EXPECT_GT(report.totals().chunks, report.iterations.size());  // several chunks per iteration
      // Every arc, resident or fetched, is read once per iteration.
      EXPECT_EQ(report.totals().active_arcs, g.in().num_edges() * report.iterations.size());
    }
  }
}

TEST_P(pagerank_outofcore, every_engine_gives_the_in_memory_ranks) {
  for (bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    check_every_engine(test::kron(12, directed), where(), {});
  }
}

TEST_P(pagerank_outofcore, weighted_personalized_and_graphalytics_ranks_match_too) {
  const csr_graph g = test::kron(11, true, true);
  pagerank_options weighted;
  weighted.weighted = true;
  check_every_engine(g, where(), weighted);
  pagerank_options personalized;
  personalized.personalization.assign(g.num_vertices(), 0.0);
  for (vertex_t v = 0; v < g.num_vertices(); v += 7) personalized.personalization[v] = 1.0 + v % 3;
  check_every_engine(g, where(), personalized);
  pagerank_options graphalytics;
  graphalytics.variant = pagerank_variant::graphalytics;
  graphalytics.max_iterations = 12;
  check_every_engine(test::kron(11, false), where(), graphalytics);
}

TEST_P(pagerank_outofcore, a_directed_graph_without_its_reverse_csr_is_refused) {
  build_options b;
  b.symmetrize = false;
  edge_list edges;
  edges.src = {0, 1};
  edges.dst = {1, 2};
  edges.num_vertices = 3;
  const csr_graph g = build_graph(edges, b);
  outofcore::engine_report report;
  try {
    pagerank_out_of_core(g, where(), {}, test::tight(g, outofcore::engine_kind::out_of_core), report);
    FAIL() << "expected a refusal";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("in-edges"), std::string::npos) << e.what();
  }
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(pagerank_outofcore);

}  // namespace
}  // namespace plexus
