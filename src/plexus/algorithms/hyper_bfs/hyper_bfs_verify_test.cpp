// Hypergraph BFS reference and verifier: a hand-traced example, every invariant violated on
// purpose, and random hypergraphs against a BFS over the bipartite incidence graph.
#include "plexus/algorithms/hyper_bfs/hyper_bfs_verify.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "hyper_test_support.hpp"
#include "plexus/core/error.hpp"

namespace plexus {
namespace {

using test::make_hypergraph;
using ids = std::vector<vertex_t>;
constexpr vertex_t U = invalid_vertex;

ids as_vector(const host_vector<vertex_t>& v) { return ids(v.begin(), v.end()); }

// h0 = {0,1,2}, h1 = {2,3}, h2 = {3,4}, h3 = {1,4}, h4 = {5}, h5 = {}; vertex 6 in nothing.
hypergraph tiny() { return make_hypergraph(7, {{0, 1, 2}, {2, 3}, {3, 4}, {1, 4}, {5}, {}}); }

TEST(HyperBfs, TinyHandTraced) {
  const hypergraph h = tiny();
  const auto r = verify::reference_hyper_bfs(h, 0);
  EXPECT_EQ(as_vector(r.vertex_depth), (ids{0, 1, 1, 2, 2, U, U}));
  EXPECT_EQ(as_vector(r.vertex_parent), (ids{0, 0, 0, 1, 3, U, U}));
  EXPECT_EQ(as_vector(r.hyperedge_depth), (ids{1, 2, 3, 2, U, U}));
  EXPECT_EQ(as_vector(r.hyperedge_parent), (ids{0, 2, 4, 1, U, U}));
  EXPECT_TRUE(verify::hyper_bfs(h, 0, r));

  // From an isolated vertex nothing else is reached.
  const auto lonely = verify::reference_hyper_bfs(h, 6);
  EXPECT_EQ(as_vector(lonely.vertex_depth), (ids{U, U, U, U, U, U, 0}));
  EXPECT_EQ(as_vector(lonely.hyperedge_depth), (ids{U, U, U, U, U, U}));
  EXPECT_TRUE(verify::hyper_bfs(h, 6, lonely));
}

TEST(HyperBfs, RejectsBadSource) {
  EXPECT_THROW(verify::reference_hyper_bfs(tiny(), 7), error);
  const auto r = verify::reference_hyper_bfs(tiny(), 0);
  EXPECT_FALSE(verify::hyper_bfs(tiny(), 7, r));
}

TEST(HyperBfs, AcceptsAnotherValidTree) {
  const hypergraph h = tiny();
  auto r = verify::reference_hyper_bfs(h, 0);
  r.hyperedge_parent[2] = 3;  // h2 = {3,4} may equally be entered from vertex 3 (depth 2)
  EXPECT_TRUE(verify::hyper_bfs(h, 0, r));
}

struct corruption {
  const char* what;
  void (*apply)(verify::hyper_bfs_result&);
};

TEST(HyperBfs, VerifierCatchesEachInvariant) {
  const hypergraph h = tiny();
  const corruption cases[] = {
      {"source depth", [](verify::hyper_bfs_result& r) { r.vertex_depth[0] = 1; }},
      {"source parent", [](verify::hyper_bfs_result& r) { r.vertex_parent[0] = 0 + 1; }},
      {"unreached vertex with parent", [](verify::hyper_bfs_result& r) { r.vertex_parent[5] = 4; }},
      {"vertex parent not containing it", [](verify::hyper_bfs_result& r) { r.vertex_parent[4] = 1; }},
      {"vertex parent at other depth", [](verify::hyper_bfs_result& r) { r.vertex_parent[4] = 2; }},
      {"vertex parent out of range", [](verify::hyper_bfs_result& r) { r.vertex_parent[3] = 60; }},
      {"second depth-0 vertex", [](verify::hyper_bfs_result& r) { r.vertex_depth[1] = 0; }},
      {"hyperedge parent not in it", [](verify::hyper_bfs_result& r) { r.hyperedge_parent[1] = 1; }},
      {"hyperedge parent at other depth", [](verify::hyper_bfs_result& r) { r.hyperedge_parent[1] = 3; }},
      {"hyperedge depth 0", [](verify::hyper_bfs_result& r) { r.hyperedge_depth[0] = 0; }},
      {"unreached hyperedge with parent", [](verify::hyper_bfs_result& r) { r.hyperedge_parent[4] = 5; }},
      {"reached hyperedge missed",
       [](verify::hyper_bfs_result& r) {
         r.hyperedge_depth[2] = U;
         r.hyperedge_parent[2] = U;
       }},
      {"vertex missed",
       [](verify::hyper_bfs_result& r) {
         r.vertex_depth[4] = U;
         r.vertex_parent[4] = U;
       }},
      {"consistent but too deep",
       [](verify::hyper_bfs_result& r) {
         // Vertex 3 moved to depth 3 via h2 entered from vertex 4: parents agree, but pin
         // (h1, 3) shows 3 is one hop closer.
         r.vertex_depth[3] = 3;
         r.vertex_parent[3] = 2;
       }},
      {"short arrays", [](verify::hyper_bfs_result& r) { r.hyperedge_depth.pop_back(); }},
  };
  for (const corruption& c : cases) {
    auto r = verify::reference_hyper_bfs(h, 0);
    c.apply(r);
    const auto v = verify::hyper_bfs(h, 0, r);
    EXPECT_FALSE(v) << c.what;
    EXPECT_FALSE(v.message.empty()) << c.what;
  }
}

TEST(HyperBfs, VerifierNamesVerticesByTheInputIds) {
  // tiny() read from a file whose vertex ids are 10, 20, ..., 70; hyperedges keep their places.
  const hypergraph h =
      make_hypergraph(7, {{0, 1, 2}, {2, 3}, {3, 4}, {1, 4}, {5}, {}}, false, {10, 20, 30, 40, 50, 60, 70});
  const auto message = [&](void (*corrupt)(verify::hyper_bfs_result&)) {
    auto r = verify::reference_hyper_bfs(h, 0);
    corrupt(r);
    return verify::hyper_bfs(h, 0, r).message;
  };
  EXPECT_EQ(message([](verify::hyper_bfs_result& r) { r.vertex_parent[4] = 1; }),
            "vertex 50: parent hyperedge 1 does not contain it");
  EXPECT_EQ(message([](verify::hyper_bfs_result& r) { r.vertex_depth[1] = 0; }),
            "vertex 20: depth 0 but it is not the source 10");
  EXPECT_EQ(message([](verify::hyper_bfs_result& r) { r.hyperedge_parent[1] = 1; }),
            "hyperedge 1: parent vertex 20 is not in it");
  EXPECT_EQ(message([](verify::hyper_bfs_result& r) { r.hyperedge_parent[1] = 3; }),
            "hyperedge 1: depth 2 but parent vertex 40 has depth 2");
  EXPECT_EQ(message([](verify::hyper_bfs_result& r) {
              r.vertex_depth[3] = 3;
              r.vertex_parent[3] = 2;
            }),
            "pin (1, 40): vertex depth 3 exceeds hyperedge depth 2");
}

// Independent reference: plain BFS over the bipartite graph with vertices 0..n-1 and
// hyperedges n..n+m-1.
std::vector<vertex_t> bipartite_distances(vertex_t n, const test::edge_lists& edges, vertex_t source) {
  const std::size_t nodes = n + edges.size();
  std::vector<std::vector<std::size_t>> adj(nodes);
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (vertex_t v : edges[i]) {
      adj[v].push_back(n + i);
      adj[n + i].push_back(v);
    }
  std::vector<vertex_t> dist(nodes, U);
  std::vector<std::size_t> queue{source};
  dist[source] = 0;
  for (std::size_t head = 0; head < queue.size(); ++head)
    for (std::size_t w : adj[queue[head]])
      if (dist[w] == U) {
        dist[w] = dist[queue[head]] + 1;
        queue.push_back(w);
      }
  return dist;
}

TEST(HyperBfs, RandomAgainstBipartiteBfs) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const vertex_t n = 60 * static_cast<vertex_t>(seed);
    const auto edges = test::random_edge_lists(n, n / 2, 5, seed);
    const hypergraph h = make_hypergraph(n, edges, seed % 2 == 0);
    for (vertex_t source : {vertex_t{0}, n / 2, n - 1}) {
      const auto dist = bipartite_distances(n, edges, source);
      const auto r = verify::reference_hyper_bfs(h, source);
      for (vertex_t v = 0; v < n; ++v)
        ASSERT_EQ(r.vertex_depth[v], dist[v] == U ? U : dist[v] / 2) << "seed " << seed << " vertex " << v;
      for (hyperedge_t e = 0; e < edges.size(); ++e)
        ASSERT_EQ(r.hyperedge_depth[e], dist[n + e] == U ? U : (dist[n + e] + 1) / 2)
            << "seed " << seed << " hyperedge " << e;
      const auto v = verify::hyper_bfs(h, source, r);
      EXPECT_TRUE(v) << v.message;
    }
  }
}

}  // namespace
}  // namespace plexus
