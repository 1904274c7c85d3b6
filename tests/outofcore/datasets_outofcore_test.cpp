// The out-of-core engine on real graphs from the datasets folder (a road network, a mesh, a
// collaboration graph and a social graph), on every back end, with every engine under a limit
// that keeps about a third of the arcs and streams the rest in small chunks: BFS depths and CC
// labels equal to the in-memory ones, PageRank ranks within 1e-9 of the largest. Skipped,
// saying so, where the datasets are absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
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
#include "plexus/device/device_graph.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus {
namespace {

class outofcore_datasets : public test::backend_test {};

constexpr const char* kGraphs[] = {"luxembourg_osm.mtx", "delaunay_n15.graph", "astro-ph.graph",
                                   "PGPgiantcompo.graph"};

TEST_P(outofcore_datasets, every_engine_gives_the_in_memory_answers_on_real_graphs) {
  PLEXUS_REQUIRE_DATASETS();
  for (const char* file : kGraphs) {
    const csr_graph g = io::read_graph(test::datasets_dir() / "graphs" / file);
    const vertex_t source = test::hub(g);
    const device_graph host(g, backend::host);
    const bfs_result bfs_reference = bfs(host, source);
    const cc_result cc_reference = connected_components(host);
    const pagerank_result pagerank_reference = pagerank(host);
    const double largest = *std::max_element(pagerank_reference.rank.begin(), pagerank_reference.rank.end());
    for (auto engine : test::kEngines) {
      SCOPED_TRACE(std::string(file) + ", " + std::string(outofcore::to_string(engine)));
      outofcore::engine_report report;
      const bfs_result b = bfs_out_of_core(g, source, where(), test::tight(g, engine), report);
      EXPECT_TRUE(std::equal(b.depth.begin(), b.depth.end(), bfs_reference.depth.begin(), bfs_reference.depth.end()));
      if (engine == outofcore::engine_kind::out_of_core) {
        EXPECT_GT(report.totals().on_demand_arcs, 0u);  // lists were streamed, not all resident
        outofcore::engine_options in_place = test::tight(g, engine);
        in_place.zero_copy_degree = 4;
        const bfs_result z = bfs_out_of_core(g, source, where(), in_place, report);
        EXPECT_TRUE(std::equal(z.depth.begin(), z.depth.end(), bfs_reference.depth.begin(), bfs_reference.depth.end()));
      }
      const cc_result c = connected_components_out_of_core(g, where(), test::tight(g, engine, 5), report);
      EXPECT_TRUE(std::equal(c.label.begin(), c.label.end(), cc_reference.label.begin(), cc_reference.label.end()));
      const pagerank_result p = pagerank_out_of_core(
          g, where(), {}, test::tight(g, engine, 32, outofcore::stream_use::reduce), report);
      EXPECT_EQ(p.iterations, pagerank_reference.iterations);
      double worst = 0;
      for (std::size_t v = 0; v < p.rank.size(); ++v)
        worst = std::max(worst, std::abs(p.rank[v] - pagerank_reference.rank[v]));
      EXPECT_LE(worst, 1e-9 * largest);
    }
  }
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(outofcore_datasets);

}  // namespace
}  // namespace plexus
