// Hypergraph label propagation on every back end, and the bucketed most-frequent-key
// primitive under it: every segment's mode against a std::map histogram, hand-traced runs,
// invalid arguments, generated hypergraphs against verify::reference_hyper_label_propagation
// (labels and iteration counts exactly), and the datasets.
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

#include "hyper_suite_support.hpp"
#include "order_test_support.hpp"
#include "plexus/algorithms/hyper_lp/bucketed_mode.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp_verify.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_hypergraph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/io/read_hypergraph.hpp"
#include "plexus/operators/mode_vote.hpp"
#include "suite_support.hpp"

namespace plexus_hyper_lp_test {

using namespace plexus;
using namespace plexus_test;
using test::edge_lists;
using test::make_hypergraph;

// ---- the bucketed primitive ---------------------------------------------------------------

// Runs bucketed_mode over the segments (offsets into keys) and checks every segment's winner
// and count against a std::map histogram; `overflowing` counts segments with more distinct
// keys than the largest CUDA block's shared table takes.
template <class Space>
void expect_bucketed_mode_matches_std(const std::vector<edge_t>& offsets, const std::vector<std::uint32_t>& keys,
                                      bool every_bucket, std::size_t& overflowing) {
  const Space space;
  const std::size_t n = offsets.size() - 1;
  std::vector<std::vector<std::uint32_t>> bucket_ids(kSegmentBuckets);
  std::size_t max_length = 0;
  for (std::size_t s = 0; s < n; ++s) {
    const std::size_t d = offsets[s + 1] - offsets[s];
    if (d == 0) continue;
    bucket_ids[static_cast<int>(bucket_of_length(d))].push_back(static_cast<std::uint32_t>(s));
    max_length = std::max(max_length, d);
  }
  exec::buffer<Space, std::uint32_t> ids[kSegmentBuckets];
  segment_buckets buckets;
  for (int b = 0; b < kSegmentBuckets; ++b) {
    if (every_bucket) {
      ASSERT_FALSE(bucket_ids[b].empty()) << "bucket " << b << " must be exercised";
    }
    ids[b].assign(bucket_ids[b]);
    buckets.ids[b] = ids[b].data();
    buckets.count[b] = bucket_ids[b].size();
  }
  buckets.max_length = max_length;
  exec::buffer<Space, edge_t> off_buffer;
  off_buffer.assign(offsets);
  exec::buffer<Space, std::uint32_t> key_buffer, best_buffer(n), count_buffer(n);
  key_buffer.assign(keys);
  best_buffer.fill(123456789u);
  const edge_t* off = off_buffer.data();
  const std::uint32_t* k = key_buffer.data();
  std::uint32_t* best = best_buffer.data();
  std::uint32_t* count = count_buffer.data();
  plexus::detail::mode_workspace<Space> work(space, max_length);
  plexus::detail::bucketed_mode(
      space, work, buckets, PLEXUS_LAMBDA(std::size_t s) { return off[s + 1] - off[s]; },
      PLEXUS_LAMBDA(std::size_t s, std::size_t i) { return k[off[s] + i]; },
      PLEXUS_LAMBDA(std::size_t s, std::uint32_t b, std::uint32_t c) {
        best[s] = b;
        count[s] = c;
      });
  const auto got = best_buffer.to_host();
  const auto got_count = count_buffer.to_host();
  for (std::size_t s = 0; s < n; ++s) {
    if (offsets[s] == offsets[s + 1]) {
      ASSERT_EQ(got[s], 123456789u) << "segment " << s << " is in no bucket and must not be written";
      continue;
    }
    std::map<std::uint32_t, std::uint32_t> histogram;
    for (edge_t e = offsets[s]; e < offsets[s + 1]; ++e)
      if (keys[e] != operators::kNoVote) ++histogram[keys[e]];
    overflowing += histogram.size() > 13312;  // CUDA: the largest block's table takes 12288 + 1024
    std::uint32_t expect = operators::kNoVote, expect_count = 0;
    for (const auto& [key, c] : histogram)  // increasing keys: strict > keeps the smallest
      if (c > expect_count) expect = key, expect_count = c;
    ASSERT_EQ(got[s], expect) << "segment " << s << " of length " << offsets[s + 1] - offsets[s];
    ASSERT_EQ(got_count[s], expect_count) << "segment " << s;
  }
}

template <class Space>
void check_bucketed_mode() {
  std::mt19937 rng(5);
  // Every bucket, including long segments with more distinct keys than a block's shared table
  // holds (the global-memory fallback), few-key segments (many ties) and no-vote positions.
  std::vector<edge_t> offsets{0};
  std::vector<std::uint32_t> keys;
  for (int s = 0; s < 3000; ++s) {
    const int kind = static_cast<int>(rng() % 20);
    const edge_t len = kind == 0   ? 0
                       : kind < 9  ? 1 + rng() % 16
                       : kind < 15 ? 17 + rng() % 240
                       : kind < 19 ? 257 + rng() % 3000
                                   : 6000 + rng() % 14000;
    const std::uint32_t range = kind % 3 == 0 ? 1 + rng() % 6 : 1000000;
    for (edge_t i = 0; i < len; ++i)
      keys.push_back(rng() % 7 == 0 ? operators::kNoVote : static_cast<std::uint32_t>(rng() % range));
    offsets.push_back(offsets.back() + len);
  }
  // Lengths at the edges of each mapping (CUDA: a 16-lane tile, a warp in registers up to 32
  // keys, a warp's table up to 128, blocks of 128 threads up to 1024 keys, of 512 up to 6144,
  // of 1024 beyond), each with one key throughout, a no-vote first position, a tie between two
  // keys, distinct keys, and no vote at all.
  for (const edge_t len : {1, 2, 15, 16, 17, 31, 32, 33, 127, 128, 129, 130, 1024, 1025, 6144, 6145}) {
    for (int pattern = 0; pattern < 5; ++pattern) {
      for (edge_t i = 0; i < len; ++i) {
        std::uint32_t k = 7;
        if (pattern == 1 && i == 0) k = operators::kNoVote;
        if (pattern == 2) k = i % 2 ? 9u : 4u;
        if (pattern == 3) k = static_cast<std::uint32_t>(len - i) * 3;
        if (pattern == 4) k = operators::kNoVote;
        keys.push_back(k);
      }
      offsets.push_back(offsets.back() + len);
    }
  }
  std::size_t overflowing = 0;
  expect_bucketed_mode_matches_std<Space>(offsets, keys, /*every_bucket=*/true, overflowing);
  EXPECT_GT(overflowing, 10u) << "the shared-memory overflow path must be exercised";
}

// Counts beyond 16 bits: a list longer than 65535 keys makes the huge blocks count in 32-bit
// words (its mode occurs 65882 times), and one of exactly 65535 keys, whose mode occurs 64998
// times, nearly fills the 16-bit counts the huge blocks use otherwise. The lists mix keys so
// that the uniform pass does not decide them.
template <class Space>
void check_bucketed_mode_long_counts() {
  for (const edge_t len : {edge_t(65535), edge_t(70000)}) {
    std::vector<edge_t> offsets{0};
    std::vector<std::uint32_t> keys;
    const edge_t others = len == 65535 ? 535 : 4000;
    for (edge_t i = 0; i < len; ++i) keys.push_back(i % (len / others) == 1 ? static_cast<std::uint32_t>(100 + i) : 7u);
    offsets.push_back(len);
    std::size_t overflowing = 0;
    expect_bucketed_mode_matches_std<Space>(offsets, keys, /*every_bucket=*/false, overflowing);
  }
}

// ---- label propagation --------------------------------------------------------------------

template <class Space>
hyper_label_propagation_result run_lp(const hypergraph& h, const hyper_label_propagation_options& o = {}) {
  return hyper_label_propagation(device_hypergraph(h, Space::kind), o);
}

template <class Space>
void expect_lp_matches_reference(const hypergraph& h, const hyper_label_propagation_options& o, const char* what) {
  const auto r = run_lp<Space>(h, o);
  verify::hyper_label_propagation_options vo;
  vo.max_iterations = o.max_iterations;
  vo.tolerance = o.tolerance;
  vo.seed = o.seed;
  vo.initial_labels = o.initial_labels;
  const auto expect = verify::reference_hyper_label_propagation(h, vo);
  const auto v = verify::hyper_label_propagation(h, vo, r.vertex_labels, r.hyperedge_labels, r.iterations);
  EXPECT_TRUE(v.ok) << what << ": " << v.message;
  EXPECT_EQ(r.num_communities, expect.num_communities) << what;
  EXPECT_EQ(r.changed_last, expect.changed_last) << what;
  if (Space::kind != backend::host) {
    const auto host = hyper_label_propagation(device_hypergraph(h, backend::host), o);
    EXPECT_TRUE(same(host.vertex_labels, r.vertex_labels)) << what << ": host and device vertex labels differ";
    EXPECT_TRUE(same(host.hyperedge_labels, r.hyperedge_labels)) << what << ": host and device hyperedge labels differ";
  }
}

template <class Space>
void check_lp_tiny() {
  // Worked by hand (see the comments): 7 vertices, vertex 6 isolated, hyperedge 3 empty.
  const hypergraph h = make_hypergraph(7, {{0, 1, 2}, {2, 3}, {3, 4, 5}, {}});
  const std::vector<vertex_t> init{0, 0, 1, 5, 5, 4, 6};
  const auto r = run_lp<Space>(h, {.initial_labels = init});
  // Iteration 1: edges {0,0,1}->0, {1,5}->1 (tie, smaller), {5,5,4}->5; vertices 2 (0,1 -> 0)
  // and 3 (1,5 -> 1) change. Iteration 2: edges 0, {0,1}->0, {1,5,5}->5; vertex 3 (0,5 -> 0)
  // changes. Iteration 3: edge 2 = {0,5,5}->5, vertex 3 keeps 0: nothing changes, stop.
  EXPECT_EQ(r.iterations, 3u);
  EXPECT_EQ(r.changed_last, 0u);
  EXPECT_TRUE(same(r.vertex_labels, std::vector<vertex_t>{0, 0, 0, 0, 5, 5, 6}));
  EXPECT_TRUE(same(r.hyperedge_labels, std::vector<vertex_t>{0, 0, 5, invalid_vertex}));
  EXPECT_EQ(r.num_communities, 3u);
  // Counted bytes (hyper_label_propagation_result): 8 pins, 4 hyperedges of which 3 are
  // non-empty, 7 vertices of which 6 are in a hyperedge. Edge phase 8*5 + 4*3 + 8*8 + 4*4,
  // vertex phase 8*8 + 4*6 + 8*8 + 8*7.
  EXPECT_EQ(r.edge_phase_bytes, 132u);
  EXPECT_EQ(r.vertex_phase_bytes, 208u);
  expect_lp_matches_reference<Space>(h, {.initial_labels = init}, "tiny");
  EXPECT_FALSE(device_hypergraph(h, Space::kind).has_repeated_pins());

  // A repeated pin votes once: {0,0,0,1,2} with labels {2,1,1} is {2,1,1} -> 1, not 2.
  const hypergraph rep = make_hypergraph(3, {{0, 0, 0, 1, 2}}, /*keep_repeated_pins=*/true);
  ASSERT_EQ(rep.num_pins(), 5u);
  EXPECT_TRUE(device_hypergraph(rep, Space::kind).has_repeated_pins());
  const std::vector<vertex_t> rep_init{2, 1, 1};
  const auto rr = run_lp<Space>(rep, {.max_iterations = 1, .initial_labels = rep_init});
  EXPECT_EQ(rr.hyperedge_labels[0], 1u);
  EXPECT_TRUE(same(rr.vertex_labels, std::vector<vertex_t>{1, 1, 1}));

  // Duplicate hyperedges are distinct hyperedges: vertex 1 sees label 3 twice and 0 once.
  const hypergraph dup = make_hypergraph(4, {{1, 3}, {1, 3}, {0, 1}});
  const std::vector<vertex_t> dup_init{0, 3, 2, 3};
  const auto rd = run_lp<Space>(dup, {.max_iterations = 1, .initial_labels = dup_init});
  EXPECT_TRUE(same(rd.hyperedge_labels, std::vector<vertex_t>{3, 3, 0}));
  EXPECT_TRUE(same(rd.vertex_labels, std::vector<vertex_t>{0, 3, 2, 3}));

  // Random initial labels are the counter-based draws of the reference.
  const auto rz = run_lp<Space>(make_hypergraph(5, {}), {.seed = 9});
  EXPECT_TRUE(same(rz.vertex_labels, verify::random_initial_labels(5, 9)));
  EXPECT_EQ(rz.iterations, 1u);

  // Empty and single-vertex hypergraphs.
  const auto r0 = run_lp<Space>(make_hypergraph(0, {}));
  EXPECT_EQ(r0.iterations, 0u);
  EXPECT_TRUE(r0.vertex_labels.empty());
  const auto r1 = run_lp<Space>(make_hypergraph(1, {{0}, {}}));
  EXPECT_TRUE(same(r1.vertex_labels, std::vector<vertex_t>{0}));
  EXPECT_TRUE(same(r1.hyperedge_labels, std::vector<vertex_t>{0, invalid_vertex}));
}

template <class Space>
void check_lp_invalid() {
  const hypergraph h = make_hypergraph(3, {{0, 1}});
  const std::vector<vertex_t> short_labels{0, 1};
  const std::vector<vertex_t> big_label{0, 1, 3};
  EXPECT_THROW(run_lp<Space>(h, {.initial_labels = short_labels}), error);
  EXPECT_THROW(run_lp<Space>(h, {.initial_labels = big_label}), error);
  EXPECT_THROW(run_lp<Space>(h, {.tolerance = std::numeric_limits<double>::quiet_NaN()}), error);
  EXPECT_THROW(run_lp<Space>(h, {.tolerance = 1.5}), error);
  // The vertex is named by its input id, the label (no vertex) as given.
  const hypergraph named = make_hypergraph(3, {{0, 1}}, false, {10, 20, 30});
  try {
    run_lp<Space>(named, {.initial_labels = big_label});
    ADD_FAILURE() << "a label past the vertex count was accepted";
  } catch (const error& e) {
    EXPECT_EQ(std::string(e.what()),
              "hypergraph label propagation: initial label 3 of vertex 30 is not below the vertex count 3");
  }
}

template <class Space>
void check_lp_generated() {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const hypergraph h = generated(20000, 8000, 2000, seed, seed == 2 ? 1.0 : 0.0);
    expect_lp_matches_reference<Space>(h, {.seed = seed}, "generated");
    expect_lp_matches_reference<Space>(h, {.max_iterations = 4, .tolerance = 0.05, .seed = seed + 10},
                                       "generated, tolerance 0.05");
  }
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    expect_lp_matches_reference<Space>(awkward(300, 400, 40, seed), {.seed = seed}, "awkward");
  // The dual swaps the roles, so the vertex phase gets the long lists.
  expect_lp_matches_reference<Space>(generated(6000, 20000, 500, 7).dual(), {.seed = 3}, "dual");
  // The benchmarks' hypergraph (hyper:0.3), built without repeated pins, so the kernels skip
  // the repeat check: lists up to 10000 pins in every bucket.
  const hypergraph skewed =
      build_hypergraph(generators::random_hypergraph(generators::skewed_hypergraph_options(3e5)));
  ASSERT_FALSE(device_hypergraph(skewed, Space::kind).has_repeated_pins());
  expect_lp_matches_reference<Space>(skewed, {.seed = 5}, "skewed, no repeated pins");
  expect_lp_matches_reference<Space>(skewed.dual(), {.seed = 6}, "skewed dual, no repeated pins");
}

template <class Space>
void check_lp_overflow() {
  // Hyperedge k (k = 1..4000) = {0, 2k-1, 2k}, whose two other vertices share label k, so it
  // takes label k; vertex 0 then sees 4000 distinct labels once each. The last hyperedge
  // holds every vertex: 4001 distinct labels.
  const vertex_t pairs = 4000, n = 2 * pairs + 1;
  edge_lists edges;
  std::vector<vertex_t> init(n), all(n);
  for (vertex_t k = 1; k <= pairs; ++k) {
    edges.push_back({0, 2 * k - 1, 2 * k});
    init[2 * k - 1] = init[2 * k] = k;
  }
  for (vertex_t v = 0; v < n; ++v) all[v] = v;
  edges.push_back(all);
  const hypergraph h = make_hypergraph(n, edges);
  const auto r = run_lp<Space>(h, {.max_iterations = 1, .initial_labels = init});
  EXPECT_EQ(r.hyperedge_labels[pairs], 1u);  // every label but 0 twice: the smallest wins
  EXPECT_EQ(r.vertex_labels[0], 1u);  // 4001 labels, label 1 twice (hyperedges 1 and the big one)
  expect_lp_matches_reference<Space>(h, {.initial_labels = init}, "overflow");
  // Random labels on a hyperedge of 14000 vertices (and repeated pins): about 8850 distinct
  // labels, more than a block's shared table holds.
  const vertex_t wide = 14000;
  edge_lists big(1);
  for (vertex_t v = 0; v < wide; ++v) big[0].push_back(v);
  big[0].resize(wide + 500);
  expect_lp_matches_reference<Space>(make_hypergraph(wide, big), {.seed = 4}, "overflow, random labels");
}

// Random initial labels are drawn by original id and labels compare as original ids, so the
// same hypergraph numbered another way gives the same communities, named by the same vertices
// (the draws were once keyed by the internal id).
template <class Space>
void check_lp_numbering() {
  const hypergraph h = generated(3000, 1200, 400, 5, 0.0);
  const hypergraph reversed = reverse_numbered(h);
  for (std::uint64_t seed : {1, 2}) {
    const auto a = run_lp<Space>(h, {.seed = seed});
    const auto b = run_lp<Space>(reversed, {.seed = seed});
    EXPECT_EQ(labels_by_id(h, a.vertex_labels), labels_by_id(reversed, b.vertex_labels)) << seed;
    EXPECT_EQ(a.iterations, b.iterations);
    expect_lp_matches_reference<Space>(reversed, {.seed = seed}, "reverse numbered");
  }
}

template <class Space>
void check_lp_datasets() {
  PLEXUS_HYPER_REQUIRE_DATASETS();
  for_each_dataset([](const hypergraph& h, const dataset& d) {
    expect_lp_matches_reference<Space>(h, {.max_iterations = 20, .seed = 1}, d.path);
  });
}

// ---- registration ---------------------------------------------------------------------------

template <class Space>
class HyperLabelPropagationTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(HyperLabelPropagationTest);
TYPED_TEST_P(HyperLabelPropagationTest, BucketedModeMatchesStd) { check_bucketed_mode<TypeParam>(); }
TYPED_TEST_P(HyperLabelPropagationTest, BucketedModeCountsBeyondSixteenBits) { check_bucketed_mode_long_counts<TypeParam>(); }
TYPED_TEST_P(HyperLabelPropagationTest, Tiny) { check_lp_tiny<TypeParam>(); }
TYPED_TEST_P(HyperLabelPropagationTest, InvalidArguments) { check_lp_invalid<TypeParam>(); }
TYPED_TEST_P(HyperLabelPropagationTest, GeneratedMatchesReference) { check_lp_generated<TypeParam>(); }
TYPED_TEST_P(HyperLabelPropagationTest, HistogramOverflow) { check_lp_overflow<TypeParam>(); }
TYPED_TEST_P(HyperLabelPropagationTest, LabelsDoNotDependOnVertexNumbering) {
  check_lp_numbering<TypeParam>();
}
TYPED_TEST_P(HyperLabelPropagationTest, Datasets) { check_lp_datasets<TypeParam>(); }
REGISTER_TYPED_TEST_SUITE_P(HyperLabelPropagationTest, BucketedModeMatchesStd,
                            BucketedModeCountsBeyondSixteenBits, Tiny, InvalidArguments,
                            GeneratedMatchesReference, HistogramOverflow, LabelsDoNotDependOnVertexNumbering,
                            Datasets);

INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, HyperLabelPropagationTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);

}  // namespace plexus_hyper_lp_test
