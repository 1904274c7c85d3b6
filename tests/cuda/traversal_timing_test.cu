// BFS and SSSP on a Kronecker graph on the GPU: checks depths and distances against the host
// back end, then prints Graph500-style GTEPS (undirected edges in the traversed component /
// traversal time). Scale from PLEXUS_TIMING_SCALE (default 16, so the suite stays quick).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "plexus/algorithms/bfs.hpp"
#include "plexus/algorithms/sssp.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"

namespace {

using namespace plexus;

TEST(CudaTraversal, KroneckerMatchesHostAndReportsGteps) {
  if (!backend_available(backend::cuda)) GTEST_SKIP() << "no CUDA device";
  const char* env = std::getenv("PLEXUS_TIMING_SCALE");
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
  bfs_result best;
  best.seconds = 1e30;
  for (int trial = 0; trial < 5; ++trial) {
    bfs_result r = bfs(gpu, source);
    ASSERT_TRUE(std::equal(expect.depth.begin(), expect.depth.end(), r.depth.begin()));
    if (r.seconds < best.seconds) best = std::move(r);
  }
  edge_t arcs = 0;
  for (vertex_t v = 0; v < g.num_vertices(); ++v)
    if (expect.depth[v] != unreached_depth) arcs += g.degree(v);
  const double edges = static_cast<double>(arcs) / 2;
  std::printf("scale %d: host BFS %.4f s (%.3f GTEPS); GPU BFS best %.6f s, %.2f GTEPS, %d iterations\n", o.scale,
              expect.seconds, edges / expect.seconds * 1e-9, best.seconds, edges / best.seconds * 1e-9,
              best.iterations);

  const sssp_result sexpect = sssp(host, source);
  double sbest = 1e30;
  int siter = 0;
  for (int trial = 0; trial < 3; ++trial) {
    const sssp_result r = sssp(gpu, source);
    ASSERT_TRUE(std::equal(sexpect.distance.begin(), sexpect.distance.end(), r.distance.begin()));
    if (r.seconds < sbest) {
      sbest = r.seconds;
      siter = r.iterations;
    }
  }
  std::printf("scale %d: host SSSP %.4f s (%.3f GTEPS); GPU SSSP best %.6f s, %.2f GTEPS, %d rounds, delta %.1f\n",
              o.scale, sexpect.seconds, edges / sexpect.seconds * 1e-9, sbest, edges / sbest * 1e-9, siter,
              default_sssp_delta(gpu));
}

}  // namespace
