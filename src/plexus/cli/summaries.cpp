// Shared parts of the algorithms' reports; see summaries.hpp.
#include "plexus/cli/summaries.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <numeric>
#include <vector>

#include "plexus/graph/component_sizes.hpp"

namespace plexus::cli {

namespace {

/// The first `count` items by decreasing value, ties by increasing id, "id (value)" each.
template <class Item, class Value, class Id>
std::string top_of(std::vector<Item> items, std::size_t count, Value&& value, Id&& id) {
  count = std::min(count, items.size());
  std::partial_sort(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(count), items.end(),
                    [&](const Item& a, const Item& b) {
                      if (value(a) != value(b)) return value(a) > value(b);
                      return id(a) < id(b);
                    });
  std::string text;
  for (std::size_t i = 0; i < count; ++i)
    text += fmt::format("{}{} ({:.6g})", i ? ", " : "", id(items[i]), value(items[i]));
  return text;
}

}  // namespace

std::string top_vertices(const csr_graph& graph, std::span<const double> values, std::size_t count) {
  std::vector<vertex_t> order(values.size());
  std::iota(order.begin(), order.end(), vertex_t{0});
  return top_of(
      std::move(order), count, [&](vertex_t v) { return values[v]; },
      [&](vertex_t v) { return graph.original_id(v); });
}

std::string top_vertices(std::vector<ranked_vertex> candidates, std::size_t count) {
  return top_of(
      std::move(candidates), count, [](const ranked_vertex& r) { return r.value; },
      [](const ranked_vertex& r) { return r.id; });
}

namespace {

/// Components per power-of-two size bucket: (first size of the bucket, last size, count).
struct size_bucket {
  std::uint64_t first = 0, last = 0, count = 0;
};

std::vector<size_bucket> bucket_sizes(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& histogram) {
  std::vector<size_bucket> buckets;
  for (const auto& [size, count] : histogram) {
    const std::uint64_t first = std::bit_floor(size);
    if (buckets.empty() || buckets.back().first != first) buckets.push_back({first, 2 * first - 1, 0});
    buckets.back().count += count;
  }
  return buckets;
}

}  // namespace

std::uint64_t add_component_sizes(run_report& run, std::span<const vertex_t> label) {
  const auto histogram = component_size_histogram(label);
  std::string largest;
  int listed = 0;
  for (auto it = histogram.rbegin(); it != histogram.rend() && listed < 5; ++it)
    for (std::uint64_t i = 0; i < it->second && listed < 5; ++i, ++listed)
      largest += fmt::format("{}{}", listed ? ", " : "", it->first);
  run.lines.emplace_back("Largest Sizes", largest);
  nlohmann::json buckets = nlohmann::json::array();
  for (const size_bucket& b : bucket_sizes(histogram)) {
    const std::string range =
        b.first == b.last ? fmt::format("{}", b.first) : fmt::format("{}-{}", b.first, b.last);
    run.lines.emplace_back("Size " + range, fmt::format("{} components", b.count));
    buckets.push_back({{"sizes", range}, {"components", b.count}});
  }
  const std::uint64_t giant = histogram.empty() ? 0 : histogram.back().first;
  run.record["largest_component"] = giant;
  run.record["size_buckets"] = std::move(buckets);
  return giant;
}

}  // namespace plexus::cli
