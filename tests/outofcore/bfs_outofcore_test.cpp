// Out-of-core BFS on every back end with a memory limit small enough to force the whole
// machinery: a static prefix, many chunks, lists longer than a chunk split across chunks, and
// every engine; its depths must equal the in-memory BFS's, and its parents must form a valid
// BFS tree (verify::bfs).
#include "plexus/algorithms/bfs/bfs_outofcore.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "algorithm_test_support.hpp"
#include "outofcore_test_support.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"
#include "plexus/device/device_graph.hpp"

namespace plexus {
namespace {

class bfs_outofcore : public test::backend_test {};

using test::hub;
using test::kron;
using test::tight;

TEST_P(bfs_outofcore, every_engine_gives_the_in_memory_depths) {
  for (bool directed : {false, true}) {
    const csr_graph g = kron(12, directed);
    const vertex_t source = hub(g);
    const bfs_result reference = bfs(device_graph(g, backend::host), source);
    for (auto engine : test::kEngines) {
      SCOPED_TRACE(std::string(outofcore::to_string(engine)) + (directed ? " directed" : " undirected"));
      outofcore::engine_report report;
      const bfs_result r = bfs_out_of_core(g, source, where(), tight(g, engine), report);
      EXPECT_EQ(std::vector<vertex_t>(r.depth.begin(), r.depth.end()),
                std::vector<vertex_t>(reference.depth.begin(), reference.depth.end()));
      const auto verdict = verify::bfs(g, source, r.depth, r.parent);
      EXPECT_TRUE(verdict.ok) << verdict.message;
      if (engine == outofcore::engine_kind::out_of_core) {
        EXPECT_FALSE(report.plan.fits);
        EXPECT_GT(report.plan.static_vertices, 0u);
        EXPECT_LT(report.plan.static_vertices, g.num_vertices());
        EXPECT_GT(report.totals().chunks, report.iterations.size());  // several chunks per level
        EXPECT_GT(report.totals().static_arcs, 0u);
      }
      if (engine == outofcore::engine_kind::subway) {
        EXPECT_EQ(report.totals().static_arcs, 0u);
      }
    }
  }
}

TEST_P(bfs_outofcore, without_overlap_and_with_every_static_share_the_depths_stay) {
  const csr_graph g = kron(11, false);
  const vertex_t source = hub(g);
  const bfs_result reference = bfs(device_graph(g, backend::host), source);
  for (double share : {0.0, 0.25, 0.5, 0.75})
    for (bool overlap : {true, false}) {
      outofcore::engine_options options = tight(g, outofcore::engine_kind::out_of_core);
      options.static_fraction = share;
      options.overlap = overlap;
      outofcore::engine_report report;
      const bfs_result r = bfs_out_of_core(g, source, where(), options, report);
      EXPECT_EQ(std::vector<vertex_t>(r.depth.begin(), r.depth.end()),
                std::vector<vertex_t>(reference.depth.begin(), reference.depth.end()))
          << "share " << share << " overlap " << overlap;
    }
}

TEST_P(bfs_outofcore, long_lists_read_in_place_give_the_in_memory_depths) {
  const csr_graph g = kron(12, false);
  const vertex_t source = hub(g);
  const bfs_result reference = bfs(device_graph(g, backend::host), source);
  for (std::uint32_t degree : {1u, 8u, 64u}) {
    SCOPED_TRACE("zero-copy degree " + std::to_string(degree));
    outofcore::engine_options options = tight(g, outofcore::engine_kind::out_of_core);
    options.zero_copy_degree = degree;
    outofcore::engine_report report;
    const bfs_result r = bfs_out_of_core(g, source, where(), options, report);
    EXPECT_EQ(std::vector<vertex_t>(r.depth.begin(), r.depth.end()),
              std::vector<vertex_t>(reference.depth.begin(), reference.depth.end()));
    const auto verdict = verify::bfs(g, source, r.depth, r.parent);
    EXPECT_TRUE(verdict.ok) << verdict.message;
    EXPECT_TRUE(report.zero_copy_lists);
    const outofcore::iteration_stats total = report.totals();
    EXPECT_GT(total.zero_copy_arcs, 0u);
    EXPECT_GT(total.static_arcs, 0u);
    if (degree == 1) {
      EXPECT_EQ(total.zero_copy_arcs, total.on_demand_arcs);  // every list past the prefix in place
      EXPECT_EQ(total.chunks, 0u);
    } else {
      EXPECT_LT(total.zero_copy_arcs, total.on_demand_arcs);
      EXPECT_GT(total.chunks, 0u);
    }
    EXPECT_LE(report.peak_device_bytes, options.device_memory_limit);
  }
}

TEST_P(bfs_outofcore, the_peak_stays_under_the_limit) {
  const csr_graph g = kron(12, false);
  const outofcore::engine_options options = tight(g, outofcore::engine_kind::out_of_core);
  outofcore::engine_report report;
  bfs_out_of_core(g, hub(g), where(), options, report);
  EXPECT_LE(report.peak_device_bytes, options.device_memory_limit);
  EXPECT_GT(report.peak_device_bytes, 0u);
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(bfs_outofcore);

}  // namespace
}  // namespace plexus
