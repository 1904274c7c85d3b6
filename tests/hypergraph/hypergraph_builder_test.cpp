// build_hypergraph on hand-made incidence lists with known CSRs, on invalid input, and on
// random lists checked against a std::set reference at several thread counts.
#include <gtest/gtest.h>
#include <omp.h>

#include <map>
#include <random>
#include <set>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus {
namespace {

using lists = std::vector<std::vector<std::uint32_t>>;

incidence_list make_list(vertex_t n, const lists& edges) {
  incidence_list list;
  list.num_vertices = n;
  for (const auto& e : edges) {
    list.pins.insert(list.pins.end(), e.begin(), e.end());
    list.edge_offsets.push_back(list.pins.size());
  }
  return list;
}

lists edge_lists(const hypergraph& g) {
  lists out;
  for (hyperedge_t h = 0; h < g.num_hyperedges(); ++h) out.emplace_back(g.pins(h).begin(), g.pins(h).end());
  return out;
}

lists vertex_lists(const hypergraph& g) {
  lists out;
  for (vertex_t v = 0; v < g.num_vertices(); ++v) out.emplace_back(g.edges_of(v).begin(), g.edges_of(v).end());
  return out;
}

TEST(HypergraphBuilder, TinyBothDirections) {
  // Hyperedges {2,0,1}, {1,3}, {3}; vertex 4 is isolated.
  const hypergraph g = build_hypergraph(make_list(5, {{2, 0, 1}, {1, 3}, {3}}));
  EXPECT_EQ(g.num_vertices(), 5u);
  EXPECT_EQ(g.num_hyperedges(), 3u);
  EXPECT_EQ(g.num_pins(), 6u);
  EXPECT_EQ(edge_lists(g), (lists{{0, 1, 2}, {1, 3}, {3}}));
  EXPECT_EQ(vertex_lists(g), (lists{{0}, {0, 1}, {0}, {1, 2}, {}}));
  EXPECT_EQ(g.edge_size(0), 3u);
  EXPECT_EQ(g.vertex_degree(3), 2u);
  EXPECT_EQ(g.vertex_degree(4), 0u);
  EXPECT_FALSE(g.has_original_ids());
}

TEST(HypergraphBuilder, RepeatedPins) {
  const incidence_list list = make_list(3, {{1, 1, 0, 1}, {2, 2}});
  const hypergraph dedup = build_hypergraph(list);
  EXPECT_EQ(edge_lists(dedup), (lists{{0, 1}, {2}}));
  EXPECT_EQ(vertex_lists(dedup), (lists{{0}, {0}, {1}}));
  EXPECT_EQ(dedup.num_pins(), 3u);

  const hypergraph kept = build_hypergraph(list, {.remove_repeated_pins = false});
  EXPECT_EQ(edge_lists(kept), (lists{{0, 1, 1, 1}, {2, 2}}));
  EXPECT_EQ(vertex_lists(kept), (lists{{0}, {0, 0, 0}, {1, 1}}));
  EXPECT_EQ(kept.num_pins(), 6u);
}

TEST(HypergraphBuilder, EmptyEdgesAndWeightsFollow) {
  incidence_list list = make_list(3, {{}, {0, 1}, {}, {2}});
  list.edge_weights = {10, 11, 12, 13};
  const hypergraph kept = build_hypergraph(list);
  EXPECT_EQ(edge_lists(kept), (lists{{}, {0, 1}, {}, {2}}));
  EXPECT_EQ(vertex_lists(kept), (lists{{1}, {1}, {3}}));

  const hypergraph g = build_hypergraph(list, {.remove_empty_edges = true});
  EXPECT_EQ(edge_lists(g), (lists{{0, 1}, {2}}));
  EXPECT_EQ(vertex_lists(g), (lists{{0}, {0}, {1}}));
  EXPECT_EQ(std::vector<weight_t>(g.edge_weights().begin(), g.edge_weights().end()), (std::vector<weight_t>{11, 13}));
}

TEST(HypergraphBuilder, DuplicateEdgesKeepFirst) {
  // {0,1} three times (in different pin orders, once with a repeated pin), {1,2} twice.
  incidence_list list = make_list(4, {{1, 0}, {1, 2}, {0, 1}, {3}, {2, 1}, {0, 1, 0}});
  list.edge_weights = {1, 2, 3, 4, 5, 6};
  const hypergraph g = build_hypergraph(list, {.remove_duplicate_edges = true});
  EXPECT_EQ(edge_lists(g), (lists{{0, 1}, {1, 2}, {3}}));
  EXPECT_EQ(vertex_lists(g), (lists{{0}, {0, 1}, {1}, {2}}));
  EXPECT_EQ(std::vector<weight_t>(g.edge_weights().begin(), g.edge_weights().end()), (std::vector<weight_t>{1, 2, 4}));

  // With repeated pins kept, {0,1,0} differs from {0,1}.
  const hypergraph multi = build_hypergraph(list, {.remove_repeated_pins = false, .remove_duplicate_edges = true});
  EXPECT_EQ(edge_lists(multi), (lists{{0, 1}, {1, 2}, {3}, {0, 0, 1}}));
}

TEST(HypergraphBuilder, CompactIdsComposeWithOriginalIds) {
  incidence_list list = make_list(6, {{5, 1}, {3}});
  list.vertex_weights = {0, 1, 2, 3, 4, 5};
  const hypergraph g = build_hypergraph(list, {.compact_ids = true});
  EXPECT_EQ(g.num_vertices(), 3u);
  EXPECT_EQ(edge_lists(g), (lists{{0, 2}, {1}}));
  EXPECT_EQ(std::vector<std::uint64_t>(g.original_ids().begin(), g.original_ids().end()),
            (std::vector<std::uint64_t>{1, 3, 5}));
  EXPECT_EQ(std::vector<weight_t>(g.vertex_weights().begin(), g.vertex_weights().end()),
            (std::vector<weight_t>{1, 3, 5}));

  list.original_ids = {100, 101, 102, 103, 104, 105};
  const hypergraph h = build_hypergraph(list, {.compact_ids = true});
  EXPECT_EQ(std::vector<std::uint64_t>(h.original_ids().begin(), h.original_ids().end()),
            (std::vector<std::uint64_t>{101, 103, 105}));
  EXPECT_EQ(h.original_id(2), 105u);
}

TEST(HypergraphBuilder, EmptyInput) {
  const hypergraph g = build_hypergraph(incidence_list{});
  EXPECT_EQ(g.num_vertices(), 0u);
  EXPECT_EQ(g.num_hyperedges(), 0u);
  const hypergraph isolated = build_hypergraph(make_list(3, {}));
  EXPECT_EQ(vertex_lists(isolated), (lists{{}, {}, {}}));
}

void expect_invalid(const incidence_list& list, const std::string& needle) {
  try {
    build_hypergraph(list);
    FAIL() << "expected an error containing: " << needle;
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

TEST(HypergraphBuilder, RejectsInvalidInput) {
  expect_invalid(make_list(3, {{0, 1}, {2, 3}}), "hyperedge 1 has pin 3, not below num_vertices 3");
  incidence_list bad_offsets = make_list(3, {{0, 1}, {2}});
  bad_offsets.edge_offsets = {0, 2, 1, 3};
  bad_offsets.pins = {0, 1, 2};
  expect_invalid(bad_offsets, "edge_offsets decreases at hyperedge 1");
  incidence_list short_offsets = make_list(3, {{0, 1}});
  short_offsets.pins.push_back(2);
  expect_invalid(short_offsets, "edge_offsets ends at 2 but there are 3 pins");
  incidence_list nonzero = make_list(3, {{0, 1}});
  nonzero.edge_offsets[0] = 1;
  expect_invalid(nonzero, "edge_offsets[0] is 1");
  incidence_list weights = make_list(3, {{0, 1}});
  weights.edge_weights = {1, 2};
  expect_invalid(weights, "2 edge weights for 1 hyperedges");
  incidence_list vweights = make_list(3, {{0, 1}});
  vweights.vertex_weights = {1};
  expect_invalid(vweights, "1 vertex weights for 3 vertices");
  incidence_list ids = make_list(3, {{0, 1}});
  ids.original_ids = {1, 2};
  expect_invalid(ids, "2 original ids for 3 vertices");
  incidence_list no_offsets;
  no_offsets.edge_offsets.clear();
  expect_invalid(no_offsets, "edge_offsets is empty");
}

TEST(HypergraphBuilder, DualRoundTrip) {
  incidence_list list = make_list(4, {{0, 1, 2}, {2, 3}, {1}});
  list.edge_weights = {1, 2, 3};
  list.vertex_weights = {5, 6, 7, 8};
  const hypergraph g = build_hypergraph(list);
  const hypergraph d = g.dual();
  EXPECT_EQ(d.num_vertices(), 3u);
  EXPECT_EQ(d.num_hyperedges(), 4u);
  EXPECT_EQ(edge_lists(d), vertex_lists(g));
  EXPECT_EQ(vertex_lists(d), edge_lists(g));
  EXPECT_EQ(std::vector<weight_t>(d.vertex_weights().begin(), d.vertex_weights().end()),
            (std::vector<weight_t>{1, 2, 3}));
  const hypergraph back = hypergraph(d).dual();
  EXPECT_EQ(edge_lists(back), edge_lists(g));
  EXPECT_EQ(vertex_lists(back), vertex_lists(g));
  EXPECT_EQ(std::vector<weight_t>(back.edge_weights().begin(), back.edge_weights().end()),
            (std::vector<weight_t>{1, 2, 3}));
}

/// The builder's answer computed independently: sets and maps, no CSR logic.
struct reference {
  lists edges;
  lists vertices;
};

reference brute_force(const lists& input, vertex_t n, bool dedupe_edges) {
  reference r;
  std::set<std::set<std::uint32_t>> seen;
  for (const auto& e : input) {
    const std::set<std::uint32_t> s(e.begin(), e.end());
    if (dedupe_edges && !seen.insert(s).second) continue;
    r.edges.emplace_back(s.begin(), s.end());
  }
  std::map<std::uint32_t, std::set<std::uint32_t>> by_vertex;
  for (std::uint32_t h = 0; h < r.edges.size(); ++h)
    for (const auto v : r.edges[h]) by_vertex[v].insert(h);
  for (vertex_t v = 0; v < n; ++v) r.vertices.emplace_back(by_vertex[v].begin(), by_vertex[v].end());
  return r;
}

TEST(HypergraphBuilder, RandomMatchesSetReferenceAtAnyThreadCount) {
  std::mt19937_64 rng(42);
  for (int trial = 0; trial < 8; ++trial) {
    const vertex_t n = 1 + static_cast<vertex_t>(rng() % 200);
    const std::size_t m = rng() % 3000;
    lists input(m);
    for (auto& e : input) {
      // Small vertex ranges per trial make repeated pins and duplicate edges common.
      const std::size_t size = rng() % 6;
      for (std::size_t i = 0; i < size; ++i) e.push_back(static_cast<std::uint32_t>(rng() % std::min<vertex_t>(n, 12)));
    }
    for (const bool dedupe : {false, true}) {
      const reference want = brute_force(input, n, dedupe);
      lists first_edges;
      for (const int threads : {1, 3}) {
        omp_set_num_threads(threads);
        const hypergraph g = build_hypergraph(make_list(n, input), {.remove_duplicate_edges = dedupe});
        EXPECT_EQ(edge_lists(g), want.edges) << "trial " << trial << " threads " << threads;
        EXPECT_EQ(vertex_lists(g), want.vertices) << "trial " << trial << " threads " << threads;
        // The two CSRs are exact transposes: (v, h) in one iff (h, v) in the other.
        std::set<std::pair<std::uint32_t, std::uint32_t>> forward, backward;
        for (hyperedge_t h = 0; h < g.num_hyperedges(); ++h)
          for (const auto v : g.pins(h)) forward.insert({v, h});
        for (vertex_t v = 0; v < g.num_vertices(); ++v)
          for (const auto h : g.edges_of(v)) backward.insert({v, h});
        EXPECT_EQ(forward, backward);
      }
    }
  }
  omp_set_num_threads(omp_get_num_procs());
}

}  // namespace
}  // namespace plexus
