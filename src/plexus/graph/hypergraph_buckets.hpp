// Degree bucket id lists in host memory: of one side of a hypergraph (vertices or
// hyperedges), shared by device_hypergraph.cpp (which computes them) and
// device_hypergraph_upload.hpp (which puts them into a back end's memory), and of a graph's
// vertices for label propagation (lp/lp_loop.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "plexus/core/host_vector.hpp"
#include "plexus/graph/segment_buckets.hpp"

namespace plexus::detail {

struct host_buckets {
  std::array<host_vector<std::uint32_t>, kSegmentBuckets> ids;
  std::size_t max_length = 0;
};

/// Rows 0 .. rows - 1 by the length class of length(r), in increasing id, rows of length 0 in
/// none; two passes (count, fill) so each list is allocated once at its exact size.
template <class Length>
host_buckets bucket_by_length(std::size_t rows, Length length) {
  host_buckets b;
  std::array<std::size_t, kSegmentBuckets> count{};
  for (std::size_t r = 0; r < rows; ++r) {
    const std::size_t d = length(r);
    if (d == 0) continue;
    ++count[static_cast<int>(bucket_of_length(d))];
    if (d > b.max_length) b.max_length = d;
  }
  for (int k = 0; k < kSegmentBuckets; ++k) b.ids[k].resize(count[k]);
  count.fill(0);
  for (std::size_t r = 0; r < rows; ++r) {
    const std::size_t d = length(r);
    if (d == 0) continue;
    const int k = static_cast<int>(bucket_of_length(d));
    b.ids[k][count[k]++] = static_cast<std::uint32_t>(r);
  }
  return b;
}

}  // namespace plexus::detail
