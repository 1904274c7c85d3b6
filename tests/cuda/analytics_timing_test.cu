// Triangle counting, edge-connected Jaccard (hybrid, merge-only, binary-search-only) and
// batched betweenness on a Kronecker graph on the GPU: checks each result against the host
// back end, then prints grep-able rates. Runs only when PLEXUS_TIMING_SCALE is set (e.g. 22),
// so the regular suite stays quick; betweenness times PLEXUS_TIMING_BC_SOURCES sources (64).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "plexus/algorithms/betweenness.hpp"
#include "plexus/algorithms/jaccard.hpp"
#include "plexus/algorithms/triangles.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"

namespace {

using namespace plexus;

template <class Run>
double best_of(int trials, Run run) {
  double best = 1e30;
  for (int k = 0; k < trials; ++k) best = std::min(best, run());
  return best;
}

TEST(CudaAnalyticsTiming, KroneckerTrianglesJaccardBetweenness) {
  if (!backend_available(backend::cuda)) GTEST_SKIP() << "no CUDA device";
  const char* env = std::getenv("PLEXUS_TIMING_SCALE");
  if (!env) GTEST_SKIP() << "set PLEXUS_TIMING_SCALE (e.g. 22) to time triangles, Jaccard and betweenness";
  generators::kronecker_options o;
  o.scale = std::atoi(env);
  o.edge_factor = 16;
  const csr_graph g = build_graph(generators::kronecker(o));
  const device_graph host(g, backend::host), gpu(g, backend::cuda);
  const double edges = static_cast<double>(g.num_edges()) / 2;
  std::printf("device: %s; scale %d, %u vertices, %llu arcs\n", backend_device_name(backend::cuda).c_str(), o.scale,
              g.num_vertices(), static_cast<unsigned long long>(g.num_edges()));

  // Triangles: edges/s counts the undirected edges of the input.
  const triangle_result expect = triangle_count(host);
  std::printf("scale %d: host triangles %llu in %.4f s (orient %.4f s): %.3g edges/s\n", o.scale,
              static_cast<unsigned long long>(expect.total), expect.seconds, expect.orient_seconds,
              edges / expect.seconds);
  triangle_count(gpu);  // warm-up
  for (intersect_method m : {intersect_method::hybrid, intersect_method::merge, intersect_method::binary_search}) {
    triangle_options options;
    options.method = m;
    double orient = 0;
    const double t = best_of(3, [&] {
      const triangle_result r = triangle_count(gpu, options);
      EXPECT_EQ(r.total, expect.total);
      orient = r.orient_seconds;
      return r.seconds;
    });
    std::printf("scale %d: GPU triangles method %d best %.5f s (orient %.5f s): %.3g edges/s\n", o.scale,
                static_cast<int>(m), t, orient, edges / t);
  }

  // Jaccard: pairs/s counts stored arcs (one score each).
  const jaccard_result jh = jaccard(host);
  std::printf("scale %d: host jaccard hybrid %.4f s: %.3g pairs/s\n", o.scale, jh.seconds,
              static_cast<double>(g.num_edges()) / jh.seconds);
  for (intersect_method m : {intersect_method::hybrid, intersect_method::merge, intersect_method::binary_search}) {
    jaccard_options options;
    options.method = m;
    const double t = best_of(3, [&] {
      const jaccard_result r = jaccard(gpu, options);
      EXPECT_TRUE(std::equal(r.score.begin(), r.score.end(), jh.score.begin()));
      return r.seconds;
    });
    std::printf("scale %d: GPU jaccard %-13s best %.5f s: %.3g pairs/s\n", o.scale,
                m == intersect_method::hybrid ? "hybrid" : m == intersect_method::merge ? "merge" : "binary_search", t,
                static_cast<double>(g.num_edges()) / t);
  }

  // Betweenness from sampled sources: TEPS = sources * arcs / time (two sweeps per source).
  const char* bc_env = std::getenv("PLEXUS_TIMING_BC_SOURCES");
  betweenness_options bo;
  bo.samples = bc_env ? static_cast<vertex_t>(std::atoi(bc_env)) : 64;
  const betweenness_result bh = betweenness(host, bo);
  std::printf("scale %d: host betweenness %u sources %.3f s (%d batches)\n", o.scale, bo.samples, bh.seconds,
              bh.batches);
  const betweenness_result bg = betweenness(gpu, bo);
  double worst = 0;
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    worst = std::max(worst, std::fabs(bg.score[v] - bh.score[v]) / std::max(1e-300, std::fabs(bh.score[v])));
  EXPECT_LT(worst, 1e-9);
  const double t = best_of(3, [&] { return betweenness(gpu, bo).seconds; });
  std::printf("scale %d: GPU betweenness %u sources best %.4f s (%d batches): %.3g TEPS, max rel diff to host %.2g\n",
              o.scale, bo.samples, t, bg.batches, bo.samples * static_cast<double>(g.num_edges()) / t, worst);
}

}  // namespace
