// `plexus run ... --distributed` without mpirun: one rank through the self communicator, whose
// --out files are the single run's and whose report adds the rank lines (SSSP's on a weighted
// graph too, its refusals in the single run's words); and the refusals a
// distributed run makes before it starts (a text format, an option it does not take, an
// algorithm that does not run distributed, --out-per-rank alone, GPU options on the host), each one line with
// the usage exit status. The runs over several ranks are the tests under mpirun (tests/mpi/).
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "plexus/backends/backend.hpp"

namespace plexus_cli_test {
namespace {

/// A Kronecker graph of scale 10 as a .plx file named `name`, generated once with `options`.
std::string generated_plx(const std::string& name, const std::string& options) {
  const std::string file = scratch(name).string();
  if (!fs::exists(file)) {
    EXPECT_EQ(run_cli("generate kron --scale 10 " + options + " -o " + file).status, 0);
  }
  return file;
}

std::string kron_plx() {
  return generated_plx("kron10.plx", "");
}

std::string weighted_kron_plx() {
  return generated_plx("kron10-weighted.plx", "--weighted");
}

TEST(cli_distributed, one_rank_without_mpirun_writes_the_single_runs_file) {
  for (const std::string algorithm : {"bfs", "pagerank", "cc", "sssp"}) {
    SCOPED_TRACE(algorithm);
    const fs::path single = scratch(algorithm + ".single"), distributed = scratch(algorithm + ".dist");
    ASSERT_EQ(run_cli("run " + algorithm + " " + kron_plx() + " --out " + single.string()).status, 0);
    const cli_result r = run_cli("run " + algorithm + " " + kron_plx() + " --distributed --validate --out " +
                                 distributed.string());
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(read_text(distributed), read_text(single));
    EXPECT_EQ(field(r.out, "Ranks"), "1");
    EXPECT_EQ(field(r.out, "Bytes Exchanged"), "0");
    EXPECT_EQ(field(r.out, "Verification"), "PASS");
  }
}

TEST(cli_distributed, sssp_on_a_weighted_graph_reports_and_writes_what_the_single_run_does) {
  const fs::path single = scratch("sssp-weighted.single"), distributed = scratch("sssp-weighted.dist");
  const cli_result one = run_cli("run sssp " + weighted_kron_plx() + " -s 3 --out " + single.string());
  ASSERT_EQ(one.status, 0) << one.err;
  const cli_result r = run_cli("run sssp " + weighted_kron_plx() + " -s 3 --distributed --validate --out " +
                               distributed.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_text(distributed), read_text(single));
  for (const char* line : {"Source", "Iterations", "Vertices Reached", "Max Distance", "Edges Traversed"})
    EXPECT_EQ(field(r.out, line), field(one.out, line)) << line;
  EXPECT_EQ(field(r.out, "Weights"), "<missing Weights>");  // the graph is weighted
  EXPECT_EQ(field(r.out, "Verification"), "PASS");
  // An unweighted graph counts every arc as 1, and says so, as the single run does.
  EXPECT_EQ(field(run_cli("run sssp " + kron_plx() + " --distributed").out, "Weights"),
            "1 (unweighted graph)");
}

TEST(cli_distributed, sssp_refuses_what_the_single_run_refuses_in_its_words) {
  const fs::path text = scratch("negative.wel"), plx = scratch("negative.plx");
  std::ofstream(text) << "0 1 2\n1 2 3\n2 3 -1\n";
  ASSERT_EQ(run_cli("convert " + text.string() + " -o " + plx.string()).status, 0);
  for (const std::string& command :
       {"run sssp " + plx.string(), "run sssp " + weighted_kron_plx() + " -s 99999"}) {
    SCOPED_TRACE(command);
    const cli_result single = run_cli(command), distributed = run_cli(command + " --distributed");
    EXPECT_NE(single.status, 0);
    EXPECT_EQ(distributed.status, single.status);
    EXPECT_EQ(distributed.err, single.err);
  }
  const cli_result pull = run_cli("run sssp " + kron_plx() + " --distributed --direction pull");
  expect_one_error_line(pull, "a distributed run pushes every round");
  EXPECT_EQ(pull.status, 2);
}

TEST(cli_distributed, a_generated_graph_is_drawn_by_the_ranks) {
  const fs::path single = scratch("generated.single"), distributed = scratch("generated.dist");
  ASSERT_EQ(run_cli("run bfs kron:9 --out " + single.string()).status, 0);
  const cli_result r = run_cli("run bfs kron:9 --distributed --out " + distributed.string());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(read_text(distributed), read_text(single));
  EXPECT_EQ(field(r.out, "Graph").rfind("kron-9-16 (", 0), 0u) << r.out;
}

TEST(cli_distributed, every_rank_writes_its_own_file) {
  const fs::path part = scratch("part");
  const cli_result r =
      run_cli("run pagerank " + kron_plx() + " --distributed --out-per-rank " + part.string());
  ASSERT_EQ(r.status, 0) << r.err;
  const fs::path single = scratch("pagerank.whole");
  ASSERT_EQ(run_cli("run pagerank " + kron_plx() + " --out " + single.string()).status, 0);
  EXPECT_EQ(read_text(part.string() + ".rank0"), read_text(single));
}

TEST(cli_distributed, a_text_graph_is_refused_with_the_command_that_converts_it) {
  const cli_result r = run_cli("run bfs " + data("karate.mtx") + " --distributed");
  expect_one_error_line(r, "--distributed reads .plx files");
  EXPECT_NE(r.err.find("plexus convert "), std::string::npos) << r.err;
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
}

TEST(cli_distributed, what_a_distributed_run_does_not_take_is_refused_by_name) {
  for (const std::string& options :
       {std::string("--order degree"), std::string("--engine out-of-core"), std::string("--random-weights"),
        std::string("--device-memory-limit 1G")}) {
    SCOPED_TRACE(options);
    const cli_result r = run_cli("run bfs " + kron_plx() + " --distributed " + options);
    expect_one_error_line(r, options.substr(0, options.find(' ')) + " does not apply to --distributed");
    EXPECT_EQ(r.status, 2);
  }
  const cli_result alone = run_cli("run bfs " + kron_plx() + " --out-per-rank part");
  EXPECT_EQ(alone.status, 2);
  EXPECT_NE(alone.err.find("--distributed"), std::string::npos) << alone.err;
}

TEST(cli_distributed, an_algorithm_that_does_not_run_distributed_says_which_do) {
  const cli_result r = run_cli("run tc " + kron_plx() + " --distributed");
  expect_one_error_line(r, "tc does not run distributed yet; bfs, sssp, cc, pagerank do");
  EXPECT_EQ(r.status, 2);
}

TEST(cli_distributed, gpu_options_are_refused_where_they_cannot_apply) {
  const std::string run = "run bfs " + kron_plx();
  for (const auto& [options, says] : std::vector<std::pair<std::string, std::string>>{
           {" --distributed --gpus 2 --device host", "--gpus runs one rank per CUDA GPU; the run is on host"},
           {" --distributed --transport nccl", "--transport nccl connects CUDA GPUs: add --device cuda"},
           {" --distributed --gpus 2 --transport mpi --device cuda",
            "--gpus starts its ranks without MPI"}}) {
    SCOPED_TRACE(options);
    const cli_result r = run_cli(run + options);
    if (options.find("cuda") != std::string::npos && !plexus::backend_available(plexus::backend::cuda)) {
      // Refused before the transport is looked at: no CUDA device here.
      EXPECT_EQ(r.status, 1) << r.err;
      continue;
    }
    expect_one_error_line(r, says);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
  }
  for (const std::string options : {" --gpus 2", " --transport nccl", " --distributed --gpus 0",
                                    " --distributed --gpus 1025", " --distributed --transport tcp"}) {
    SCOPED_TRACE(options);
    const cli_result r = run_cli(run + options);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

TEST(cli_distributed, a_missing_file_is_one_error_line) {
  const cli_result r = run_cli("run bfs " + scratch("absent.plx").string() + " --distributed");
  expect_one_error_line(r, "absent.plx: cannot open");
  EXPECT_EQ(r.status, 1);
}

}  // namespace
}  // namespace plexus_cli_test
