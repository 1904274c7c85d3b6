// Degree bucket id lists of one side of a hypergraph (vertices or hyperedges) in host
// memory, shared by device_hypergraph.cpp (which computes them) and
// device_hypergraph_upload.hpp (which puts them into a back end's memory).
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

}  // namespace plexus::detail
