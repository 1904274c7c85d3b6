// The DSL compiler's generated code against the hand-written library algorithms on the GPU:
// each example of dsl/examples/ (compiled at build time by plexus_add_dsl) and the library
// call that computes the same thing, on the same graph in device memory, side by side in one
// run. Medians of the trials: the whole call as a user makes it, the generated function and
// the download of its result against the library call (which returns its results in host
// memory), neither counting the graph's upload.
//
//   build/bench/bench_dsl_generated GRAPH [TRIALS]   (GRAPH: a file, or kron:SCALE; default kron:18)
//
// SSSP runs on the graph's weights (a Kronecker graph gets weights 1..255; a file without
// weights skips it), and a file is read as undirected. Every result is
// checked before it is timed: BFS levels, SSSP distances and triangle counts equal, components
// the same partition, betweenness (one source, unscaled dependencies) within 1e-4 relative;
// PageRank is timed per iteration at the same count (the library's networkx variant also
// spreads the rank of vertices without out-arcs, which the example does not, so only the
// time is compared).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "betweenness.hpp"
#include "bfs.hpp"
#include "components.hpp"
#include "pagerank.hpp"
#include "plexus/algorithms/bc/bc.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/tc/tc.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/io/read_graph.hpp"
#include "sssp.hpp"
#include "triangles.hpp"

namespace {

using namespace plexus;
using Space = exec::cuda;

double median_seconds(int trials, const std::function<void()>& run) {
  run();  // warm-up
  std::vector<double> seconds;
  for (int t = 0; t < trials; ++t) {
    Space{}.synchronize();
    const auto start = std::chrono::steady_clock::now();
    run();
    Space{}.synchronize();
    seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(seconds.begin(), seconds.end());
  return seconds[seconds.size() / 2];
}

csr_graph load(const std::string& spec) {
  if (spec.rfind("kron:", 0) == 0) {
    generators::kronecker_options o;
    o.scale = std::stoi(spec.substr(5));
    o.weighted = true;
    build_options b;
    b.symmetrize = true;
    return build_graph(generators::kronecker(o), b);
  }
  io::read_options undirected;
  undirected.directed = false;  // edge lists store each edge once; the examples expect both arcs
  return io::read_graph(spec, undirected);
}

struct row {
  std::string name;
  double generated = 0, library = 0;
  std::string check;
};

void print(const std::vector<row>& rows) {
  std::printf("%-26s %14s %14s %10s  %s\n", "algorithm", "generated ms", "library ms", "gen/lib", "check");
  double log_sum = 0;
  for (const row& r : rows) {
    std::printf("%-26s %14.3f %14.3f %9.2fx  %s\n", r.name.c_str(), 1e3 * r.generated, 1e3 * r.library,
                r.generated / r.library, r.check.c_str());
    log_sum += std::log(r.generated / r.library);
  }
  std::printf("geometric mean of gen/lib: %.2fx\n", std::exp(log_sum / static_cast<double>(rows.size())));
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::string spec = argc > 1 ? argv[1] : "kron:18";
    const int trials = argc > 2 ? std::atoi(argv[2]) : 5;
    const csr_graph g = load(spec);
    const device_graph on_device(g, backend::cuda);
    const dsl::runtime::graph view{on_device.out_view(), on_device.out_view(), g.num_vertices()};
    const vertex_t n = g.num_vertices();
    vertex_t source = 0;
    for (vertex_t v = 0; v < n; ++v)
      if (g.degree(v) > g.degree(source)) source = v;
    std::printf("graph %s: %u vertices, %llu arcs, source %u, %d trials\n", spec.c_str(), n,
                static_cast<unsigned long long>(g.num_edges()), source, trials);
    std::vector<row> rows;

    {  // BFS
      exec::buffer<Space, std::int32_t> level(n);
      bfs_result reference;
      row r{"BFS"};
      r.generated = median_seconds(trials, [&] {
        dsl::generated::levels(Space{}, view, level.data(), source);
        (void)level.to_host();
      });
      r.library = median_seconds(trials, [&] { reference = bfs(on_device, source); });
      const auto got = level.to_host();
      bool same = true;
      for (vertex_t v = 0; v < n; ++v)
        same = same && (reference.depth[v] == unreached_depth ? got[v] == std::numeric_limits<std::int32_t>::max()
                                                              : got[v] == static_cast<std::int32_t>(reference.depth[v]));
      r.check = same ? "levels equal" : "LEVELS DIFFER";
      rows.push_back(r);
    }
    if (!g.weighted()) {
      std::printf("SSSP skipped: the graph has no weights\n");
    } else {  // SSSP
      exec::buffer<Space, float> dist(n);  // the example's distances are floats, as the library's
      sssp_result reference;
      row r{"SSSP"};
      r.generated = median_seconds(trials, [&] {
        dsl::generated::shortest_paths(Space{}, view, dist.data(), source);
        (void)dist.to_host();
      });
      r.library = median_seconds(trials, [&] { reference = sssp(on_device, source); });
      const auto got = dist.to_host();
      bool same = true;
      for (vertex_t v = 0; v < n; ++v) same = same && got[v] == reference.distance[v];
      r.check = same ? "distances equal" : "DISTANCES DIFFER";
      rows.push_back(r);
    }
    {  // CC
      exec::buffer<Space, std::int32_t> label(n);
      cc_result reference;
      row r{"CC"};
      r.generated = median_seconds(trials, [&] {
        dsl::generated::components(Space{}, view, label.data());
        (void)label.to_host();
      });
      r.library = median_seconds(trials, [&] { reference = connected_components(on_device); });
      const auto got = label.to_host();
      std::unordered_map<vertex_t, std::int32_t> mapping;
      bool same = true;
      for (vertex_t v = 0; v < n; ++v) {
        const auto [it, added] = mapping.emplace(reference.label[v], got[v]);
        same = same && it->second == got[v];
      }
      same = same && mapping.size() == reference.num_components;
      r.check = same ? "same partition" : "PARTITIONS DIFFER";
      rows.push_back(r);
    }
    {  // PageRank, per iteration at 20 iterations
      constexpr int iterations = 20;
      exec::buffer<Space, float> rank(n);
      pagerank_options o;
      o.variant = pagerank_variant::graphalytics;
      o.max_iterations = iterations;
      row r{"PageRank, per iteration"};
      r.generated =
          median_seconds(trials, [&] {
            dsl::generated::pagerank(Space{}, view, 0.0f, 0.85f, iterations, rank.data());
            (void)rank.to_host();
          }) /
          iterations;
      r.library = median_seconds(trials, [&] { pagerank(on_device, o); }) / iterations;
      r.check = "time only";
      rows.push_back(r);
    }
    {  // BC, one source
      exec::buffer<Space, float> scores(n);
      betweenness_options o;
      o.sources = {source};
      o.raw_dependencies = true;
      betweenness_result reference;
      row r{"BC, one source"};
      const std::vector<vertex_t> sources = {source};
      r.generated = median_seconds(trials, [&] {
        dsl::generated::betweenness(Space{}, view, scores.data(), std::span<const vertex_t>(sources));
        (void)scores.to_host();
      });
      r.library = median_seconds(trials, [&] { reference = betweenness(on_device, o); });
      const auto got = scores.to_host();
      double largest = 0, worst = 0;
      for (vertex_t v = 0; v < n; ++v) largest = std::max(largest, reference.score[v]);
      for (vertex_t v = 0; v < n; ++v)
        worst = std::max(worst, std::abs(got[v] - reference.score[v]) / std::max(reference.score[v], largest * 1e-3));
      r.check = worst <= 1e-4 ? "within 1e-4" : "DIFFER by " + std::to_string(worst);
      rows.push_back(r);
    }
    {  // TC
      std::int64_t count = 0;
      triangle_result reference;
      row r{"TC"};
      r.generated = median_seconds(trials, [&] { count = dsl::generated::triangles(Space{}, view); });
      r.library = median_seconds(trials, [&] { reference = triangle_count(on_device); });
      r.check = static_cast<std::uint64_t>(count) == reference.total ? "counts equal" : "COUNTS DIFFER";
      rows.push_back(r);
    }
    print(rows);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_dsl_generated: %s\n", e.what());
    return 1;
  }
}
