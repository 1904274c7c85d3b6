// Timing of connected components, PageRank and label propagation on a Kronecker graph
// (Graph500 parameters, edge factor 16, symmetrized), run only when PLEXUS_TIMING_SCALE is
// set; instantiated for the host (tests/suite/community_timing_test.cpp) and for CUDA
// (tests/cuda/community_timing_test.cu). Prints grep-able lines:
//   BFS and CC times (the CC target is at most one BFS), PageRank seconds per iteration and
//   achieved bandwidth by the byte count of pagerank_bytes_per_iteration(), label
//   propagation iterations, communities and modularity.
// Every timed result is checked: CC against the serial reference, PageRank against the
// serial reference, label propagation against the host back end (device runs).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "plexus/algorithms/bfs.hpp"
#include "plexus/algorithms/connected_components.hpp"
#include "plexus/algorithms/label_propagation.hpp"
#include "plexus/algorithms/pagerank.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/verify/components.hpp"
#include "plexus/verify/label_propagation.hpp"
#include "plexus/verify/pagerank.hpp"

namespace plexus_community_timing {

using namespace plexus;

template <class Run>
double median_seconds(int trials, Run run) {
  std::vector<double> s;
  for (int k = 0; k < trials; ++k) s.push_back(run());
  std::sort(s.begin(), s.end());
  return s[s.size() / 2];
}

inline void run_community_timing(backend where) {
  if (!backend_available(where)) GTEST_SKIP() << "back end " << to_string(where) << " not available";
  const char* env = std::getenv("PLEXUS_TIMING_SCALE");
  if (!env) GTEST_SKIP() << "set PLEXUS_TIMING_SCALE (e.g. 22) to time CC, PageRank and label propagation";
  generators::kronecker_options o;
  o.scale = std::atoi(env);
  o.edge_factor = 16;
  build_options b;
  b.symmetrize = true;
  const csr_graph g = build_graph(generators::kronecker(o), b);
  const device_graph dev(g, where);
  const char* name = to_string(where).data();
  const int trials = where == backend::host ? 3 : 7;
  std::printf("device: %s; scale %d, %u vertices, %llu arcs\n", backend_device_name(where).c_str(), o.scale,
              g.num_vertices(), static_cast<unsigned long long>(g.num_edges()));

  vertex_t source = 0;
  while (g.degree(source) == 0) ++source;
  bfs(dev, source);  // warm-up
  const double bfs_s = median_seconds(trials, [&] { return bfs(dev, source).seconds; });

  const auto expect_cc = verify::reference_components(g);
  connected_components(dev);  // warm-up
  cc_result cc;
  const double cc_s = median_seconds(trials, [&] {
    cc = connected_components(dev);
    return cc.seconds;
  });
  EXPECT_TRUE(std::equal(expect_cc.begin(), expect_cc.end(), cc.label.begin()));
  const auto histogram = component_size_histogram(cc.label);
  std::printf("scale %d %s: BFS median %.6f s; CC median %.6f s (%.2fx BFS), %llu components, largest %llu, %d phases\n",
              o.scale, name, bfs_s, cc_s, cc_s / bfs_s, static_cast<unsigned long long>(cc.num_components),
              static_cast<unsigned long long>(histogram.back().first), cc.iterations);

  const pagerank_options gx{.max_iterations = 20, .variant = pagerank_variant::graphalytics};
  pagerank(dev, gx);  // warm-up
  pagerank_result pr;
  const double pr_s = median_seconds(trials, [&] {
    pr = pagerank(dev, gx);
    return pr.seconds;
  });
  const auto expect_pr = verify::reference_pagerank_graphalytics(g, 0.85, 20);
  EXPECT_TRUE(verify::compare_pagerank(expect_pr, pr.rank, 1e-12).ok);
  const double per_iteration = pr_s / pr.iterations;
  std::printf("scale %d %s: PageRank (graphalytics, 20 iterations) median %.6f s, %.6f s/iteration, %llu bytes/iteration"
              " (offsets+indices+8B gathers+2x8B writes), %.1f GB/s\n",
              o.scale, name, pr_s, per_iteration, static_cast<unsigned long long>(pr.bytes_per_iteration),
              static_cast<double>(pr.bytes_per_iteration) / per_iteration * 1e-9);
  const pagerank_result prn = pagerank(dev);
  std::printf("scale %d %s: PageRank (networkx, tol 1e-6) %.6f s, %d iterations, converged %d\n", o.scale, name,
              prn.seconds, prn.iterations, prn.converged ? 1 : 0);

  const lp_options lo{.max_iterations = 10};
  label_propagation(dev, {.max_iterations = 1, .compute_modularity = false});  // warm-up
  lp_result lp;
  const double lp_s = median_seconds(where == backend::host ? 1 : 3, [&] {
    lp = label_propagation(dev, lo);
    return lp.seconds;
  });
  if (where != backend::host) {
    const lp_result h = label_propagation(device_graph(g, backend::host), lo);
    EXPECT_TRUE(std::equal(h.label.begin(), h.label.end(), lp.label.begin()));
  }
  std::printf("scale %d %s: label propagation (synchronous, max 10) median %.6f s, %d iterations (%.6f s each), "
              "%llu communities, modularity %.4f, last iteration changed %llu\n",
              o.scale, name, lp_s, lp.iterations, lp_s / lp.iterations,
              static_cast<unsigned long long>(lp.num_communities), lp.modularity,
              static_cast<unsigned long long>(lp.last_changed));
  const lp_result lr = label_propagation(dev, {.variant = lp_variant::randomized, .max_iterations = 10, .seed = 1});
  std::printf("scale %d %s: label propagation (randomized seed 1, max 10) %.6f s, %d iterations, %llu communities, "
              "modularity %.4f\n",
              o.scale, name, lr.seconds, lr.iterations, static_cast<unsigned long long>(lr.num_communities),
              lr.modularity);
}

}  // namespace plexus_community_timing
