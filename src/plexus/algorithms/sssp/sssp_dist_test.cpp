// Distributed SSSP (sssp_dist.hpp, sssp_parents_dist.hpp) on the threads communicator at 1 to
// 4 ranks against the single-device run on the whole graph: distances bit for bit and
// canonical parents, on the distribution tests' hand-made graphs (one with fewer vertices
// than ranks, isolated vertices, input ids, directed with and without the reverse CSR),
// Kronecker graphs of scale 12 to 16 unweighted, with integer weights and with real weights
// (float rounding along the paths), directed Kronecker graphs with and without the reverse
// CSR, a long path and a grid (high diameter, many tied paths), explicit deltas, refused
// inputs, and, where the datasets folder exists, road networks, a mesh and social and
// directed graphs.
#include "plexus/algorithms/sssp/sssp_dist.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "distribution_checks.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_parents_dist.hpp"
#include "plexus/core/random.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/rank_graph.hpp"
#include "plexus/dist/threads_communicator.hpp"
#include "plexus/io/read_graph.hpp"
#include "skip_reasons.hpp"
#include "tiny_graph.hpp"

namespace plexus {
namespace {

struct whole_run {
  std::vector<std::uint32_t> distance_bits;
  host_vector<vertex_t> parent;
};

std::vector<std::uint32_t> bits_of(std::span<const weight_t> distance) {
  std::vector<std::uint32_t> bits(distance.size());
  for (std::size_t v = 0; v < bits.size(); ++v) bits[v] = std::bit_cast<std::uint32_t>(distance[v]);
  return bits;
}

whole_run single_device(const csr_graph& graph, vertex_t source, const sssp_options& options) {
  const sssp_result r = sssp(device_graph(graph, backend::host), source, options);
  return {bits_of(r.distance), r.parent};
}

/// The distributed run at `ranks` ranks, each rank's distances and parents put at their
/// global ids.
whole_run distributed(const csr_graph& graph, int ranks, vertex_t source, const sssp_options& options = {}) {
  whole_run run;
  host_vector<weight_t> distance(graph.num_vertices(), 0);
  run.parent.assign(graph.num_vertices(), 0);
  std::vector<int> iterations(static_cast<std::size_t>(ranks));
  const int threads = std::max(1, omp_get_max_threads() / ranks);
  dist::run_threads(ranks, [&](dist::communicator& comm) {
    // The ranks share the cores, as MPI ranks on one host would: oversubscribed OpenMP teams
    // only wait for one another.
    omp_set_num_threads(threads);
    const dist::rank_graph mine = dist::distribute(comm, graph);
    const sssp_dist_result r = sssp_distributed(comm, mine.part, device_graph(mine.graph, backend::host),
                                                mine.original_ids, source, options);
    dist::exchange_stats stats = r.exchange;
    const distributed_parents parents =
        canonical_sssp_parents_distributed(comm, mine, source, r.distance, stats);
    const vertex_t first = mine.part.first_owned();
    for (vertex_t v = 0; v < mine.part.num_owned(); ++v) {
      distance[first + v] = r.distance[v];
      run.parent[first + v] = parents.parent[v];
    }
    iterations[static_cast<std::size_t>(comm.rank())] = r.iterations;
  });
  for (const int i : iterations) EXPECT_EQ(i, iterations[0]) << "the ranks took different round counts";
  run.distance_bits = bits_of(distance);
  return run;
}

void expect_same_as_one_device(const csr_graph& graph, const std::vector<int>& ranks = {1, 2, 3, 4},
                               const sssp_options& options = {}, bool hub_only = false) {
  std::vector<vertex_t> sources = plexus_test::traversal_sources(graph);
  if (hub_only) sources.resize(1);
  for (const vertex_t source : sources) {
    const whole_run expected = single_device(graph, source, options);
    for (const int p : ranks) {
      SCOPED_TRACE(testing::Message() << "source " << source << ", " << p << " ranks");
      const whole_run got = distributed(graph, p, source, options);
      EXPECT_EQ(got.distance_bits, expected.distance_bits);
      EXPECT_EQ(got.parent, expected.parent);
    }
  }
}

/// `graph` with real weights in (0, 1], one per edge (both arcs of an undirected edge alike):
/// sums along paths round, and ties between paths are rare but possible.
csr_graph with_real_weights(const csr_graph& graph) {
  csr_arrays out = graph.out();
  out.weights.resize(out.indices.size());
  for (vertex_t u = 0; u < graph.num_vertices(); ++u)
    for (edge_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
      const vertex_t v = out.indices[e];
      const std::uint64_t edge =
          graph.directed() || u < v ? (std::uint64_t{u} << 32 | v) : (std::uint64_t{v} << 32 | u);
      out.weights[e] = static_cast<weight_t>((hash_pair(17, edge) % (1u << 20) + 1) / double(1u << 20));
    }
  csr_graph weighted(std::move(out), graph.directed());
  if (graph.has_in_edges() && graph.directed()) weighted.build_in_edges();
  return weighted;
}

/// A rows x columns grid, unit weights unless `real`: many shortest paths of equal length.
csr_graph grid(vertex_t rows, vertex_t columns, bool real) {
  std::vector<test::arc> arcs;
  for (vertex_t r = 0; r < rows; ++r)
    for (vertex_t c = 0; c < columns; ++c) {
      const vertex_t v = r * columns + c;
      if (c + 1 < columns) arcs.push_back({v, v + 1});
      if (r + 1 < rows) arcs.push_back({v, v + columns});
    }
  const csr_graph unit = test::tiny_graph(rows * columns, arcs, false);
  return real ? with_real_weights(unit) : unit;
}

TEST(sssp_distributed, the_distribution_test_graphs) {
  plexus_test::for_each_distribution_graph([](const csr_graph& graph) { expect_same_as_one_device(graph); });
}

TEST(sssp_distributed, kronecker_unweighted_integer_and_real_weights) {
  for (const int scale : {12, 14}) {
    SCOPED_TRACE(scale);
    const csr_graph integer = plexus_test::kron(scale, false, 1, 16, true);
    ASSERT_TRUE(integer.weighted());
    expect_same_as_one_device(integer);
    if (scale == 12) {
      expect_same_as_one_device(plexus_test::kron(scale, false));
      expect_same_as_one_device(with_real_weights(integer));
    }
  }
}

TEST(sssp_distributed, kronecker_16) {
  expect_same_as_one_device(plexus_test::kron(16, false, 1, 16, true), {2, 3}, {}, true);
}

TEST(sssp_distributed, kronecker_directed_with_and_without_its_reverse) {
  const csr_graph directed = with_real_weights(plexus_test::kron(12, true));
  for (const plexus_test::named_graph& g : plexus_test::with_and_without_reverse(directed)) {
    SCOPED_TRACE(g.name);
    expect_same_as_one_device(g.graph);
  }
}

TEST(sssp_distributed, a_long_path_and_a_grid) {
  std::vector<test::arc> path;
  for (vertex_t v = 1; v < 1000; ++v) path.push_back({v - 1, v, 1 + static_cast<weight_t>(v % 7) / 8});
  expect_same_as_one_device(test::tiny_graph(1000, path, false, true));
  expect_same_as_one_device(grid(40, 50, false));
  expect_same_as_one_device(grid(40, 50, true));
}

TEST(sssp_distributed, explicit_deltas) {
  const csr_graph graph = with_real_weights(plexus_test::kron(12, false));
  for (const weight_t delta : {0.001f, 0.05f, 1.0f, 1000.0f}) {
    SCOPED_TRACE(delta);
    expect_same_as_one_device(graph, {2, 3}, {.delta = delta});
  }
}

/// The message every rank of a distributed run throws, checked to be the same on each.
std::string distributed_error(const csr_graph& graph, int ranks, vertex_t source,
                              const sssp_options& options) {
  std::vector<std::string> messages(static_cast<std::size_t>(ranks));
  dist::run_threads(ranks, [&](dist::communicator& comm) {
    const dist::rank_graph mine = dist::distribute(comm, graph);
    try {
      sssp_distributed(comm, mine.part, device_graph(mine.graph, backend::host), mine.original_ids, source,
                       options);
    } catch (const error& e) {
      messages[static_cast<std::size_t>(comm.rank())] = e.what();
      // Thrown through dist::agreed, so that a driver tells it from one rank's fault.
      EXPECT_NE(dynamic_cast<const dist::agreed_error*>(&e), nullptr) << "not agreed on: " << e.what();
    }
  });
  for (const std::string& m : messages) EXPECT_EQ(m, messages[0]) << "the ranks disagree";
  return messages[0];
}

/// `message` without the "rank r: " that names the failing rank of a run of several.
std::string without_rank(const std::string& message) {
  return message.rfind("rank ", 0) == 0 ? message.substr(message.find(": ") + 2) : message;
}

std::string single_device_error(const csr_graph& graph, vertex_t source, const sssp_options& options) {
  try {
    sssp(device_graph(graph, backend::host), source, options);
  } catch (const error& e) {
    return e.what();
  }
  return "";
}

TEST(sssp_distributed, refusals_are_the_single_device_ones_on_every_rank) {
  // Input ids 10 .. 70; the negative weights lie on edges 40 -- 50 and 60 -- 70.
  const csr_graph negative = test::tiny_graph_with_ids(
      {10, 20, 30, 40, 50, 60, 70}, {{0, 1, 1}, {1, 2, 1}, {3, 4, -2}, {5, 6, -1}, {2, 3, 1}}, false, true);
  const csr_graph kron = plexus_test::kron(10, false, 1, 16, true);
  // Paths whose sums could pass half the float range.
  const csr_graph huge = test::tiny_graph(4, {{0, 1, 3e38f}, {1, 2, 3e38f}, {2, 3, 1}}, true, true);
  struct refusal {
    const char* what;
    const csr_graph& graph;
    vertex_t source;
    sssp_options options;
  };
  for (const refusal& r :
       {refusal{"negative weight", negative, 0, {}}, refusal{"sums past the float range", huge, 0, {}},
        refusal{"source out of range", kron, kron.num_vertices(), {}},
        refusal{"negative delta", kron, 0, {.delta = -1}},
        refusal{"delta below the floor", kron, 0, {.delta = 1e-7f}},
        refusal{"pull fraction", kron, 0, {.pull_fraction = 2.0}}}) {
    SCOPED_TRACE(r.what);
    const std::string expected = single_device_error(r.graph, r.source, r.options);
    ASSERT_FALSE(expected.empty());
    for (const int p : {1, 2, 3}) {
      SCOPED_TRACE(p);
      const std::string got = distributed_error(r.graph, p, r.source, r.options);
      EXPECT_EQ(without_rank(got), expected) << got;
    }
  }
  EXPECT_NE(distributed_error(kron, 2, 0, {.direction = direction_mode::pull}), "");
}

TEST(sssp_distributed, real_graphs) {
  PLEXUS_SKIP_WITHOUT_DATASET(test::datasets_dir() / "graphs");
  for (const char* file :
       {"luxembourg_osm.mtx", "rome99.gr", "delaunay_n15.graph", "Email-Enron.txt", "Wiki-Vote.txt"}) {
    SCOPED_TRACE(file);
    const std::filesystem::path path = test::datasets_dir() / "graphs" / file;
    PLEXUS_SKIP_WITHOUT_DATASET(path);
    csr_graph graph = io::read_graph(path);
    if (graph.directed()) graph.build_in_edges();
    expect_same_as_one_device(graph, {2, 4}, {}, true);
  }
}

}  // namespace
}  // namespace plexus
