// Integer edge weights drawn uniformly from [min_weight, max_weight] (library-internal).
//
// Graph generators (Graph500 SSSP kernel, GAPBS's -w option) attach small integer weights;
// the bounds are rounded inward to integers so every drawn weight is one of the range's
// integers and exactly representable as a float when below 2^24.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>

#include "plexus/core/error.hpp"
#include "plexus/core/random.hpp"
#include "plexus/core/types.hpp"

namespace plexus::generators::detail {

struct integer_weights {
  double lowest = 1;
  std::uint64_t count = 1;  // number of integers in the range

  /// Validates [min_weight, max_weight]; `who` names the generator in the message.
  integer_weights(weight_t min_weight, weight_t max_weight, const char* who) {
    const double lo = std::ceil(static_cast<double>(min_weight));
    const double hi = std::floor(static_cast<double>(max_weight));
    if (!std::isfinite(lo) || !std::isfinite(hi) || lo > hi)
      throw error(error_kind::invalid_argument,
                  std::string(who) + ": weight range [" + std::to_string(min_weight) + ", " +
                      std::to_string(max_weight) + "] holds no integer");
    lowest = lo;
    count = static_cast<std::uint64_t>(hi - lo) + 1;
  }

  weight_t draw(counter_rng& rng) const {
    return static_cast<weight_t>(lowest + static_cast<double>(rng.uniform(count)));
  }
};

}  // namespace plexus::generators::detail
