// The communicators of one process: every collective on the self communicator and on the
// threads communicator at 1..4 ranks; what the threads communicator finds when ranks disagree
// (another operation, other sizes, a rank that never comes); agreeing on one rank's error.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "collective_checks.hpp"
#include "plexus/dist/agree.hpp"
#include "plexus/dist/self_communicator.hpp"
#include "plexus/dist/threads_communicator.hpp"

namespace plexus::dist {
namespace {

using namespace std::chrono_literals;

/// Runs `body` on `ranks` threads and returns the message of the error it ends with ("" if none).
std::string failure_of(int ranks, const std::function<void(communicator&)>& body,
                       std::chrono::milliseconds timeout = kDefaultCommTimeout) {
  try {
    run_threads(ranks, body, timeout);
  } catch (const error& e) {
    return e.what();
  }
  return "";
}

TEST(self_communicator, every_collective) {
  self_communicator comm;
  EXPECT_EQ(comm.size(), 1);
  plexus_test::check_collectives(comm);
}

TEST(self_communicator, abort_throws_naming_the_rank) {
  self_communicator comm;
  try {
    comm.abort("out of device memory");
    FAIL() << "abort returned";
  } catch (const error& e) {
    EXPECT_STREQ(e.what(), "rank 0: out of device memory");
  }
}

TEST(attributed_to, names_the_rank_unless_the_message_already_does) {
  EXPECT_EQ(attributed_to(2, "out of device memory"), "rank 2: out of device memory");
  EXPECT_EQ(attributed_to(2, "rank 0: g.plx: cannot open"), "rank 0: g.plx: cannot open");
  EXPECT_EQ(attributed_to(2, "rank 17: x"), "rank 17: x");
  EXPECT_EQ(attributed_to(1, "rank 1, connecting the GPUs: x"), "rank 1, connecting the GPUs: x");
  EXPECT_EQ(attributed_to(1, "rank: x"), "rank 1: rank: x");
  EXPECT_EQ(attributed_to(1, "rank 3 x"), "rank 1: rank 3 x");
  EXPECT_EQ(attributed_to(1, "ranks 0 and 1 both drive GPU-00"), "rank 1: ranks 0 and 1 both drive GPU-00");
}

TEST(threads_communicator, every_collective_at_one_to_four_ranks) {
  for (int p = 1; p <= 4; ++p) {
    SCOPED_TRACE(p);
    run_threads(p, [](communicator& comm) { plexus_test::check_collectives(comm); });
  }
}

TEST(threads_communicator, a_rank_in_another_operation_fails_every_rank) {
  const std::string message = failure_of(3, [](communicator& comm) {
    if (comm.rank() == 2)
      comm.barrier();
    else
      comm.all_reduce<std::int32_t>(1, reduce_op::sum);
  });
  // Whichever rank sees it first names both operations.
  EXPECT_NE(message.find(" met "), std::string::npos) << message;
  EXPECT_NE(message.find("barrier #1"), std::string::npos) << message;
  EXPECT_NE(message.find("all_reduce #1"), std::string::npos) << message;
}

TEST(threads_communicator, sizes_that_disagree_fail_every_rank) {
  const std::string message = failure_of(2, [](communicator& comm) {
    std::vector<std::uint64_t> values(comm.rank() == 0 ? 2 : 3, 1);
    comm.all_reduce(std::span<std::uint64_t>(values), reduce_op::sum);
  });
  EXPECT_NE(message.find("all_reduce #1"), std::string::npos) << message;
  EXPECT_NE(message.find(" bytes by sum, this rank "), std::string::npos) << message;

  const std::string exchange = failure_of(2, [](communicator& comm) {
    const std::vector<std::uint32_t> send{1, 2};
    const std::vector<std::size_t> send_counts{1, 1};
    std::vector<std::uint32_t> recv(comm.rank() == 0 ? 2 : 3);
    const std::vector<std::size_t> recv_counts =
        comm.rank() == 0 ? std::vector<std::size_t>{1, 1} : std::vector<std::size_t>{2, 1};
    comm.all_to_all_v<std::uint32_t>(send, send_counts, recv, recv_counts);
  });
  EXPECT_NE(exchange.find("rank 0 sends 4 bytes here, this rank expects 8"), std::string::npos) << exchange;
}

TEST(threads_communicator, a_rank_that_never_comes_ends_the_wait_at_the_deadline) {
  // Rank 1 returns without the collective: rank 0 waits until the deadline, then fails,
  // naming the operation and its number.
  const std::string message = failure_of(
      2,
      [](communicator& comm) {
        comm.barrier();
        if (comm.rank() == 0) comm.all_reduce<std::int32_t>(1, reduce_op::sum);
      },
      200ms);
  EXPECT_NE(message.find("rank 0: all_reduce #2 did not complete within 200 ms"), std::string::npos)
      << message;
}

TEST(threads_communicator, a_rank_that_throws_stops_its_peers_at_once) {
  // The deadline is ten minutes: the test ends only because the failure wakes the others.
  const std::string message = failure_of(4, [](communicator& comm) {
    if (comm.rank() == 3) throw error(error_kind::io, "g.plx: cannot open");
    comm.barrier();
  });
  EXPECT_EQ(message, "g.plx: cannot open");
}

TEST(agree_on_status, every_rank_throws_the_first_failing_ranks_error) {
  for (int p = 1; p <= 4; ++p) {
    std::vector<std::string> messages(static_cast<std::size_t>(p));
    std::vector<error_kind> kinds(static_cast<std::size_t>(p), error_kind::internal);
    run_threads(p, [&](communicator& comm) {
      try {
        agreed(comm, [&] {
          if (comm.rank() >= 1)
            throw error(error_kind::io, "missing-" + std::to_string(comm.rank()) + ".plx: cannot open");
        });
      } catch (const error& e) {
        messages[static_cast<std::size_t>(comm.rank())] = e.what();
        kinds[static_cast<std::size_t>(comm.rank())] = e.kind();
      }
    });
    for (int r = 0; r < p; ++r) {
      if (p == 1) {
        EXPECT_EQ(messages[0], "");
        continue;
      }
      EXPECT_EQ(messages[static_cast<std::size_t>(r)], "rank 1: missing-1.plx: cannot open");
      EXPECT_EQ(kinds[static_cast<std::size_t>(r)], error_kind::io);
    }
  }
}

TEST(agree_on_status, the_error_every_rank_throws_says_it_was_agreed_on_and_by_whom) {
  run_threads(3, [](communicator& comm) {
    try {
      agreed(comm, [&] {
        if (comm.rank() == 2) throw error(error_kind::unsupported, "a negative weight");
      });
      FAIL() << "no error";
    } catch (const agreed_error& e) {
      EXPECT_EQ(e.rank(), 2);
      EXPECT_EQ(e.detail(), "a negative weight");
      EXPECT_STREQ(e.what(), "rank 2: a negative weight");
      EXPECT_EQ(e.kind(), error_kind::unsupported);
      EXPECT_FALSE(e.every_rank());
    }
  });
}

TEST(agree_on_status, a_problem_every_rank_meets_alike_names_no_rank) {
  run_threads(3, [](communicator& comm) {
    try {
      agreed(comm, [&] { throw error(error_kind::invalid_argument, "source 99 is not a vertex"); });
      FAIL() << "no error";
    } catch (const agreed_error& e) {
      EXPECT_TRUE(e.every_rank());
      EXPECT_STREQ(e.what(), "source 99 is not a vertex");
      EXPECT_EQ(e.kind(), error_kind::invalid_argument);
    }
  });
  // The same message of another kind, or another message, is a rank's own.
  run_threads(3, [](communicator& comm) {
    try {
      agreed(comm,
             [&] { throw error(comm.rank() == 1 ? error_kind::io : error_kind::invalid_argument, "bad"); });
      FAIL() << "no error";
    } catch (const agreed_error& e) {
      EXPECT_FALSE(e.every_rank());
      EXPECT_STREQ(e.what(), "rank 0: bad");
    }
  });
}

TEST(agree_on_status, returns_the_steps_value_when_every_rank_succeeds) {
  run_threads(3, [](communicator& comm) {
    const int value = agreed(comm, [&] { return comm.rank() * 2; });
    EXPECT_EQ(value, comm.rank() * 2);
  });
  self_communicator self;
  EXPECT_THROW(agreed(self, [] { throw std::bad_alloc(); }), error);
}

}  // namespace
}  // namespace plexus::dist
