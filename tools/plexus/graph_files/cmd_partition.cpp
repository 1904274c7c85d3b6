// `plexus partition GRAPH --ranks N`: what each of N ranks of a distributed run would hold of
// GRAPH and exchange, computed in this one process (no MPI needed): the byte-balanced vertex
// ranges, and per rank its vertices, the arcs its lists hold, its ghosts, its send list, its
// peers, its local id space, its share under the split's byte model, and the bytes it would
// send in one bottom-up BFS round and one PageRank iteration (dist/partition_summary.hpp);
// then the balance of each figure (max/mean) and the exchange totals. Each rank's partition
// is built by a thread of its own, as its process would build it, plans agreed with its
// peers; the whole graph and the ranks' slices are held at once, so it needs about twice the
// graph's memory.
//
// GRAPH is what `plexus run` takes (a file in any format, or kron:SCALE[:EDGEFACTOR]), with
// its reading options and --order.
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/command.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/dist/partition_summary.hpp"
#include "common/progress_display.hpp"
#include "run/run_support.hpp"

namespace plexus::cli {
namespace {

/// Threads this command starts at most, one per rank.
constexpr int kMaxRanks = 1024;

struct partition_arguments {
  load_request load;
  std::string order = "input";
  bool directed = false, undirected = false;
  int ranks = 0;
  bool json = false;
};

/// max/mean of one figure over the ranks (1 when every rank has none).
template <class Field>
double balance(const std::vector<dist::rank_summary>& ranks, Field field) {
  double total = 0, largest = 0;
  for (const dist::rank_summary& r : ranks) {
    const auto value = static_cast<double>(field(r));
    total += value;
    largest = std::max(largest, value);
  }
  return total == 0 ? 1.0 : largest * static_cast<double>(ranks.size()) / total;
}

template <class Field>
std::uint64_t total_of(const std::vector<dist::rank_summary>& ranks, Field field) {
  std::uint64_t total = 0;
  for (const dist::rank_summary& r : ranks) total += field(r);
  return total;
}

template <class Field>
std::uint64_t largest_of(const std::vector<dist::rank_summary>& ranks, Field field) {
  std::uint64_t largest = 0;
  for (const dist::rank_summary& r : ranks) largest = std::max<std::uint64_t>(largest, field(r));
  return largest;
}

constexpr auto vertices_of = [](const dist::rank_summary& r) { return r.vertices; };
constexpr auto arcs_of = [](const dist::rank_summary& r) { return r.arcs; };
constexpr auto model_bytes_of = [](const dist::rank_summary& r) { return r.model_bytes; };
constexpr auto ghosts_of = [](const dist::rank_summary& r) { return r.ghosts; };
constexpr auto send_list_of = [](const dist::rank_summary& r) { return r.send_list; };
constexpr auto bottom_up_of = [](const dist::rank_summary& r) { return r.bottom_up_bytes; };
constexpr auto pagerank_of = [](const dist::rank_summary& r) { return r.pagerank_bytes; };

void print_text(const std::vector<dist::rank_summary>& ranks, const dist::byte_model& model, double seconds) {
  fmt::print("Ranks:              {}\n", ranks.size());
  fmt::print("Split:              byte-balanced vertex ranges ({} B per vertex, {} B per arc)\n",
             model.per_vertex, model.per_arc);
  fmt::print("Partition Time:     {:.5f}\n", seconds);
  fmt::print("{:>5} {:>10} {:>10} {:>12} {:>10} {:>10} {:>6} {:>10} {:>13} {:>13} {:>13}\n", "rank",
             "first id", "vertices", "arcs", "ghosts", "send list", "peers", "local ids", "model bytes",
             "bottom-up B", "pagerank B");
  for (std::size_t r = 0; r < ranks.size(); ++r) {
    const dist::rank_summary& s = ranks[r];
    fmt::print("{:>5} {:>10} {:>10} {:>12} {:>10} {:>10} {:>6} {:>10} {:>13} {:>13} {:>13}\n", r, s.first,
               s.vertices, s.arcs, s.ghosts, s.send_list, s.peers, s.local_ids, s.model_bytes,
               s.bottom_up_bytes, s.pagerank_bytes);
  }
  fmt::print(
      "Balance:            vertices {:.3f}, arcs {:.3f}, model bytes {:.3f}, ghosts {:.3f}, send lists "
      "{:.3f} "
      "(max/mean)\n",
      balance(ranks, vertices_of), balance(ranks, arcs_of), balance(ranks, model_bytes_of),
      balance(ranks, ghosts_of), balance(ranks, send_list_of));
  fmt::print("Bottom-Up Round:    {} bytes sent in all, at most {} by one rank\n",
             total_of(ranks, bottom_up_of), largest_of(ranks, bottom_up_of));
  fmt::print("PageRank Iteration: {} bytes sent in all, at most {} by one rank\n",
             total_of(ranks, pagerank_of), largest_of(ranks, pagerank_of));
}

void print_json(const loaded_graph& loaded, const std::vector<dist::rank_summary>& ranks,
                const dist::byte_model& model, double seconds) {
  nlohmann::ordered_json per_rank = nlohmann::ordered_json::array();
  for (const dist::rank_summary& s : ranks)
    per_rank.push_back({{"first", s.first},
                        {"vertices", s.vertices},
                        {"arcs", s.arcs},
                        {"ghosts", s.ghosts},
                        {"send_list", s.send_list},
                        {"peers", s.peers},
                        {"local_ids", s.local_ids},
                        {"model_bytes", s.model_bytes},
                        {"bottom_up_round_bytes", s.bottom_up_bytes},
                        {"pagerank_iteration_bytes", s.pagerank_bytes}});
  const nlohmann::ordered_json report{{"graph", loaded.name},
                                      {"vertices", loaded.graph.num_vertices()},
                                      {"arcs", loaded.graph.num_edges()},
                                      {"directed", loaded.graph.directed()},
                                      {"load_seconds", loaded.load_seconds},
                                      {"partition_seconds", seconds},
                                      {"ranks", ranks.size()},
                                      {"bytes_per_vertex", model.per_vertex},
                                      {"bytes_per_arc", model.per_arc},
                                      {"per_rank", per_rank},
                                      {"balance",
                                       {{"vertices", balance(ranks, vertices_of)},
                                        {"arcs", balance(ranks, arcs_of)},
                                        {"model_bytes", balance(ranks, model_bytes_of)},
                                        {"ghosts", balance(ranks, ghosts_of)},
                                        {"send_lists", balance(ranks, send_list_of)}}},
                                      {"bottom_up_round_bytes", total_of(ranks, bottom_up_of)},
                                      {"pagerank_iteration_bytes", total_of(ranks, pagerank_of)}};
  fmt::print("{}\n", report.dump(2));
}

void run_partition(const partition_arguments& args) {
  load_request load = args.load;
  load.order = parse_vertex_order(args.order);
  if (args.directed) load.directed = true;
  if (args.undirected) load.directed = false;
  const loaded_graph loaded = load_graph(load);
  if (!args.json) print_loaded(loaded, false, stdout);
  timer clock;
  const std::vector<dist::rank_summary> ranks = [&] {
    progress_display progress(fmt::format("partition into {} ranks", args.ranks));
    return dist::plan_partition(loaded.graph, args.ranks);
  }();
  const double seconds = clock.seconds();
  const dist::byte_model model = dist::byte_model::of(loaded.graph);
  if (args.json)
    print_json(loaded, ranks, model, seconds);
  else
    print_text(ranks, model, seconds);
}

void setup_partition(CLI::App& sub) {
  auto args = std::make_shared<partition_arguments>();
  sub.add_option("graph", args->load.graph, "Graph file (- for standard input) or kron:SCALE[:EDGEFACTOR]")
      ->required();
  sub.add_option("--ranks", args->ranks, fmt::format("Ranks to split the graph between, 1 to {}", kMaxRanks))
      ->required()
      ->check(CLI::Range(1, kMaxRanks));
  sub.add_option("--format", args->load.format,
                 "Input format: mtx, snap, el, wel, gr, metis, konect, csv, gml, e, plx");
  add_read_settings(sub, args->load.read, true);
  auto* directed = sub.add_flag("--directed", args->directed, "Keep arcs directed whatever the file says");
  auto* undirected = sub.add_flag("--undirected", args->undirected, "Symmetrize the graph");
  directed->excludes(undirected);
  sub.add_option("--order", args->order, "Vertex order before the split: input, or degree (hubs first)")
      ->check(CLI::IsMember({"input", "degree"}));
  sub.add_flag("--json", args->json, "Print one JSON object instead of text lines");
  sub.callback([args] { run_partition(*args); });
}

}  // namespace
}  // namespace plexus::cli

PLEXUS_COMMAND(
    "partition",
    "Show what each of N ranks of a distributed run would hold of a graph and exchange (no MPI needed)",
    plexus::cli::setup_partition);
