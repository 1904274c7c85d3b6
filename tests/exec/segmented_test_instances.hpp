// exec::segmented_reduce, plain, skewed and over a segment plan, against sums computed with std::
// loops, on segments of every length class the GPU plan distinguishes.
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

#include "graph_suite_support.hpp"
#include "plexus/core/error.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "suite_support.hpp"

namespace plexus_segmented_test {

using namespace plexus;
using namespace plexus_test;

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

  // The skewed form: hub-sized segments get a block each.
  out_buffer.fill(~std::uint64_t(0));
  exec::segmented_reduce_skewed(
      space, n, off_buffer.data(), PLEXUS_LAMBDA(edge_t e) { return vals[e] * 3; }, std::uint64_t(0),
      exec::plus{}, PLEXUS_LAMBDA(std::size_t s, std::uint64_t sum) { outs[s] = sum; });
  expect_sums("skewed");

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

// ---- registration ---------------------------------------------------------------------------

template <class Space>
class SegmentedTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(SegmentedTest);
TYPED_TEST_P(SegmentedTest, ReduceMatchesStd) { check_segmented_reduce<TypeParam>(); }
REGISTER_TYPED_TEST_SUITE_P(SegmentedTest, ReduceMatchesStd);

INSTANTIATE_TYPED_TEST_SUITE_P(PLEXUS_INSTANCE_NAME, SegmentedTest, ::testing::Types<PLEXUS_INSTANCE_SPACE>);

}  // namespace plexus_segmented_test
