// plexus_launched_stub SCENARIO [RANK]: a worker for the launcher's tests (launcher_test.cpp),
// started by dist::run_workers. Every rank joins the launcher's communicator; then, by
// SCENARIO:
//   collectives        every collective of the communicator is checked with GoogleTest (a
//                      failure aborts the run), then an error that rank 1 alone finds is
//                      agreed on and every rank must throw it;
//   agreed-error RANK  RANK's error is agreed on by every rank, and each reports it to the
//                      launcher and exits with status 1, as a program does with its errors;
//   abort RANK         RANK aborts ("cannot open g.plx") while the others wait in a barrier;
//   exit RANK          RANK exits with status 3, saying nothing, while the others wait;
//   signal RANK        RANK is killed by SIGKILL while the others wait;
//   leave RANK         RANK exits with status 0 while the others wait in a barrier;
//   mismatch           rank 0 calls a barrier, the others an all_reduce;
//   deadline           rank 0 waits in a barrier with a 300 ms deadline, the others never come.
// The others wait with the default deadline of ten minutes: only the launcher's kill ends them.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "collective_checks.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/launcher.hpp"
#include "rank_reports.hpp"

namespace {

std::unique_ptr<plexus::dist::communicator> comm;

TEST(launcher_communicator, every_collective) {
  plexus_test::check_collectives(*comm);
}

TEST(launcher_communicator, every_rank_throws_the_error_of_the_first_failing_rank) {
  try {
    plexus::dist::agreed(*comm, [] {
      if (comm->rank() == 1) throw plexus::error(plexus::error_kind::io, "g.plx: cannot open");
    });
    EXPECT_EQ(comm->size(), 1) << "no error";
  } catch (const plexus::error& e) {
    EXPECT_STREQ(e.what(), "rank 1: g.plx: cannot open");
  }
}

}  // namespace

int main(int argc, char** argv) {
  using plexus::dist::launched_worker;
  const std::optional<plexus::dist::launched_rank> me = launched_worker();
  if (!me || argc < 2) {
    std::fprintf(stderr, "plexus_launched_stub: run by dist::run_workers, with a scenario\n");
    return 2;
  }
  const std::string scenario = argv[1];
  const int chosen = argc > 2 ? std::atoi(argv[2]) : -1;
  const bool mine = me->rank == chosen;
  comm = plexus::dist::launcher_communicator(*me, scenario == "deadline" && me->rank == 0
                                                      ? std::chrono::milliseconds(300)
                                                      : plexus::dist::kDefaultCommTimeout);
  try {
    if (scenario == "collectives") {
      testing::InitGoogleTest(&argc, argv);
      plexus_test::report_from_rank_zero(me->rank, []() -> plexus::dist::communicator& { return *comm; });
      return RUN_ALL_TESTS();
    }
    if (scenario == "agreed-error") {
      plexus::dist::agreed(*comm, [&] {
        if (mine) throw plexus::error(plexus::error_kind::io, "g.plx: cannot open");
      });
    } else if (scenario == "abort" && mine) {
      comm->abort("cannot open g.plx");
    } else if (scenario == "exit" && mine) {
      return 3;
    } else if (scenario == "signal" && mine) {
      raise(SIGKILL);
    } else if (scenario == "leave" && mine) {
      return 0;
    } else if (scenario == "mismatch" && me->rank != 0) {
      comm->all_reduce<std::int32_t>(1, plexus::dist::reduce_op::sum);
    } else if (scenario == "deadline" && me->rank != 0) {
      for (;;) pause();
    }
    comm->barrier();
  } catch (const plexus::error& e) {
    plexus::dist::report_failure(*me, e.kind(), e.what());
    return 1;
  }
  return 0;
}
