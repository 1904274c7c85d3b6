// Distributed BFS (bfs_dist.hpp, canonical_parents_dist.hpp) on the threads communicator at 1
// to 4 ranks against the single-device run on the whole graph: depths, canonical parents and
// step counts bit for bit, in every direction mode, on Kronecker graphs of scale 12 to 16
// (with isolated vertices), undirected, directed with and without the reverse CSR, the
// distribution tests' hand-made graphs (one with fewer vertices than ranks, input ids) and,
// where the datasets folder exists, a road network, a social graph and a directed vote graph.
#include "plexus/algorithms/bfs/bfs_dist.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "distribution_checks.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/canonical_parents.hpp"
#include "plexus/algorithms/bfs/canonical_parents_dist.hpp"
#include "plexus/dist/threads_communicator.hpp"
#include "skip_reasons.hpp"

namespace plexus {
namespace {

struct whole_run {
  host_vector<vertex_t> depth, parent;
  int iterations = 0;
};

/// The single-device run and its canonical parents.
whole_run single_device(const csr_graph& graph, vertex_t source, const bfs_options& options) {
  const device_graph on_host(graph, backend::host);
  const bfs_result r = bfs(on_host, source, options);
  return {r.depth, canonical_bfs_parents(graph, source, r.depth), r.iterations};
}

/// The distributed run at `ranks` ranks, each rank's depths and parents put at their global ids.
whole_run distributed(const csr_graph& graph, int ranks, vertex_t source, const bfs_options& options) {
  whole_run run;
  run.depth.assign(graph.num_vertices(), 0);
  run.parent.assign(graph.num_vertices(), 0);
  std::vector<int> iterations(static_cast<std::size_t>(ranks));
  dist::run_threads(ranks, [&](dist::communicator& comm) {
    const dist::rank_graph mine = dist::distribute(comm, graph);
    const device_graph on_host(mine.graph, backend::host);
    const bfs_dist_result r = bfs_distributed(comm, mine.part, on_host, source, options);
    dist::exchange_stats stats = r.exchange;
    const distributed_parents parents = canonical_bfs_parents_distributed(comm, mine, source, r.depth, stats);
    const vertex_t first = mine.part.first_owned();
    for (vertex_t v = 0; v < mine.part.num_owned(); ++v) {
      run.depth[first + v] = r.depth[v];
      run.parent[first + v] = parents.parent[v];
      const std::uint64_t expected_id =
          parents.parent[v] == invalid_vertex ? ~std::uint64_t{0} : graph.original_id(parents.parent[v]);
      EXPECT_EQ(parents.input_id[v], expected_id) << "vertex " << first + v;
    }
    iterations[static_cast<std::size_t>(comm.rank())] = r.iterations;
  });
  run.iterations = iterations[0];
  for (const int i : iterations) EXPECT_EQ(i, run.iterations) << "the ranks took different step counts";
  return run;
}

constexpr direction_mode kDirections[] = {direction_mode::automatic, direction_mode::push,
                                          direction_mode::pull};

const char* name(direction_mode d) {
  return d == direction_mode::push ? "push" : d == direction_mode::pull ? "pull" : "automatic";
}

/// Sources: a vertex of largest degree, vertex 0, and the last vertex.
std::vector<vertex_t> sources_of(const csr_graph& graph) {
  if (graph.num_vertices() == 0) return {};
  vertex_t hub = 0;
  for (vertex_t v = 1; v < graph.num_vertices(); ++v)
    if (graph.degree(v) > graph.degree(hub)) hub = v;
  return {hub, 0, graph.num_vertices() - 1};
}

void expect_same_as_one_device(const csr_graph& graph, int max_ranks = 4) {
  for (const vertex_t source : sources_of(graph))
    for (const direction_mode d : kDirections) {
      if (d == direction_mode::pull && !graph.has_in_edges()) continue;
      const bfs_options options{.direction = d};
      const whole_run expected = single_device(graph, source, options);
      for (int p = 1; p <= max_ranks; ++p) {
        SCOPED_TRACE(testing::Message() << "source " << source << ", " << name(d) << ", " << p << " ranks");
        const whole_run got = distributed(graph, p, source, options);
        EXPECT_EQ(got.depth, expected.depth);
        EXPECT_EQ(got.parent, expected.parent);
        EXPECT_EQ(got.iterations, expected.iterations);
      }
    }
}

TEST(bfs_distributed, the_distribution_test_graphs) {
  for (const plexus_test::named_graph& g : plexus_test::distribution_graphs()) {
    SCOPED_TRACE(g.name);
    expect_same_as_one_device(g.graph);
  }
}

TEST(bfs_distributed, kronecker_undirected) {
  for (const int scale : {12, 14}) {
    SCOPED_TRACE(scale);
    expect_same_as_one_device(plexus_test::kron(scale, false));
  }
}

TEST(bfs_distributed, kronecker_16) {
  const csr_graph graph = plexus_test::kron(16, false);
  const vertex_t hub = sources_of(graph)[0];
  const whole_run expected = single_device(graph, hub, {});
  for (const int p : {2, 3}) {
    SCOPED_TRACE(p);
    const whole_run got = distributed(graph, p, hub, {});
    EXPECT_EQ(got.depth, expected.depth);
    EXPECT_EQ(got.parent, expected.parent);
  }
}

TEST(bfs_distributed, kronecker_directed_with_and_without_its_reverse) {
  const csr_graph with_reverse = plexus_test::kron(12, true);
  expect_same_as_one_device(with_reverse);
  const csr_graph without(with_reverse.out(), true);
  ASSERT_FALSE(without.has_in_edges());
  expect_same_as_one_device(without);
}

TEST(bfs_distributed, pull_without_in_edges_is_refused_on_every_rank) {
  const csr_graph without(plexus_test::kron(8, true).out(), true);
  EXPECT_THROW(distributed(without, 2, 0, {.direction = direction_mode::pull}), error);
}

TEST(bfs_distributed, real_graphs) {
  PLEXUS_SKIP_WITHOUT_DATASET(test::datasets_dir() / "graphs");
  for (const plexus_test::named_graph& g : plexus_test::distribution_datasets()) {
    SCOPED_TRACE(g.name);
    const vertex_t hub = sources_of(g.graph)[0];
    const whole_run expected = single_device(g.graph, hub, {});
    for (const int p : {2, 4}) {
      SCOPED_TRACE(p);
      const whole_run got = distributed(g.graph, p, hub, {});
      EXPECT_EQ(got.depth, expected.depth);
      EXPECT_EQ(got.parent, expected.parent);
      EXPECT_EQ(got.iterations, expected.iterations);
    }
  }
}

}  // namespace
}  // namespace plexus
