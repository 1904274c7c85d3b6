// Frontiers, written once and instantiated per back end (frontier_test_instances.hpp): sparse,
// bitmap and two-layer bitmap frontiers, the conversions between them, the size-and-tally
// counter, the segmented push and the filter operator; the bucket pile (the far pile of SSSP)
// against a plain model of its windows.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bucket_pile.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/exec/spread_counter.hpp"
#include "plexus/frontier/convert.hpp"
#include "plexus/frontier/segmented_push.hpp"
#include "plexus/operators/filter.hpp"
#include "suite_support.hpp"

namespace plexus_test {

template <class Space>
void check_frontiers() {
  const Space space;
  const vertex_t n = 70000;
  std::vector<vertex_t> ids;
  for (vertex_t v = 0; v < n; v += 1 + (v % 97 == 0 ? 4000 : v % 7)) ids.push_back(v);
  sparse_frontier<Space> sparse(n), back(n);
  sparse.assign(ids);
  EXPECT_EQ(sparse.size(), ids.size());
  EXPECT_EQ(sorted(sparse.to_host()), ids);

  bitmap_frontier<Space> bits(n);
  to_bitmap(space, sparse, bits);
  EXPECT_EQ(bits.size(space), ids.size());
  const auto words = bits.words_to_host();
  for (vertex_t v : ids) ASSERT_TRUE((words[v / 64] >> (v % 64)) & 1) << v;
  to_sparse(space, bits, back);
  const auto dense_back = back.to_host();
  EXPECT_EQ(std::vector<vertex_t>(dense_back.begin(), dense_back.end()), ids);  // sorted by construction

  two_layer_bitmap<Space> two(n);
  to_two_layer(space, sparse, two);
  EXPECT_EQ(two.size(space), ids.size());
  const auto tw = two.words_to_host();
  const auto summary = two.summary_to_host();
  for (std::size_t w = 0; w < tw.size(); ++w) ASSERT_EQ(tw[w] != 0, ((summary[w / 64] >> (w % 64)) & 1) != 0) << w;
  back.clear();
  to_sparse(space, two, back);
  EXPECT_EQ(sorted(back.to_host()), ids);

  two_layer_bitmap<Space> two_from_bits(n);
  to_two_layer(space, bits, two_from_bits);
  EXPECT_EQ(two_from_bits.summary_to_host(), summary);
  bitmap_frontier<Space> bits_again(n);
  to_bitmap(space, two, bits_again);
  EXPECT_EQ(bits_again.words_to_host(), words);
  two.clear(space);
  EXPECT_EQ(two.size(space), 0u);
  for (auto w : two.words_to_host()) ASSERT_EQ(w, 0u);

  sparse_frontier<Space> kept(n);
  const std::size_t k = operators::filter(space, sparse, kept, PLEXUS_LAMBDA(vertex_t v) { return v % 2 == 0; });
  std::vector<vertex_t> even;
  std::copy_if(ids.begin(), ids.end(), std::back_inserter(even), [](vertex_t v) { return v % 2 == 0; });
  EXPECT_EQ(k, even.size());
  EXPECT_EQ(sorted(kept.to_host()), even);

  sparse_frontier<Space> tiny(2);
  const std::vector<vertex_t> three = {1, 2, 3};
  EXPECT_THROW(tiny.assign(three), plexus::error);
}

/// append_unordered gives the bitmap's ids (any order) after what the frontier held; the
/// tally is zeroed by clear() and sums what kernels add to it.
template <class Space>
void check_append_and_tally() {
  const Space space;
  const vertex_t n = 200003;
  std::vector<vertex_t> ids;
  for (vertex_t v = 3; v < n; v += 1 + (v % 13) * (v % 5)) ids.push_back(v);
  sparse_frontier<Space> sparse(n), out(n + 2);
  sparse.assign(ids);
  bitmap_frontier<Space> bits(n);
  to_bitmap(space, sparse, ids.size(), bits);
  const std::vector<vertex_t> first = {7, 1};
  out.assign(first);
  append_unordered(space, bits, out);
  const auto got = out.to_host();
  ASSERT_EQ(got.size(), ids.size() + 2);
  EXPECT_EQ(got[0], 7u);
  EXPECT_EQ(got[1], 1u);
  EXPECT_EQ(sorted(host_vector<vertex_t>(got.begin() + 2, got.end())), ids);

  // Enough items for a host team, so that threads add to the tally's words of their own.
  out.clear();
  auto view = out.view();
  const std::size_t pushes = 100000;
  exec::for_each(space, pushes, PLEXUS_LAMBDA(std::size_t i) {
    view.push(static_cast<vertex_t>(i));
    view.add_tally(i);
  });
  const auto [size, tally] = out.size_and_tally();
  EXPECT_EQ(size, pushes);
  EXPECT_EQ(tally, (pushes - 1) * pushes / 2);
  EXPECT_EQ(out.size(), pushes);
  out.clear();
  EXPECT_EQ(out.size_and_tally(), (std::pair<std::size_t, unsigned long long>(0, 0)));
}

/// segmented_reduce_push keeps the segments whose reduced value finish accepts, each once,
/// against a serial reduction; a spread counter sums every thread's adds.
template <class Space>
void check_segmented_push() {
  const Space space;
  const std::size_t n = 60000;
  // Lists of 0 to 40 values, and one hub of 300,000 (long lists are split on GPUs).
  std::vector<edge_t> offsets(n + 1, 0);
  for (std::size_t s = 0; s < n; ++s) offsets[s + 1] = offsets[s] + (s == 777 ? 300000 : (s * 7919) % 41);
  exec::buffer<Space, edge_t> offsets_buffer(n + 1);
  offsets_buffer.write(0, std::span<const edge_t>(offsets));
  const exec::segment_plan<Space> plan(space, n, offsets_buffer.data());
  sparse_frontier<Space> out(n);
  out.clear();
  const auto list = out.view();
  exec::spread_counter<Space> accepted;
  unsigned long long* accepted_count = accepted.data();
  const auto keep = PLEXUS_LAMBDA(std::size_t s) { return s % 3 != 1; };
  const auto value = PLEXUS_LAMBDA(edge_t e) { return static_cast<unsigned long long>(e % 11); };
  segmented_reduce_push(
      space, plan, keep, value, 0ull, exec::plus{},
      PLEXUS_LAMBDA(std::size_t s, unsigned long long sum) {
        if (sum % 4 != 0) return false;
        list.add_tally(s);
        exec::atomic_add_spread(accepted_count, 1ull);
        return true;
      },
      list);
  std::vector<vertex_t> expected;
  unsigned long long expected_tally = 0;
  for (std::size_t s = 0; s < n; ++s) {
    if (s % 3 == 1) continue;
    unsigned long long sum = 0;
    for (edge_t e = offsets[s]; e < offsets[s + 1]; ++e) sum += e % 11;
    if (sum % 4 != 0) continue;
    expected.push_back(static_cast<vertex_t>(s));
    expected_tally += s;
  }
  const auto [size, tally] = out.size_and_tally();
  EXPECT_EQ(size, expected.size());
  EXPECT_EQ(tally, expected_tally);
  EXPECT_EQ(sorted(out.to_host()), expected);
  EXPECT_EQ(accepted.value(), expected.size());
  accepted.zero();
  EXPECT_EQ(accepted.value(), 0u);
}

// The pile's pending word, read from the space's memory.
template <class Space>
unsigned long long read_pending(const Space& space, const bucket_pile<Space>& pile) {
  exec::buffer<Space, unsigned long long> slot(1);
  unsigned long long* out = slot.data();
  const unsigned long long* pending = pile.count_data();
  exec::for_each(space, 1, PLEXUS_LAMBDA(std::size_t) { *out = *pending; });
  return slot.to_host()[0];
}

// Keys in [0, 5000) with width 7 (hundreds of windows), a tail of keys far beyond 65536
// windows (the host pile's overflow), duplicates, and keys lowered and pushed again between
// drains, as SSSP does. Windows follow SSSP's sequence: the next width-wide window, or a jump
// to the smallest waiting key when that one is empty. Every pushed vertex must be admitted
// exactly once, in the window that holds its final key.
template <class Space>
void check_bucket_pile() {
  const Space space;
  const vertex_t n = 30000;
  const weight_t width = 7;
  std::vector<weight_t> key(n);
  for (vertex_t v = 0; v < n; ++v)
    key[v] = v % 10 == 9 ? 1e7f + static_cast<weight_t>(v) * 1000 : static_cast<weight_t>((v * 7919u) % 5000);
  // Lowered after the first drains (only vertices whose key is above the lowered value).
  std::vector<weight_t> lowered = key;
  for (vertex_t v = 0; v < n; v += 3) lowered[v] = std::max<weight_t>(100, key[v] / 2);

  exec::buffer<Space, weight_t> keys(n);
  keys.write(0, std::span<const weight_t>(key));
  exec::buffer<Space, unsigned int> marks(n);
  marks.fill(0);
  weight_t* key_data = keys.data();
  unsigned int* mark = marks.data();
  const auto key_of = PLEXUS_LAMBDA(vertex_t v) { return key_data[v]; };

  bucket_pile<Space> pile(n, width);
  auto view = pile.view();
  exec::for_each(space, 2 * n, PLEXUS_LAMBDA(std::size_t i) {
    const vertex_t v = static_cast<vertex_t>(i % n);
    if (v % 4 != 1 || i < n) view.push(v, key_data[v]);  // every fourth vertex twice
  });

  std::vector<int> admitted(n, 0);
  sparse_frontier<Space> out(n);
  weight_t split = width, old_split = 0;
  unsigned int label = 0;
  int drains = 0;
  bool lowered_yet = false;
  unsigned long long pending = read_pending(space, pile);
  while (pending != 0) {
    ASSERT_LT(++drains, 100000);
    out.clear();
    const unsigned int window = ++label;
    pile.drain(
        space, pile.checked_size(pending), old_split, split, key_of,
        PLEXUS_LAMBDA(vertex_t v) { return exec::claim_mark(&mark[v], window); }, out);
    for (const vertex_t v : out.to_host()) {
      ++admitted[v];
      EXPECT_GE(key[v], old_split) << v;
      EXPECT_LT(key[v], split) << v;
    }
    if (!lowered_yet && split > 1000) {
      // Keys only fall, and only for vertices still waiting at or above the split.
      std::vector<vertex_t> pushed_again;
      for (vertex_t v = 0; v < n; ++v)
        if (admitted[v] == 0 && lowered[v] < key[v] && lowered[v] >= split) {
          key[v] = lowered[v];
          pushed_again.push_back(v);
        }
      keys.write(0, std::span<const weight_t>(key));
      exec::buffer<Space, vertex_t> again(pushed_again.size());
      again.write(0, std::span<const vertex_t>(pushed_again));
      const vertex_t* again_data = again.data();
      auto push_view = pile.view();
      exec::for_each(space, pushed_again.size(), PLEXUS_LAMBDA(std::size_t i) {
        push_view.push(again_data[i], key_data[again_data[i]]);
      });
      lowered_yet = true;
    }
    pending = read_pending(space, pile);
    old_split = split;
    if (out.size() > 0 || pending == 0) {
      split += width;
    } else {
      const weight_t nearest = pile.smallest_key(space, pile.checked_size(pending), split, key_of);
      if (nearest == std::numeric_limits<weight_t>::infinity()) {
        split = nearest;
      } else {
        EXPECT_GE(nearest, split);
        split = nearest + width;
      }
    }
  }
  EXPECT_TRUE(lowered_yet);
  for (vertex_t v = 0; v < n; ++v) ASSERT_EQ(admitted[v], 1) << "vertex " << v << " key " << key[v];
}

template <class Space>
class FrontierTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(FrontierTest);
TYPED_TEST_P(FrontierTest, ConversionsAndFilter) { check_frontiers<TypeParam>(); }
TYPED_TEST_P(FrontierTest, AppendUnorderedAndTally) { check_append_and_tally<TypeParam>(); }
TYPED_TEST_P(FrontierTest, BucketPileAdmitsEachVertexInTheWindowOfItsKey) { check_bucket_pile<TypeParam>(); }
TYPED_TEST_P(FrontierTest, SegmentedPushKeepsTheAcceptedSegments) { check_segmented_push<TypeParam>(); }
REGISTER_TYPED_TEST_SUITE_P(FrontierTest, ConversionsAndFilter, AppendUnorderedAndTally,
                            BucketPileAdmitsEachVertexInTheWindowOfItsKey, SegmentedPushKeepsTheAcceptedSegments);

}  // namespace plexus_test
