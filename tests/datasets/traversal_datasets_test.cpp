// Every graph of the third-party datasets folder, searched by BFS and SSSP from its vertex of
// maximum degree on every back end and checked by the serial verifiers. Graphs with signed
// weights (soc-sign-bitcoinalpha) must make SSSP refuse them with plexus::error.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>

#include "algorithm_test_support.hpp"
#include "plexus/algorithms/bfs/bfs.hpp"
#include "plexus/algorithms/sssp/sssp.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/algorithms/bfs/bfs_verify.hpp"
#include "plexus/algorithms/sssp/sssp_verify.hpp"

namespace plexus {
namespace {

// Files whose name does not say their format, and files that are not graphs
// (p2p-31.v holds vertex data for p2p-31.e).
const std::map<std::string, io::graph_format> kFormats = {
    {"p2p-31.e", io::graph_format::weighted_edge_list},
    {"cora.cites", io::graph_format::edge_list},
};
const char* const kNotGraphs[] = {"p2p-31.v"};

bool has_negative_weight(const csr_graph& g) {
  return std::any_of(g.weights().begin(), g.weights().end(), [](weight_t w) { return !(w >= 0); });
}

class datasets_test : public test::backend_test {};

TEST_P(datasets_test, every_graph_verified_from_its_hub) {
  PLEXUS_REQUIRE_DATASETS();
  int checked = 0;
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(test::datasets_dir() / "graphs")) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    const std::string file = path.filename().string();
    if (std::find(std::begin(kNotGraphs), std::end(kNotGraphs), file) != std::end(kNotGraphs)) {
      std::cout << "[ SKIPPED  ] " << file << ": not a graph format Plexus reads\n";
      continue;
    }
    SCOPED_TRACE(file);
    io::read_options options;
    if (const auto it = kFormats.find(file); it != kFormats.end()) options.format = it->second;
    options.build_in_edges = true;
    csr_graph g;
    try {
      g = io::read_graph(path, options);
    } catch (const error& e) {
      ADD_FAILURE() << "cannot read: " << e.what();
      continue;
    }
    vertex_t hub = 0;
    for (vertex_t v = 0; v < g.num_vertices(); ++v)
      if (g.degree(v) > g.degree(hub)) hub = v;
    const device_graph dev(g, where());

    const bfs_result b = bfs(dev, hub);
    const auto bv = verify::bfs(g, hub, b.depth, b.parent);
    EXPECT_TRUE(bv.ok) << "bfs from " << hub << ": " << bv.message;

    if (has_negative_weight(g)) {
      EXPECT_THROW(sssp(dev, hub), error) << "negative weights must be refused";
    } else {
      const sssp_result s = sssp(dev, hub);
      const auto sv = verify::sssp(g, hub, s.distance, s.parent);
      EXPECT_TRUE(sv.ok) << "sssp from " << hub << ": " << sv.message;
    }
    ++checked;
  }
  EXPECT_GE(checked, 30) << "the manifest lists 32 graphs, 30 of them in formats Plexus reads";
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(datasets_test);

}  // namespace
}  // namespace plexus
