// fixed_point_sum: a sum of non-negative doubles that is the same in every order, usable in
// kernels and as the value type of exec::reduce on every back end.
//
// A floating-point sum depends on the order of its additions, and that order changes with the
// thread count, the back end's reduction tree and, in a distributed run, the number of ranks.
// Here each term is first rounded down to a multiple of 2^-89 (an integer count of units) and
// the counts are added as integers of 127 bits, which is exact as long as the total stays below
// 2^38 (2^32 terms of up to 64 each): the total, and value(), do not depend on the order. The
// truncation costs at most 2^-89 per term, far below a double's rounding of any term above
// 2^-36. Used for PageRank's per-iteration sums (pagerank_shared.hpp), so that runs at any
// thread count and rank count stop on the same iteration with the same ranks.
//
// The 127 bits are two 64-bit words, the low one carrying into the high one at 2^63, which
// every compiler of the back ends takes in device code.
#pragma once

#include <cstdint>

#include "plexus/backends/target.hpp"

namespace plexus::exec {

struct fixed_point_sum {
  std::uint64_t high = 0;  // units of 2^-26
  std::uint64_t low = 0;   // units of 2^-89, below 2^63 (one unit of high)

  /// Terms at or above this are counted as this much; NaN and terms <= 0 as nothing.
  static constexpr double kLargestTerm = 64;

  /// One term, rounded down to a multiple of 2^-89. Both words come from signed conversions,
  /// which CPUs do in one instruction, the values fitting 63 bits.
  PLEXUS_HOST_DEVICE static fixed_point_sum of(double x) {
    if (!(x > 0)) return {};
    if (x > kLargestTerm) x = kLargestTerm;
    const double scaled = x * 0x1p26;  // exact: a power of two; at most 2^32
    const auto whole = static_cast<std::int64_t>(scaled);
    // scaled - whole is exact (both share scaled's exponent range), below 1.
    const auto fraction = static_cast<std::int64_t>((scaled - static_cast<double>(whole)) * 0x1p63);
    return {static_cast<std::uint64_t>(whole), static_cast<std::uint64_t>(fraction)};
  }

  PLEXUS_HOST_DEVICE fixed_point_sum operator+(const fixed_point_sum& other) const {
    const std::uint64_t sum_low = low + other.low;  // below 2^64: each is below 2^63
    return {high + other.high + (sum_low >> 63), sum_low & ((std::uint64_t{1} << 63) - 1)};
  }

  /// The total as a double: a function of the exact total alone.
  PLEXUS_HOST_DEVICE double value() const {
    return static_cast<double>(high) * 0x1p-26 + static_cast<double>(low) * 0x1p-89;
  }

  friend bool operator==(const fixed_point_sum&, const fixed_point_sum&) = default;
};

/// Adds fixed_point_sums (an exec reduction operator).
struct fixed_point_plus {
  PLEXUS_HOST_DEVICE fixed_point_sum operator()(const fixed_point_sum& a, const fixed_point_sum& b) const {
    return a + b;
  }
};

}  // namespace plexus::exec
