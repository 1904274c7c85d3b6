// segment_plan<Space> on a SIMT back end: which segments of an offsets array are long enough to be split over
// several thread blocks, and into which chunks; see exec/segmented.hpp.
//
// A segment of more than long_segment values (a hub's neighbour list) is cut into chunks of
// chunk_length values; every chunk gets a block of its own, and the last block of a segment to
// finish combines the chunks' partial results in chunk order. Without the split one warp would
// walk a whole hub list while the rest of the GPU idles (on Kronecker graphs a single list
// holds hundreds of thousands of arcs). The plan is built once per offsets array (two kernels,
// a scan and one read-back) and reused by every reduction over it.
//
// The plan also lists the medium segments (longer than a lane folds alone, at most
// long_segment values), each of which then gets a group of lanes of its own: eight lanes up to
// narrow_segment values, a whole subgroup above. Without the list a subgroup folded the medium
// segments among its consecutive ones one after another: harmless in random vertex order,
// where most of a subgroup's segments are short, but in degree order (graph/relabel.hpp)
// neighbouring lists have about the same length, and the subgroups over the longest ones ran
// far behind all others.
#pragma once

#include <cstddef>
#include <cstdint>

#include "plexus/backends/interface.hpp"
#include "plexus/backends/simt/buffer.hpp"
#include "plexus/backends/simt/scan.hpp"
#include "plexus/backends/simt/vendor.hpp"
#include "plexus/backends/target.hpp"
#include "plexus/core/types.hpp"

namespace plexus::backends::simt_detail {

inline constexpr edge_t long_segment = 4096;
inline constexpr edge_t chunk_length = 4096;
// Segments of at most lane_segment values are folded by one lane, of at most narrow_segment by
// eight lanes, longer medium ones by a subgroup (segmented_reduce.hpp).
inline constexpr edge_t lane_segment = 16;
inline constexpr edge_t narrow_segment = 128;

PLEXUS_HOST_DEVICE inline std::uint32_t chunks_of(edge_t length) {
  return length > long_segment ? static_cast<std::uint32_t>((length + chunk_length - 1) / chunk_length) : 0u;
}

template <class Space>
__global__ void count_chunks_kernel(std::size_t n, const edge_t* offsets, std::uint32_t* chunks) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t s = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; s <= n; s += stride)
    chunks[s] = s < n ? chunks_of(offsets[s + 1] - offsets[s]) : 0u;
}

template <class Space>
__global__ void list_chunks_kernel(std::size_t n, const std::uint32_t* first_chunk, std::uint32_t* chunk_segment,
                                   std::uint32_t* chunk_rank) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t s = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; s < n; s += stride) {
    const std::uint32_t count = first_chunk[s + 1] - first_chunk[s];
    for (std::uint32_t k = 0; k < count; ++k) {
      chunk_segment[first_chunk[s] + k] = static_cast<std::uint32_t>(s);
      chunk_rank[first_chunk[s] + k] = k;
    }
  }
}

// Marks the segments whose length lies in (shortest, longest].
template <class Space>
__global__ void count_medium_kernel(std::size_t n, const edge_t* offsets, edge_t shortest,
                                           edge_t longest, std::uint32_t* medium) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t s = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; s <= n; s += stride) {
    const edge_t length = s < n ? offsets[s + 1] - offsets[s] : 0;
    medium[s] = length > shortest && length <= longest ? 1u : 0u;
  }
}

template <class Space>
__global__ void list_medium_kernel(std::size_t n, const std::uint32_t* first_medium,
                                          std::uint32_t* medium) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t s = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; s < n; s += stride)
    if (first_medium[s + 1] != first_medium[s]) medium[first_medium[s]] = static_cast<std::uint32_t>(s);
}

}  // namespace plexus::backends::simt_detail

namespace plexus::exec {

template <class Space>
  requires simt_space<Space>
class segment_plan<Space> {
  using runtime = backends::gpu_runtime<Space>;

 public:
  segment_plan(const Space& space, std::size_t n, const edge_t* offsets) : n_(n), offsets_(offsets) {
    namespace detail = backends::simt_detail;
    if (n == 0) return;
    buffer<Space, std::uint32_t> counts(n + 1), first(n + 1);
    detail::count_chunks_kernel<Space><<<Space::grid_for(n + 1), Space::block_size, 0, space.stream()>>>(
        n, offsets, counts.data());
    runtime::check_launch();
    exclusive_scan(space, counts.data(), first.data(), n + 1);
    chunks_ = first.get(n);
    if (chunks_ > 0) {
      chunk_segment_.resize(chunks_);
      chunk_rank_.resize(chunks_);
      arrivals_.resize(chunks_);
      arrivals_.zero();
      detail::list_chunks_kernel<Space><<<Space::grid_for(n), Space::block_size, 0, space.stream()>>>(
          n, first.data(), chunk_segment_.data(), chunk_rank_.data());
      runtime::check_launch();
    }
    list_medium(space, detail::lane_segment, detail::narrow_segment, counts, first, narrow_, narrow_segment_);
    list_medium(space, detail::narrow_segment, detail::long_segment, counts, first, wide_, wide_segment_);
    space.synchronize();  // `counts` and `first` are freed on return
  }

  std::size_t size() const { return n_; }
  const edge_t* offsets() const { return offsets_; }
  /// Chunks of the long segments (0 when every segment is short).
  std::size_t chunks() const { return chunks_; }
  const std::uint32_t* chunk_segment() const { return chunk_segment_.data(); }
  const std::uint32_t* chunk_rank() const { return chunk_rank_.data(); }
  /// One counter per chunk (only a segment's first is used), zero between reductions.
  std::uint32_t* arrivals() const { return arrivals_.data(); }
  /// The medium segments of at most narrow_segment values (eight lanes each), in increasing
  /// order, and the longer ones (a subgroup each).
  std::size_t narrow() const { return narrow_; }
  const std::uint32_t* narrow_segment() const { return narrow_segment_.data(); }
  std::size_t wide() const { return wide_; }
  const std::uint32_t* wide_segment() const { return wide_segment_.data(); }

 private:
  // Lists the segments whose length lies in (shortest, longest] into `list`.
  void list_medium(const Space& space, edge_t shortest, edge_t longest, buffer<Space, std::uint32_t>& marks,
                   buffer<Space, std::uint32_t>& first, std::size_t& count, buffer<Space, std::uint32_t>& list) {
    namespace detail = backends::simt_detail;
    detail::count_medium_kernel<Space><<<Space::grid_for(n_ + 1), Space::block_size, 0, space.stream()>>>(
        n_, offsets_, shortest, longest, marks.data());
    runtime::check_launch();
    exclusive_scan(space, marks.data(), first.data(), n_ + 1);
    count = first.get(n_);
    if (count == 0) return;
    list.resize(count);
    detail::list_medium_kernel<Space><<<Space::grid_for(n_), Space::block_size, 0, space.stream()>>>(
        n_, first.data(), list.data());
    runtime::check_launch();
  }

  std::size_t n_ = 0;
  const edge_t* offsets_ = nullptr;
  std::size_t chunks_ = 0, narrow_ = 0, wide_ = 0;
  buffer<Space, std::uint32_t> chunk_segment_, chunk_rank_, narrow_segment_, wide_segment_;
  mutable buffer<Space, std::uint32_t> arrivals_;
};

}  // namespace plexus::exec
