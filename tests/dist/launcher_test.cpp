// The launcher of one-host runs (dist/launcher.hpp), with a stub worker program
// (launched/stub_worker.cpp): every collective over its rounds at 1 to 4 workers; a worker
// that fails, aborts, exits badly, is killed by a signal, leaves early, meets another
// collective or waits past its deadline ends the run with one error naming it, the other
// workers killed (they wait with a ten-minute deadline: without the kill these tests would hang).
#include "plexus/dist/launcher.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <string>
#include <vector>

#include "plexus/dist/launch_frames.hpp"

namespace plexus::dist {
namespace {

/// The error a run of `program` ends with ("" when it succeeds).
std::string run_program(const std::string& program, int ranks, const std::vector<std::string>& arguments,
                        error_kind* kind = nullptr) {
  try {
    run_workers(ranks, program, arguments);
  } catch (const error& e) {
    if (kind) *kind = e.kind();
    return e.what();
  }
  return "";
}

std::string run_stub(int ranks, const std::vector<std::string>& arguments, error_kind* kind = nullptr) {
  return run_program(PLEXUS_LAUNCHED_STUB_PATH, ranks, arguments, kind);
}

TEST(launcher, every_collective_over_rounds_at_one_to_four_workers) {
  for (int p = 1; p <= 4; ++p) EXPECT_EQ(run_stub(p, {"collectives"}), "") << p << " workers";
}

TEST(launcher, an_error_every_rank_agreed_on_is_reported_once_as_it_is) {
  error_kind kind = error_kind::internal;
  EXPECT_EQ(run_stub(3, {"agreed-error", "2"}, &kind), "rank 2: g.plx: cannot open");
  EXPECT_EQ(kind, error_kind::io);
}

TEST(launcher, a_worker_that_aborts_ends_the_run_naming_its_rank) {
  EXPECT_EQ(run_stub(3, {"abort", "1"}), "rank 1: cannot open g.plx");
}

TEST(launcher, a_worker_that_exits_with_a_failure_ends_the_run) {
  EXPECT_EQ(run_stub(2, {"exit", "0"}), "rank 0: exited with status 3");
}

TEST(launcher, a_worker_killed_by_a_signal_ends_the_run) {
  EXPECT_EQ(run_stub(4, {"signal", "3"}), "rank 3: ended by signal SIGKILL (Killed)");
}

TEST(launcher, a_worker_that_leaves_while_others_wait_for_it_ends_the_run) {
  const std::string message = run_stub(2, {"leave", "1"});
  EXPECT_EQ(message, "rank 1: ended while rank 0 waits for it in a collective");
}

TEST(launcher, workers_in_different_collectives_are_named) {
  const std::string message = run_stub(2, {"mismatch"});
  EXPECT_TRUE(message == "rank 0: barrier #1 met all_reduce #1 on rank 1" ||
              message == "rank 1: all_reduce #1 met barrier #1 on rank 0")
      << message;
}

TEST(launcher, a_collective_past_its_deadline_ends_the_run) {
  EXPECT_EQ(run_stub(2, {"deadline"}),
            "rank 0: barrier #1 did not complete within 300 ms: a peer failed or called another collective");
}

TEST(launcher, a_program_that_cannot_run_is_named) {
  EXPECT_EQ(run_program("/nonexistent/plexus-worker", 1, {}),
            "rank 0: cannot run /nonexistent/plexus-worker: No such file or directory");
}

TEST(launcher, refuses_fewer_than_one_worker) {
  EXPECT_THROW(run_workers(0, PLEXUS_LAUNCHED_STUB_PATH, {}), error);
}

TEST(launched_worker, is_none_without_the_variables_and_refuses_malformed_ones) {
  unsetenv(kWorkerRankVariable);
  unsetenv(kWorkerRanksVariable);
  unsetenv(kWorkerChannelVariable);
  EXPECT_FALSE(launched_worker().has_value());
  setenv(kWorkerRankVariable, "2", 1);
  EXPECT_THROW(launched_worker(), error);  // the others are missing
  setenv(kWorkerRanksVariable, "2", 1);
  setenv(kWorkerChannelVariable, "5", 1);
  EXPECT_THROW(launched_worker(), error);  // rank 2 of 2
  setenv(kWorkerRankVariable, "1", 1);
  const auto me = launched_worker();
  ASSERT_TRUE(me.has_value());
  EXPECT_EQ(me->rank, 1);
  EXPECT_EQ(me->ranks, 2);
  EXPECT_EQ(me->channel, 5);
  unsetenv(kWorkerRankVariable);
  unsetenv(kWorkerRanksVariable);
  unsetenv(kWorkerChannelVariable);
}

TEST(launch_frames, a_round_unpacks_to_its_messages) {
  const std::vector<std::vector<std::byte>> messages{{}, {std::byte{1}, std::byte{2}}, {std::byte{3}}};
  EXPECT_EQ(launch_detail::unpack_round(launch_detail::pack_round(messages)), messages);
  std::vector<std::byte> cut = launch_detail::pack_round(messages);
  cut.pop_back();
  EXPECT_THROW(launch_detail::unpack_round(cut), error);
}

}  // namespace
}  // namespace plexus::dist
