// PageRank on every back end: closed forms on tiny graphs, generated graphs against
// verify::reference_pagerank in every variant and gather layout, and LAGraph's published
// vectors.
// Written once and compiled for every enabled back end by the build (PLEXUS_INSTANCE_SPACE,
// PLEXUS_INSTANCE_NAME); a back end without a device reports SKIPPED. On a device back end
// every result is also compared with the host back end's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "graph_suite_support.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/io/read_graph.hpp"
#include "suite_support.hpp"

namespace plexus_pagerank_test {

using namespace plexus;
using namespace plexus_test;

template <class Space>
void expect_pagerank_matches(const csr_graph& g, const pagerank_options& options = {}) {
  const pagerank_result r = pagerank(device_graph(g, Space::kind), options);
  const auto expect =
      options.variant == pagerank_variant::graphalytics
          ? verify::reference_pagerank_graphalytics(g, options.damping, options.max_iterations)
          : verify::reference_pagerank(g, options.damping, options.tolerance, options.max_iterations,
                                       options.personalization, options.stop, options.weighted);
  ASSERT_EQ(r.rank.size(), expect.size());
  EXPECT_TRUE(r.converged);
  EXPECT_LT(l1_distance(r.rank, expect), 1e-6);
  // Same formula and stopping rule as the reference: the vectors agree to rounding.
  EXPECT_TRUE(verify::compare_pagerank(g, expect, r.rank, 1e-12).ok)
      << verify::compare_pagerank(g, expect, r.rank, 1e-12).message;
  if (Space::kind != backend::host) {
    const pagerank_result h = pagerank(device_graph(g, backend::host), options);
    EXPECT_EQ(h.iterations, r.iterations);
    EXPECT_TRUE(verify::compare_pagerank(g, h.rank, r.rank, 1e-13).ok);
  }
}

template <class Space>
void check_pagerank_tiny() {
  // 0 -> 1, 0 -> 2, 1 -> 2, 2 -> 0, 3 -> 2, and 4 a sink that 3 also points to.
  const csr_graph g = make_graph(5, {{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 2}, {3, 4}}, true);
  expect_pagerank_matches<Space>(g);
  expect_pagerank_matches<Space>(g, {.damping = 0.5, .tolerance = 1e-10, .max_iterations = 500});
  expect_pagerank_matches<Space>(g, {.personalization = {1, 0, 0, 2, 1}});
  // Values whose sum overflows a double are the same distribution scaled: (1, 0, 0, 2, 1) times
  // 1e308 gives the ranks of (1, 0, 0, 2, 1), not a vector silently ignored.
  const pagerank_result scaled = pagerank(device_graph(g, Space::kind), {.personalization = {1e308, 0, 0, 1.6e308, 1e308}});
  const pagerank_result plain = pagerank(device_graph(g, Space::kind), {.personalization = {1, 0, 0, 1.6, 1}});
  EXPECT_TRUE(verify::compare_pagerank(g, plain.rank, scaled.rank, 1e-12).ok)
      << verify::compare_pagerank(g, plain.rank, scaled.rank, 1e-12).message;
  expect_pagerank_matches<Space>(g, {.personalization = {1e308, 0, 0, 1.6e308, 1e308}});
  expect_pagerank_matches<Space>(g, {.max_iterations = 3, .variant = pagerank_variant::graphalytics});
  // Hand-computed: the undirected path 0 - 1 - 2 with damping 0 is the uniform vector, and
  // with damping 1 the stationary vector of the walk is the degree distribution 1/4, 1/2, 1/4.
  const csr_graph path = make_graph(3, {{0, 1}, {1, 2}}, false);
  const auto r0 = pagerank(device_graph(path, Space::kind), {.damping = 0});
  for (double x : r0.rank) EXPECT_NEAR(x, 1.0 / 3, 1e-15);
  // Damping 1, from the uniform vector: one step gives (1/6, 2/3, 1/6), the next returns to
  // uniform (the walk on a bipartite graph oscillates).
  const pagerank_options walk{.damping = 1, .max_iterations = 1, .variant = pagerank_variant::graphalytics};
  const auto r1 = pagerank(device_graph(path, Space::kind), walk);
  EXPECT_NEAR(r1.rank[0], 1.0 / 6, 1e-15);
  EXPECT_NEAR(r1.rank[1], 2.0 / 3, 1e-15);
  EXPECT_NEAR(r1.rank[2], 1.0 / 6, 1e-15);
  pagerank_options walk2 = walk;
  walk2.max_iterations = 2;
  for (double x : pagerank(device_graph(path, Space::kind), walk2).rank) EXPECT_NEAR(x, 1.0 / 3, 1e-15);
  // Not converging within max_iterations is reported, not hidden.
  const auto few = pagerank(device_graph(g, Space::kind), {.tolerance = 1e-15, .max_iterations = 2});
  EXPECT_FALSE(few.converged);
  EXPECT_EQ(few.iterations, 2);
  // Empty and single-vertex graphs.
  EXPECT_TRUE(pagerank(device_graph(make_graph(0, {}, false), Space::kind)).rank.empty());
  const auto single = pagerank(device_graph(make_graph(1, {}, false), Space::kind));
  ASSERT_EQ(single.rank.size(), 1u);
  EXPECT_NEAR(single.rank[0], 1.0, 1e-15);
  // Bad input.
  const device_graph dev(g, Space::kind);
  EXPECT_THROW(pagerank(dev, {.damping = 1.5}), error);
  EXPECT_THROW(pagerank(dev, {.tolerance = -1}), error);
  EXPECT_THROW(pagerank(dev, {.max_iterations = -1}), error);
  EXPECT_THROW(pagerank(dev, {.personalization = {1, 2}}), error);
  EXPECT_THROW(pagerank(dev, {.personalization = {0, 0, 0, 0, 0}}), error);
  EXPECT_THROW(pagerank(dev, {.personalization = {1, -1, 0, 0, 0}}), error);
  const csr_graph no_in = make_graph(3, {{0, 1}}, true, false);
  EXPECT_THROW(pagerank(device_graph(no_in, Space::kind)), error);
}

template <class Space>
void check_pagerank_generated() {
  expect_pagerank_matches<Space>(kron(14, false));
  expect_pagerank_matches<Space>(kron(14, true, 2));  // many sinks
  expect_pagerank_matches<Space>(uniform_graph(20000, 100000, true));
  std::vector<double> p(1u << 13);
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = static_cast<double>(i % 7);
  expect_pagerank_matches<Space>(kron(13, true, 4), {.personalization = p});
  expect_pagerank_matches<Space>(kron(13, true, 4),
                                 {.max_iterations = 20, .variant = pagerank_variant::graphalytics});
  // Undirected with isolated vertices: the Graphalytics variant's dangling mass in closed form.
  expect_pagerank_matches<Space>(kron(14, false), {.max_iterations = 20, .variant = pagerank_variant::graphalytics});
  expect_pagerank_matches<Space>(kron(12, false, 3, 2), {.damping = 0.6, .max_iterations = 7,
                                                      .variant = pagerank_variant::graphalytics});
  // The gather layout moves addresses only: both layouts sum the same values in the same order.
  for (const csr_graph& g : {kron(14, false), kron(13, true, 2)}) {
    const pagerank_options order{.max_iterations = 15,
                                 .variant = pagerank_variant::graphalytics,
                                 .gather = pagerank_gather::vertex_order};
    pagerank_options clustered = order;
    clustered.gather = pagerank_gather::hub_clustered;
    const pagerank_result a = pagerank(device_graph(g, Space::kind), order);
    const pagerank_result b = pagerank(device_graph(g, Space::kind), clustered);
    ASSERT_EQ(a.rank.size(), b.rank.size());
    for (std::size_t v = 0; v < a.rank.size(); ++v) ASSERT_EQ(a.rank[v], b.rank[v]) << "vertex " << v;
    EXPECT_EQ(a.layout_seconds, 0.0);
    EXPECT_GT(b.layout_seconds, 0.0);
    EXPECT_EQ(a.gather, pagerank_gather::vertex_order);
    EXPECT_EQ(b.gather, pagerank_gather::hub_clustered);
  }
  expect_pagerank_matches<Space>(kron(13, true, 2), {.gather = pagerank_gather::vertex_order});
  // The automatic layout: clustered in the generator's scrambled order, vertex order once the
  // graph is relabelled by degree (its own hub layout).
  const csr_graph scrambled = kron(12, false);
  const csr_graph ordered = relabel(scrambled, vertex_order::degree);
  EXPECT_EQ(pagerank(device_graph(scrambled, Space::kind), {.max_iterations = 3}).gather,
            pagerank_gather::hub_clustered);
  EXPECT_EQ(pagerank(device_graph(ordered, Space::kind), {.max_iterations = 3}).gather,
            pagerank_gather::vertex_order);
  expect_pagerank_matches<Space>(ordered);
  // More vertices than exec::hot_entries<Space, double>(), so GPUs gather the tail around L1: in
  // degree order, hub-clustered, and in vertex order with no hubs first.
  const csr_graph large = kron(16, false, 5, 8);
  ASSERT_GT(large.num_vertices(), (exec::hot_entries<Space, double>()));
  const pagerank_options ten{.max_iterations = 10, .variant = pagerank_variant::graphalytics};
  expect_pagerank_matches<Space>(relabel(large, vertex_order::degree), ten);
  expect_pagerank_matches<Space>(large, ten);
  expect_pagerank_matches<Space>(large, {.tolerance = 1e-9, .gather = pagerank_gather::vertex_order});
}

template <class Space>
void check_pagerank_datasets() {
  PLEXUS_SUITE_REQUIRE_DATASETS();
  // LAGraph's published vectors are MATLAB output at tolerance 1e-4: agreement within 1e-4.
  const csr_graph karate = io::read_graph(datasets() / "graphs/karate.mtx");
  const pagerank_result rk =
      pagerank(device_graph(karate, Space::kind), {.tolerance = 1e-12, .max_iterations = 1000});
  EXPECT_TRUE(
      verify::compare_pagerank(
          karate, read_vertex_values(datasets() / "reference/lagraph/karate_pagerank.txt"), rk.rank, 1e-4)
          .ok);
  edge_list edges = io::read_edge_list(datasets() / "graphs/west0067.mtx");
  build_options build;
  build.keep_self_loops = true;  // the diagonal entries count in the out-degree
  build.keep_weights = false;
  build.build_in_edges = true;
  const csr_graph west = build_graph(std::move(edges), build);
  ASSERT_EQ(west.num_edges(), 294u);
  const pagerank_result rw =
      pagerank(device_graph(west, Space::kind), {.tolerance = 1e-12, .max_iterations = 1000});
  const auto verdict = verify::compare_pagerank(
      west, read_vertex_values(datasets() / "reference/lagraph/west0067_pagerank.txt"), rw.rank, 1e-4);
  EXPECT_TRUE(verdict.ok) << verdict.message;
  for (const char* name :
       {"karate.mtx", "email-Eu-core.txt", "Wiki-Vote.txt", "CA-GrQc.txt", "p2p-Gnutella08.txt"}) {
    SCOPED_TRACE(name);
    io::read_options ro;
    ro.build_in_edges = true;
    expect_pagerank_matches<Space>(io::read_graph(datasets() / "graphs" / name, ro));
  }
}

// ---- registration ---------------------------------------------------------------------------

template <class Space>
class PageRankTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(PageRankTest);
TYPED_TEST_P(PageRankTest, Tiny) { check_pagerank_tiny<TypeParam>(); }
TYPED_TEST_P(PageRankTest, GeneratedMatchesReference) { check_pagerank_generated<TypeParam>(); }
TYPED_TEST_P(PageRankTest, DatasetsAndLagraph) { check_pagerank_datasets<TypeParam>(); }
REGISTER_TYPED_TEST_SUITE_P(PageRankTest, Tiny, GeneratedMatchesReference, DatasetsAndLagraph);

INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, PageRankTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);

}  // namespace plexus_pagerank_test
