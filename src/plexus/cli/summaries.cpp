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

/// The `count` vertices of largest value, ties to the smaller original id.
std::vector<vertex_t> top_order(const csr_graph& graph, std::span<const double> values, std::size_t count) {
  std::vector<vertex_t> order(values.size());
  std::iota(order.begin(), order.end(), vertex_t{0});
  count = std::min(count, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(count), order.end(),
                    [&](vertex_t a, vertex_t b) {
                      if (values[a] != values[b]) return values[a] > values[b];
                      return graph.original_id(a) < graph.original_id(b);
                    });
  order.resize(count);
  return order;
}

}  // namespace

std::string top_vertices(const csr_graph& graph, std::span<const double> values, std::size_t count) {
  std::string text;
  for (const vertex_t v : top_order(graph, values, count))
    text += fmt::format("{}{} ({:.6g})", text.empty() ? "" : ", ", graph.original_id(v), values[v]);
  return text;
}

run_line top_vertices_line(const csr_graph& graph, std::span<const double> values, std::size_t count) {
  nlohmann::ordered_json top = nlohmann::ordered_json::array();
  for (const vertex_t v : top_order(graph, values, count))
    top.push_back({{"vertex", graph.original_id(v)}, {"value", values[v]}});
  return run_line("Top Vertices", top_vertices(graph, values, count), "top_vertices", std::move(top));
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
  std::string largest_text;
  nlohmann::ordered_json largest = nlohmann::ordered_json::array();
  for (auto it = histogram.rbegin(); it != histogram.rend() && largest.size() < 5; ++it)
    for (std::uint64_t i = 0; i < it->second && largest.size() < 5; ++i) {
      largest_text += fmt::format("{}{}", largest.empty() ? "" : ", ", it->first);
      largest.push_back(it->first);
    }
  run.lines.emplace_back("Largest Sizes", largest_text, "largest_sizes", std::move(largest));
  nlohmann::json buckets = nlohmann::json::array();
  for (const size_bucket& b : bucket_sizes(histogram)) {
    const std::string range =
        b.first == b.last ? fmt::format("{}", b.first) : fmt::format("{}-{}", b.first, b.last);
    run.lines.push_back(run_line::printed_only("Size " + range, fmt::format("{} components", b.count)));
    buckets.push_back({{"sizes", range}, {"components", b.count}});
  }
  const std::uint64_t giant = histogram.empty() ? 0 : histogram.back().first;
  run.record["largest_component"] = giant;
  run.record["size_buckets"] = std::move(buckets);
  return giant;
}

}  // namespace plexus::cli
