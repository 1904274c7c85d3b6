// Tests of connected components, PageRank and label propagation, written once and
// instantiated per back end by community_test_instances.hpp (SKIPPED without the back end's
// device). Results are checked
// against the serial references in plexus/verify, hand-computed answers and published
// figures; the segmented primitives they rest on against plain std:: computations. On a
// device back end every result is also compared with the host back end's.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "dataset_figures.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/cc/cc_verify.hpp"
#include "plexus/algorithms/lp/lp.hpp"
#include "plexus/algorithms/lp/lp_verify.hpp"
#include "plexus/algorithms/lp/modularity.hpp"
#include "plexus/algorithms/lp/segmented_mode.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus_community_test {

using namespace plexus;

inline std::filesystem::path datasets() {
  return PLEXUS_DATASETS_DIR;
}

#define PLEXUS_COMMUNITY_REQUIRE_DATASETS()                                                 \
  do {                                                                                      \
    if (!std::filesystem::is_directory(datasets() / "graphs"))                              \
      GTEST_SKIP() << "datasets not found at " << datasets() << ": real-data test skipped"; \
  } while (0)

struct arc {
  vertex_t u, v;
};

inline csr_graph make_graph(vertex_t n, const std::vector<arc>& arcs, bool directed, bool in_edges = true,
                            bool keep_parallel = false) {
  edge_list edges;
  edges.num_vertices = n;
  edges.directed = directed;
  for (const auto& a : arcs) {
    edges.src.push_back(a.u);
    edges.dst.push_back(a.v);
  }
  build_options options;
  options.build_in_edges = directed && in_edges;
  options.keep_parallel_edges = keep_parallel;
  return build_graph(std::move(edges), options);
}

inline csr_graph kron(int scale, bool directed, std::uint64_t seed = 1, int edge_factor = 16) {
  generators::kronecker_options o;
  o.scale = scale;
  o.edge_factor = edge_factor;
  o.seed = seed;
  o.directed = directed;
  build_options b;
  b.build_in_edges = directed;
  return build_graph(generators::kronecker(o), b);
}

inline csr_graph uniform_graph(vertex_t n, edge_t m, bool directed, std::uint64_t seed = 3) {
  generators::uniform_options o;
  o.num_vertices = n;
  o.num_edges = m;
  o.seed = seed;
  o.directed = directed;
  build_options b;
  b.build_in_edges = directed;
  return build_graph(generators::uniform(o), b);
}

inline double l1_distance(std::span<const double> a, std::span<const double> b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += std::fabs(a[i] - b[i]);
  return sum;
}

using test::read_vertex_values;

// ---- segmented primitives ----------------------------------------------------------------

template <class Space>
void check_segmented_reduce() {
  const Space space;
  std::mt19937 rng(7);
  // Lengths 0, short, around a warp, long, and hub-sized (past the CUDA plan's split of 4096
  // values, exact multiples of the chunk and one past), so every path of every back end runs.
  std::vector<edge_t> offsets{0};
  for (int s = 0; s < 3000; ++s) {
    const int kind = static_cast<int>(rng() % 10);
    edge_t len = kind == 0 ? 0 : kind < 6 ? rng() % 8 : kind < 9 ? 20 + rng() % 50 : 500 + rng() % 3000;
    if (s == 15) len = 16;  // the longest a lane folds alone
    if (s == 16) len = 17;  // the shortest a warp folds
    if (s == 17) len = 4096;
    if (s == 18) len = 4097;
    if (s == 19) len = 3 * 4096;
    if (s == 2999 || s == 1234) len = 20000 + rng() % 50000;
    offsets.push_back(offsets.back() + len);
  }
  const std::size_t n = offsets.size() - 1;
  std::vector<std::uint64_t> values(offsets.back());
  for (auto& x : values) x = rng() % 1000;
  exec::buffer<Space, edge_t> off_buffer;
  off_buffer.assign(offsets);
  exec::buffer<Space, std::uint64_t> value_buffer, out_buffer(n), min_buffer(n);
  value_buffer.assign(values);
  const std::uint64_t* vals = value_buffer.data();
  std::uint64_t* outs = out_buffer.data();
  std::uint64_t* mins = min_buffer.data();
  const auto expect_sums = [&](const char* form) {
    const auto got = out_buffer.to_host();
    for (std::size_t s = 0; s < n; ++s) {
      std::uint64_t expect = 0;
      for (edge_t e = offsets[s]; e < offsets[s + 1]; ++e) expect += values[e] * 3;
      ASSERT_EQ(got[s], expect) << form << " form, segment " << s;
    }
  };
  exec::segmented_reduce(
      space, n, off_buffer.data(), PLEXUS_LAMBDA(edge_t e) { return vals[e] * 3; }, std::uint64_t(0),
      exec::plus{}, PLEXUS_LAMBDA(std::size_t s, std::uint64_t sum) { outs[s] = sum; });
  expect_sums("plain");

  // The planned form, run twice over one plan: the second run must not see the first's state.
  out_buffer.fill(~std::uint64_t(0));
  const exec::segment_plan<Space> plan(space, n, off_buffer.data());
  for (int run = 0; run < 2; ++run) {
    exec::segmented_reduce(
        space, plan, PLEXUS_LAMBDA(edge_t e) { return vals[e] * 3; }, std::uint64_t(0), exec::plus{},
        PLEXUS_LAMBDA(std::size_t s, std::uint64_t sum) { outs[s] = sum; });
    expect_sums("planned");
  }
  const std::uint64_t none = ~std::uint64_t(0);
  exec::segmented_reduce(
      space, plan, PLEXUS_LAMBDA(edge_t e) { return (vals[e] << 32) | (e & 0xffffffffu); }, none,
      exec::minimum{}, PLEXUS_LAMBDA(std::size_t s, std::uint64_t best) { mins[s] = best; });
  const auto got_min = min_buffer.to_host();
  for (std::size_t s = 0; s < n; ++s) {
    std::uint64_t expect = none;
    for (edge_t e = offsets[s]; e < offsets[s + 1]; ++e) expect = std::min(expect, (values[e] << 32) | e);
    ASSERT_EQ(got_min[s], expect) << "planned minimum, segment " << s;
  }

  // The filtered form: segments whose id is a multiple of 3 keep their old value, the others
  // get their sum. Among the chunked hubs, 18 (4097 values) is skipped and 19, 1234 and 2999
  // are kept.
  out_buffer.fill(none);
  exec::segmented_reduce_if(
      space, plan, PLEXUS_LAMBDA(std::size_t s) { return s % 3 != 0; },
      PLEXUS_LAMBDA(edge_t e) { return vals[e] * 3; }, std::uint64_t(0), exec::plus{},
      PLEXUS_LAMBDA(std::size_t s, std::uint64_t sum) { outs[s] = sum; });
  const auto got_kept = out_buffer.to_host();
  for (std::size_t s = 0; s < n; ++s) {
    std::uint64_t expect = none;
    if (s % 3 != 0) {
      expect = 0;
      for (edge_t e = offsets[s]; e < offsets[s + 1]; ++e) expect += values[e] * 3;
    }
    ASSERT_EQ(got_kept[s], expect) << "filtered form, segment " << s;
  }
  // Skipped hub chunks must leave no arrival behind: the plain form over the same plan runs
  // correctly afterwards.
  exec::segmented_reduce(
      space, plan, PLEXUS_LAMBDA(edge_t e) { return vals[e] * 3; }, std::uint64_t(0), exec::plus{},
      PLEXUS_LAMBDA(std::size_t s, std::uint64_t sum) { outs[s] = sum; });
  expect_sums("planned after filtered");
}

template <class Space>
void check_segmented_mode(bool random_rank) {
  const Space space;
  std::mt19937 rng(11);
  std::vector<edge_t> offsets{0};
  std::vector<std::uint32_t> keys;
  for (int s = 0; s < 2000; ++s) {
    const int kind = static_cast<int>(rng() % 10);
    const edge_t len = kind == 0  ? 0
                       : kind < 5 ? 1 + rng() % 32
                       : kind < 8 ? 33 + rng() % 300
                                  : 300 + rng() % 5000;
    // Few distinct keys make many ties; many distinct keys fill the tables.
    const std::uint32_t range = 1 + rng() % (kind % 2 ? 8 : 100000);
    for (edge_t i = 0; i < len; ++i) keys.push_back(rng() % range + (kind == 3 ? 4000000000u : 0));
    offsets.push_back(offsets.back() + len);
  }
  const std::size_t n = offsets.size() - 1;
  exec::buffer<Space, edge_t> off_buffer;
  off_buffer.assign(offsets);
  exec::buffer<Space, std::uint32_t> key_buffer, best_buffer(n), count_buffer(n);
  key_buffer.assign(keys);
  best_buffer.fill(123456789u);
  const edge_t* off = off_buffer.data();
  const std::uint32_t* k = key_buffer.data();
  std::uint32_t* best = best_buffer.data();
  std::uint32_t* count = count_buffer.data();
  const std::uint64_t seed = random_rank ? 99 : 0;
  plexus::detail::segmented_mode(
      space, n, PLEXUS_LAMBDA(std::size_t s) { return off[s + 1] - off[s]; },
      PLEXUS_LAMBDA(std::size_t s, std::size_t i) { return k[off[s] + i]; },
      PLEXUS_LAMBDA(std::size_t s, std::uint32_t key)->std::uint64_t {
        return seed ? hash_pair(seed, s * 1000003u + key) : 0;
      },
      PLEXUS_LAMBDA(std::size_t s, std::uint32_t b, std::uint32_t c) {
        best[s] = b;
        count[s] = c;
      });
  const auto got = best_buffer.to_host();
  const auto got_count = count_buffer.to_host();
  for (std::size_t s = 0; s < n; ++s) {
    if (offsets[s] == offsets[s + 1]) {
      ASSERT_EQ(got[s], 123456789u) << "empty segment " << s << " must not be written";
      continue;
    }
    std::map<std::uint32_t, std::uint32_t> histogram;
    for (edge_t e = offsets[s]; e < offsets[s + 1]; ++e) ++histogram[keys[e]];
    std::uint32_t expect = 0, expect_count = 0;
    std::uint64_t expect_rank = 0;
    for (const auto& [key, c] : histogram) {  // increasing keys: strict comparisons keep the smallest
      const std::uint64_t r = seed ? hash_pair(seed, s * 1000003u + key) : 0;
      if (c > expect_count || (c == expect_count && r < expect_rank)) {
        expect = key;
        expect_count = c;
        expect_rank = r;
      }
    }
    ASSERT_EQ(got[s], expect) << "segment " << s << " of length " << offsets[s + 1] - offsets[s];
    ASSERT_EQ(got_count[s], expect_count) << "segment " << s;
  }
}

// ---- connected components -------------------------------------------------------------------

template <class Space>
void expect_cc_matches_reference(const csr_graph& g, const cc_options& options = {}) {
  const device_graph dev(g, Space::kind);
  const cc_result r = connected_components(dev, options);
  const auto expect = verify::reference_components(g);
  ASSERT_EQ(r.label.size(), expect.size());
  for (vertex_t v = 0; v < g.num_vertices(); ++v) ASSERT_EQ(r.label[v], expect[v]) << "vertex " << v;
  EXPECT_EQ(r.num_components, verify::component_count(expect));
  EXPECT_TRUE(verify::compare_components(g, r.label).ok);
}

template <class Space>
void check_cc_tiny() {
  // Undirected: {0, 3, 5}, {1, 2}, {4} isolated, {6, 7}.
  const csr_graph g = make_graph(8, {{5, 3}, {3, 0}, {2, 1}, {7, 6}}, false);
  const cc_result r = connected_components(device_graph(g, Space::kind));
  EXPECT_EQ(std::vector<vertex_t>(r.label.begin(), r.label.end()),
            (std::vector<vertex_t>{0, 1, 1, 0, 4, 0, 6, 6}));
  EXPECT_EQ(r.num_components, 4u);
  EXPECT_EQ(r.iterations, 3);  // two sampling rounds and the final phase
  EXPECT_EQ(component_size_histogram(r.label),
            (std::vector<std::pair<std::uint64_t, std::uint64_t>>{{1, 1}, {2, 2}, {3, 1}}));
  // Directed, weakly connected: arcs point away from the smallest id, so only a walk against
  // the arcs joins them: {0, 3, 4}, {1, 2}, {5}. With and without the reverse CSR.
  for (bool in_edges : {true, false}) {
    const csr_graph d = make_graph(6, {{3, 0}, {2, 1}, {4, 3}}, true, in_edges);
    const cc_result rd = connected_components(device_graph(d, Space::kind));
    EXPECT_EQ(std::vector<vertex_t>(rd.label.begin(), rd.label.end()),
              (std::vector<vertex_t>{0, 1, 1, 0, 0, 5}))
        << "in_edges " << in_edges;
    EXPECT_EQ(rd.num_components, 3u);
  }
  // Empty and single-vertex graphs.
  const csr_graph empty = make_graph(0, {}, false);
  const cc_result re = connected_components(device_graph(empty, Space::kind));
  EXPECT_TRUE(re.label.empty());
  EXPECT_EQ(re.num_components, 0u);
  const csr_graph one = make_graph(1, {}, true);
  const cc_result r1 = connected_components(device_graph(one, Space::kind));
  ASSERT_EQ(r1.label.size(), 1u);
  EXPECT_EQ(r1.label[0], 0u);
  EXPECT_EQ(r1.num_components, 1u);
  // Bad options.
  EXPECT_THROW(connected_components(device_graph(g, Space::kind), {.neighbor_rounds = -1}), error);
  EXPECT_THROW(connected_components(device_graph(g, Space::kind), {.sample_size = 0}), error);
}

template <class Space>
void check_cc_generated() {
  // Edge factor 1 leaves many components; 16 gives one giant component plus isolated ids.
  for (int ef : {1, 4, 16}) {
    SCOPED_TRACE("kronecker edge factor " + std::to_string(ef));
    expect_cc_matches_reference<Space>(kron(14, false, 5, ef));
    expect_cc_matches_reference<Space>(kron(14, true, 6, ef));
  }
  for (int rounds : {0, 1, 5}) {
    SCOPED_TRACE("neighbor_rounds " + std::to_string(rounds));
    expect_cc_matches_reference<Space>(kron(13, false, 8, 2), {.neighbor_rounds = rounds});
  }
  expect_cc_matches_reference<Space>(uniform_graph(40000, 30000, false));
  expect_cc_matches_reference<Space>(uniform_graph(40000, 30000, true));
  // A directed graph without the reverse CSR: every arc is linked from its tail.
  generators::kronecker_options o;
  o.scale = 13;
  o.edge_factor = 2;
  o.directed = true;
  expect_cc_matches_reference<Space>(build_graph(generators::kronecker(o)));
}

template <class Space>
void check_cc_datasets() {
  PLEXUS_COMMUNITY_REQUIRE_DATASETS();
  // Published component counts (MANIFEST: SuiteSparse, SNAP WCC, LAGraph CC).
  const std::vector<std::pair<std::string, std::uint64_t>> cases = {
      {"karate.mtx", 1},         {"netscience.mtx", 396},  {"CA-GrQc.txt", 355},
      {"CA-HepTh.txt", 429},     {"email-Eu-core.txt", 0}, {"Wiki-Vote.txt", 0},
      {"luxembourg_osm.mtx", 1}, {"astro-ph.graph", 1029}, {"bcsstk13.mtx", 1}};
  for (const auto& [name, count] : cases) {
    SCOPED_TRACE(name);
    io::read_options ro;
    ro.build_in_edges = true;
    const csr_graph g = io::read_graph(datasets() / "graphs" / name, ro);
    expect_cc_matches_reference<Space>(g);
    const cc_result r = connected_components(device_graph(g, Space::kind));
    if (count) {
      EXPECT_EQ(r.num_components, count);
    }
  }
  // SNAP's largest weakly connected components: email-Eu-core 986, Wiki-Vote 7066.
  for (const auto& [name, largest] : std::vector<std::pair<std::string, std::uint64_t>>{
           {"email-Eu-core.txt", 986}, {"Wiki-Vote.txt", 7066}}) {
    const csr_graph g = io::read_graph(datasets() / "graphs" / name);
    ASSERT_TRUE(g.directed()) << name;
    const cc_result r = connected_components(device_graph(g, Space::kind));
    EXPECT_EQ(component_size_histogram(r.label).back().first, largest) << name;
  }
}

// ---- PageRank -------------------------------------------------------------------------------

template <class Space>
void expect_pagerank_matches(const csr_graph& g, const pagerank_options& options = {}) {
  const pagerank_result r = pagerank(device_graph(g, Space::kind), options);
  const auto expect =
      options.variant == pagerank_variant::graphalytics
          ? verify::reference_pagerank_graphalytics(g, options.damping, options.max_iterations)
          : verify::reference_pagerank(g, options.damping, options.tolerance, options.max_iterations,
                                       options.personalization);
  ASSERT_EQ(r.rank.size(), expect.size());
  EXPECT_TRUE(r.converged);
  EXPECT_LT(l1_distance(r.rank, expect), 1e-6);
  // Same formula and stopping rule as the reference: the vectors agree to rounding.
  EXPECT_TRUE(verify::compare_pagerank(expect, r.rank, 1e-12).ok)
      << verify::compare_pagerank(expect, r.rank, 1e-12).message;
  if (Space::kind != backend::host) {
    const pagerank_result h = pagerank(device_graph(g, backend::host), options);
    EXPECT_EQ(h.iterations, r.iterations);
    EXPECT_TRUE(verify::compare_pagerank(h.rank, r.rank, 1e-13).ok);
  }
}

template <class Space>
void check_pagerank_tiny() {
  // 0 -> 1, 0 -> 2, 1 -> 2, 2 -> 0, 3 -> 2, and 4 a sink that 3 also points to.
  const csr_graph g = make_graph(5, {{0, 1}, {0, 2}, {1, 2}, {2, 0}, {3, 2}, {3, 4}}, true);
  expect_pagerank_matches<Space>(g);
  expect_pagerank_matches<Space>(g, {.damping = 0.5, .tolerance = 1e-10, .max_iterations = 500});
  expect_pagerank_matches<Space>(g, {.personalization = {1, 0, 0, 2, 1}});
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
  PLEXUS_COMMUNITY_REQUIRE_DATASETS();
  // LAGraph's published vectors are MATLAB output at tolerance 1e-4: agreement within 1e-4.
  const csr_graph karate = io::read_graph(datasets() / "graphs/karate.mtx");
  const pagerank_result rk =
      pagerank(device_graph(karate, Space::kind), {.tolerance = 1e-12, .max_iterations = 1000});
  EXPECT_TRUE(verify::compare_pagerank(
                  read_vertex_values(datasets() / "reference/lagraph/karate_pagerank.txt"), rk.rank, 1e-4)
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
      read_vertex_values(datasets() / "reference/lagraph/west0067_pagerank.txt"), rw.rank, 1e-4);
  EXPECT_TRUE(verdict.ok) << verdict.message;
  for (const char* name :
       {"karate.mtx", "email-Eu-core.txt", "Wiki-Vote.txt", "CA-GrQc.txt", "p2p-Gnutella08.txt"}) {
    SCOPED_TRACE(name);
    io::read_options ro;
    ro.build_in_edges = true;
    expect_pagerank_matches<Space>(io::read_graph(datasets() / "graphs" / name, ro));
  }
}

// ---- label propagation ----------------------------------------------------------------------

template <class Space>
void expect_lp_matches(const csr_graph& g, const lp_options& options) {
  const lp_result r = label_propagation(device_graph(g, Space::kind), options);
  int iterations = 0;
  const auto expect =
      options.variant == lp_variant::cdlp
          ? verify::reference_cdlp(g, options.max_iterations)
          : verify::reference_label_propagation(g, options.max_iterations, options.tolerance, &iterations);
  const auto verdict = verify::compare_labels(expect, r.label);
  EXPECT_TRUE(verdict.ok) << verdict.message;
  EXPECT_EQ(r.iterations, options.variant == lp_variant::cdlp ? options.max_iterations : iterations);
}

template <class Space>
void check_lp_tiny() {
  // Two triangles: iteration 1 gives [1, 0, 0, 4, 3, 3] (ties to the smallest label),
  // iteration 2 [0, 0, 0, 3, 3, 3], iteration 3 changes nothing.
  const csr_graph g = make_graph(7, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}}, false);
  const lp_result r = label_propagation(device_graph(g, Space::kind));
  EXPECT_EQ(std::vector<vertex_t>(r.label.begin(), r.label.end()),
            (std::vector<vertex_t>{0, 0, 0, 3, 3, 3, 6}));
  EXPECT_EQ(r.iterations, 3);
  EXPECT_EQ(r.last_changed, 0u);
  EXPECT_EQ(r.num_communities, 3u);
  // m = 6 edges; each triangle has L = 3, D = 6: Q = 2 * (3/6 - (6/12)^2) = 0.5.
  EXPECT_NEAR(r.modularity, 0.5, 1e-12);
  const lp_result one = label_propagation(device_graph(g, Space::kind), {.max_iterations = 1});
  EXPECT_EQ(std::vector<vertex_t>(one.label.begin(), one.label.end()),
            (std::vector<vertex_t>{1, 0, 0, 4, 3, 3, 6}));
  // Multiplicity: vertex 0 has arcs to 1, 2, 2 (parallel) and a hub of 300 leaves with a
  // second arc to leaf 5 must pick 5's label.
  std::vector<arc> arcs{{0, 1}, {0, 2}, {0, 2}};
  for (vertex_t leaf = 4; leaf < 304; ++leaf) arcs.push_back({3, leaf});
  arcs.push_back({3, 300});
  const csr_graph multi = make_graph(304, arcs, true, true, true);
  const lp_result rm = label_propagation(device_graph(multi, Space::kind), {.max_iterations = 1});
  EXPECT_EQ(rm.label[0], 2u);
  EXPECT_EQ(rm.label[3], 300u);
  EXPECT_TRUE(std::isnan(rm.modularity));  // directed
  expect_lp_matches<Space>(multi, {.max_iterations = 1});
  expect_lp_matches<Space>(multi, {.variant = lp_variant::cdlp, .max_iterations = 3});
  // Empty and single-vertex graphs.
  const lp_result re = label_propagation(device_graph(make_graph(0, {}, false), Space::kind));
  EXPECT_TRUE(re.label.empty());
  EXPECT_EQ(re.iterations, 0);
  const lp_result r1 = label_propagation(device_graph(make_graph(1, {}, false), Space::kind));
  ASSERT_EQ(r1.label.size(), 1u);
  EXPECT_EQ(r1.label[0], 0u);
  EXPECT_EQ(r1.num_communities, 1u);
  // Bad input.
  const device_graph dev(g, Space::kind);
  EXPECT_THROW(label_propagation(dev, {.max_iterations = -1}), error);
  EXPECT_THROW(label_propagation(dev, {.tolerance = 2}), error);
  const csr_graph no_in = make_graph(3, {{0, 1}}, true, false);
  EXPECT_THROW(label_propagation(device_graph(no_in, Space::kind), {.variant = lp_variant::cdlp}), error);
}

template <class Space>
void check_lp_generated() {
  for (bool directed : {false, true}) {
    SCOPED_TRACE(directed ? "directed" : "undirected");
    const csr_graph g = kron(14, directed, 9);
    expect_lp_matches<Space>(g, {.max_iterations = 30});
    expect_lp_matches<Space>(g, {.max_iterations = 30, .tolerance = 0.01});
    expect_lp_matches<Space>(g, {.variant = lp_variant::cdlp, .max_iterations = 10});
  }
  expect_lp_matches<Space>(uniform_graph(30000, 120000, false), {.max_iterations = 20});
  // Modularity of the result equals the serial one.
  const csr_graph g = kron(12, false, 3);
  const lp_result r = label_propagation(device_graph(g, Space::kind), {.max_iterations = 10});
  EXPECT_NEAR(r.modularity, verify::modularity(g, r.label), 1e-12);
}

template <class Space>
void check_lp_randomized() {
  const csr_graph g = kron(13, false, 12);
  // One iteration from the identity labelling on a simple graph: all neighbour labels occur
  // once, so v takes the neighbour u with the smallest hash(seed, iteration 0, v, u).
  const std::uint64_t seed = 42;
  const lp_result one = label_propagation(
      device_graph(g, Space::kind), {.variant = lp_variant::randomized, .max_iterations = 1, .seed = seed});
  const std::uint64_t round_key = hash_pair(seed, 0);
  for (vertex_t v = 0; v < g.num_vertices(); ++v) {
    vertex_t expect = v;
    std::uint64_t best = ~std::uint64_t(0);
    for (vertex_t u : g.neighbors(v)) {
      const std::uint64_t h = hash_pair(round_key, (std::uint64_t(v) << 32) | u);
      if (h < best) {
        best = h;
        expect = u;
      }
    }
    ASSERT_EQ(one.label[v], expect) << "vertex " << v;
  }
  // Deterministic per seed, different across seeds, identical on the host back end.
  const lp_options o{.variant = lp_variant::randomized, .max_iterations = 20, .seed = 7};
  const lp_result a = label_propagation(device_graph(g, Space::kind), o);
  const lp_result b = label_propagation(device_graph(g, Space::kind), o);
  EXPECT_TRUE(verify::compare_labels(a.label, b.label).ok);
  const lp_result h = label_propagation(device_graph(g, backend::host), o);
  EXPECT_TRUE(verify::compare_labels(h.label, a.label).ok);
  EXPECT_EQ(h.iterations, a.iterations);
  lp_options other = o;
  other.seed = 8;
  EXPECT_FALSE(
      verify::compare_labels(a.label, label_propagation(device_graph(g, Space::kind), other).label).ok);
}

template <class Space>
void check_lp_datasets() {
  PLEXUS_COMMUNITY_REQUIRE_DATASETS();
  for (const char* name : {"karate.mtx", "dolphins.mtx", "football.gml", "polblogs.graph", "CA-GrQc.txt",
                           "email-Eu-core.txt", "Wiki-Vote.txt", "MIT8.edgelist"}) {
    SCOPED_TRACE(name);
    io::read_options ro;
    ro.build_in_edges = true;
    const csr_graph g = io::read_graph(datasets() / "graphs" / name, ro);
    expect_lp_matches<Space>(g, {.max_iterations = 50});
    expect_lp_matches<Space>(g, {.variant = lp_variant::cdlp, .max_iterations = 10});
    if (!g.directed()) {
      const lp_result r = label_propagation(device_graph(g, Space::kind), {.max_iterations = 50});
      EXPECT_NEAR(r.modularity, verify::modularity(g, r.label), 1e-12);
    }
  }
}

// ---- registration ---------------------------------------------------------------------------

template <class Space>
class CommunityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!backend_available(Space::kind))
      GTEST_SKIP() << "back end " << to_string(Space::kind) << " not available (no device)";
  }
};

TYPED_TEST_SUITE_P(CommunityTest);
TYPED_TEST_P(CommunityTest, SegmentedReduceMatchesStd) {
  check_segmented_reduce<TypeParam>();
}
TYPED_TEST_P(CommunityTest, SegmentedModeMatchesStd) {
  check_segmented_mode<TypeParam>(false);
}
TYPED_TEST_P(CommunityTest, SegmentedModeRankedTiesMatchStd) {
  check_segmented_mode<TypeParam>(true);
}
TYPED_TEST_P(CommunityTest, ComponentsTinyKnownLabels) {
  check_cc_tiny<TypeParam>();
}
TYPED_TEST_P(CommunityTest, ComponentsGeneratedMatchReference) {
  check_cc_generated<TypeParam>();
}
TYPED_TEST_P(CommunityTest, ComponentsDatasets) {
  check_cc_datasets<TypeParam>();
}
TYPED_TEST_P(CommunityTest, PageRankTiny) {
  check_pagerank_tiny<TypeParam>();
}
TYPED_TEST_P(CommunityTest, PageRankGeneratedMatchesReference) {
  check_pagerank_generated<TypeParam>();
}
TYPED_TEST_P(CommunityTest, PageRankDatasetsAndLagraph) {
  check_pagerank_datasets<TypeParam>();
}
TYPED_TEST_P(CommunityTest, LabelPropagationTiny) {
  check_lp_tiny<TypeParam>();
}
TYPED_TEST_P(CommunityTest, LabelPropagationGeneratedMatchesReference) {
  check_lp_generated<TypeParam>();
}
TYPED_TEST_P(CommunityTest, LabelPropagationRandomizedDeterministic) {
  check_lp_randomized<TypeParam>();
}
TYPED_TEST_P(CommunityTest, LabelPropagationDatasets) {
  check_lp_datasets<TypeParam>();
}
REGISTER_TYPED_TEST_SUITE_P(CommunityTest, SegmentedReduceMatchesStd, SegmentedModeMatchesStd,
                            SegmentedModeRankedTiesMatchStd, ComponentsTinyKnownLabels,
                            ComponentsGeneratedMatchReference, ComponentsDatasets, PageRankTiny,
                            PageRankGeneratedMatchesReference, PageRankDatasetsAndLagraph,
                            LabelPropagationTiny, LabelPropagationGeneratedMatchesReference,
                            LabelPropagationRandomizedDeterministic, LabelPropagationDatasets);

}  // namespace plexus_community_test
