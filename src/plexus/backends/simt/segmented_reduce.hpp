// segmented_reduce(space, ...) on a SIMT back end: see exec/segmented.hpp.
//
// Short segments: a lane each ("scalar CSR"); medium ones: a subgroup each ("vector CSR" SpMV,
// Bell and Garland, "Implementing sparse matrix-vector multiplication on throughput-oriented
// processors", SC 2009), its lanes reading consecutive values four strides at a time so that
// each has four independent loads in flight, then combining with a butterfly of shuffles.
// One subgroup-per-segment kernel left the GPU latency-bound on power-law graphs, whose many
// short lists each cost a subgroup a chain of dependent loads.
//
// With a segment_plan (see simt/segment_plan.hpp), each medium segment gets a group of lanes
// of its own (eight lanes, or a whole subgroup when longer) and each chunk of a long segment a
// block; the last block of a long segment to finish combines the chunks' partials in chunk
// order, so results do not depend on scheduling. T must be a type the subgroup's shuffles
// accept (integers, float, double).
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/backends/cache_split.hpp"
#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/segment_plan.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/core/types.hpp"

namespace plexus::backends::simt_detail {

// The predicate of the unfiltered forms: every segment is reduced.
struct keep_every_segment {
  __device__ bool operator()(std::size_t) const { return true; }
};

// Combines the values of `Lanes` consecutive lanes (a power of two up to the subgroup width,
// aligned); every lane of the group gets the result.
template <class Space, unsigned Lanes = subgroup<Space>::width, class T, class Op>
__device__ T subgroup_combine(T sum, Op op) {
  using sg = subgroup<Space>;
  for (unsigned offset = Lanes / 2; offset > 0; offset /= 2) sum = op(sum, sg::shuffle_xor(sg::all, sum, offset));
  return sum;
}

// Folds value(e) for e in [begin, end) into sum, four independent loads at a time, stepping
// by `stride` (1 for one lane alone, the subgroup width for a subgroup's lane).
template <class T, class Value, class Op>
__device__ T fold_range(T sum, edge_t e, edge_t end, edge_t stride, Value& value, Op& op) {
  for (; e + 3 * stride < end; e += 4 * stride) {
    const T a = value(e), b = value(e + stride), c = value(e + 2 * stride), d = value(e + 3 * stride);
    sum = op(sum, op(op(a, b), op(c, d)));
  }
  for (; e < end; e += stride) sum = op(sum, value(e));
  return sum;
}

// Lanes of each narrow medium segment (at most narrow_segment values).
inline constexpr unsigned narrow_lanes = 8;

// Each subgroup takes `width` consecutive segments (their offsets load coalesced). A segment
// of at most lane_segment values is folded by its own lane, so short lists (most of a
// power-law graph's) run a subgroup's width at a time instead of one per subgroup. Where the
// caller has no plan (`narrow_groups`), the segments of at most narrow_segment values are
// then folded by groups of eight lanes, width / 8 segments at a time, as the plan's narrow
// kernel does; the longer ones, up to skip_longer, by the whole subgroup one after another.
// Longer still: left to the plan's kernels, or to long_segments_kernel.
template <class Space, class T, class Keep, class Value, class Op, class Out>
__device__ void short_segments_block(std::size_t block, std::size_t blocks, std::size_t n,
                                     const edge_t* offsets, edge_t skip_longer, bool narrow_groups, Keep& keep,
                                     Value& value, T init, Op& op, Out& out) {
  using sg = subgroup<Space>;
  constexpr unsigned groups = sg::width / narrow_lanes;
  const unsigned lane = sg::lane(), group = lane / narrow_lanes;
  const std::size_t stride = blocks * blockDim.x;
  for (std::size_t base = block * blockDim.x + (threadIdx.x - lane); base < n; base += stride) {
    const std::size_t s = base + lane;
    const bool on = s < n && keep(s);
    edge_t begin = 0, end = 0;
    if (on) {
      begin = offsets[s];
      end = offsets[s + 1];
    }
    const edge_t length = end - begin;
    T result = on && length <= lane_segment ? fold_range(init, begin, end, edge_t(1), value, op) : init;
    const edge_t narrow_longest = narrow_groups ? narrow_segment : lane_segment;
    typename sg::mask_type narrow = sg::ballot(sg::all, on && length > lane_segment && length <= narrow_longest);
    while (narrow) {
      // Group g takes the g-th pending segment (none when fewer are left); every lane walks
      // the same mask, so all agree on the owners.
      int mine = -1;
      for (unsigned g = 0; g < groups; ++g) {
        const int owner = narrow ? sg::first(narrow) : -1;
        if (owner >= 0) narrow &= narrow - 1;
        if (g == group) mine = owner;
      }
      const unsigned source = mine < 0 ? 0u : static_cast<unsigned>(mine);
      const edge_t first = sg::shuffle(sg::all, begin, source), last = sg::shuffle(sg::all, end, source);
      T sum = mine < 0 ? init : fold_range(init, first + lane % narrow_lanes, last, edge_t(narrow_lanes), value, op);
      sum = subgroup_combine<Space, narrow_lanes>(sum, op);
      for (unsigned g = 0; g < groups; ++g) {
        const int owner = sg::shuffle(sg::all, mine, g * narrow_lanes);
        const T group_sum = sg::shuffle(sg::all, sum, g * narrow_lanes);
        if (static_cast<int>(lane) == owner) result = group_sum;
      }
    }
    typename sg::mask_type pending = sg::ballot(sg::all, on && length > narrow_longest && length <= skip_longer);
    while (pending) {
      const int owner = sg::first(pending);
      pending &= pending - 1;
      const edge_t first = sg::shuffle(sg::all, begin, static_cast<unsigned>(owner));
      const edge_t last = sg::shuffle(sg::all, end, static_cast<unsigned>(owner));
      const T sum = subgroup_combine<Space>(fold_range(init, first + lane, last, edge_t(sg::width), value, op), op);
      if (lane == static_cast<unsigned>(owner)) result = sum;
    }
    // One call for the whole subgroup: its stores coalesce and its appends to a shared queue
    // aggregate into one atomic, where one call per lane in the loop above issued one each.
    if (on && length <= skip_longer) out(s, result);
  }
}

template <class Space, class T, class Keep, class Value, class Op, class Out>
__global__ void segmented_reduce_kernel(std::size_t n, const edge_t* offsets, edge_t skip_longer, bool narrow_groups,
                                        Keep keep, Value value, T init, Op op, Out out) {
  short_segments_block<Space>(blockIdx.x, gridDim.x, n, offsets, skip_longer, narrow_groups, keep, value, init, op,
                             out);
}

// One group of `Lanes` lanes per listed medium segment. Every lane stays in the loop until
// its whole subgroup is done (a group past the list folds nothing), so the shuffles always see
// every lane.
template <class Space, unsigned Lanes, class T, class Keep, class Value, class Op, class Out>
__device__ void medium_segments_block(std::size_t block, std::size_t blocks, std::size_t count,
                                      const std::uint32_t* medium, const edge_t* offsets, Keep& keep,
                                      Value& value, T init, Op& op, Out& out) {
  using sg = subgroup<Space>;
  const unsigned member = threadIdx.x % Lanes;
  const std::size_t groups = blocks * (blockDim.x / Lanes);
  const std::size_t first_group = (block * blockDim.x + threadIdx.x) / Lanes;
  const std::size_t subgroup_first = first_group - (threadIdx.x % sg::width) / Lanes;
  for (std::size_t g = first_group, base = subgroup_first; base < count; g += groups, base += groups) {
    const std::uint32_t s = g < count ? medium[g] : 0u;
    const bool on = g < count && keep(s);
    T sum = on ? fold_range(init, offsets[s] + member, offsets[s + 1], edge_t(Lanes), value, op) : init;
    sum = subgroup_combine<Space, Lanes>(sum, op);
    if (on && member == 0) out(s, sum);
  }
}

template <class Space, class T, class Keep, class Value, class Op, class Out>
__device__ void chunk_block(std::uint32_t chunk, const edge_t* offsets, const std::uint32_t* chunk_segment,
                            const std::uint32_t* chunk_rank, std::uint32_t* arrivals, T* partial, Keep& keep,
                            Value& value, T init, Op& op, Out& out) {
  using sg = subgroup<Space>;
  constexpr int subgroups = Space::block_size / sg::width;
  __shared__ T subgroup_sums[subgroups];
  const std::uint32_t s = chunk_segment[chunk], rank = chunk_rank[chunk];
  // Every chunk of a segment tests keep(s) before any of them calls out(s), so all skip it or
  // none does, and a skipped segment's arrival count stays at zero.
  if (!keep(s)) return;
  const edge_t segment_begin = offsets[s], segment_end = offsets[s + 1];
  const edge_t begin = segment_begin + static_cast<edge_t>(rank) * chunk_length;
  const edge_t end = begin + chunk_length < segment_end ? begin + chunk_length : segment_end;
  T sum = subgroup_combine<Space>(fold_range(init, begin + threadIdx.x, end, edge_t(Space::block_size), value, op),
                                  op);
  if (sg::lane() == 0) subgroup_sums[threadIdx.x / sg::width] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < subgroups; ++w) sum = op(sum, subgroup_sums[w]);
    partial[chunk] = sum;
    __threadfence();  // the partial is visible before the arrival is counted
    const std::uint32_t first = chunk - rank;
    const std::uint32_t count = chunks_of(segment_end - segment_begin);
    if (atomicAdd(&arrivals[first], 1u) == count - 1) {
      __threadfence();
      const volatile T* partials = partial + first;
      T total = init;
      for (std::uint32_t k = 0; k < count; ++k) {
        const T part = partials[k];
        total = op(total, part);
      }
      arrivals[first] = 0;
      out(s, total);
    }
  }
}

// One launch for a whole plan: its first blocks take the hub chunks, the next the wide and
// the narrow medium lists, the rest the short ones. Blocks start roughly in index order, so
// the longest work starts first and the short lists fill the multiprocessors its tail frees;
// four kernels in a row each drained the GPU before the next began, and the same four on side
// streams, all released at once, interleaved their blocks and started the hub chunks late.
struct plan_blocks {
  std::uint32_t chunks = 0, wide_end = 0, narrow_end = 0;
};

template <class Space, class T, class Keep, class Value, class Op, class Out>
__global__ void segmented_reduce_plan_kernel(plan_blocks blocks, std::size_t n, const edge_t* offsets,
                                             const std::uint32_t* chunk_segment,
                                             const std::uint32_t* chunk_rank, std::uint32_t* arrivals,
                                             T* partial, std::size_t wide, const std::uint32_t* wide_segment,
                                             std::size_t narrow, const std::uint32_t* narrow_segment,
                                             Keep keep, Value value, T init, Op op, Out out) {
  const std::uint32_t block = blockIdx.x;
  if (block < blocks.chunks) {
    chunk_block<Space>(block, offsets, chunk_segment, chunk_rank, arrivals, partial, keep, value, init, op, out);
  } else if (block < blocks.wide_end) {
    medium_segments_block<Space, subgroup<Space>::width>(block - blocks.chunks, blocks.wide_end - blocks.chunks, wide,
                                                         wide_segment, offsets, keep, value, init, op, out);
  } else if (block < blocks.narrow_end) {
    medium_segments_block<Space, narrow_lanes>(block - blocks.wide_end, blocks.narrow_end - blocks.wide_end, narrow,
                                               narrow_segment, offsets, keep, value, init, op, out);
  } else {
    short_segments_block<Space>(block - blocks.narrow_end, gridDim.x - blocks.narrow_end, n, offsets, lane_segment,
                                false, keep, value, init, op, out);
  }
}

// Every segment of more than `shorter` values gets the whole block: the block's threads check
// a block's width of segments at a time, list the long ones in shared memory and reduce them
// one after another, combining the subgroups' sums. A pass over the offsets without a host
// round trip, for segments reduced once (no plan to amortise).
template <class Space, class T, class Value, class Op, class Out>
__global__ void long_segments_kernel(std::size_t n, const edge_t* offsets, edge_t shorter, Value value, T init,
                                     Op op, Out out) {
  using sg = subgroup<Space>;
  constexpr int subgroups = Space::block_size / sg::width;
  __shared__ T subgroup_sums[subgroups];
  __shared__ std::size_t listed[Space::block_size];
  __shared__ unsigned count;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  // The loop bound is uniform over the block, so every thread reaches every __syncthreads.
  for (std::size_t base = static_cast<std::size_t>(blockIdx.x) * blockDim.x; base < n; base += stride) {
    if (threadIdx.x == 0) count = 0;
    __syncthreads();
    const std::size_t s = base + threadIdx.x;
    if (s < n && offsets[s + 1] - offsets[s] > shorter) listed[atomicAdd(&count, 1u)] = s;
    __syncthreads();
    const unsigned found = count;
    for (unsigned k = 0; k < found; ++k) {
      const std::size_t segment = listed[k];
      T sum = subgroup_combine<Space>(
          fold_range(init, offsets[segment] + threadIdx.x, offsets[segment + 1], edge_t(Space::block_size), value, op),
          op);
      if (sg::lane() == 0) subgroup_sums[threadIdx.x / sg::width] = sum;
      __syncthreads();
      if (threadIdx.x == 0) {
        for (int w = 1; w < subgroups; ++w) sum = op(sum, subgroup_sums[w]);
        out(segment, sum);
      }
      __syncthreads();
    }
  }
}

}  // namespace plexus::backends::simt_detail

namespace plexus::exec {

template <simt_space Space, class T, class Value, class Op, class Out>
void segmented_reduce(const Space& space, std::size_t n, const edge_t* offsets, Value value, T init, Op op,
                      Out out) {
  if (n == 0) return;
  backends::simt_detail::segmented_reduce_kernel<Space><<<Space::grid_for(n), Space::block_size, 0, space.stream()>>>(
      n, offsets, ~edge_t(0), false, backends::simt_detail::keep_every_segment{}, value, init, op, out);
  backends::gpu_runtime<Space>::check_launch();
}

template <simt_space Space, class T, class Value, class Op, class Out>
void segmented_reduce_skewed(const Space& space, std::size_t n, const edge_t* offsets, Value value, T init, Op op,
                             Out out) {
  namespace detail = backends::simt_detail;
  if (n == 0) return;
  detail::segmented_reduce_kernel<Space><<<Space::grid_for(n), Space::block_size, 0, space.stream()>>>(
      n, offsets, detail::long_segment, true, detail::keep_every_segment{}, value, init, op, out);
  backends::gpu_runtime<Space>::check_launch();
  detail::long_segments_kernel<Space, T><<<Space::grid_for(n), Space::block_size, 0, space.stream()>>>(
      n, offsets, detail::long_segment, value, init, op, out);
  backends::gpu_runtime<Space>::check_launch();
}

template <simt_space Space, class T, class Keep, class Value, class Op, class Out>
void segmented_reduce_if(const Space& space, const segment_plan<Space>& plan, Keep keep, Value value, T init,
                         Op op, Out out, cache_split split = cache_split::automatic) {
  namespace detail = backends::simt_detail;
  using runtime = backends::gpu_runtime<Space>;
  if (plan.size() == 0) return;
  T* partial = plan.chunks() > 0 ? static_cast<T*>(space.scratch(plan.chunks() * sizeof(T))) : nullptr;
  detail::plan_blocks blocks;
  blocks.chunks = static_cast<std::uint32_t>(plan.chunks());
  blocks.wide_end =
      blocks.chunks + (plan.wide() ? Space::grid_for(plan.wide() * backends::subgroup<Space>::width) : 0u);
  blocks.narrow_end = blocks.wide_end + (plan.narrow() ? Space::grid_for(plan.narrow() * detail::narrow_lanes) : 0u);
  const unsigned grid = blocks.narrow_end + Space::grid_for(plan.size());
  const auto kernel = detail::segmented_reduce_plan_kernel<Space, T, Keep, Value, Op, Out>;
  if (split == cache_split::prefer_l1) {
    // Once per instantiation: the attribute stays with the kernel.
    static const bool set = [kernel] {
      runtime::prefer_l1(kernel);
      return true;
    }();
    (void)set;
  }
  kernel<<<grid, Space::block_size, 0, space.stream()>>>(
      blocks, plan.size(), plan.offsets(), plan.chunk_segment(), plan.chunk_rank(), plan.arrivals(), partial,
      plan.wide(), plan.wide_segment(), plan.narrow(), plan.narrow_segment(), keep, value, init, op, out);
  runtime::check_launch();
}

template <simt_space Space, class T, class Value, class Op, class Out>
void segmented_reduce(const Space& space, const segment_plan<Space>& plan, Value value, T init, Op op, Out out,
                      cache_split split = cache_split::automatic) {
  segmented_reduce_if(space, plan, backends::simt_detail::keep_every_segment{}, value, init, op, out, split);
}

}  // namespace plexus::exec
