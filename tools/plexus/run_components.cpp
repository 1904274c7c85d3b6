// `plexus run cc`: connected components (Afforest, see connected_components.hpp), reported as
// the component count, the largest sizes and a histogram of sizes in power-of-two buckets
// (1, 2-3, 4-7, ...), which shows a giant component and its crumbs at a glance. --validate
// compares the partition with the union-find reference (verify::compare_components).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <memory>
#include <span>
#include <vector>

#include "analytics.hpp"
#include "plexus/algorithms/cc/cc_verify.hpp"
#include "result_writer.hpp"

namespace plexus::cli {

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

std::uint64_t add_component_sizes(analytics_run& run, std::span<const vertex_t> label) {
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

/// Each component labelled by its member of smallest original id. The algorithm names the
/// member of smallest internal id, which is the same vertex unless the graph was relabelled.
void label_by_smallest_original_id(const csr_graph& graph, std::span<vertex_t> label) {
  const vertex_t n = graph.num_vertices();
  std::vector<vertex_t> smallest(n, invalid_vertex);
  for (vertex_t v = 0; v < n; ++v) {
    vertex_t& s = smallest[label[v]];
    if (s == invalid_vertex || graph.original_id(v) < graph.original_id(s)) s = v;
  }
  for (vertex_t v = 0; v < n; ++v) label[v] = smallest[label[v]];
}

analytics_run run_components(const device_graph& graph, const analytics_options& options) {
  const csr_graph& host = graph.host_graph();
  cc_result r = connected_components(graph, options.cc);
  analytics_run run;
  run.seconds = r.seconds;
  run.iterations = r.iterations;

  run.lines.emplace_back("Components", fmt::format("{}", r.num_components));
  run.record["components"] = r.num_components;
  const std::uint64_t giant = add_component_sizes(run, r.label);
  run.summary = fmt::format("{} components, largest {} vertices", r.num_components, giant);
  run.metric_name = "Edges/s";
  run.metric = run.seconds > 0 ? host.num_logical_edges() / run.seconds : 0.0;
  if (options.validate) run.verdict = verify::compare_components(host, r.label);
  auto label = std::make_shared<cc_result>(std::move(r));
  run.write = [&host, label](const std::filesystem::path& path) {
    label_by_smallest_original_id(host, label->label);
    write_vertex_labels(path, host, label->label);
  };
  return run;
}

}  // namespace plexus::cli
