// The non-traversal algorithms of `plexus run`, `plexus bench` and the default job:
// connected components, PageRank, label propagation, triangle counting, Jaccard similarity
// and betweenness centrality on graphs; label propagation, BFS and connected components on
// hypergraphs. Each run_* call runs the public API once on a device_graph or
// device_hypergraph and returns an analytics_run: the time the algorithm reports, the
// grep-able "Name: value" lines the commands print, a one-line summary for the default job,
// the throughput figure the benchmark reports, and (when asked) the verdict of the serial
// reference in plexus/verify. The CLI holds no algorithm logic: it converts ids and options,
// calls the library and formats what comes back.
//
// Ids: every vertex id read (--sources, --pairs, --personalization) or written (top
// vertices, --out files) is the input's original id (csr_graph::original_id and
// hypergraph::original_id), as for bfs.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "plexus/algorithms/bc/bc.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/hyper_bfs/hyper_bfs.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp.hpp"
#include "plexus/algorithms/jaccard/jaccard.hpp"
#include "plexus/algorithms/lp/lp.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/tc/tc.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/device_graph.hpp"
#include "plexus/graph/device_hypergraph.hpp"
#include "plexus/algorithms/verdict.hpp"

namespace plexus::cli {

/// Exact betweenness checks run one BFS per vertex in the serial reference; above this many
/// vertices --validate says so and skips the check instead of running for minutes.
inline constexpr vertex_t kMaxExactBetweennessCheck = 20000;

/// Options of the non-traversal algorithms as the command line gives them (ids original).
struct analytics_options {
  bool validate = false;
  // pagerank
  pagerank_options pagerank;
  std::filesystem::path personalization;  // "vertex value" lines; unlisted vertices get 0
  // cc
  cc_options cc;
  // lp
  lp_options lp;
  // tc
  bool per_vertex = false;
  // jaccard
  intersect_method intersect = intersect_method::hybrid;  // jaccard --mode (also tc)
  vertex_t top_k = 0;                     // > 0: the k most similar neighbours of each vertex
  std::filesystem::path pairs;            // "u v" lines: score these pairs instead of the edges
  edge_t edge_sample = 0;                 // > 0: score about this many edges, evenly spaced
  // bc
  std::vector<std::uint64_t> bc_sources;  // explicit sources (original ids)
  vertex_t bc_samples = 0;                // > 0: this many sources drawn with bc_seed
  std::uint64_t bc_seed = 1;
  bool normalized = false;
  bool endpoints = false;
  // hyper-lp (initial labels always drawn from its seed)
  hyper_label_propagation_options hyper_lp;
  // hyper-bfs: the source, an internal id; unset: a vertex in the most hyperedges
  std::optional<vertex_t> hyper_source;
  hyper_bfs_options hyper_bfs;
};

/// A figure besides the run's metric, printed by `run` as "Name: value" and by `bench` per
/// trial ("Trial Name:") and over the trials ("Average Name:"; the arithmetic mean of times,
/// the harmonic mean of rates, which for equal work is the work over the mean time).
struct run_figure {
  std::string name;  // "Edge Phase GB/s"
  std::string key;   // JSON key: "edge_phase_gbytes_per_second"
  double value = 0;
  bool rate = false;  // true: work per second; false: seconds
};

struct analytics_run {
  double seconds = 0;
  int iterations = 0;
  std::vector<std::pair<std::string, std::string>> lines;  // printed as "Name:   value"
  std::string summary;                                     // one line for the default job
  std::string metric_name;                                 // "Edges/s", "Pairs/s", "GB/s", "GTEPS"
  double metric = 0;
  std::vector<run_figure> figures;                         // further figures (hyper-lp phases)
  std::optional<std::uint64_t> source;                     // original id, single-source runs
  nlohmann::json record;                                   // extra JSON fields for bench
  std::optional<verify::verdict> verdict;                  // set when validated
  std::string validation_note;                             // why validation was skipped
  std::function<void(const std::filesystem::path&)> write; // the --out file, original ids
};

analytics_run run_components(const device_graph& graph, const analytics_options& options);
analytics_run run_pagerank(const device_graph& graph, const analytics_options& options);
analytics_run run_label_propagation(const device_graph& graph, const analytics_options& options);
analytics_run run_triangles(const device_graph& graph, const analytics_options& options);
analytics_run run_jaccard(const device_graph& graph, const analytics_options& options);
analytics_run run_betweenness(const device_graph& graph, const analytics_options& options);
analytics_run run_hyper_label_propagation(const device_hypergraph& graph, const analytics_options& options);
analytics_run run_hyper_bfs(const device_hypergraph& graph, const analytics_options& options);
analytics_run run_hyper_components(const device_hypergraph& graph, const analytics_options& options);

/// An analytics_run of `seconds` and `iterations` whose first line is "Iterations".
analytics_run iterative_run(double seconds, std::uint64_t iterations);

/// Adds what cc and hyper-cc report about a vertex labelling beyond the component count:
/// "Largest Sizes" (up to five) and one "Size A-B" line per power-of-two size bucket, with the
/// buckets and the largest size in run.record. Returns the largest component's size.
std::uint64_t add_component_sizes(analytics_run& run, std::span<const vertex_t> label);

/// The `count` vertices of largest value (ties: smaller internal id first), printed as
/// "id (value)" pairs in original ids, comma-separated.
std::string top_vertices(const csr_graph& graph, std::span<const double> values, std::size_t count);

/// Original id -> internal id, for reading ids from the command line or a file.
class id_lookup {
 public:
  explicit id_lookup(const csr_graph& graph);
  /// The internal id of `original`, or std::nullopt when no vertex has it.
  std::optional<vertex_t> find(std::uint64_t original) const;

 private:
  const csr_graph& graph_;
  std::vector<std::pair<std::uint64_t, vertex_t>> sorted_;  // (original, internal) by original
};

/// "u v" pairs of a text file ('#' and '%' start comments), in internal ids. Errors are
/// "file:line: what is wrong".
std::vector<std::pair<vertex_t, vertex_t>> read_vertex_pairs(const std::filesystem::path& path, const csr_graph& graph);

/// "vertex value" lines into one non-negative value per internal vertex, 0 where unlisted.
std::vector<double> read_vertex_values(const std::filesystem::path& path, const csr_graph& graph);

}  // namespace plexus::cli
