// Hypergraph connected components: a hand-made case with every kind of vertex and hyperedge,
// random hypergraphs against union-find over brute-force pairs, and the verifier rejecting
// wrong labels.
#include "plexus/algorithms/hyper_cc/hyper_cc_verify.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "hyper_test_support.hpp"

namespace plexus {
namespace {

using test::make_hypergraph;
using labels = std::vector<vertex_t>;
constexpr vertex_t X = invalid_vertex;

labels as_vector(const host_vector<vertex_t>& v) { return labels(v.begin(), v.end()); }

TEST(HyperComponents, TinyKnownAnswer) {
  // h0 = {3,5}, h1 = {0,3}, h2 = {4,1}, h3 = {}, h4 = {6}, h5 = {4}; vertex 2 in nothing.
  const hypergraph h = make_hypergraph(7, {{3, 5}, {0, 3}, {4, 1}, {}, {6}, {4}});
  const auto r = verify::reference_hyper_components(h);
  EXPECT_EQ(as_vector(r.vertex_labels), (labels{0, 1, 2, 0, 1, 0, 6}));
  EXPECT_EQ(as_vector(r.hyperedge_labels), (labels{0, 0, 1, X, 6, 1}));
  EXPECT_EQ(r.num_components, 4u);             // {0,3,5}, {1,4}, {2}, {6}
  EXPECT_EQ(r.num_nontrivial_components, 3u);  // vertex 2 is in no hyperedge
  EXPECT_TRUE(verify::hyper_components(h, r.vertex_labels, r.hyperedge_labels));
}

TEST(HyperComponents, VerifierRejects) {
  const hypergraph h = make_hypergraph(4, {{0, 2}, {1, 3}, {}});
  const labels good_v{0, 1, 0, 1}, good_h{0, 1, X};
  EXPECT_TRUE(verify::hyper_components(h, good_v, good_h));
  const labels merged{0, 0, 0, 0}, largest{2, 3, 2, 3}, empty_labelled{0, 1, 0};
  EXPECT_FALSE(verify::hyper_components(h, merged, good_h));
  EXPECT_FALSE(verify::hyper_components(h, largest, good_h));
  const auto bad_edge = verify::hyper_components(h, good_v, labels{0, 1, 0});
  EXPECT_FALSE(bad_edge);
  EXPECT_NE(bad_edge.message.find("hyperedge 2"), std::string::npos) << bad_edge.message;
  EXPECT_FALSE(verify::hyper_components(h, labels{0, 1}, good_h));
}

TEST(HyperComponents, VerifierNamesVerticesByTheInputIds) {
  const hypergraph h = make_hypergraph(4, {{0, 2}, {1, 3}, {}}, false, {10, 20, 30, 40});
  const labels good_v{0, 1, 0, 1}, good_h{0, 1, X};
  EXPECT_EQ(verify::hyper_components(h, labels{2, 3, 2, 3}, good_h).message,
            "vertex 10: label 30 but the smallest vertex of its component is 10");
  EXPECT_EQ(verify::hyper_components(h, good_v, labels{1, 1, X}).message,
            "hyperedge 0: label 20 but expected 10");
}

vertex_t find(std::vector<vertex_t>& parent, vertex_t x) {
  while (parent[x] != x) x = parent[x] = parent[parent[x]];
  return x;
}

TEST(HyperComponents, RandomAgainstUnionFind) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const vertex_t n = 50 * static_cast<vertex_t>(seed);
    // Few, small hyperedges so that many components remain.
    const auto edges = test::random_edge_lists(n, n / 3, 4, seed);
    const hypergraph h = make_hypergraph(n, edges, seed % 2 == 1);
    std::vector<vertex_t> parent(n);
    std::iota(parent.begin(), parent.end(), 0u);
    for (const auto& e : edges)
      for (vertex_t v : e) {
        const vertex_t a = find(parent, e[0]), b = find(parent, v);
        parent[std::max(a, b)] = std::min(a, b);  // the root stays the smallest id
      }
    labels expected_v(n);
    for (vertex_t v = 0; v < n; ++v) expected_v[v] = find(parent, v);
    labels expected_h;
    for (const auto& e : edges) expected_h.push_back(e.empty() ? X : expected_v[e[0]]);
    const auto r = verify::reference_hyper_components(h);
    EXPECT_EQ(as_vector(r.vertex_labels), expected_v) << "seed " << seed;
    EXPECT_EQ(as_vector(r.hyperedge_labels), expected_h) << "seed " << seed;
    vertex_t roots = 0;
    for (vertex_t v = 0; v < n; ++v) roots += expected_v[v] == v;
    EXPECT_EQ(r.num_components, roots);
  }
}

}  // namespace
}  // namespace plexus
