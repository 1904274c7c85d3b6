// Sizes of the classes of a vertex labelling (components, communities): what cc and hyper-cc
// report beyond the count.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "plexus/core/types.hpp"

namespace plexus {

/// (size, number of classes of that size) pairs by increasing size, from any labelling.
std::vector<std::pair<std::uint64_t, std::uint64_t>> component_size_histogram(
    std::span<const vertex_t> label);

}  // namespace plexus
