// Parallel k-core peeling through the public API on every back end: hand-made graphs with
// known core numbers, levels and rounds; Kronecker and uniform graphs against the serial
// reference with every load balancer; device results equal to the host's; directed graphs
// refused. The real datasets are checked in kcore_datasets_test.cpp.
#include "plexus/algorithms/kcore/kcore.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/kcore/kcore_test_graphs.hpp"
#include "plexus/algorithms/kcore/kcore_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"

namespace plexus {
namespace {

using cores = std::vector<vertex_t>;

constexpr load_balance kBalances[] = {load_balance::automatic,       load_balance::thread_mapped,
                                      load_balance::warp_mapped,     load_balance::block_mapped,
                                      load_balance::degree_bucketed, load_balance::edge_balanced};

cores as_vector(const host_vector<vertex_t>& v) {
  return {v.begin(), v.end()};
}

class kcore_test : public test::backend_test {
 protected:
  // Every load balancer must give the reference's numbers, the largest as max_core and one
  // level per distinct number.
  void expect_reference(const csr_graph& g) {
    const cores expected = as_vector(verify::reference_core_numbers(g));
    const std::set<vertex_t> distinct(expected.begin(), expected.end());
    const device_graph dev(g, where());
    for (load_balance b : kBalances) {
      SCOPED_TRACE(to_string(b));
      kcore_options options;
      options.balance = b;
      const kcore_result r = core_numbers(dev, options);
      EXPECT_EQ(as_vector(r.core), expected);
      EXPECT_EQ(r.max_core, *distinct.rbegin());
      EXPECT_EQ(r.levels, static_cast<int>(distinct.size()));
      const auto v = verify::core_numbers(g, r.core);
      EXPECT_TRUE(v.ok) << v.message;
    }
  }
};

csr_graph kronecker(int scale, int edge_factor, std::uint64_t seed) {
  generators::kronecker_options k;
  k.scale = scale;
  k.edge_factor = edge_factor;
  k.seed = seed;
  return build_graph(generators::kronecker(k));
}

TEST_P(kcore_test, known_graphs_give_known_numbers_levels_and_rounds) {
  for (const test::known_cores& k : test::known_core_graphs()) {
    SCOPED_TRACE(k.name);
    for (load_balance b : kBalances) {
      SCOPED_TRACE(to_string(b));
      kcore_options options;
      options.balance = b;
      const kcore_result r = core_numbers(device_graph(k.graph, where()), options);
      EXPECT_EQ(as_vector(r.core), k.core);
      EXPECT_EQ(r.max_core, k.core.empty() ? 0 : *std::max_element(k.core.begin(), k.core.end()));
      EXPECT_EQ(r.levels, k.levels);
      EXPECT_EQ(r.rounds, k.rounds);
    }
  }
}

TEST_P(kcore_test, kronecker_graphs_match_the_reference) {
  expect_reference(kronecker(12, 16, 1));
  expect_reference(kronecker(14, 8, 2));
}

TEST_P(kcore_test, uniform_graphs_match_the_reference) {
  for (edge_t edges : {20000u, 400000u}) {
    generators::uniform_options u;
    u.num_vertices = 20000;
    u.num_edges = edges;
    u.seed = 7;
    expect_reference(build_graph(generators::uniform(u)));
  }
}

TEST_P(kcore_test, symmetrized_directed_kronecker_matches_the_host) {
  generators::kronecker_options k;
  k.scale = 13;
  k.directed = true;
  build_options b;
  b.symmetrize = true;
  const csr_graph g = build_graph(generators::kronecker(k), b);
  const kcore_result here = core_numbers(device_graph(g, where()));
  const kcore_result host = core_numbers(device_graph(g, backend::host));
  EXPECT_EQ(as_vector(here.core), as_vector(host.core));
  EXPECT_EQ(here.levels, host.levels);
  EXPECT_EQ(here.rounds, host.rounds);
  EXPECT_GT(here.seconds, 0.0);
}

TEST_P(kcore_test, kept_self_loops_are_ignored) {
  generators::kronecker_options k;
  k.scale = 12;
  k.seed = 4;
  build_options keep;
  keep.keep_self_loops = true;
  const csr_graph looped = build_graph(generators::kronecker(k), keep);
  const csr_graph plain = build_graph(generators::kronecker(k));
  ASSERT_GT(looped.num_edges(), plain.num_edges());
  const kcore_result r = core_numbers(device_graph(looped, where()));
  EXPECT_EQ(as_vector(r.core), as_vector(core_numbers(device_graph(plain, where())).core));
  const auto v = verify::core_numbers(looped, r.core);
  EXPECT_TRUE(v.ok) << v.message;
}

TEST_P(kcore_test, directed_graphs_are_refused_with_what_to_do) {
  const csr_graph g = test::make_graph(3, {{0, 1}, {1, 2}, {2, 0}}, true);
  try {
    core_numbers(device_graph(g, where()));
    FAIL() << "a directed graph was accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::unsupported);
    EXPECT_NE(std::string(e.what()).find("needs an undirected graph: symmetrize"), std::string::npos)
        << e.what();
  }
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(kcore_test);

}  // namespace
}  // namespace plexus
