// How two sorted neighbour lists are intersected (operators/intersect.hpp): merge, binary
// search, or the cheaper of the two for each pair.
#pragma once

#include <string>
#include <string_view>

#include "plexus/core/error.hpp"

namespace plexus {

enum class intersect_method { hybrid, merge, binary_search };

/// "hybrid", "merge", "binary".
inline std::string_view to_string(intersect_method m) {
  switch (m) {
    case intersect_method::hybrid:
      return "hybrid";
    case intersect_method::merge:
      return "merge";
    case intersect_method::binary_search:
      return "binary";
  }
  return "hybrid";
}

/// Inverse of to_string; throws plexus::error(invalid_argument) naming the valid choices.
inline intersect_method parse_intersect_method(std::string_view name) {
  for (intersect_method m :
       {intersect_method::hybrid, intersect_method::merge, intersect_method::binary_search})
    if (name == to_string(m)) return m;
  throw error(error_kind::invalid_argument,
              "unknown intersection '" + std::string(name) + "': valid choices are hybrid, merge, binary");
}

}  // namespace plexus
