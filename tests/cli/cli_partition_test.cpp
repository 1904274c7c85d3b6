// `plexus partition GRAPH --ranks N`: its figures are those of the ranks' partitions
// (dist::plan_partition) of the graph `plexus run` loads, printed as text or JSON; the totals
// add up; a wrong rank count is a usage error and a missing file a failure, each one line.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "graph_suite_support.hpp"
#include "plexus/dist/partition_summary.hpp"

namespace {

using namespace plexus_cli_test;

TEST(cli_partition, json_figures_are_the_ranks_partitions) {
  for (const char* direction : {"", " --directed"}) {
    SCOPED_TRACE(direction);
    const cli_result r = run_cli(std::string("partition kron:9 --ranks 3 --json") + direction);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const nlohmann::json report = nlohmann::json::parse(r.out);
    const bool directed = *direction != '\0';
    const plexus::csr_graph graph = plexus_test::kron(9, directed);
    const std::vector<plexus::dist::rank_summary> expected = plexus::dist::plan_partition(graph, 3);
    EXPECT_EQ(report["ranks"], 3);
    EXPECT_EQ(report["vertices"], graph.num_vertices());
    EXPECT_EQ(report["arcs"], graph.num_edges());
    ASSERT_EQ(report["per_rank"].size(), 3u);
    std::uint64_t vertices = 0, bottom_up = 0, pagerank = 0;
    for (std::size_t k = 0; k < 3; ++k) {
      const nlohmann::json& rank = report["per_rank"][k];
      const plexus::dist::rank_summary& e = expected[k];
      EXPECT_EQ(rank["first"], e.first);
      EXPECT_EQ(rank["vertices"], e.vertices);
      EXPECT_EQ(rank["arcs"], e.arcs);
      EXPECT_EQ(rank["ghosts"], e.ghosts);
      EXPECT_EQ(rank["send_list"], e.send_list);
      EXPECT_EQ(rank["peers"], e.peers);
      EXPECT_EQ(rank["local_ids"], e.local_ids);
      EXPECT_EQ(rank["bottom_up_round_bytes"], e.bottom_up_bytes);
      EXPECT_EQ(rank["pagerank_iteration_bytes"], e.pagerank_bytes);
      vertices += rank["vertices"].get<std::uint64_t>();
      bottom_up += rank["bottom_up_round_bytes"].get<std::uint64_t>();
      pagerank += rank["pagerank_iteration_bytes"].get<std::uint64_t>();
    }
    EXPECT_EQ(vertices, graph.num_vertices());
    EXPECT_EQ(report["bottom_up_round_bytes"], bottom_up);
    EXPECT_EQ(report["pagerank_iteration_bytes"], pagerank);
    EXPECT_GE(report["balance"]["model_bytes"].get<double>(), 1.0);
  }
}

TEST(cli_partition, text_lines) {
  const cli_result r = run_cli("partition kron:8 --ranks 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(field(r.out, "Ranks"), "2");
  EXPECT_EQ(field(r.out, "Graph").rfind("kron-8-16 (256 vertices", 0), 0u) << r.out;
  EXPECT_NE(field(r.out, "Balance").find("(max/mean)"), std::string::npos) << r.out;
  EXPECT_NE(field(r.out, "Bottom-Up Round").find("bytes sent in all"), std::string::npos) << r.out;
  EXPECT_NE(field(r.out, "PageRank Iteration").find("bytes sent in all"), std::string::npos) << r.out;
}

TEST(cli_partition, a_wrong_rank_count_or_a_missing_file_is_one_error_line) {
  for (const char* ranks : {"0", "1025", "two"}) {
    const cli_result r = run_cli(std::string("partition kron:8 --ranks ") + ranks);
    EXPECT_EQ(r.status, 2) << ranks;
    EXPECT_EQ(occurrences(r.err, "plexus: error: "), 1u) << r.err;
    EXPECT_NE(r.err.find("see 'plexus partition --help'"), std::string::npos) << r.err;
  }
  const cli_result missing = run_cli("partition " + scratch("missing.el").string() + " --ranks 2");
  EXPECT_EQ(missing.status, 1);
  EXPECT_EQ(occurrences(missing.err, "plexus: error: "), 1u) << missing.err;
  EXPECT_NE(missing.err.find("missing.el"), std::string::npos) << missing.err;
}

}  // namespace
