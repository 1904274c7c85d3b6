// Scaling user numbers to a distribution (a PageRank personalization vector) without
// overflowing: summing first would turn two values of 1e308 into an infinite sum, and every
// share into 0.
#pragma once

#include <algorithm>
#include <span>
#include <vector>

namespace plexus {

/// `values` (each finite and >= 0, at least one positive) scaled to sum to 1. Each is divided
/// by the largest before they are summed, so the sum lies in [1, values.size()] whatever their
/// magnitude; a value too small beside the largest to count rounds to 0, as it would in exact
/// arithmetic rounded to doubles.
inline std::vector<double> scaled_to_unit_sum(std::span<const double> values) {
  const double largest = values.empty() ? 0 : *std::max_element(values.begin(), values.end());
  std::vector<double> shares(values.size(), 0.0);
  if (!(largest > 0)) return shares;
  double sum = 0;
  for (std::size_t i = 0; i < values.size(); ++i) sum += shares[i] = values[i] / largest;
  for (double& share : shares) share /= sum;
  return shares;
}

}  // namespace plexus
