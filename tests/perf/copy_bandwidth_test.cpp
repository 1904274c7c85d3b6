// The copy bandwidth of every back end (perf/copy_bandwidth.hpp), measured with small arrays
// so the test is quick: the figure follows from the times as documented, and requests the
// copy cannot serve are refused. A back end this machine lacks reports SKIPPED.
#include "plexus/perf/copy_bandwidth.hpp"

#include <gtest/gtest.h>

#include "algorithm_test_support.hpp"
#include "plexus/core/error.hpp"

namespace {

using namespace plexus;

class copy_bandwidth_test : public test::backend_test {};

TEST_P(copy_bandwidth_test, counts_the_bytes_read_and_written_by_the_best_repetition) {
  perf::copy_bandwidth_options options;
  options.array_bytes = (std::uint64_t{8} << 20) + 3;  // not a whole number of words
  options.repetitions = 3;
  const perf::copy_bandwidth copy = perf::measure_copy_bandwidth(where(), options);
  EXPECT_EQ(copy.where, where());
  EXPECT_EQ(copy.array_bytes, std::uint64_t{8} << 20);
  EXPECT_EQ(copy.repetitions, 3);
  EXPECT_GT(copy.best_seconds, 0.0);
  EXPECT_LE(copy.best_seconds, copy.median_seconds);
  EXPECT_DOUBLE_EQ(copy.bytes_per_second, 2.0 * static_cast<double>(copy.array_bytes) / copy.best_seconds);
}

TEST_P(copy_bandwidth_test, refuses_what_it_cannot_measure) {
  perf::copy_bandwidth_options options;
  options.array_bytes = 1024;
  options.repetitions = 0;
  EXPECT_THROW(perf::measure_copy_bandwidth(where(), options), error);
  options.repetitions = 1;
  options.array_bytes = 7;
  EXPECT_THROW(perf::measure_copy_bandwidth(where(), options), error);
}

TEST_P(copy_bandwidth_test, default_arrays_are_large_but_fit_the_device) {
  const std::uint64_t bytes = perf::copy_array_bytes(where());
  EXPECT_LE(bytes, perf::kCopyArrayBytes);
  EXPECT_GE(bytes, std::uint64_t{64} << 20);
}

PLEXUS_INSTANTIATE_FOR_EVERY_BACKEND(copy_bandwidth_test);

}  // namespace
