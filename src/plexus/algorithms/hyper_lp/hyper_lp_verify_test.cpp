// Hypergraph label propagation reference: hand-traced runs (ties, stopping rules, repeated
// pins, duplicate hyperedges, empty hyperedges, isolated vertices), an independent map-based
// implementation on random hypergraphs, argument checks, and the random initial labels.
#include "plexus/algorithms/hyper_lp/hyper_lp_verify.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "hyper_test_support.hpp"
#include "plexus/core/error.hpp"

namespace plexus {
namespace {

using test::make_hypergraph;
using ids = std::vector<vertex_t>;
constexpr vertex_t X = invalid_vertex;

ids as_vector(const host_vector<vertex_t>& v) { return ids(v.begin(), v.end()); }

verify::hyper_label_propagation_options with_labels(const ids& labels) {
  verify::hyper_label_propagation_options options;
  options.initial_labels = labels;
  options.tolerance = 0;
  return options;
}

// h0 = {0,1,2}, h1 = {2,3}, h2 = {3,4,5}, h3 = {}; vertex 6 in nothing.
hypergraph chain() { return make_hypergraph(7, {{0, 1, 2}, {2, 3}, {3, 4, 5}, {}}); }
const ids kChainLabels{0, 0, 1, 3, 3, 5, 6};

TEST(HyperLabelPropagation, HandTracedRun) {
  // Iteration 1: edges 0, tie(1,3)->1, 3; vertices 0,0,tie(0,1)->0,tie(1,3)->1,3,3 (3 changed).
  // Iteration 2: edges 0, tie(0,1)->0, 3; vertex 3: tie(0,3)->0 (1 changed).
  // Iteration 3: edges 0, 0, {0,3,3}->3; nothing changes: stop.
  const auto r = verify::reference_hyper_label_propagation(chain(), with_labels(kChainLabels));
  EXPECT_EQ(r.iterations, 3u);
  EXPECT_EQ(r.changed_last, 0u);
  EXPECT_EQ(as_vector(r.vertex_labels), (ids{0, 0, 0, 0, 3, 3, 6}));
  EXPECT_EQ(as_vector(r.hyperedge_labels), (ids{0, 0, 3, X}));
  EXPECT_EQ(r.num_communities, 3u);  // 0, 3 and the isolated vertex's own 6
}

TEST(HyperLabelPropagation, StoppingRules) {
  auto options = with_labels(kChainLabels);
  options.tolerance = 0.5;  // 3 of 7 changed in iteration 1: 0.43 < 0.5
  auto r = verify::reference_hyper_label_propagation(chain(), options);
  EXPECT_EQ(r.iterations, 1u);
  EXPECT_EQ(r.changed_last, 3u);
  EXPECT_EQ(as_vector(r.vertex_labels), (ids{0, 0, 0, 1, 3, 3, 6}));
  EXPECT_EQ(as_vector(r.hyperedge_labels), (ids{0, 1, 3, X}));

  options.tolerance = 0.4;  // 3/7 is not below 0.4, 1/7 is
  EXPECT_EQ(verify::reference_hyper_label_propagation(chain(), options).iterations, 2u);

  options.tolerance = 0;
  options.max_iterations = 2;
  r = verify::reference_hyper_label_propagation(chain(), options);
  EXPECT_EQ(r.iterations, 2u);
  EXPECT_EQ(r.changed_last, 1u);
  EXPECT_EQ(as_vector(r.vertex_labels), (ids{0, 0, 0, 0, 3, 3, 6}));

  options.max_iterations = 0;
  r = verify::reference_hyper_label_propagation(chain(), options);
  EXPECT_EQ(r.iterations, 0u);
  EXPECT_EQ(as_vector(r.vertex_labels), kChainLabels);
  EXPECT_EQ(as_vector(r.hyperedge_labels), (ids{X, X, X, X}));
}

TEST(HyperLabelPropagation, RepeatedPinVotesOnce) {
  // As a set h0 = {0,1,2} holds labels {0,1,1}: 1 wins. Counting vertex 0 three times would
  // make it 0.
  const hypergraph h = make_hypergraph(3, {{0, 0, 0, 1, 2}}, /*keep_repeated_pins=*/true);
  const auto r = verify::reference_hyper_label_propagation(h, with_labels({0, 1, 1}));
  EXPECT_EQ(as_vector(r.hyperedge_labels), (ids{1}));
  EXPECT_EQ(as_vector(r.vertex_labels), (ids{1, 1, 1}));
  EXPECT_EQ(r.iterations, 2u);
  EXPECT_EQ(r.num_communities, 1u);
}

TEST(HyperLabelPropagation, DuplicateHyperedgesVoteSeparately) {
  // h0 = h1 = {0,1} both take label 1, h2 = {0,2} takes 0: vertex 0 sees 1,1,0 and takes 1
  // (a single vote for each would tie and give 0).
  const hypergraph h = make_hypergraph(3, {{0, 1}, {1, 0}, {0, 2}});
  const auto r = verify::reference_hyper_label_propagation(h, with_labels({2, 1, 0}));
  EXPECT_EQ(as_vector(r.vertex_labels), (ids{1, 1, 0}));
  EXPECT_EQ(as_vector(r.hyperedge_labels), (ids{1, 1, 0}));
  EXPECT_EQ(r.iterations, 2u);
}

TEST(HyperLabelPropagation, EmptyAndEdgeless) {
  const auto none = verify::reference_hyper_label_propagation(hypergraph{}, {});
  EXPECT_EQ(none.iterations, 0u);
  EXPECT_EQ(none.num_communities, 0u);
  // Only empty hyperedges: one iteration labels them invalid_vertex, no vertex changes.
  const hypergraph h = make_hypergraph(3, {{}, {}});
  const auto r = verify::reference_hyper_label_propagation(h, with_labels({2, 0, 2}));
  EXPECT_EQ(r.iterations, 1u);
  EXPECT_EQ(as_vector(r.vertex_labels), (ids{2, 0, 2}));
  EXPECT_EQ(as_vector(r.hyperedge_labels), (ids{X, X}));
  EXPECT_EQ(r.num_communities, 2u);
}

TEST(HyperLabelPropagation, RejectsBadInitialLabels) {
  EXPECT_THROW(verify::reference_hyper_label_propagation(chain(), with_labels({0, 1})), error);
  EXPECT_THROW(verify::reference_hyper_label_propagation(chain(), with_labels({0, 0, 0, 0, 0, 0, 7})), error);
}

TEST(HyperLabelPropagation, VerifierNamesVerticesAndLabelsByTheInputIds) {
  // chain() read from a file whose vertex ids are 10, 20, ..., 70.
  const hypergraph h =
      make_hypergraph(7, {{0, 1, 2}, {2, 3}, {3, 4, 5}, {}}, false, {10, 20, 30, 40, 50, 60, 70});
  const auto options = with_labels(kChainLabels);
  const ids vertex_labels{0, 0, 0, 0, 3, 3, 6}, hyperedge_labels{0, 0, 3, X};
  EXPECT_TRUE(verify::hyper_label_propagation(h, options, vertex_labels, hyperedge_labels, 3));
  EXPECT_EQ(
      verify::hyper_label_propagation(h, options, ids{0, 0, 0, 0, 0, 3, 6}, hyperedge_labels, 3).message,
      "vertex 50: label 10 but the reference gives 40");
  EXPECT_EQ(verify::hyper_label_propagation(h, options, vertex_labels, ids{0, 0, 0, X}, 3).message,
            "hyperedge 2: label 10 but the reference gives 40");
  try {
    verify::reference_hyper_label_propagation(h, with_labels({0, 0, 0, 0, 0, 0, 7}));
    FAIL() << "an initial label past the vertex count was accepted";
  } catch (const error& e) {
    EXPECT_EQ(std::string(e.what()), "initial label 7 of vertex 70 is not below the vertex count 7");
  }
}

// Independent implementation: std::map vote counts over std::set incidences.
struct simple_result {
  ids vertex, edge;
  std::uint32_t iterations = 0;
};

vertex_t map_mode(const std::map<vertex_t, int>& counts) {
  vertex_t best = X;
  int best_count = 0;
  for (auto [label, c] : counts)  // ascending labels: ties keep the first, i.e. smallest
    if (c > best_count) best = label, best_count = c;
  return best;
}

simple_result simple_lp(vertex_t n, const test::edge_lists& edges, ids labels, std::uint32_t max_iterations,
                        double tolerance) {
  std::vector<std::set<vertex_t>> pins;
  std::vector<std::vector<std::size_t>> incident(n);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    pins.emplace_back(edges[i].begin(), edges[i].end());
    for (vertex_t v : pins.back()) incident[v].push_back(i);
  }
  simple_result r{labels, ids(edges.size(), X), 0};
  while (r.iterations < max_iterations) {
    ++r.iterations;
    for (std::size_t i = 0; i < edges.size(); ++i) {
      std::map<vertex_t, int> counts;
      for (vertex_t v : pins[i]) ++counts[r.vertex[v]];
      r.edge[i] = map_mode(counts);
    }
    vertex_t changed = 0;
    for (vertex_t v = 0; v < n; ++v) {
      if (incident[v].empty()) continue;
      std::map<vertex_t, int> counts;
      for (std::size_t i : incident[v]) ++counts[r.edge[i]];
      const vertex_t label = map_mode(counts);
      changed += label != r.vertex[v];
      r.vertex[v] = label;
    }
    if (changed == 0 || static_cast<double>(changed) / n < tolerance) break;
  }
  return r;
}

TEST(HyperLabelPropagation, RandomAgainstIndependentImplementation) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const vertex_t n = 40 * static_cast<vertex_t>(seed);
    const auto edges = test::random_edge_lists(n, n, 6, seed);
    const hypergraph h = make_hypergraph(n, edges, seed % 2 == 0);
    verify::hyper_label_propagation_options options;
    options.seed = seed;
    options.tolerance = seed % 3 == 0 ? 0.05 : 0;
    options.max_iterations = 20;
    const auto r = verify::reference_hyper_label_propagation(h, options);
    const ids initial = as_vector(verify::random_initial_labels(n, seed));
    const auto expected = simple_lp(n, edges, initial, options.max_iterations, options.tolerance);
    EXPECT_EQ(r.iterations, expected.iterations) << "seed " << seed;
    EXPECT_EQ(as_vector(r.vertex_labels), expected.vertex) << "seed " << seed;
    EXPECT_EQ(as_vector(r.hyperedge_labels), expected.edge) << "seed " << seed;
    EXPECT_EQ(r.num_communities, std::set<vertex_t>(expected.vertex.begin(), expected.vertex.end()).size());
    EXPECT_TRUE(verify::hyper_label_propagation(h, options, r.vertex_labels, r.hyperedge_labels, r.iterations));

    auto wrong = as_vector(r.vertex_labels);
    wrong[n / 2] = (wrong[n / 2] + 1) % n;
    EXPECT_FALSE(verify::hyper_label_propagation(h, options, wrong, r.hyperedge_labels, r.iterations));
    EXPECT_FALSE(verify::hyper_label_propagation(h, options, r.vertex_labels, r.hyperedge_labels, r.iterations + 1));
  }
}

// The documented recipe, written out from the published constants: SplitMix64 keyed by
// mix(mix(seed ^ c) + v * gamma), one step, then the high word of x * n.
std::uint64_t mix(std::uint64_t x) {
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

TEST(HyperLabelPropagation, RandomInitialLabels) {
  const vertex_t n = 10000;
  const auto a = verify::random_initial_labels(n, 42);
  const auto b = verify::random_initial_labels(n, 42);
  const auto c = verify::random_initial_labels(n, 43);
  EXPECT_EQ(as_vector(a), as_vector(b));
  EXPECT_NE(as_vector(a), as_vector(c));
  const std::uint64_t gamma = 0x9e3779b97f4a7c15ull;
  for (vertex_t v = 0; v < n; ++v) {
    ASSERT_LT(a[v], n);
    const std::uint64_t state = mix(mix(42 ^ 0x6a09e667f3bcc909ull) + v * gamma) + gamma;
    const auto expected = static_cast<vertex_t>((static_cast<unsigned __int128>(mix(state)) * n) >> 64);
    ASSERT_EQ(a[v], expected) << "vertex " << v;
    ASSERT_EQ(verify::random_initial_label(42, v, n), a[v]);
  }
  // n uniform draws from [0, n) hit about n (1 - 1/e) = 6321 distinct values (sd ~ 30).
  const std::set<vertex_t> distinct(a.begin(), a.end());
  EXPECT_GT(distinct.size(), 6150u);
  EXPECT_LT(distinct.size(), 6500u);
  EXPECT_EQ(verify::random_initial_labels(0, 42).size(), 0u);
}

}  // namespace
}  // namespace plexus
