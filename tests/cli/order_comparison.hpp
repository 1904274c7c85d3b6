// Running one algorithm on one graph in the input's vertex order and in degree order
// (`--order input` and `--order degree`), both verified, and comparing the --out files.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"

namespace plexus_cli_test {

/// Relative difference allowed between real-valued results (PageRank ranks, betweenness
/// scores) of the two orders: their sums add the same terms in another order, so they may
/// differ in the last bits (see README, "Vertex order").
inline constexpr double kReorderedSumTolerance = 1e-9;

/// The data lines of a --out file's text, each split at tabs (the '#' header line skipped).
inline std::vector<std::vector<std::string>> tab_lines(const std::string& text) {
  std::vector<std::vector<std::string>> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("#")) continue;
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, '\t');) fields.push_back(cell);
    lines.push_back(fields);
  }
  return lines;
}

/// The same vertices in the same order, and the last column equal within a relative tolerance.
inline void expect_close_files(const std::string& a, const std::string& b, double tolerance,
                               const std::string& what) {
  const auto x = tab_lines(a), y = tab_lines(b);
  ASSERT_EQ(x.size(), y.size()) << what;
  for (std::size_t i = 0; i < x.size(); ++i) {
    ASSERT_EQ(x[i].size(), y[i].size()) << what << " line " << i + 1;
    for (std::size_t j = 0; j + 1 < x[i].size(); ++j)
      ASSERT_EQ(x[i][j], y[i][j]) << what << " line " << i + 1;
    const double p = std::stod(x[i].back()), q = std::stod(y[i].back());
    ASSERT_LE(std::abs(p - q), tolerance * std::max({std::abs(p), std::abs(q), 1e-300}))
        << what << " line " << i + 1 << ": " << x[i].back() << " vs " << y[i].back();
  }
}

enum class check { pass, skipped };

/// The --out file of `plexus run ALGORITHM GRAPH OPTIONS --validate`, which must exit 0 with
/// "Verification: PASS" (or SKIPPED where no reference exists).
inline std::string validated_output(const std::string& algorithm, const std::string& graph,
                                    const std::string& options, check verification = check::pass) {
  const fs::path out = scratch(algorithm + "_result.tsv");
  fs::remove(out);
  const std::string arguments =
      "run " + algorithm + " " + graph + " " + options + " --validate --out " + out.string();
  const cli_result r = run_cli(arguments);
  EXPECT_EQ(r.status, 0) << arguments << "\n" << r.out << r.err;
  const char* verdict = verification == check::pass ? "Verification: PASS" : "Verification: SKIPPED";
  EXPECT_NE(r.out.find(verdict), std::string::npos) << arguments << "\n" << r.out;
  return read_text(out);
}

/// Equal byte for byte, or within `tolerance` when it is set. A difference is reported as the
/// first line that differs and the count of differing lines (a whole-file diff of large
/// files would take the test framework far too long).
inline void expect_same_results(const std::string& a, const std::string& b, double tolerance,
                                const std::string& what) {
  ASSERT_FALSE(a.empty()) << what;
  if (tolerance != 0) return expect_close_files(a, b, tolerance, what);
  if (a == b) return;
  std::istringstream x(a), y(b);
  std::string first_x, first_y;
  std::size_t line = 0, first = 0, differing = 0;
  for (std::string p, q;; p.clear(), q.clear()) {
    const bool more_x = static_cast<bool>(std::getline(x, p));
    const bool more_y = static_cast<bool>(std::getline(y, q));
    if (!more_x && !more_y) break;
    ++line;
    if (p == q) continue;
    if (differing++ == 0) {
      first = line;
      first_x = p;
      first_y = q;
    }
  }
  ADD_FAILURE() << what << ": " << differing << " lines differ, the first is line " << first << ": '"
                << first_x << "' vs '" << first_y << "'";
}

/// Runs `plexus run ALGORITHM GRAPH OPTIONS --validate --out F` with --order input and
/// --order degree; both must pass (validated_output) and write the same file.
inline void expect_order_independent(const std::string& algorithm, const std::string& graph,
                                     const std::string& options, double tolerance = 0,
                                     check verification = check::pass) {
  const std::string in_input = validated_output(algorithm, graph, options + " --order input", verification);
  const std::string in_degree = validated_output(algorithm, graph, options + " --order degree", verification);
  expect_same_results(in_input, in_degree, tolerance, algorithm + " " + graph + " " + options);
}

/// Every algorithm that takes an undirected graph, each way it writes a result.
inline void expect_undirected_algorithms_order_independent(const std::string& graph, const std::string& pairs,
                                                           const std::string& bc_options = "") {
  expect_order_independent("bfs", graph, "");
  expect_order_independent("sssp", graph, "");
  expect_order_independent("sssp", graph, "--random-weights");
  expect_order_independent("cc", graph, "");
  expect_order_independent("pagerank", graph, "--tolerance 1e-12 --max-iter 1000", kReorderedSumTolerance);
  expect_order_independent("pagerank", graph, "--variant graphalytics --max-iter 20", kReorderedSumTolerance);
  expect_order_independent("lp", graph, "");
  expect_order_independent("lp", graph, "--variant cdlp --max-iter 10");
  expect_order_independent("lp", graph, "--variant randomized --seed 7", 0, check::skipped);
  expect_order_independent("tc", graph, "");
  for (const char* mode : {"hybrid", "merge", "binary"})
    expect_order_independent("jaccard", graph, std::string("--mode ") + mode);
  expect_order_independent("jaccard", graph, "--top-k 1");
  expect_order_independent("jaccard", graph, "--top-k 3");
  expect_order_independent("jaccard", graph, "--pairs " + pairs);
  expect_order_independent("bc", graph, bc_options, kReorderedSumTolerance);
  expect_order_independent("bc", graph, "-k 5 --seed 3", kReorderedSumTolerance);
  expect_order_independent("kcore", graph, "");
}

/// Every algorithm that takes a directed graph.
inline void expect_directed_algorithms_order_independent(const std::string& graph) {
  expect_order_independent("bfs", graph, "");
  expect_order_independent("sssp", graph, "");
  expect_order_independent("cc", graph, "");
  expect_order_independent("pagerank", graph, "--tolerance 1e-12 --max-iter 1000", kReorderedSumTolerance);
  expect_order_independent("lp", graph, "");
  expect_order_independent("lp", graph, "--variant cdlp --max-iter 10");
  expect_order_independent("lp", graph, "--variant randomized", 0, check::skipped);
  expect_order_independent("bc", graph, "-k 6 --seed 2", kReorderedSumTolerance);
}

}  // namespace plexus_cli_test
