// Execution-space primitives, written once and instantiated per back end
// (exec_test_instances.hpp): buffers, for_each, reduce, scan, compaction
// and atomics, each checked against a plain std:: reference.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <set>
#include <string>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/fixed_point_sum.hpp"
#include "suite_support.hpp"

namespace plexus_test {

template <class Space>
void check_buffer_and_for_each() {
  const Space space;
  // Sizes on both sides of the host's serial threshold (exec::kHostSerialBelow).
  for (std::size_t n : {std::size_t(7), std::size_t(4095), std::size_t(4096), std::size_t(100003)}) {
    exec::buffer<Space, std::uint64_t> b(n);
    std::uint64_t* p = b.data();
    exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) { p[i] = i * 3 + 1; });
    const auto h = b.to_host();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(h[i], i * 3 + 1) << i;
    b.fill(7);
    b.set(5, 9);
    EXPECT_EQ(b.get(5), 9u);
    EXPECT_EQ(b.get(6), 7u);
    EXPECT_EQ(b.get(n - 1), 7u);
  }
}

template <class Space>
void check_reduce() {
  const Space space;
  for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(1000), std::size_t(300001)}) {
    const auto values = random_values(n, 3);
    exec::buffer<Space, std::uint32_t> b;
    b.assign(values);
    const std::uint32_t* p = b.data();
    const auto sum = exec::reduce(space, n, std::uint64_t(5), PLEXUS_LAMBDA(std::size_t i) { return std::uint64_t(p[i]); },
                                  exec::plus{});
    EXPECT_EQ(sum, std::accumulate(values.begin(), values.end(), std::uint64_t(5)));
    const auto lo = exec::reduce(space, n, std::uint32_t(5000), PLEXUS_LAMBDA(std::size_t i) { return p[i]; }, exec::minimum{});
    const auto hi = exec::reduce(space, n, std::uint32_t(0), PLEXUS_LAMBDA(std::size_t i) { return p[i]; }, exec::maximum{});
    EXPECT_EQ(lo, values.empty() ? 5000u : *std::min_element(values.begin(), values.end()));
    EXPECT_EQ(hi, values.empty() ? 0u : *std::max_element(values.begin(), values.end()));
  }
}

// reduce_into leaves its result in the space's memory, where a later kernel can read it; an
// empty range stores init. Two reductions into neighbouring slots must not disturb each other.
template <class Space>
void check_reduce_into() {
  const Space space;
  for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(1000), std::size_t(300001)}) {
    const auto values = random_values(n, 7);
    exec::buffer<Space, std::uint32_t> b;
    b.assign(values);
    const std::uint32_t* p = b.data();
    exec::buffer<Space, std::uint64_t> results(3);
    results.fill(~std::uint64_t(0));
    std::uint64_t* r = results.data();
    exec::reduce_into(
        space, n, std::uint64_t(5), PLEXUS_LAMBDA(std::size_t i) { return std::uint64_t(p[i]); },
        exec::plus{}, r);
    exec::reduce_into(
        space, n, std::uint64_t(7000), PLEXUS_LAMBDA(std::size_t i) { return std::uint64_t(p[i]); },
        exec::minimum{}, r + 1);
    // A kernel queued after the reductions sees their results.
    exec::for_each(space, 1, PLEXUS_LAMBDA(std::size_t) { r[2] = r[0] + r[1]; });
    const auto got = results.to_host();
    const std::uint64_t sum = std::accumulate(values.begin(), values.end(), std::uint64_t(5));
    const std::uint64_t lo = values.empty() ? 7000u : *std::min_element(values.begin(), values.end());
    EXPECT_EQ(got[0], sum) << "n " << n;
    EXPECT_EQ(got[1], lo) << "n " << n;
    EXPECT_EQ(got[2], sum + lo) << "n " << n;
  }
}

// sum_counted reads the range's length from the space's memory; a count past the capacity is
// clamped to it, and the sum adds to what the target already holds.
template <class Space>
void check_sum_counted() {
  const Space space;
  const std::size_t capacity = 300001;
  const auto values = random_values(capacity, 5);
  exec::buffer<Space, std::uint32_t> b;
  b.assign(values);
  const std::uint32_t* p = b.data();
  exec::buffer<Space, unsigned long long> slots(2);
  for (unsigned long long count : {0ull, 1ull, 1000ull, 300001ull, 400000ull}) {
    slots.set(0, count);
    slots.set(1, 7);
    exec::sum_counted(
        space, slots.data(), capacity, PLEXUS_LAMBDA(std::size_t i) { return static_cast<unsigned long long>(p[i]); },
        slots.data() + 1);
    const std::size_t k = count < capacity ? static_cast<std::size_t>(count) : capacity;
    EXPECT_EQ(slots.get(1), std::accumulate(values.begin(), values.begin() + k, 7ull)) << "count " << count;
  }
}

template <class Space>
void check_scan() {
  const Space space;
  for (std::size_t n : {std::size_t(1), std::size_t(17), std::size_t(250001)}) {
    const auto values = random_values(n, 5);
    std::vector<std::uint64_t> in(values.begin(), values.end()), expect(n);
    std::exclusive_scan(in.begin(), in.end(), expect.begin(), std::uint64_t(0));
    exec::buffer<Space, std::uint64_t> a, out(n);
    a.assign(in);
    exec::exclusive_scan(space, a.data(), out.data(), n);
    const auto got = out.to_host();
    EXPECT_TRUE(std::equal(expect.begin(), expect.end(), got.begin()));
  }
}

template <class Space>
void check_compact() {
  const Space space;
  const std::size_t n = 200000;
  const auto values = random_values(n, 7);
  exec::buffer<Space, std::uint32_t> a, out(n);
  a.assign(values);
  const std::size_t kept = exec::compact(space, a.data(), n, out.data(), PLEXUS_LAMBDA(std::uint32_t x) { return x % 3 == 0; });
  std::vector<std::uint32_t> expect;
  std::copy_if(values.begin(), values.end(), std::back_inserter(expect), [](std::uint32_t x) { return x % 3 == 0; });
  ASSERT_EQ(kept, expect.size());
  const auto got = out.to_host(kept);
  EXPECT_TRUE(std::equal(expect.begin(), expect.end(), got.begin()));
  const std::uint32_t* p = a.data();
  const std::size_t kept_idx = exec::compact_indices(space, n, out.data(), PLEXUS_LAMBDA(std::size_t i) { return p[i] < 10; });
  std::vector<std::uint32_t> expect_idx;
  for (std::size_t i = 0; i < n; ++i)
    if (values[i] < 10) expect_idx.push_back(static_cast<std::uint32_t>(i));
  ASSERT_EQ(kept_idx, expect_idx.size());
  const auto got_idx = out.to_host(kept_idx);
  EXPECT_TRUE(std::equal(expect_idx.begin(), expect_idx.end(), got_idx.begin()));
}

template <class Space>
void check_atomics() {
  const Space space;
  const std::size_t n = 1 << 18;
  exec::buffer<Space, unsigned long long> counters(8);
  counters.fill(0);
  counters.set(2, ~0ull);  // min target
  counters.set(6, ~0ull);  // and target
  exec::buffer<Space, std::uint32_t> claimed(1024);
  claimed.fill(invalid_vertex);
  exec::buffer<Space, float> fsum(1);
  fsum.fill(0);
  unsigned long long* c = counters.data();
  std::uint32_t* cl = claimed.data();
  float* fs = fsum.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    exec::atomic_add(&c[0], 1ull);
    exec::atomic_max(&c[1], static_cast<unsigned long long>(i));
    exec::atomic_min(&c[2], static_cast<unsigned long long>(i + 10));
    exec::atomic_or(&c[3], 1ull << (i % 64));
    exec::atomic_increment_aggregated(&c[4]);
    exec::atomic_cas(&cl[i % 1024], invalid_vertex, static_cast<std::uint32_t>(i));
    exec::atomic_add(fs, 1.0f);
    exec::atomic_exchange(&c[5], 42ull);
    if (i % 64 != 7) exec::atomic_and(&c[6], ~(1ull << (i % 64)));
  });
  const auto h = counters.to_host();
  EXPECT_EQ(h[0], n);
  EXPECT_EQ(h[1], n - 1);
  EXPECT_EQ(h[2], 10u);
  EXPECT_EQ(h[3], ~0ull);
  EXPECT_EQ(h[4], n);
  EXPECT_EQ(h[5], 42u);
  EXPECT_EQ(h[6], 1ull << 7);
  EXPECT_EQ(fsum.get(0), static_cast<float>(n));  // exact: n < 2^24
  const auto cls = claimed.to_host();
  for (std::size_t k = 0; k < 1024; ++k) ASSERT_EQ(cls[k] % 1024, k);  // exactly one winner per slot
}

/// cached_load within a pass may see a location before or after another thread's write, never
/// anything else; a later pass sees every write of the earlier ones.
template <class Space>
void check_cached_load() {
  const Space space;
  const std::uint32_t n = 1 << 16;
  exec::buffer<Space, std::uint32_t> value_buffer(n), seen_buffer(n);
  value_buffer.fill(n);
  std::uint32_t* value = value_buffer.data();
  std::uint32_t* seen = seen_buffer.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    exec::atomic_min(&value[i], static_cast<std::uint32_t>(i));
    seen[i] = exec::cached_load(&value[(i * 7919) % n]);
  });
  const auto during = seen_buffer.to_host();
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t target = static_cast<std::uint32_t>((std::uint64_t{i} * 7919) % n);
    ASSERT_TRUE(during[i] == n || during[i] == target) << i << ": " << during[i];
  }
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) { seen[i] = exec::cached_load(&value[i]); });
  const auto after = seen_buffer.to_host();
  for (std::uint32_t i = 0; i < n; ++i) ASSERT_EQ(after[i], i);
}

/// Aggregated adds from every thread sum exactly, for small and large addends (the GPU
/// combines a warp's small addends into one atomic and adds large ones one by one).
template <class Space>
void check_add_aggregated() {
  const Space space;
  const std::size_t n = 300007;
  exec::buffer<Space, unsigned long long> sums(2);
  sums.fill(5);
  sums.zero();
  EXPECT_EQ(sums.get(0), 0u);
  EXPECT_EQ(sums.get(1), 0u);
  unsigned long long* s = sums.data();
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
    exec::atomic_add_aggregated(&s[i % 2], static_cast<unsigned long long>(i));
    if (i % 1000 == 0) exec::atomic_add_aggregated(&s[0], 1ull << 40);
  });
  unsigned long long even = 0, odd = 0;
  for (std::size_t i = 0; i < n; ++i) (i % 2 ? odd : even) += i;
  even += ((n + 999) / 1000) * (1ull << 40);
  EXPECT_EQ(sums.get(0), even);
  EXPECT_EQ(sums.get(1), odd);
}

/// gather_hot_first reads the same values on both sides of the hot bound (only the cache path
/// differs), for every bound from none to all, at random positions.
template <class Space>
void check_gather_hot_first() {
  const Space space;
  const std::size_t n = 100003;
  host_vector<double> table(n);
  for (std::size_t i = 0; i < n; ++i) table[i] = 0.5 * static_cast<double>(i) + 1.0 / static_cast<double>(i + 1);
  exec::buffer<Space, double> table_buffer, seen_buffer(n);
  table_buffer.assign(table);
  const double* values = table_buffer.data();
  double* seen = seen_buffer.data();
  for (std::size_t hot : {std::size_t{0}, std::size_t{1}, std::size_t{32768}, n / 2, n}) {
    seen_buffer.zero();
    exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) {
      seen[i] = exec::gather_hot_first(values, (i * 7919) % n, hot);
    });
    const auto got = seen_buffer.to_host();
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(got[i], table[(i * 7919) % n]) << "hot " << hot << ", " << i;
  }
  EXPECT_EQ((exec::hot_entries<Space, double>()), Space::hot_bytes / sizeof(double));
}

/// Asking for more memory than any machine has raises out_of_memory naming the requested
/// amount, and leaves the space usable.
template <class Space>
void check_allocation_failure() {
  const std::size_t request = std::size_t(1) << 50;
  try {
    exec::buffer<Space, char> huge(request);
    FAIL() << "allocating " << request << " bytes succeeded";
  } catch (const plexus::error& e) {
    EXPECT_EQ(e.kind(), error_kind::out_of_memory);
    const std::string message = e.what();
    EXPECT_NE(message.find(std::to_string(request) + " bytes"), std::string::npos) << message;
  }
  exec::buffer<Space, int> small(1000);
  small.fill(3);
  EXPECT_EQ(small.get(999), 3);
}

/// A csr_view whose arrays live in the space's memory is usable inside its kernels.
template <class Space>
void check_csr_view_in_kernels() {
  edge_list e;
  e.num_vertices = 5;
  e.src = {0, 0, 1, 2, 3};
  e.dst = {1, 2, 2, 3, 4};
  build_options symmetric;
  symmetric.symmetrize = true;
  const csr_graph g = build_graph(std::move(e), symmetric);
  const device_graph dg(g, Space::kind);
  const csr_view view = dg.out_view();
  const Space space;
  exec::buffer<Space, unsigned long long> total(1);
  total.zero();
  unsigned long long* t = total.data();
  exec::for_each(space, view.num_vertices, PLEXUS_LAMBDA(std::size_t v) {
    exec::atomic_add(t, static_cast<unsigned long long>(view.degree(static_cast<vertex_t>(v))));
  });
  EXPECT_EQ(total.get(0), g.num_edges());
  EXPECT_EQ(total.get(0), 10u);
}

// fixed_point_sum: a reduction of doubles (multiples of 2^-58 below 64, so none is truncated)
// gives the same words as adding them one by one in order and in reverse order, and its value
// is the sum to within a double's rounding.
template <class Space>
void check_fixed_point_sum() {
  const Space space;
  for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(1000), std::size_t(300001)}) {
    const auto raw = random_values(n, 11);
    std::vector<double> values(n);
    for (std::size_t i = 0; i < n; ++i)
      values[i] = std::ldexp(static_cast<double>(raw[i]), -26 - static_cast<int>(raw[i] % 32));
    exec::buffer<Space, double> b;
    b.assign(values);
    const double* p = b.data();
    const exec::fixed_point_sum total = exec::reduce(
        space, n, exec::fixed_point_sum{},
        PLEXUS_LAMBDA(std::size_t i) { return exec::fixed_point_sum::of(p[i]); }, exec::fixed_point_plus{});
    exec::fixed_point_sum forward, backward;
    long double exact = 0;
    for (std::size_t i = 0; i < n; ++i) {
      forward = forward + exec::fixed_point_sum::of(values[i]);
      backward = backward + exec::fixed_point_sum::of(values[n - 1 - i]);
      exact += values[i];
    }
    EXPECT_EQ(total, forward);
    EXPECT_EQ(total, backward);
    EXPECT_NEAR(total.value(), static_cast<double>(exact), static_cast<double>(exact) * 1e-15);
  }
  // Carries from the low word, the largest term, and what counts as nothing.
  const exec::fixed_point_sum tiny = exec::fixed_point_sum::of(0x1p-89);
  EXPECT_EQ(tiny.low, 1u);
  exec::fixed_point_sum carried;
  for (int i = 0; i < 4; ++i) carried = carried + exec::fixed_point_sum::of(0.25 * 0x1p-26);
  EXPECT_EQ(carried.high, 1u);
  EXPECT_EQ(carried.low, 0u);
  EXPECT_EQ(exec::fixed_point_sum::of(1e300).value(), exec::fixed_point_sum::kLargestTerm);
  EXPECT_EQ(exec::fixed_point_sum::of(-1.0), exec::fixed_point_sum{});
  EXPECT_EQ(exec::fixed_point_sum::of(std::nan("")), exec::fixed_point_sum{});
}

template <class Space>
class ExecTest : public BackendFixture<Space> {};

TYPED_TEST_SUITE_P(ExecTest);
TYPED_TEST_P(ExecTest, BufferAndForEach) { check_buffer_and_for_each<TypeParam>(); }
TYPED_TEST_P(ExecTest, ReduceMatchesStd) { check_reduce<TypeParam>(); }
TYPED_TEST_P(ExecTest, ReduceIntoLeavesResultOnTheSpace) { check_reduce_into<TypeParam>(); }
TYPED_TEST_P(ExecTest, SumCountedMatchesStd) { check_sum_counted<TypeParam>(); }
TYPED_TEST_P(ExecTest, ExclusiveScanMatchesStd) { check_scan<TypeParam>(); }
TYPED_TEST_P(ExecTest, CompactMatchesCopyIf) { check_compact<TypeParam>(); }
TYPED_TEST_P(ExecTest, Atomics) { check_atomics<TypeParam>(); }
TYPED_TEST_P(ExecTest, AggregatedAddSumsExactly) { check_add_aggregated<TypeParam>(); }
TYPED_TEST_P(ExecTest, CachedLoadSeesOnlyWrittenValues) { check_cached_load<TypeParam>(); }
TYPED_TEST_P(ExecTest, GatherHotFirstReadsTheTable) { check_gather_hot_first<TypeParam>(); }
TYPED_TEST_P(ExecTest, TooLargeAllocationRaisesOutOfMemory) { check_allocation_failure<TypeParam>(); }
TYPED_TEST_P(ExecTest, CsrViewUsableInKernels) { check_csr_view_in_kernels<TypeParam>(); }
TYPED_TEST_P(ExecTest, FixedPointSumIsTheSameInEveryOrder) { check_fixed_point_sum<TypeParam>(); }
REGISTER_TYPED_TEST_SUITE_P(ExecTest, BufferAndForEach, ReduceMatchesStd, ReduceIntoLeavesResultOnTheSpace,
                            SumCountedMatchesStd, ExclusiveScanMatchesStd, CompactMatchesCopyIf, Atomics,
                            AggregatedAddSumsExactly, CachedLoadSeesOnlyWrittenValues, GatherHotFirstReadsTheTable,
                            TooLargeAllocationRaisesOutOfMemory, CsrViewUsableInKernels,
                            FixedPointSumIsTheSameInEveryOrder);

}  // namespace plexus_test
