// BFS and SSSP on a Kronecker graph on the GPU: checks depths and distances against the host
// back end, then prints Graph500-style GTEPS (undirected edges in the traversed component /
// traversal time). Scale from PLEXUS_TIMING_SCALE (default 16, so the suite stays quick).
// PLEXUS_TIMING_SWEEP=1 also times the load balancers, forced directions and a range of
// SSSP deltas, each checked against the host result, for tuning the defaults.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"

namespace {

using namespace plexus;

struct timing {
  double best = 1e30, median = 0;
  int iterations = 0;
};

template <class Run>
timing time_trials(int trials, Run run) {
  std::vector<double> seconds;
  timing t;
  for (int k = 0; k < trials; ++k) {
    int iterations = 0;
    const double s = run(iterations);
    seconds.push_back(s);
    if (s < t.best) {
      t.best = s;
      t.iterations = iterations;
    }
  }
  std::sort(seconds.begin(), seconds.end());
  t.median = seconds[seconds.size() / 2];
  return t;
}

TEST(CudaTraversal, KroneckerMatchesHostAndReportsGteps) {
  if (!backend_available(backend::cuda)) GTEST_SKIP() << "no CUDA device";
  const char* env = std::getenv("PLEXUS_TIMING_SCALE");
  const bool sweep = std::getenv("PLEXUS_TIMING_SWEEP") != nullptr;
  generators::kronecker_options o;
  o.scale = env ? std::atoi(env) : 16;
  o.edge_factor = 16;
  o.weighted = true;
  build_options b;
  b.symmetrize = true;
  const csr_graph g = build_graph(generators::kronecker(o), b);
  const device_graph host(g, backend::host), gpu(g, backend::cuda);
  vertex_t source = 0;
  while (g.degree(source) == 0) ++source;

  const bfs_result expect = bfs(host, source);
  edge_t arcs = 0;
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    if (expect.depth[v] != unreached_depth) arcs += g.degree(v);
  const double edges = static_cast<double>(arcs) / 2;
  std::printf("device: %s; scale %d, %u vertices, %llu arcs, %.0f undirected edges reached\n",
              backend_device_name(backend::cuda).c_str(), o.scale, g.num_vertices(),
              static_cast<unsigned long long>(g.num_edges()), edges);

  auto time_bfs = [&](const char* name, const bfs_options& options, int trials) {
    const timing t = time_trials(trials, [&](int& iterations) {
      const bfs_result r = bfs(gpu, source, options);
      EXPECT_TRUE(std::equal(expect.depth.begin(), expect.depth.end(), r.depth.begin())) << name;
      iterations = r.iterations;
      return r.seconds;
    });
    std::printf("scale %d: GPU BFS %-24s median %.6f s best %.6f s: %.2f GTEPS (median %.2f), %d iterations\n",
                o.scale, name, t.median, t.best, edges / t.best * 1e-9, edges / t.median * 1e-9, t.iterations);
  };
  bfs(gpu, source);  // warm-up: module load, first allocations
  std::printf("scale %d: host BFS %.4f s (%.3f GTEPS), %d iterations\n", o.scale, expect.seconds,
              edges / expect.seconds * 1e-9, expect.iterations);
  time_bfs("default", {}, 9);
  if (sweep) {
    time_bfs("push", {.direction = direction_mode::push}, 3);
    for (load_balance lb : {load_balance::thread_mapped, load_balance::warp_mapped, load_balance::degree_bucketed,
                            load_balance::edge_balanced})
      time_bfs(std::string(to_string(lb)).c_str(), {.balance = lb}, 5);
  }

  const sssp_result sexpect = sssp(host, source);
  std::printf("scale %d: host SSSP %.4f s (%.3f GTEPS), %d rounds\n", o.scale, sexpect.seconds,
              edges / sexpect.seconds * 1e-9, sexpect.iterations);
  auto time_sssp = [&](const std::string& name, const sssp_options& options, int trials) {
    const timing t = time_trials(trials, [&](int& iterations) {
      const sssp_result r = sssp(gpu, source, options);
      EXPECT_TRUE(std::equal(sexpect.distance.begin(), sexpect.distance.end(), r.distance.begin())) << name;
      iterations = r.iterations;
      return r.seconds;
    });
    std::printf("scale %d: GPU SSSP %-24s median %.6f s best %.6f s: %.2f GTEPS (median %.2f), %d rounds, delta %.1f\n",
                o.scale, name.c_str(), t.median, t.best, edges / t.best * 1e-9, edges / t.median * 1e-9,
                t.iterations, options.delta > 0 ? options.delta : default_sssp_delta(gpu));
  };
  time_sssp("default", {}, 5);
  if (sweep) {
    const weight_t base = default_sssp_delta(gpu);
    for (float factor : {0.5f, 2.0f, 4.0f, 8.0f, 32.0f})
      time_sssp("delta x" + std::to_string(factor).substr(0, 4), {.delta = base * factor}, 3);
    for (load_balance lb : {load_balance::warp_mapped, load_balance::degree_bucketed, load_balance::edge_balanced})
      time_sssp(std::string(to_string(lb)), {.balance = lb}, 3);
  }
}

}  // namespace
