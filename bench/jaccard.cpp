// Edge-connected Jaccard similarity on the host: pairs (stored arcs) scored per second with
// the hybrid intersection and with merge-only and binary-search-only, on the larger real
// graphs of the shared datasets (when present) and on generated Kronecker and uniform graphs.
//
// Each run is timed by the algorithm itself (scoring only, no allocation of the graph);
// items_per_second is arcs scored per second. After the table a grep-able summary gives the
// geometric mean of pairs/s per method over all graphs:
//   build/bench/bench_jaccard --benchmark_min_time=0.2   (datasets: $PLEXUS_DATASETS_DIR)
//   Jaccard geomean pairs/s: hybrid ... merge ... binary_search ...
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "plexus/algorithms/jaccard/jaccard.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/io/read_graph.hpp"

namespace {

using namespace plexus;

struct bench_graph {
  std::string name;
  std::unique_ptr<csr_graph> graph;
  std::unique_ptr<device_graph> device;
};

const char* method_name(intersect_method m) {
  return m == intersect_method::hybrid ? "hybrid" : m == intersect_method::merge ? "merge" : "binary_search";
}

// The shared datasets folder: $PLEXUS_DATASETS_DIR, else ../shared/datasets beside the checkout.
std::filesystem::path datasets_dir() {
  if (const char* env = std::getenv("PLEXUS_DATASETS_DIR")) return env;
  return std::filesystem::path(__FILE__).parent_path().parent_path().parent_path() / "shared" / "datasets";
}

// Best pairs/s per (method, graph), for the geometric means.
std::map<std::string, std::map<std::string, double>> g_best;

void run(benchmark::State& state, const bench_graph* g, intersect_method method) {
  jaccard_options options;
  options.method = method;
  double best = 0;
  for (auto _ : state) {
    const jaccard_result r = jaccard(*g->device, options);
    state.SetIterationTime(r.seconds);
    if (r.seconds > 0) best = std::max(best, static_cast<double>(g->graph->num_edges()) / r.seconds);
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(g->graph->num_edges()));
  double& slot = g_best[method_name(method)][g->name];
  slot = std::max(slot, best);
}

std::vector<bench_graph> load_graphs() {
  std::vector<bench_graph> graphs;
  auto add = [&](std::string name, csr_graph g) {
    bench_graph b;
    b.name = std::move(name);
    b.graph = std::make_unique<csr_graph>(std::move(g));
    b.device = std::make_unique<device_graph>(*b.graph, backend::host);
    graphs.push_back(std::move(b));
  };
  const std::filesystem::path dir = datasets_dir() / "graphs";
  if (std::filesystem::is_directory(dir)) {
    for (const char* file : {"Email-Enron.txt", "facebook_combined.txt", "MIT8.edgelist", "astro-ph.graph",
                             "CA-HepTh.txt", "as-caida20071105.txt"}) {
      io::read_options options;
      options.directed = false;
      options.keep_weights = false;
      add(file, io::read_graph(dir / file, options));
    }
  } else {
    std::fprintf(stderr, "datasets not found at %s: generated graphs only\n", dir.c_str());
  }
  generators::kronecker_options k;
  k.scale = 16;
  k.edge_factor = 16;
  add("kronecker-16-16", build_graph(generators::kronecker(k)));
  generators::uniform_options u;
  u.num_vertices = 1 << 16;
  u.num_edges = std::uint64_t(16) << 16;
  add("uniform-16-16", build_graph(generators::uniform(u)));
  return graphs;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  const std::vector<bench_graph> graphs = load_graphs();
  for (const auto& g : graphs)
    for (intersect_method m : {intersect_method::hybrid, intersect_method::merge, intersect_method::binary_search})
      benchmark::RegisterBenchmark(("jaccard/" + g.name + "/" + method_name(m)).c_str(), run, &g, m)
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::printf("Jaccard geomean pairs/s:");
  for (const auto& [method, per_graph] : g_best) {
    double log_sum = 0;
    for (const auto& [name, rate] : per_graph) log_sum += std::log(rate);
    std::printf(" %s %.4g", method.c_str(), per_graph.empty() ? 0.0 : std::exp(log_sum / per_graph.size()));
  }
  std::printf("\n");
  return 0;
}
