// `plexus bench --distributed` without mpirun: one rank through the self communicator, whose
// report has every distributed algorithm's lines (the rank lines, the statistics, the single
// run's time and the speedup), every trial the single run's answer; and the refusals of the
// command line, each one line with the usage exit status and nothing on standard output: an
// algorithm that does not run distributed (naming those that do), the options of a distributed
// bench without --distributed, the options it does not read, several back ends, a text graph,
// GPU options on the host. The runs over several ranks are the tests under mpirun
// (tests/mpi/cli_bench_distributed.sh).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"

namespace plexus_cli_test {
namespace {

TEST(cli_bench_distributed, one_rank_reports_every_distributed_algorithm_against_the_single_run) {
  const cli_result r = run_cli("bench --distributed --graph kron:9 --trials 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(field(r.out, "Ranks"), "1");
  EXPECT_EQ(field(r.out, "Transport"), "one process");
  for (const char* algorithm : {"bfs", "sssp", "cc", "pagerank"})
    EXPECT_NE(r.out.find(std::string("Algorithm:               ") + algorithm + "\n"), std::string::npos)
        << algorithm << "\n"
        << r.out;
  EXPECT_EQ(occurrences(r.out, "Verification:            PASS (2 trials, each the single run's answer)\n"),
            4u)
      << r.out;
  for (const char* label : {"Time:", "Compute Time:", "Communication Time:", "Bytes Exchanged:",
                            "Exchange Rounds:", "Bytes Per Round:", "Single Time:", "Speedup:"})
    EXPECT_EQ(occurrences(r.out, std::string("\n") + label), 4u) << label << "\n" << r.out;
  EXPECT_NE(r.out.find("[bfs on kron-9-16 (512 vertices, 4814 edges), host ("), std::string::npos) << r.out;
  EXPECT_NE(
      r.out.find(", 1 rank, 2 trials, 2 sources from the largest component; timed: the slowest rank's loop"),
      std::string::npos)
      << r.out;
}

TEST(cli_bench_distributed, an_algorithm_that_does_not_run_distributed_says_which_do) {
  const cli_result r = run_cli("bench --distributed --algorithm bfs,tc --graph kron:8 --trials 1");
  expect_one_error_line(r,
                        "--distributed: tc does not run distributed yet; bfs, sssp, cc, pagerank do; see "
                        "'plexus bench --help'");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
}

TEST(cli_bench_distributed, its_options_need_distributed) {
  for (const std::string options : {"--gpus 2", "--no-baseline", "--transport mpi", "--comm-timeout 5"}) {
    SCOPED_TRACE(options);
    const cli_result r = run_cli("bench --graph kron:8 --trials 1 " + options);
    expect_one_error_line(r, options.substr(0, options.find(' ')) + " requires --distributed");
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
  }
}

TEST(cli_bench_distributed, what_it_cannot_run_is_refused_in_one_usage_line) {
  std::vector<std::pair<std::string, std::string>> refusals{
      {"--device host,cuda", "--distributed runs every rank on one back end: name one with --device"},
      {"--graph " + data("karate.mtx"),
       "--distributed reads .plx files, each rank its own slice: convert it"},
      {"--graph hyper:1", "hyper:1: a generated hypergraph"},
      {"--transport nccl", "--transport nccl connects CUDA GPUs: add --device cuda"},
      {"--gpus 2 --device host", "--gpus runs one rank per CUDA GPU; the run is on host"}};
  // What it does not read, by name.
  for (const std::string options : {"--engine out-of-core", "--device-memory-limit 1G", "--portability",
                                    "--order degree", "--random-weights", "--self-loops keep"})
    refusals.emplace_back(options, options.substr(0, options.find(' ')) + " does not apply to --distributed");
  for (const auto& [options, says] : refusals) {
    SCOPED_TRACE(options);
    const cli_result r = run_cli("bench --distributed --trials 1 " + options);
    expect_one_error_line(r, says);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
  }
}

TEST(cli_bench_distributed, a_missing_file_is_one_error_line) {
  const cli_result r =
      run_cli("bench --distributed --graph " + scratch("absent.plx").string() + " --trials 1");
  expect_one_error_line(r, "absent.plx: cannot open");
  EXPECT_EQ(r.status, 1);
}

}  // namespace
}  // namespace plexus_cli_test
