// Timing of hypergraph label propagation, BFS and connected components on a generated
// hypergraph with skewed hyperedge sizes (power law, exponent 1.6, sizes 2..10,000, mean
// vertex degree about 16), run only when PLEXUS_HYPER_TIMING_PINS (millions of pins, e.g.
// 50) is set; instantiated for the host (tests/suite/hyper_timing_test.cpp) and CUDA
// (tests/cuda/hyper_timing_test.cu). Prints grep-able lines: label propagation time per
// iteration and total, each phase's seconds per iteration and achieved bandwidth by the byte
// count documented at hyper_label_propagation_result (4 B per gathered label), then BFS and
// components times. Device results are checked against the host back end (identical labels,
// depths and components); host results against the serial references.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "plexus/algorithms/hyper_bfs.hpp"
#include "plexus/algorithms/hyper_components.hpp"
#include "plexus/algorithms/hyper_label_propagation.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/generators/random_hypergraph.hpp"
#include "plexus/verify/hyper_components.hpp"
#include "plexus/verify/hyper_label_propagation.hpp"

namespace plexus_hyper_timing {

using namespace plexus;

inline void run_hyper_timing(backend where) {
  if (!backend_available(where)) GTEST_SKIP() << "back end " << to_string(where) << " not available";
  const char* env = std::getenv("PLEXUS_HYPER_TIMING_PINS");
  if (!env) GTEST_SKIP() << "set PLEXUS_HYPER_TIMING_PINS (millions of pins, e.g. 50) to time hypergraph algorithms";
  const double pins_wanted = std::atof(env) * 1e6;
  generators::random_hypergraph_options o;
  o.min_edge_size = 2;
  o.max_edge_size = 10000;
  o.size_exponent = 1.6;
  double weight = 0, weighted_size = 0;  // mean of the discrete power law
  for (vertex_t k = o.min_edge_size; k <= o.max_edge_size; ++k) {
    weight += std::pow(k, -o.size_exponent);
    weighted_size += std::pow(k, 1 - o.size_exponent);
  }
  const double mean_size = weighted_size / weight;
  o.num_hyperedges = static_cast<hyperedge_t>(pins_wanted / mean_size);
  o.num_vertices = static_cast<vertex_t>(pins_wanted / 16);
  o.seed = 1;
  timer build_clock;
  const hypergraph h = build_hypergraph(generators::random_hypergraph(o));
  const double build_s = build_clock.seconds();
  const device_hypergraph dev(h, where);
  const char* name = to_string(where).data();
  edge_t largest = 0;
  for (hyperedge_t e = 0; e < h.num_hyperedges(); ++e) largest = std::max(largest, h.edge_size(e));
  std::printf("device: %s; hypergraph %u vertices, %u hyperedges, %llu pins, largest hyperedge %llu; "
              "generated+built in %.2f s, upload+bucketing %.3f s\n",
              backend_device_name(where).c_str(), h.num_vertices(), h.num_hyperedges(),
              static_cast<unsigned long long>(h.num_pins()), static_cast<unsigned long long>(largest), build_s,
              dev.upload_seconds());
  const auto& vb = dev.vertex_buckets();
  const auto& eb = dev.hyperedge_buckets();
  std::printf("buckets (small/medium/large): vertices %zu/%zu/%zu, hyperedges %zu/%zu/%zu\n", vb.count[0],
              vb.count[1], vb.count[2], eb.count[0], eb.count[1], eb.count[2]);

  const hyper_label_propagation_options lo{.max_iterations = 10, .tolerance = 0.0, .seed = 1};
  hyper_label_propagation(dev, {.max_iterations = 1});  // warm-up
  std::vector<hyper_label_propagation_result> runs;
  for (int k = 0; k < (where == backend::host ? 1 : 5); ++k) runs.push_back(hyper_label_propagation(dev, lo));
  std::sort(runs.begin(), runs.end(), [](const auto& a, const auto& b) { return a.seconds < b.seconds; });
  const hyper_label_propagation_result& lp = runs[runs.size() / 2];
  const double it = lp.iterations;
  const double edge_per = lp.edge_phase_seconds / it, vertex_per = lp.vertex_phase_seconds / it;
  std::printf("%s hyper-lp: median total %.6f s, %u iterations, %.6f s/iteration, %u communities, last changed %u\n",
              name, lp.seconds, lp.iterations, lp.seconds / it, lp.num_communities, lp.changed_last);
  std::printf("%s hyper-lp edge phase: %.6f s/iteration, %llu bytes, %.1f GB/s\n", name, edge_per,
              static_cast<unsigned long long>(lp.edge_phase_bytes), lp.edge_phase_bytes / edge_per * 1e-9);
  std::printf("%s hyper-lp vertex phase: %.6f s/iteration, %llu bytes, %.1f GB/s\n", name, vertex_per,
              static_cast<unsigned long long>(lp.vertex_phase_bytes), lp.vertex_phase_bytes / vertex_per * 1e-9);
  if (where != backend::host) {
    const device_hypergraph on_host(h, backend::host);
    const auto expect = hyper_label_propagation(on_host, lo);
    EXPECT_EQ(expect.iterations, lp.iterations);
    EXPECT_TRUE(std::equal(expect.vertex_labels.begin(), expect.vertex_labels.end(), lp.vertex_labels.begin()));
    EXPECT_TRUE(
        std::equal(expect.hyperedge_labels.begin(), expect.hyperedge_labels.end(), lp.hyperedge_labels.begin()));
  } else {
    verify::hyper_label_propagation_options vo;
    vo.max_iterations = lo.max_iterations;
    vo.tolerance = lo.tolerance;
    vo.seed = lo.seed;
    const auto v = verify::hyper_label_propagation(h, vo, lp.vertex_labels, lp.hyperedge_labels, lp.iterations);
    EXPECT_TRUE(v.ok) << v.message;
  }

  vertex_t source = 0;
  while (h.vertex_degree(source) == 0) ++source;
  hyper_bfs(dev, source);  // warm-up
  const auto bfs = hyper_bfs(dev, source);
  std::printf("%s hyper-bfs: %.6f s, %u levels, %u vertices and %u hyperedges reached\n", name, bfs.seconds,
              bfs.levels, bfs.reached_vertices, bfs.reached_hyperedges);
  const auto cc = hyper_components(dev);
  std::printf("%s hyper-cc: %.6f s, %u rounds, %u components (%u with a hyperedge)\n", name, cc.seconds, cc.rounds,
              cc.num_components, cc.num_nontrivial_components);
  const auto v = verify::hyper_components(h, cc.vertex_labels, cc.hyperedge_labels);
  EXPECT_TRUE(v.ok) << v.message;
}

}  // namespace plexus_hyper_timing
