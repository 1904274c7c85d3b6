// Class sizes of a vertex labelling; see component_sizes.hpp.
#include "plexus/graph/component_sizes.hpp"

#include <algorithm>

namespace plexus {

std::vector<std::pair<std::uint64_t, std::uint64_t>> component_size_histogram(
    std::span<const vertex_t> label) {
  // Labels are arbitrary values: count members per label after sorting a copy.
  std::vector<vertex_t> sorted(label.begin(), label.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::uint64_t> sizes;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t j = i;
    while (j < sorted.size() && sorted[j] == sorted[i]) ++j;
    sizes.push_back(j - i);
    i = j;
  }
  std::sort(sizes.begin(), sizes.end());
  std::vector<std::pair<std::uint64_t, std::uint64_t>> histogram;
  for (const std::uint64_t size : sizes) {
    if (histogram.empty() || histogram.back().first != size) histogram.emplace_back(size, 0);
    ++histogram.back().second;
  }
  return histogram;
}

}  // namespace plexus
