// Checks of a distributed graph against the whole graph it came from, for every rank at once:
// the ranges cover the vertices in rank order and balance the byte model; every arc of every
// owned list is there, renumbered, and maps back to its global ends; every ghost is named by
// some list and its block starts on a whole bitmap word; ghost and padding vertices have no
// lists; local and global ids round-trip; and the plans agree: what rank r sends to s is,
// in order, what s holds in its ghost block of r. Shared by the threads tests (tests/dist/)
// and the tests under mpirun (tests/mpi/), where each rank's part is gathered first; with the
// graphs the distribution and the distributed algorithms' tests run on.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "graph_suite_support.hpp"
#include "plexus/dist/rank_graph.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/io/read_graph.hpp"
#include "tiny_graph.hpp"

namespace plexus_test {

using plexus::csr_arrays;
using plexus::csr_graph;
using plexus::edge_t;
using plexus::invalid_vertex;
using plexus::vertex_t;
using plexus::weight_t;

struct named_graph {
  std::string name;
  csr_graph graph;
};

/// The graphs every distribution test runs on: hand-made ones, one with fewer vertices than
/// ranks (empty ranks), isolated vertices (and none at all), a hub heavier than a rank's
/// share, weights, a directed graph with and without its reverse CSR, input ids, and
/// Kronecker 10 undirected and directed.
inline std::vector<named_graph> distribution_graphs() {
  using plexus::test::tiny_graph;
  std::vector<named_graph> graphs;
  graphs.push_back(
      {"path and triangle", tiny_graph(7, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {0, 2}}, false)});
  graphs.push_back({"two vertices", tiny_graph(2, {{0, 1}}, false)});
  graphs.push_back({"isolated vertices", tiny_graph(12, {{2, 9}, {3, 4}}, false)});
  graphs.push_back({"no arcs", tiny_graph(5, {}, false)});
  graphs.push_back({"no vertices", tiny_graph(0, {}, false)});
  std::vector<plexus::test::arc> star;
  for (vertex_t v = 1; v < 40; ++v) star.push_back({0, v});
  graphs.push_back({"star", tiny_graph(40, star, false)});
  graphs.push_back(
      {"weighted", tiny_graph(6, {{0, 5, 2.5f}, {1, 2, 3}, {2, 3, 0.5f}, {4, 0, 7}}, false, true)});
  const std::vector<plexus::test::arc> arcs{{0, 7, 1}, {7, 0, 2}, {1, 6, 3}, {2, 3, 4},
                                            {5, 3, 5}, {4, 1, 6}, {6, 2, 7}};
  graphs.push_back({"directed", tiny_graph(8, arcs, true, true)});
  csr_graph with_reverse = tiny_graph(8, arcs, true, true);
  with_reverse.build_in_edges();
  graphs.push_back({"directed with its reverse", std::move(with_reverse)});
  graphs.push_back({"input ids", plexus::test::tiny_graph_with_ids({40, 10, 30, 20, 50},
                                                                   {{0, 1}, {1, 2}, {3, 4}}, false)});
  graphs.push_back({"kron 10", kron(10, false, 1, 16)});
  graphs.push_back({"kron 10 directed", kron(10, true, 1, 16)});
  return graphs;
}

/// The datasets' graphs the distributed algorithms are compared on, those present: a road
/// network, a social graph and a directed vote graph (with its reverse CSR).
inline std::vector<named_graph> distribution_datasets() {
  std::vector<named_graph> graphs;
  for (const char* file : {"luxembourg_osm.mtx", "Email-Enron.txt", "Wiki-Vote.txt"}) {
    const std::filesystem::path path = plexus::test::datasets_dir() / "graphs" / file;
    if (!std::filesystem::exists(path)) continue;
    csr_graph graph = plexus::io::read_graph(path);
    if (graph.directed()) graph.build_in_edges();
    graphs.push_back({file, std::move(graph)});
  }
  return graphs;
}

/// check(graph) for every graph of distribution_graphs(), each traced by its name.
template <class Check>
void for_each_distribution_graph(Check&& check) {
  for (const named_graph& g : distribution_graphs()) {
    SCOPED_TRACE(g.name);
    check(g.graph);
  }
}

/// A directed graph with its reverse CSR, and the same graph without it.
inline std::vector<named_graph> with_and_without_reverse(const csr_graph& directed) {
  csr_graph with_reverse(directed.out(), true);
  with_reverse.build_in_edges();
  std::vector<named_graph> graphs;
  graphs.push_back({"with its reverse", std::move(with_reverse)});
  graphs.push_back({"without its reverse", csr_graph(directed.out(), true)});
  return graphs;
}

/// Sources a traversal test starts from: a vertex of largest degree, vertex 0 and the last
/// vertex (none for an empty graph).
inline std::vector<vertex_t> traversal_sources(const csr_graph& graph) {
  if (graph.num_vertices() == 0) return {};
  vertex_t hub = 0;
  for (vertex_t v = 1; v < graph.num_vertices(); ++v)
    if (graph.degree(v) > graph.degree(hub)) hub = v;
  return {hub, 0, graph.num_vertices() - 1};
}

/// `local`'s lists (owned rows only) against `whole`'s rows [first, first + owned).
inline void check_lists(const plexus::dist::partition& part, const csr_arrays& local, const csr_arrays& whole,
                        const char* which) {
  SCOPED_TRACE(which);
  ASSERT_EQ(local.num_vertices(), part.num_local());
  for (vertex_t u = 0; u < part.num_local(); ++u) {
    const edge_t begin = local.offsets[u], end = local.offsets[u + 1];
    if (u >= part.num_owned()) {
      EXPECT_EQ(begin, end) << "ghost or padding vertex " << u << " has a list";
      continue;
    }
    EXPECT_TRUE(std::is_sorted(local.indices.begin() + static_cast<std::ptrdiff_t>(begin),
                               local.indices.begin() + static_cast<std::ptrdiff_t>(end)))
        << "list of local " << u;
    std::vector<std::pair<vertex_t, weight_t>> mapped;
    for (edge_t e = begin; e < end; ++e) {
      const vertex_t global = part.global_id(local.indices[e]);
      ASSERT_NE(global, invalid_vertex) << "arc to padding " << local.indices[e];
      ASSERT_EQ(local.weights.empty(), whole.weights.empty()) << "a list holding arcs without weights";
      mapped.emplace_back(global, local.weights.empty() ? 1.0f : local.weights[e]);
    }
    std::sort(mapped.begin(), mapped.end());
    const vertex_t g = part.first_owned() + u;
    std::vector<std::pair<vertex_t, weight_t>> expected;
    for (edge_t e = whole.offsets[g]; e < whole.offsets[g + 1]; ++e)
      expected.emplace_back(whole.indices[e], whole.weights.empty() ? 1.0f : whole.weights[e]);
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(mapped, expected) << "list of global " << g;
  }
}

/// The checks one rank can make of its own part: its range is split_by_bytes's, its lists are
/// the whole graph's renumbered, its ghosts and blocks are laid out as promised.
inline void check_rank_part(const csr_graph& whole, const plexus::dist::rank_graph& mine, int r, int p) {
  SCOPED_TRACE(testing::Message() << "rank " << r << " of " << p);
  const plexus::dist::partition& part = mine.part;
  const csr_graph& local = mine.graph;
  const plexus::dist::vertex_ranges& ranges = part.ranges();
  ASSERT_EQ(ranges, plexus::dist::split_by_bytes(whole, p));
  EXPECT_EQ(part.rank(), r);
  for (vertex_t v = ranges.first(r); v < ranges.last(r); ++v) {
    EXPECT_EQ(part.owner(v), r);
    EXPECT_TRUE(part.owns(v));
    EXPECT_EQ(part.local_id(v), v - ranges.first(r));
    EXPECT_EQ(part.global_id(v - ranges.first(r)), v);
  }
  ASSERT_EQ(local.directed(), whole.directed());
  ASSERT_EQ(mine.weighted, whole.weighted());
  check_lists(part, local.out(), whole.out(), "out-lists");
  if (whole.directed()) {
    ASSERT_EQ(local.has_in_edges(), whole.has_in_edges());
    if (whole.has_in_edges()) check_lists(part, local.in(), whole.in(), "in-lists");
  }
  // Ghosts: each named by some owned list, owned elsewhere, numbered inside its block.
  std::vector<bool> named(part.num_local(), false);
  const auto mark = [&](const csr_arrays& lists) {
    for (const vertex_t x : lists.indices) named[x] = true;
  };
  mark(local.out());
  if (local.directed() && local.has_in_edges()) mark(local.in());
  for (std::size_t i = 0; i < part.ghosts().size(); ++i) {
    const vertex_t g = part.ghosts()[i];
    EXPECT_FALSE(part.owns(g));
    const vertex_t local_id = part.local_id(g);
    ASSERT_NE(local_id, invalid_vertex);
    EXPECT_EQ(local_id, part.ghost_local_id(i));
    EXPECT_EQ(part.global_id(local_id), g);
    EXPECT_TRUE(named[local_id]) << "ghost " << g << " is named by no list";
    if (i > 0) {
      EXPECT_LT(part.ghosts()[i - 1], g);
    }
  }
  vertex_t previous_end = part.num_owned();
  for (int s = 0; s < p; ++s) {
    const plexus::dist::peer_plan& plan = part.plan(s);
    if (s == r) {
      EXPECT_EQ(plan.recv_count, 0u);
      EXPECT_TRUE(plan.send.empty());
    }
    for (const vertex_t x : plan.send) EXPECT_LT(x, part.num_owned());
    if (plan.recv_count == 0) continue;
    EXPECT_EQ(plan.recv_first % plexus::dist::kGhostAlignment, 0u);
    EXPECT_GE(plan.recv_first, previous_end);
    previous_end = plan.recv_first + plan.recv_count;
    EXPECT_LE(previous_end, part.num_local());
    for (vertex_t i = 0; i < plan.recv_count; ++i)
      EXPECT_EQ(part.owner(part.global_id(plan.recv_first + i)), s);
  }
  EXPECT_EQ(part.num_local(), plexus::dist::align_to_ghost_block(previous_end));
  for (vertex_t x = part.num_owned(); x < part.num_local(); ++x) {
    if (part.global_id(x) == invalid_vertex) {
      EXPECT_FALSE(named[x]) << "padding " << x << " is named";
    }
  }
}

/// Every check of the file's header comment, on the parts of every rank: each rank's own, and
/// the plans: what r sends to s is, in order, s's ghost block of r.
inline void check_distribution(const csr_graph& whole, const std::vector<plexus::dist::rank_graph>& parts) {
  const int p = static_cast<int>(parts.size());
  for (int r = 0; r < p; ++r) check_rank_part(whole, parts[static_cast<std::size_t>(r)], r, p);
  for (int r = 0; r < p; ++r)
    for (int s = 0; s < p; ++s) {
      const plexus::dist::partition& sender = parts[static_cast<std::size_t>(r)].part;
      const plexus::dist::partition& receiver = parts[static_cast<std::size_t>(s)].part;
      const plexus::dist::peer_plan& out = sender.plan(s);
      const plexus::dist::peer_plan& in = receiver.plan(r);
      ASSERT_EQ(out.send.size(), in.recv_count) << "rank " << r << " to rank " << s;
      for (vertex_t i = 0; i < in.recv_count; ++i)
        EXPECT_EQ(sender.global_id(out.send[i]), receiver.global_id(in.recv_first + i))
            << "rank " << r << " to rank " << s << ", entry " << i;
    }
}

}  // namespace plexus_test
