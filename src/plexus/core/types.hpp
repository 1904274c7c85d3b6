// Identifier and weight types shared by every layer.
//
// Vertex ids are 32-bit (graphs up to 4 billion vertices), edge offsets 64-bit (more than
// 2^31 edges must work), weights float unless a caller needs more.
#pragma once

#include <cstdint>
#include <limits>

namespace plexus {

using vertex_t = std::uint32_t;
using edge_t = std::uint64_t;
using weight_t = float;

/// Id used for "no vertex" (unreached parent, absent label).
inline constexpr vertex_t invalid_vertex = std::numeric_limits<vertex_t>::max();
/// Largest vertex count a graph may have: every id must differ from invalid_vertex.
inline constexpr std::uint64_t max_vertices = std::numeric_limits<vertex_t>::max();

}  // namespace plexus
