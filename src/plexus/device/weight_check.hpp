// Whether a graph's weights are ones an algorithm can take, checked before it runs. A weight it
// cannot take is named as the user wrote it: the edge in the input's ids and its value ("edge
// 7 -> 31 has weight -1"; "7 -- 31" for an undirected edge), never a position in the CSR.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "plexus/device/device_graph.hpp"

namespace plexus {

enum class weight_rule {
  non_negative,         // no negative or NaN weight (+infinity allowed: an edge never taken)
  finite_non_negative,  // no negative, infinite or NaN weight
};

/// Throws plexus::error(unsupported) "<algorithm> needs non-negative weights, but edge 7 -> 31
/// has weight -1" for the first stored arc that breaks `rule`. An unweighted graph passes.
void require_weights(const device_graph& graph, weight_rule rule, std::string_view algorithm);

/// Whether weight w breaks `rule`.
bool breaks_weight_rule(weight_t w, weight_rule rule);

/// require_weights' message for the arc from -> to (the input's ids) of weight `weight`.
std::string bad_weight_message(std::string_view algorithm, weight_rule rule, std::uint64_t from,
                               std::uint64_t to, bool directed, weight_t weight);

}  // namespace plexus
