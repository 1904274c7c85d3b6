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

/// The first `count` items by decreasing value, ties by increasing id.
template <class Item, class Value, class Id>
std::vector<ranked_vertex> top_of(std::vector<Item> items, std::size_t count, Value&& value, Id&& id) {
  count = std::min(count, items.size());
  std::partial_sort(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(count), items.end(),
                    [&](const Item& a, const Item& b) {
                      if (value(a) != value(b)) return value(a) > value(b);
                      return id(a) < id(b);
                    });
  std::vector<ranked_vertex> top;
  for (std::size_t i = 0; i < count; ++i) top.push_back({value(items[i]), id(items[i])});
  return top;
}

/// The `count` vertices of largest value, ties to the smaller original id.
std::vector<ranked_vertex> top_order(const csr_graph& graph, std::span<const double> values, std::size_t count) {
  std::vector<vertex_t> order(values.size());
  std::iota(order.begin(), order.end(), vertex_t{0});
  return top_of(
      std::move(order), count, [&](vertex_t v) { return values[v]; },
      [&](vertex_t v) { return static_cast<std::uint64_t>(graph.original_id(v)); });
}

std::vector<ranked_vertex> top_order(std::vector<ranked_vertex> candidates, std::size_t count) {
  return top_of(
      std::move(candidates), count, [](const ranked_vertex& r) { return r.value; },
      [](const ranked_vertex& r) { return r.id; });
}

/// "id (value), ..."
std::string text_of(const std::vector<ranked_vertex>& top) {
  std::string text;
  for (const ranked_vertex& r : top) text += fmt::format("{}{} ({:.6g})", text.empty() ? "" : ", ", r.id, r.value);
  return text;
}

/// The line "Top Vertices", its JSON field an array of {vertex, value}.
run_line line_of(const std::vector<ranked_vertex>& top) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const ranked_vertex& r : top) list.push_back({{"vertex", r.id}, {"value", r.value}});
  return run_line("Top Vertices", text_of(top), "top_vertices", std::move(list));
}

}  // namespace

std::string top_vertices(const csr_graph& graph, std::span<const double> values, std::size_t count) {
  return text_of(top_order(graph, values, count));
}

std::string top_vertices(std::vector<ranked_vertex> candidates, std::size_t count) {
  return text_of(top_order(std::move(candidates), count));
}

run_line top_vertices_line(const csr_graph& graph, std::span<const double> values, std::size_t count) {
  return line_of(top_order(graph, values, count));
}

run_line top_vertices_line(std::vector<ranked_vertex> candidates, std::size_t count) {
  return line_of(top_order(std::move(candidates), count));
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
