// GoogleTest in a program that every rank of a distributed run executes (tests/mpi/,
// tests/nccl/): rank 0 prints the report, the others only their failures, and the first
// failure on any rank ends the run through the communicator, so that a rank that stops early
// never leaves its peers waiting in a collective.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <functional>

#include "plexus/dist/communicator.hpp"

namespace plexus_test {

/// Prints a failure with its rank and aborts the run.
class abort_on_failure : public testing::EmptyTestEventListener {
 public:
  explicit abort_on_failure(std::function<plexus::dist::communicator&()> comm) : comm_(std::move(comm)) {}

 private:
  void OnTestPartResult(const testing::TestPartResult& result) override {
    if (!result.failed()) return;
    std::fprintf(stderr, "rank %d: %s:%d: %s\n", comm_().rank(),
                 result.file_name() ? result.file_name() : "?", result.line_number(), result.message());
    comm_().abort("a test failed");
  }

  std::function<plexus::dist::communicator&()> comm_;
};

/// Sets GoogleTest's listeners as above; `comm` gives the communicator to abort.
inline void report_from_rank_zero(int rank, std::function<plexus::dist::communicator&()> comm) {
  testing::TestEventListeners& listeners = testing::UnitTest::GetInstance()->listeners();
  if (rank != 0) delete listeners.Release(listeners.default_result_printer());
  listeners.Append(new abort_on_failure(std::move(comm)));
}

}  // namespace plexus_test
