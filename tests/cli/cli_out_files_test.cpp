// The --out files of every algorithm and of `dsl run`: one rule for all of them, a first line
// '#' and the column names separated by tabs, then data lines with exactly those columns;
// reals written as the shortest text that reads back to the computed value (README, "Output
// files").
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "plexus/algorithms/lcc/lcc.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/io/read_graph.hpp"

namespace {

using namespace plexus_cli_test;

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream cells(line);
  for (std::string cell; std::getline(cells, cell, '\t');) fields.push_back(cell);
  return fields;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

struct out_case {
  std::string command;  // "run bfs GRAPH -s 1": --out follows
  std::string header;   // the whole first line
  std::size_t rows;     // data lines
};

TEST(cli_out_files, every_algorithm_names_its_columns_in_a_first_comment_line) {
  const std::string bowtie = data("bowtie.mtx"), tiny = data("tiny.hgr");
  const std::vector<out_case> cases = {
      {"run bfs " + bowtie + " -s 1", "# vertex\tdepth\tparent", 6},
      {"run sssp " + bowtie + " -s 1", "# vertex\tdistance\tparent", 6},
      {"run bc " + bowtie, "# vertex\tbetweenness", 6},
      {"run cc " + bowtie, "# vertex\tcomponent", 6},
      {"run pagerank " + bowtie, "# vertex\trank", 6},
      {"run lp " + bowtie, "# vertex\tcommunity", 6},
      {"run lp " + bowtie + " --variant cdlp", "# vertex\tcommunity", 6},
      {"run tc " + bowtie, "# vertex\ttriangles", 6},
      {"run jaccard " + bowtie, "# u\tv\tjaccard", 7},
      {"run kcore " + bowtie, "# vertex\tcore", 6},
      {"run lcc " + bowtie, "# vertex\tlcc", 6},
      {"run hyper-lp " + tiny, "# vertex\tcommunity", 5},
      {"run hyper-bfs " + tiny + " -s 1", "# vertex\tdepth", 5},
      {"run hyper-cc " + tiny, "# vertex\tcomponent", 5},
      {"dsl run " + std::string(PLEXUS_DSL_EXAMPLES_DIR) + "/bfs.sp " + bowtie + " --arg src=1",
       "# vertex\tlevel", 6},
      {"dsl run " + std::string(PLEXUS_DSL_EXAMPLES_DIR) + "/pagerank.sp " + bowtie +
           " --arg beta=0.001 --arg damping=0.85 --arg most=100",
       "# vertex\trank", 6},
  };
  for (const out_case& c : cases) {
    SCOPED_TRACE(c.command);
    const fs::path out = scratch("columns.tsv");
    fs::remove(out);
    const cli_result r = run_cli(c.command + " --out " + out.string());
    ASSERT_EQ(r.status, 0) << r.out << r.err;
    const std::vector<std::string> lines = lines_of(read_text(out));
    ASSERT_EQ(lines.size(), c.rows + 1) << read_text(out);
    EXPECT_EQ(lines[0], c.header);
    const std::size_t columns = split_tabs(lines[0]).size();
    for (std::size_t i = 1; i < lines.size(); ++i) {
      EXPECT_EQ(split_tabs(lines[i]).size(), columns) << "line " << i + 1 << ": " << lines[i];
      EXPECT_NE(lines[i][0], '#') << "line " << i + 1;
    }
  }
}

// Vertex 0 with 16 neighbours holding 18 edges among them: LCC 2 * 18 / (16 * 15) = 0.15, the
// double nearest 0.15, which 17 significant digits would write as 0.14999999999999999.
TEST(cli_out_files, reals_read_back_to_the_computed_values_bit_for_bit) {
  const fs::path graph = scratch("lcc_015.el");
  {
    std::ofstream edges(graph);
    for (int v = 1; v <= 16; ++v) edges << "0 " << v << "\n";
    for (int v = 1; v < 16; ++v) edges << v << " " << v + 1 << "\n";
    edges << "1 3\n2 4\n3 5\n";
  }
  const fs::path out = scratch("lcc_015.tsv");
  const cli_result r = run_cli("run lcc " + graph.string() + " --undirected --out " + out.string());
  ASSERT_EQ(r.status, 0) << r.out << r.err;
  const std::vector<std::string> lines = lines_of(read_text(out));
  ASSERT_EQ(lines.size(), 18u);
  EXPECT_EQ(lines[1], "0\t0.15");

  plexus::io::read_options undirected;
  undirected.directed = false;
  const plexus::csr_graph g = plexus::io::read_graph(graph, undirected);
  const plexus::lcc_result expected =
      plexus::local_clustering(plexus::device_graph(g, plexus::backend::host));
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const std::vector<std::string> fields = split_tabs(lines[i]);
    ASSERT_EQ(fields.size(), 2u) << lines[i];
    const auto v = static_cast<plexus::vertex_t>(i - 1);
    ASSERT_EQ(fields[0], std::to_string(g.original_id(v)));
    const double back = std::strtod(fields[1].c_str(), nullptr);
    EXPECT_EQ(std::bit_cast<std::uint64_t>(back), std::bit_cast<std::uint64_t>(expected.coefficient[v]))
        << lines[i];
  }
}

}  // namespace
