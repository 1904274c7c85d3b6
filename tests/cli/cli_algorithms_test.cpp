// `plexus run` for cc, pagerank, lp, tc, jaccard and bc, `plexus bench` for them, and the
// default job's algorithm lines, run as separate processes. Answers on the hand-made
// fixtures are computed by hand (see each test); karate is checked against the published
// figures of the dataset MANIFEST and LAGraph's reference vectors; generated graphs are
// checked with --validate (the serial references of plexus/verify).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "skip_reasons.hpp"

namespace {

using namespace plexus_cli_test;

const fs::path kDatasets = PLEXUS_DATASETS_DIR;

// cycle4.mtx: the 4-cycle 1-2-3-4, vertex 5 isolated, vertex 6 only a (dropped) self-loop.
// Matrix Market numbers vertices from 1, and results use the file's own ids.
TEST(cli_algorithms, cc_counts_and_histogram_on_cycle) {
  const fs::path out = scratch("cc.tsv");
  const cli_result r = run_cli("run cc " + data("cycle4.mtx") + " --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(field(r.out, "Components"), "3");
  EXPECT_EQ(field(r.out, "Largest Sizes"), "4, 1, 1");
  EXPECT_EQ(field(r.out, "Size 1"), "2 components");
  EXPECT_EQ(field(r.out, "Size 4-7"), "1 components");
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
  EXPECT_EQ(read_text(out), "# vertex\tcomponent\n1\t1\n2\t1\n3\t1\n4\t1\n5\t5\n6\t6\n");
}

// Stationary PageRank of cycle4 (d = 0.85, dangling mass spread uniformly): the isolated
// vertices solve x = d * 2x / 6 + (1 - d) / 6, so x = 0.15 / 4.3; the cycle shares the rest.
TEST(cli_algorithms, pagerank_on_cycle_matches_hand_solution) {
  const fs::path out = scratch("pr.tsv");
  const cli_result r = run_cli("run pagerank " + data("cycle4.mtx") +
                               " --tolerance 1e-10 --max-iter 1000 --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(field(r.out, "Converged"), "yes");
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
  const double isolated = 0.15 / 4.3, cycle = (1 - 2 * isolated) / 4;
  const auto rank = vertex_values(out);
  ASSERT_EQ(rank.size(), 6u);
  for (long v = 1; v <= 4; ++v) EXPECT_NEAR(rank.at(v), cycle, 1e-8) << v;
  EXPECT_NEAR(rank.at(5), isolated, 1e-8);
  EXPECT_NEAR(rank.at(6), isolated, 1e-8);
  EXPECT_EQ(field(r.out, "Top Vertices").rfind("1 (0.232558), 2 (0.232558)", 0), 0u) << r.out;

  const cli_result fixed =
      run_cli("run pagerank " + data("cycle4.mtx") + " --variant graphalytics --max-iter 7 --validate");
  ASSERT_EQ(fixed.status, 0) << fixed.out << fixed.err;
  EXPECT_EQ(field(fixed.out, "Iterations"), "7");
  EXPECT_NE(fixed.out.find("Verification: PASS"), std::string::npos) << fixed.out;
}

TEST(cli_algorithms, pagerank_personalization_in_original_ids) {
  // All teleport mass on vertex 5, which is isolated: it keeps 1 - (mass leaking nowhere) = 1.
  const fs::path p = scratch("personal.txt");
  std::ofstream(p) << "# vertex value\n5 2.5\n";
  const fs::path out = scratch("ppr.tsv");
  const cli_result r = run_cli("run pagerank " + data("cycle4.mtx") + " --personalization " + p.string() +
                               " --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
  EXPECT_NEAR(vertex_values(out).at(5), 1.0, 1e-4);

  std::ofstream(p) << "4 -1\n";
  expect_one_error_line(run_cli("run pagerank " + data("cycle4.mtx") + " --personalization " + p.string()),
                        "personal.txt:1:");
}

// Synchronous LP on a 4-cycle oscillates: after odd iterations labels are 2 1 2 1, after even
// ones 1 2 1 2, so 4 communities {1,3} {2,4} {5} {6} with no internal edge: Q = -2 (4/8)^2.
TEST(cli_algorithms, lp_on_cycle_oscillates_as_computed_by_hand) {
  const fs::path out = scratch("lp.tsv");
  const cli_result r =
      run_cli("run lp " + data("cycle4.mtx") + " --variant synchronous --max-iter 3 --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(field(r.out, "Iterations"), "3");
  EXPECT_EQ(field(r.out, "Communities"), "4");
  EXPECT_EQ(field(r.out, "Modularity"), "-0.500000");
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
  EXPECT_EQ(result_rows(out), "1\t2\n2\t1\n3\t2\n4\t1\n5\t5\n6\t6\n");

  for (const char* variant : {"cdlp", "synchronous", "semi-synchronous"}) {
    const cli_result v =
        run_cli(std::string("run lp kron:9:8 --validate --max-iter 10 --variant ") + variant);
    EXPECT_EQ(v.status, 0) << variant << v.out << v.err;
    EXPECT_NE(v.out.find("Verification: PASS"), std::string::npos) << v.out;
  }
  // The default, semi-synchronous, settles the cycle: no vertex would change its label.
  const cli_result settled = run_cli("run lp " + data("cycle4.mtx") + " --validate");
  ASSERT_EQ(settled.status, 0) << settled.out << settled.err;
  EXPECT_EQ(field(settled.out, "Last Changed"), "0");
  EXPECT_NE(settled.out.find("Verification: PASS"), std::string::npos) << settled.out;
  const cli_result randomized = run_cli("run lp kron:9:8 --validate --variant randomized --seed 3");
  EXPECT_EQ(randomized.status, 0) << randomized.out << randomized.err;
  EXPECT_NE(randomized.out.find("Verification: SKIPPED: "), std::string::npos) << randomized.out;
}

// bowtie.mtx (ids 1..6 as the file writes them): triangles {1,2,3} and {3,4,5}, pendant 6 on 5.
TEST(cli_algorithms, tc_total_and_per_vertex_on_bowtie) {
  const cli_result r = run_cli("run tc " + data("bowtie.mtx") + " --validate");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(field(r.out, "Triangles"), "2");
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;

  const fs::path out = scratch("tc.tsv");
  const cli_result per =
      run_cli("run tc " + data("bowtie.mtx") + " --per-vertex --validate --out " + out.string());
  ASSERT_EQ(per.status, 0) << per.out << per.err;
  EXPECT_EQ(field(per.out, "Top Vertices").rfind("3 (2), 1 (1), 2 (1)", 0), 0u) << per.out;
  EXPECT_EQ(result_rows(out), "1\t1\n2\t1\n3\t2\n4\t1\n5\t1\n6\t0\n");
}

TEST(cli_algorithms, jaccard_per_edge_pairs_and_top_k_on_bowtie) {
  // N(1)={2,3} N(2)={1,3} N(3)={1,2,4,5} N(4)={3,5} N(5)={3,4,6} N(6)={5}.
  for (const char* mode : {"hybrid", "merge", "binary"}) {
    const fs::path out = scratch(std::string("jaccard_") + mode + ".tsv");
    const cli_result r = run_cli("run jaccard " + data("bowtie.mtx") + " --validate --mode " + mode +
                                 " --out " + out.string());
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
    EXPECT_EQ(field(r.out, "Pairs Listed"), "7");
    EXPECT_EQ(field(r.out, "Mean Jaccard"), "0.192857");  // (1/3 + 3 * 1/5 + 1/6 + 1/4 + 0) / 7
    std::istringstream lines(result_rows(out));
    std::map<std::pair<long, long>, double> score;
    long u = 0, v = 0;
    double j = 0;
    while (lines >> u >> v >> j) score[{u, v}] = j;
    const std::map<std::pair<long, long>, double> expected = {
        {{1, 2}, 1.0 / 3}, {{1, 3}, 0.2},  {{2, 3}, 0.2}, {{3, 4}, 0.2},
        {{3, 5}, 1.0 / 6}, {{4, 5}, 0.25}, {{5, 6}, 0.0}};
    ASSERT_EQ(score.size(), expected.size()) << mode;
    for (const auto& [pair, value] : expected)
      EXPECT_NEAR(score.at(pair), value, 1e-12) << pair.first << " " << pair.second;
  }

  const fs::path pairs = scratch("pairs.txt");
  std::ofstream(pairs) << "1 4\n6 3  # not an edge either\n";
  const fs::path out = scratch("jaccard_pairs.tsv");
  const cli_result r = run_cli("run jaccard " + data("bowtie.mtx") + " --pairs " + pairs.string() +
                               " --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
  EXPECT_EQ(read_text(out), "# u\tv\tjaccard\n1\t4\t0.3333333333333333\n6\t3\t0.25\n");

  const fs::path top = scratch("jaccard_top.tsv");
  const cli_result k =
      run_cli("run jaccard " + data("bowtie.mtx") + " --top-k 1 --validate --out " + top.string());
  ASSERT_EQ(k.status, 0) << k.out << k.err;
  EXPECT_NE(k.out.find("Verification: PASS"), std::string::npos) << k.out;
  // Best neighbour of each vertex, ties to the smaller id.
  EXPECT_EQ(result_rows(top),
            "1\t2\t0.3333333333333333\n2\t1\t0.3333333333333333\n3\t1\t0.2\n"
            "4\t5\t0.25\n5\t4\t0.25\n6\t5\t0\n");

  std::ofstream(pairs) << "1 4\n1 77\n";
  expect_one_error_line(run_cli("run jaccard " + data("bowtie.mtx") + " --pairs " + pairs.string()),
                        "pairs.txt:2: vertex 77 is not in the graph");
}

// Exact betweenness of the bow tie: 3 lies on every path between {1,2} and {4,5,6} (6 pairs),
// 5 on every path from 6 to the four others (4 pairs); normalized by 2 / ((n-1)(n-2)) = 0.1.
TEST(cli_algorithms, bc_exact_and_sampled) {
  const fs::path out = scratch("bc.tsv");
  const cli_result r = run_cli("run bc " + data("bowtie.mtx") + " --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << r.out;
  EXPECT_EQ(field(r.out, "Top Vertices").rfind("3 (6), 5 (4), 1 (0)", 0), 0u) << r.out;
  const auto score = vertex_values(out);
  ASSERT_EQ(score.size(), 6u);
  for (long v = 1; v <= 6; ++v) EXPECT_NEAR(score.at(v), v == 3 ? 6.0 : v == 5 ? 4.0 : 0.0, 1e-12) << v;

  const cli_result normalized = run_cli("run bc " + data("bowtie.mtx") + " --normalized --exact --validate");
  ASSERT_EQ(normalized.status, 0) << normalized.out << normalized.err;
  EXPECT_EQ(field(normalized.out, "Top Vertices").rfind("3 (0.6), 5 (0.4)", 0), 0u) << normalized.out;

  for (const char* extra : {"-k 8 --seed 5", "-k 4 --endpoints", "--sources 1,7,30"}) {
    const cli_result sampled = run_cli(std::string("run bc kron:9:8 --validate ") + extra);
    EXPECT_EQ(sampled.status, 0) << extra << sampled.out << sampled.err;
    EXPECT_NE(sampled.out.find("Verification: PASS"), std::string::npos) << extra << sampled.out;
  }
}

TEST(cli_algorithms, original_ids_of_snap_input) {
  // Ids 100, 7, 5000 form a triangle, 9 - 10 an edge; internally they are renumbered.
  const fs::path graph = scratch("sparse.txt");
  std::ofstream(graph) << "100 7\n7 5000\n5000 100\n9 10\n";
  const fs::path cc = scratch("sparse_cc.tsv");
  ASSERT_EQ(run_cli("run cc " + graph.string() + " --undirected --out " + cc.string()).status, 0);
  const auto labels = vertex_values(cc);
  ASSERT_EQ(labels.size(), 5u);
  EXPECT_EQ(labels.at(100), labels.at(7));
  EXPECT_EQ(labels.at(7), labels.at(5000));
  EXPECT_EQ(labels.at(9), labels.at(10));
  EXPECT_NE(labels.at(9), labels.at(7));
  for (const auto& [v, label] : labels) EXPECT_TRUE(labels.count(static_cast<long>(label))) << v;

  const fs::path bc = scratch("sparse_bc.tsv");
  const cli_result r =
      run_cli("run bc " + graph.string() + " --undirected --sources 5000,9 --validate --out " + bc.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(field(r.out, "Sources").find("(5000, 9)"), std::string::npos) << r.out;
  EXPECT_EQ(vertex_values(bc).size(), 5u);

  const fs::path tc = scratch("sparse_tc.tsv");
  ASSERT_EQ(run_cli("run tc " + graph.string() + " --undirected --out " + tc.string()).status, 0);
  EXPECT_EQ(read_text(tc).find("100\t1\n") != std::string::npos, true) << read_text(tc);
  EXPECT_NE(read_text(tc).find("9\t0\n"), std::string::npos) << read_text(tc);

  expect_one_error_line(run_cli("run bc " + graph.string() + " --undirected --sources 3"), "source 3");
  // A source listed twice is named as typed, not by its internal number.
  expect_one_error_line(run_cli("run bc " + graph.string() + " --undirected --sources 5000,5000"),
                        "betweenness source 5000 listed twice");
}

TEST(cli_algorithms, karate_published_figures) {
  PLEXUS_SKIP_WITHOUT_DATASET(kDatasets / "graphs");
  const std::string karate = (kDatasets / "graphs" / "karate.mtx").string();
  cli_result r = run_cli("run tc " + karate + " --validate");
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_EQ(field(r.out, "Triangles"), "45");  // MANIFEST: TC=45
  r = run_cli("run cc " + karate + " --validate");
  EXPECT_EQ(field(r.out, "Components"), "1");
  for (const char* algorithm : {"lp", "jaccard", "bc"}) {
    r = run_cli(std::string("run ") + algorithm + " " + karate + " --validate");
    EXPECT_EQ(r.status, 0) << algorithm << r.out << r.err;
    EXPECT_NE(r.out.find("Verification: PASS"), std::string::npos) << algorithm << r.out;
  }
  // LAGraph's PageRank vector (err < 1e-4 by LAGraph's own test); its vertex v is karate.mtx's
  // row v + 1, the id plexus writes.
  const fs::path out = scratch("karate_pr.tsv");
  r = run_cli("run pagerank " + karate + " --validate --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const auto rank = vertex_values(out);
  std::ifstream reference(kDatasets / "reference" / "lagraph" / "karate_pagerank.txt");
  std::string line;
  int compared = 0;
  while (std::getline(reference, line)) {
    if (line.empty() || line[0] == '#') continue;
    long v = 0;
    double x = 0;
    std::istringstream(line) >> v >> x;
    EXPECT_NEAR(rank.at(v + 1), x, 1e-4) << v;
    ++compared;
  }
  EXPECT_EQ(compared, 34);
}

}  // namespace
