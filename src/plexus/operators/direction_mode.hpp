// Which way a traversal step moves information: push (from the frontier along out-arcs) or
// pull (every candidate scans its in-arcs for frontier members), or chosen per step.
#pragma once

#include <string>
#include <string_view>

#include "plexus/core/error.hpp"

namespace plexus {

enum class direction_mode { automatic, push, pull };

inline std::string_view to_string(direction_mode d) {
  switch (d) {
    case direction_mode::automatic:
      return "auto";
    case direction_mode::push:
      return "push";
    case direction_mode::pull:
      return "pull";
  }
  return "auto";
}

/// Inverse of to_string; throws plexus::error(invalid_argument) naming the valid choices.
inline direction_mode parse_direction_mode(std::string_view name) {
  for (direction_mode d : {direction_mode::automatic, direction_mode::push, direction_mode::pull})
    if (name == to_string(d)) return d;
  throw error(error_kind::invalid_argument,
              "unknown direction '" + std::string(name) + "': valid choices are auto, push, pull");
}

}  // namespace plexus
