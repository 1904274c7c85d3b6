// How the commands read their input: standard input and pipes, empty and foreign files, gzip
// limits, the input's own ids in output, the direction and why, the reading options, and
// text written by convert and generate.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "cli_support.hpp"

namespace plexus_cli_test {
namespace {

/// Runs a shell pipeline around the plexus binary: `plexus` in `pipeline` is replaced by its
/// path, and the pipeline runs under bash (process substitution needs it).
cli_result run_pipeline(std::string pipeline) {
  const std::string exe = PLEXUS_CLI_PATH;
  for (std::size_t at = pipeline.find("plexus "); at != std::string::npos;
       at = pipeline.find("plexus ", at + exe.size()))
    pipeline.replace(at, 6, exe);
  const fs::path out = scratch("pipe_stdout"), err = scratch("pipe_stderr"), script = scratch("pipe.sh");
  std::ofstream(script) << pipeline << "\n";
  const std::string command =
      "bash '" + script.string() + "' >'" + out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(command.c_str());
  cli_result r;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

fs::path write_file(const std::string& name, const std::string& content) {
  const fs::path path = scratch(name);
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

std::string q(const fs::path& path) {
  return "'" + path.string() + "'";
}

TEST(cli_input, standard_input_and_pipes_are_read_to_the_end) {
  const std::string mtx = data("cycle4.mtx");
  for (const std::string& pipeline :
       {"plexus info - < '" + mtx + "'", "cat '" + mtx + "' | plexus info -",
        "plexus info /dev/stdin < '" + mtx + "'", "plexus info <(cat '" + mtx + "')",
        "gzip -c '" + mtx + "' | plexus info -", "plexus info <(gzip -c '" + mtx + "')"}) {
    const cli_result r = run_pipeline(pipeline);
    EXPECT_EQ(r.status, 0) << pipeline << "\n" << r.err;
    expect_fields(r.out, {{"format", "mtx"}, {"vertices", "6"}, {"edges", "4"}});
  }
  // A plain edge list needs no --format on a pipe (nothing else reads a line of two ids); a
  // line of four numbers names no format, and the one line asks for --format.
  const fs::path snap = write_file("pipe.txt", "0 1\n1 2\n");
  const cli_result plain = run_pipeline("cat " + q(snap) + " | plexus info -");
  EXPECT_EQ(plain.status, 0) << plain.err;
  expect_fields(plain.out, {{"format", "snap"}, {"vertices", "3"}, {"edges", "2"}});
  const fs::path columns = write_file("pipe4.txt", "0 1 2 3\n1 2 3 4\n");
  const cli_result unnamed = run_pipeline("cat " + q(columns) + " | plexus info -");
  EXPECT_EQ(unnamed.status, 1);
  expect_one_error_line(unnamed, "standard input: cannot tell the format");
  EXPECT_NE(unnamed.err.find("--format"), std::string::npos) << unnamed.err;
  const cli_result named = run_pipeline("cat " + q(columns) + " | plexus info - --format snap");
  EXPECT_EQ(named.status, 0) << named.err;
  expect_fields(named.out, {{"vertices", "3"}, {"edges", "2"}});  // SNAP ignores columns past the second
  // A .plx cache, and the algorithms, through a pipe.
  const fs::path plx = scratch("pipe.plx");
  ASSERT_EQ(run_cli("convert " + mtx + " -o " + q(plx)).status, 0);
  const cli_result cached = run_pipeline("cat " + q(plx) + " | plexus info -");
  EXPECT_EQ(cached.status, 0) << cached.err;
  expect_fields(cached.out, {{"format", "plx"}, {"vertices", "6"}});
  const cli_result bfs = run_pipeline("cat '" + mtx + "' | plexus run bfs - -s 1 --validate");
  EXPECT_EQ(bfs.status, 0) << bfs.err;
  EXPECT_NE(bfs.out.find("Verification: PASS"), std::string::npos) << bfs.out;
  // Hypergraphs: a line format is named, JSON says what it is.
  const cli_result hgr =
      run_pipeline("cat '" + data("tiny.hgr") + "' | plexus info - --hypergraph --format hmetis");
  EXPECT_EQ(hgr.status, 0) << hgr.err;
  expect_fields(hgr.out, {{"vertices", "5"}, {"hyperedges", "3"}});
  const cli_result json =
      run_pipeline("cat '" + hypergraph_data("tiny.hif.json") + "' | plexus run hyper-cc - --validate");
  EXPECT_EQ(json.status, 0) << json.err;
}

TEST(cli_input, empty_and_foreign_inputs_are_one_line_and_exit_1) {
  const fs::path empty = write_file("empty.txt", "");
  const fs::path empty_plx = write_file("empty.plx", "");
  const fs::path foreign_plx = write_file("foreign.plx", "0 1\n1 2\n");
  const fs::path unknown = write_file("g.xyz", "0 1\n");
  ASSERT_EQ(run_cli("convert " + data("cycle4.mtx") + " -o " + q(scratch("whole.plx"))).status, 0);
  std::string whole = read_text(scratch("whole.plx"));
  const fs::path cut = write_file("cut.plx", whole.substr(0, whole.size() / 2));
  const std::pair<fs::path, std::string> cases[] = {
      {empty, "empty input (0 bytes)"}, {empty_plx, "empty input (0 bytes)"},
      {foreign_plx, "not a .plx file"}, {cut, "truncated .plx file"},
      {unknown, "unknown format"},
  };
  for (const auto& [path, says] : cases) {
    const cli_result r = run_cli("info " + q(path));
    EXPECT_EQ(r.status, 1) << path << "\n" << r.err;
    expect_one_error_line(r, path.string() + ": " + says);
  }
  EXPECT_NE(run_cli("info " + q(cut)).err.find("plexus convert"), std::string::npos);
  EXPECT_NE(run_cli("info " + q(unknown)).err.find("--format (mtx, snap"), std::string::npos);
  const cli_result empty_pipe = run_pipeline("plexus info - --format snap < /dev/null");
  EXPECT_EQ(empty_pipe.status, 1);
  expect_one_error_line(empty_pipe, "standard input: empty input (0 bytes)");
}

TEST(cli_input, gzip_bomb_stops_at_the_limit_naming_the_flag) {
  const std::string bomb = std::string(PLEXUS_TEST_DATA_DIR) + "/gzip/bomb.el.gz";
  const cli_result r = run_cli("info " + bomb + " --max-inflate 1M");
  EXPECT_EQ(r.status, 1) << r.err;
  expect_one_error_line(r, bomb + ": gzip data inflates to more than 1.0 MiB");
  EXPECT_NE(r.err.find("--max-inflate"), std::string::npos) << r.err;
  // Within the default limit (and a raised one) the same file reads.
  EXPECT_EQ(run_cli("info " + bomb).status, 0);
  EXPECT_EQ(run_cli("info " + bomb + " --max-inflate 64G").status, 0);
  EXPECT_EQ(run_cli("run bfs " + bomb + " --max-inflate 1M").status, 1);
  const cli_result bad = run_cli("info " + bomb + " --max-inflate lots");
  EXPECT_EQ(bad.status, 2);
  expect_one_error_line(bad, "--max-inflate: 'lots' is not a size");
}

TEST(cli_input, one_based_formats_keep_their_ids_in_output) {
  // cycle4.mtx numbers its vertices 1..6: results and -s use those ids.
  const fs::path out = scratch("depths.tsv");
  const cli_result r = run_cli("run bfs " + data("cycle4.mtx") + " -s 1 --validate --out " + q(out));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(field(r.out, "Source"), "1");
  std::map<long, long> depth;  // "vertex depth parent" lines
  std::istringstream lines(result_rows(out));
  for (long v = 0, d = 0, parent = 0; lines >> v >> d >> parent;) depth[v] = d;
  EXPECT_EQ(depth, (std::map<long, long>{{1, 0}, {2, 1}, {3, 2}, {4, 1}, {5, -1}, {6, -1}}));
  expect_fields(run_cli("info " + data("cycle4.mtx")).out, {{"vertex ids", "1..6"}});
  const fs::path gr = write_file("ids.gr", "p sp 3 2\na 1 2 4\na 2 3 1\n");
  const fs::path dist = scratch("dist.tsv");
  ASSERT_EQ(run_cli("run sssp " + q(gr) + " -s 1 --out " + q(dist)).status, 0);
  EXPECT_EQ(read_text(dist), "# vertex\tdistance\tparent\n1\t0\t1\n2\t4\t1\n3\t5\t2\n");
  const fs::path metis = write_file("ids.graph", "3 2\n2\n1 3\n2\n");
  const fs::path labels = scratch("cc.tsv");
  ASSERT_EQ(run_cli("run cc " + q(metis) + " --out " + q(labels)).status, 0);
  EXPECT_EQ(result_rows(labels), "1\t1\n2\t1\n3\t1\n");
  const fs::path hgr = scratch("hcc.tsv");
  ASSERT_EQ(run_cli("run hyper-cc " + data("tiny.hgr") + " --out " + q(hgr)).status, 0);
  EXPECT_EQ(result_rows(hgr), "1\t1\n2\t1\n3\t1\n4\t4\n5\t5\n");
}

TEST(cli_input, direction_is_stated_with_what_decided_it) {
  EXPECT_EQ(field(run_cli("run bfs " + data("cycle4.mtx") + " -s 1").out, "Direction"),
            "undirected (file header)");
  const fs::path el = write_file("d.el", "0 1\n1 2\n");
  EXPECT_EQ(field(run_cli("run bfs " + q(el) + " -s 0").out, "Direction"), "directed (format default)");
  EXPECT_EQ(field(run_cli("run bfs " + q(el) + " -s 0 --undirected").out, "Direction"),
            "undirected (--undirected)");
  const fs::path snap = write_file("d.txt", "# Undirected graph: each edge once\n0 1\n");
  expect_fields(run_cli("info " + q(snap)).out,
                {{"direction", "undirected (file header)"}, {"directed", "no"}});
  expect_fields(run_cli("info " + q(snap) + " --directed").out, {{"direction", "directed (--directed)"}});
}

TEST(cli_input, reading_options_reach_every_command) {
  const fs::path loops = write_file("loops.el", "0 0\n0 1\n1 2\n");
  expect_fields(run_cli("info " + q(loops) + " --self-loops keep").out, {{"stored arcs", "3"}});
  expect_fields(run_cli("info " + q(loops)).out, {{"stored arcs", "2"}});
  EXPECT_EQ(run_cli("run bfs " + q(loops) + " -s 0 --self-loops keep").status, 0);
  EXPECT_EQ(
      run_cli("bench --graph " + q(loops) + " --self-loops keep --algorithm bfs --trials 1 --device host")
          .status,
      0);
  const fs::path kept = scratch("loops.plx");
  ASSERT_EQ(run_cli("convert " + q(loops) + " --self-loops keep -o " + q(kept)).status, 0);
  expect_fields(run_cli("info " + q(kept)).out, {{"stored arcs", "3"}});
  const fs::path labelled = write_file("w.txt", "0 1 x 2.5\n1 2 y 4\n");
  expect_fields(run_cli("info " + q(labelled) + " --weight-column 4").out, {{"weighted", "yes"}});
  const cli_result sssp = run_cli("run sssp " + q(labelled) + " --weight-column 4 -s 0 --validate");
  EXPECT_EQ(sssp.status, 0) << sssp.err;
  EXPECT_EQ(run_cli("info " + q(labelled) + " --weight-column 2").status, 2);
  // Graphalytics: NAME.v beside NAME.e adds its isolated vertices, unless switched off.
  write_file("ga.e", "1 2\n2 3\n");
  write_file("ga.v", "1\n2\n3\n9\n");
  const cli_result info = run_cli("info " + q(scratch("ga.e")));
  expect_fields(info.out,
                {{"vertices", "4"}, {"vertex ids", "1..9"}, {"vertex file", scratch("ga.v").string()}});
  expect_fields(run_cli("info " + q(scratch("ga.e")) + " --vertex-file none").out, {{"vertices", "3"}});
}

TEST(cli_input, convert_and_generate_write_text_that_reads_back) {
  const fs::path el = scratch("c.el"), mtx = scratch("c.mtx.gz"), hyp = scratch("h.hyp"),
                 hgr = scratch("h.hgr");
  ASSERT_EQ(run_cli("convert " + data("directed.mtx") + " -o " + q(el)).status, 0);
  EXPECT_EQ(read_text(el), "1 2\n1 3\n2 3\n4 1\n");
  ASSERT_EQ(run_cli("convert " + data("bowtie.mtx") + " -o " + q(mtx)).status, 0);
  expect_fields(run_cli("info " + q(mtx)).out, {{"vertices", "6"}, {"edges", "7"}, {"vertex ids", "1..6"}});
  ASSERT_EQ(run_cli("convert " + data("tiny.hgr") + " -o " + q(hyp)).status, 0);
  expect_fields(run_cli("info --hypergraph " + q(hyp)).out, {{"hyperedges", "3"}, {"vertices", "3"}});
  ASSERT_EQ(run_cli("convert " + data("tiny.hgr") + " -o " + q(hgr)).status, 0);
  expect_fields(run_cli("info " + q(hgr)).out, {{"hyperedges", "3"}, {"vertices", "5"}});
  const fs::path wel = scratch("k.wel"), gen = scratch("g.hyp");
  ASSERT_EQ(run_cli("generate kron --scale 6 --weighted -o " + q(wel)).status, 0);
  expect_fields(run_cli("info " + q(wel)).out, {{"weighted", "yes"}});
  ASSERT_EQ(run_cli("generate hypergraph --vertices 50 --hyperedges 20 -o " + q(gen)).status, 0);
  expect_fields(run_cli("info --hypergraph " + q(gen)).out, {{"hyperedges", "20"}});
  const cli_result wrong = run_cli("convert " + data("tiny.hgr") + " -o " + q(scratch("x.el")));
  EXPECT_EQ(wrong.status, 2);
  expect_one_error_line(wrong, "holds graphs");
  EXPECT_EQ(run_cli("convert " + data("cycle4.mtx") + " -o " + q(scratch("x.doc"))).status, 2);
}

}  // namespace
}  // namespace plexus_cli_test
