// bucketed_mode(space, workspace, buckets, length, key, out) on a SIMT back end: see
// bucketed_mode.hpp.
//
// The GPU mapping of De Caro et al., "Evaluating Portable Programming Models for Hypergraph
// Label Propagation on GPUs": one kernel per degree bucket, each launched on its own side
// stream so short-list and long-list work overlap (backends/simt/stream_fork.hpp).
//   small  (length <= kSmallSegmentMax)   a tile of 16 lanes per segment, one key per lane,
//          counted in registers (operators/simt/tile_mode.hpp: each lane compares its key
//          with the tile's);
//   medium (length <= kMediumSegmentMax)  one subgroup per segment: in registers like a tile
//          when the segment has at most a subgroup's width of keys (here match_any counts),
//          else in the subgroup's kMediumSlots-slot slice of shared memory;
//   large, very large, huge  one block per segment (block_shape): 128 threads with a
//          2048-slot shared table (length <= kLargeSegmentMax), 512 threads with 8192 slots
//          (<= kVeryLargeSegmentMax), 1024 threads with 16384 slots where a block may take
//          96 KiB of shared memory (8192 elsewhere); counts 16 bits wide where no list is
//          longer than 65535 keys. A first pass checks whether every vote is for one key (what
//          most long lists hold once labels converge) and then only counts. Otherwise the block
//          counts in its shared table. Only a huge segment can hold more distinct keys than
//          its table's 3/4 load; it then sets an overflow flag, and the block discards the
//          shared table and recounts the segment in a global-memory table of capacity >= 2 *
//          length reserved for that block, so huge label counts are slower but never wrong.
//          Why three sizes: on a power-law hypergraph most long lists are a few hundred keys,
//          and one 512-thread block each spent most of such a list waiting at its barriers and
//          on the dependent loads of its phases, with a quarter of its threads holding keys;
//          and lists of more than 6144 keys, which overflowed an 8192-slot table while labels
//          were still diverse, were recounted with global-memory atomics
//          (docs/performance/hyper_lp.md, "Degree buckets and block sizes").
// The tile and subgroup kernels take two segments per pass and issue both segments' loads
// before counting either (kTileSegments).
// Winners: highest count, then smallest key: a total order, so every schedule gives the host
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "plexus/algorithms/hyper_lp/bucket_block_kernel_simt.hpp"
#include "plexus/algorithms/hyper_lp/bucket_short_kernels_simt.hpp"
#include "plexus/backends/simt/stream_fork.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/core/error.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/segment_buckets.hpp"

namespace plexus::detail {

template <class Space>
  requires exec::simt_space<Space>
class mode_workspace<Space> {
  using runtime = backends::gpu_runtime<Space>;
  using shapes = hyper_lp_simt::bucket_shapes<Space>;

 public:
  /// `max_length`: the longest segment any later call will see (sizes the fallback tables).
  mode_workspace(const Space&, std::size_t max_length) : limits_(runtime::limits()) {
    // Each block of a huge segment has its own fallback table.
    if (max_length > shapes::huge::distinct) {
      capacity_ = static_cast<std::uint32_t>(operators::mode_table_capacity(max_length));
      const unsigned blocks =
          std::max(resident_blocks<typename shapes::huge>(), resident_blocks<typename shapes::huge_wide>());
      tables_.resize(std::size_t(blocks) * 2 * capacity_);
    }
  }
  mode_workspace(const mode_workspace&) = delete;
  mode_workspace& operator=(const mode_workspace&) = delete;

  /// One side stream per bucket, so the buckets' kernels overlap.
  const backends::stream_fork<Space, kSegmentBuckets>& streams() const { return streams_; }
  std::uint32_t* tables() { return tables_.data(); }
  std::uint32_t capacity() const { return capacity_; }
  /// Blocks of a long-segment block_shape that the device holds at once, limited by shared
  /// memory and threads per multiprocessor.
  template <class Shape>
  unsigned resident_blocks() const {
    const std::size_t per_block = Shape::table_bytes + 2048;  // + statics and the driver's reserve
    const std::size_t fit =
        std::max<std::size_t>(1, static_cast<std::size_t>(limits_.shared_per_multiprocessor) / per_block);
    const std::size_t by_threads =
        std::max<std::size_t>(1, static_cast<std::size_t>(limits_.threads_per_multiprocessor) / Shape::threads);
    return static_cast<unsigned>(limits_.multiprocessors) * static_cast<unsigned>(std::min(fit, by_threads));
  }

 private:
  typename runtime::device_limits limits_;
  backends::stream_fork<Space, kSegmentBuckets> streams_;
  exec::buffer<Space, std::uint32_t> tables_;
  std::uint32_t capacity_ = 0;
};

namespace hyper_lp_simt {

// The blocks of one long-segment bucket, as many as are resident at once, on its stream.
template <class Space, class Shape, class Length, class Key, class Out>
void launch_block_kernel(const mode_workspace<Space>& work, segment_bucket b, const segment_buckets& buckets,
                         Length length, Key key, Out out, std::uint32_t* tables, std::uint32_t capacity) {
  const auto kernel = bucket_block_kernel<Space, Shape, Length, Key, Out>;
  backends::gpu_runtime<Space>::allow_dynamic_shared(kernel, Shape::table_bytes);
  const std::size_t count = buckets.size(b);
  kernel<<<static_cast<unsigned>(std::min<std::size_t>(count, work.template resident_blocks<Shape>())), Shape::threads,
           Shape::table_bytes, work.streams().stream(static_cast<int>(b))>>>(buckets.ids[static_cast<int>(b)], count,
                                                                             length, key, out, tables, capacity);
}

}  // namespace hyper_lp_simt

template <exec::simt_space Space, class Length, class Key, class Out>
void bucketed_mode(const Space& space, mode_workspace<Space>& work, const segment_buckets& buckets, Length length,
                   Key key, Out out) {
  namespace detail = hyper_lp_simt;
  using shapes = detail::bucket_shapes<Space>;
  using sg = backends::subgroup<Space>;
  if (buckets.total() == 0) return;
  if (buckets.size(segment_bucket::huge) != 0 && buckets.max_length > shapes::huge::distinct &&
      2 * buckets.max_length > work.capacity())
    throw error(error_kind::invalid_argument, "bucketed_mode: workspace sized for shorter segments than given");
  work.streams().fork(space.stream());
  // Longest segments first: their blocks are dispatched first, and the short lists fill the
  // multiprocessors as the long ones finish.
  for (int b = kSegmentBuckets; b-- > 0;) {
    const std::size_t count = buckets.count[b];
    const auto stream = work.streams().stream(b);
    if (count == 0) continue;
    if (b == 0) {
      const std::size_t passes = (count + detail::kTileSegments - 1) / detail::kTileSegments;
      detail::bucket_tile_kernel<Space, detail::kSmallTile>
          <<<Space::grid_for(passes, Space::block_size / detail::kSmallTile), Space::block_size, 0, stream>>>(
              buckets.ids[0], count, length, key, out);
    } else if (b == 1) {
      const std::size_t passes = (count + detail::kTileSegments - 1) / detail::kTileSegments;
      detail::bucket_subgroup_kernel<Space>
          <<<Space::grid_for(passes, Space::block_size / sg::width), Space::block_size, 0, stream>>>(
              buckets.ids[1], count, length, key, out);
    } else if (b == 2) {
      detail::launch_block_kernel<Space, typename shapes::large>(work, segment_bucket::large, buckets, length, key,
                                                                 out, nullptr, 0);
    } else if (b == 3) {
      detail::launch_block_kernel<Space, typename shapes::very_large>(work, segment_bucket::very_large, buckets,
                                                                      length, key, out, nullptr, 0);
    } else if (buckets.max_length <= operators::simt::packed_counts::max_count) {
      detail::launch_block_kernel<Space, typename shapes::huge>(work, segment_bucket::huge, buckets, length, key,
                                                                out, work.tables(), work.capacity());
    } else {
      detail::launch_block_kernel<Space, typename shapes::huge_wide>(work, segment_bucket::huge, buckets, length,
                                                                     key, out, work.tables(), work.capacity());
    }
    backends::gpu_runtime<Space>::check_launch();
  }
  work.streams().join(space.stream());
}

}  // namespace plexus::detail
