// The region plan reserves everything the engine places (footprint.hpp): at the smallest
// memory limit the plan accepts, and at limits above it, every streaming engine runs each
// out-of-core algorithm (visits and reductions) to the in-memory answer, and the measured peak stays under
// the limit. On the host, where no vendor library takes scratch, the peak stays under the limit less the
// reserve kept for that scratch, so an allocation the footprint forgot shows up here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "algorithm_test_support.hpp"
#include "outofcore_test_support.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/bfs/bfs_outofcore.hpp"
#include "plexus/algorithms/cc/cc.hpp"
#include "plexus/algorithms/cc/cc_outofcore.hpp"
#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/algorithms/pagerank/pagerank_outofcore.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/algorithms/sssp/sssp_outofcore.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_graph.hpp"

namespace plexus {
namespace {

class outofcore_footprint : public test::backend_test {};

/// Runs the algorithm under `options`; true when its answer equals the in-memory one.
using run_under = std::function<bool(const outofcore::engine_options&, outofcore::engine_report&)>;

/// The smallest limit the plan accepts, as a run under a roomy limit reports it; a limit
/// below it is refused up front with an invalid_argument naming what would fit.
std::uint64_t smallest_accepted_limit(outofcore::engine_options options, const run_under& run) {
  options.device_memory_limit = std::uint64_t(1) << 30;
  outofcore::engine_report report;
  run(options, report);
  const std::uint64_t smallest = report.plan.smallest_cap_bytes;
  options.device_memory_limit = smallest - 1;
  try {
    run(options, report);
    ADD_FAILURE() << "a limit 1 byte below the smallest was accepted";
  } catch (const error& e) {
    EXPECT_EQ(e.kind(), error_kind::invalid_argument) << e.what();
    EXPECT_NE(std::string(e.what()).find("would fit"), std::string::npos) << e.what();
  }
  return smallest;
}

void check_every_limit(const csr_graph& g, backend where, const run_under& run) {
  for (auto engine : {outofcore::engine_kind::out_of_core, outofcore::engine_kind::subway,
                      outofcore::engine_kind::zero_copy, outofcore::engine_kind::managed}) {
    outofcore::engine_options options;
    options.engine = engine;
    options.min_chunk_bytes = 4096;
    const std::uint64_t smallest = smallest_accepted_limit(options, run);
    const std::uint64_t arcs = g.out().offsets.back() * (g.weighted() ? 8 : 4);
    for (std::uint64_t extra : {std::uint64_t(0), arcs / 8, arcs / 3, arcs / 2}) {
      options.device_memory_limit = smallest + extra;
      SCOPED_TRACE(std::string(outofcore::to_string(engine)) + " at a limit of " +
                   std::to_string(options.device_memory_limit));
      outofcore::engine_report report;
      EXPECT_TRUE(run(options, report));
      const std::uint64_t room = where == backend::host
                                     ? options.device_memory_limit - outofcore::kEngineFixedBytes
                                     : options.device_memory_limit;
      EXPECT_LE(report.peak_device_bytes, room);
      if (engine == outofcore::engine_kind::out_of_core && extra > 0) {
        EXPECT_GT(report.plan.static_vertices, 0u);
      }
      if (engine == outofcore::engine_kind::out_of_core) {
        // Long lists read in place add their bitmap and the split's third scan.
        outofcore::engine_options in_place = options;
        in_place.zero_copy_degree = 8;
        outofcore::engine_report in_place_report;
        EXPECT_TRUE(run(in_place, in_place_report));
        EXPECT_LE(in_place_report.peak_device_bytes, room);
      }
    }
  }
}

TEST_P(outofcore_footprint, bfs_runs_at_every_limit_the_plan_accepts) {
  const csr_graph g = test::kron(12, false);
  const vertex_t source = test::hub(g);
  const bfs_result reference = bfs(device_graph(g, backend::host), source);
  check_every_limit(g, where(), [&](const outofcore::engine_options& options, outofcore::engine_report& report) {
    const bfs_result r = bfs_out_of_core(g, source, where(), options, report);
    return std::vector<vertex_t>(r.depth.begin(), r.depth.end()) ==
           std::vector<vertex_t>(reference.depth.begin(), reference.depth.end());
  });
}

TEST_P(outofcore_footprint, weighted_sssp_runs_at_every_limit_the_plan_accepts) {
  const csr_graph g = test::kron(12, false, true);
  const vertex_t source = test::hub(g);
  const sssp_result reference = sssp(device_graph(g, backend::host), source);
  check_every_limit(g, where(), [&](const outofcore::engine_options& options, outofcore::engine_report& report) {
    const sssp_result r = sssp_out_of_core(g, source, where(), options, report);
    return std::vector<weight_t>(r.distance.begin(), r.distance.end()) ==
           std::vector<weight_t>(reference.distance.begin(), reference.distance.end());
  });
}

TEST_P(outofcore_footprint, cc_runs_at_every_limit_the_plan_accepts) {
  const csr_graph g = test::kron(12, false);
  const cc_result reference = connected_components(device_graph(g, backend::host));
  check_every_limit(g, where(), [&](const outofcore::engine_options& options, outofcore::engine_report& report) {
    const cc_result r = connected_components_out_of_core(g, where(), options, report);
    return std::vector<vertex_t>(r.label.begin(), r.label.end()) ==
           std::vector<vertex_t>(reference.label.begin(), reference.label.end());
  });
}

TEST_P(outofcore_footprint, pagerank_runs_at_every_limit_the_plan_accepts) {
  const csr_graph g = test::kron(12, false);
  pagerank_options settings;
  settings.max_iterations = 8;
  const pagerank_result reference = pagerank(device_graph(g, backend::host), settings);
  check_every_limit(g, where(), [&](const outofcore::engine_options& options, outofcore::engine_report& report) {
    const pagerank_result r = pagerank_out_of_core(g, where(), settings, options, report);
    double worst = 0;
    for (vertex_t v = 0; v < g.num_vertices(); ++v) worst = std::max(worst, std::abs(r.rank[v] - reference.rank[v]));
    return worst <= 1e-12;
  });
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(outofcore_footprint);

}  // namespace
}  // namespace plexus
