// The tests of the NCCL transport, one process per GPU:
//   plexus_nccl_tests --gpus N [GoogleTest flags]   starts N workers of itself through the
//       launcher (dist/launcher.hpp), worker r on GPU r; or reports SKIPPED (exit status 77)
//       without a CUDA device, with fewer than N, or without a loadable NCCL;
//   mpirun -np N plexus_nccl_tests --mpi [flags]    one rank per MPI process, on the GPU of its
//       local rank;
//   plexus_nccl_tests --can-run N                    exit status 0 when N GPUs and NCCL are
//       here, else SKIPPED and 77 (what the mpirun registration asks first).
// Every rank runs every test; rank 0 prints GoogleTest's report, the others only their
// failures, and the first failure on any rank ends the run (abort through the host
// communicator), so that no rank waits for a peer that stopped.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "nccl_world.hpp"
#include "plexus/dist/launcher.hpp"
#include "plexus/dist/mpi.hpp"
#include "rank_reports.hpp"
#include "skip_reasons.hpp"

namespace {

std::unique_ptr<plexus::dist::communicator> host;
std::unique_ptr<plexus::dist::communicator> gpus;
int gpu = 0;

/// Why `ranks` ranks cannot run here, or "" when they can.
std::string skip_reason(int ranks) {
  if (std::string why = plexus::test::backend_skip_reason(plexus::backend::cuda); !why.empty()) return why;
  const int devices = plexus::backends::gpu_runtime<plexus::exec::cuda>::device_count();
  if (devices < ranks)
    return std::to_string(ranks) + " CUDA devices needed, " + std::to_string(devices) + " found";
  try {
    plexus::dist::nccl_library_version();
  } catch (const plexus::error&) {
    return "NCCL not loadable (set PLEXUS_NCCL_LIBRARY to libnccl.so.2)";
  }
  return "";
}

int run_tests(int argc, char** argv) {
  plexus::dist::nccl_options options;
  options.timeout = plexus_test::kNcclTestTimeout;
  gpus = plexus::dist::make_nccl_communicator(*host, gpu, options);
  testing::InitGoogleTest(&argc, argv);
  plexus_test::report_from_rank_zero(host->rank(), []() -> plexus::dist::communicator& { return *gpus; });
  const int status = RUN_ALL_TESTS();
  gpus->barrier();
  gpus.reset();
  host->barrier();
  return status;
}

/// The value after `flag` in argv, removed from it with the flag; nullopt without the flag.
std::optional<std::string> take_option(int& argc, char** argv, const char* flag, bool has_value) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], flag) != 0) continue;
    const int width = has_value && i + 1 < argc ? 2 : 1;
    std::string value = width == 2 ? argv[i + 1] : "";
    for (int j = i; j + width <= argc; ++j) argv[j] = j + width < argc ? argv[j + width] : nullptr;
    argc -= width;
    return value;
  }
  return std::nullopt;
}

}  // namespace

namespace plexus_test {

plexus::dist::communicator& host_world() {
  return *host;
}
plexus::dist::communicator& gpu_world() {
  return *gpus;
}
int gpu_of_this_rank() {
  return gpu;
}

}  // namespace plexus_test

int main(int argc, char** argv) {
  try {
    if (const auto me = plexus::dist::launched_worker()) {
      host = plexus::dist::launcher_communicator(*me, plexus_test::kNcclTestTimeout);
      gpu = me->rank;
      return run_tests(argc, argv);
    }
    if (const auto ranks = take_option(argc, argv, "--can-run", true)) {
      const std::string why = skip_reason(std::atoi(ranks->c_str()));
      if (why.empty()) return 0;
      std::printf("SKIPPED: %s\n", why.c_str());
      return 77;
    }
    if (take_option(argc, argv, "--mpi", false)) {
#if PLEXUS_MPI_ENABLED
      plexus::dist::mpi_session session(argc, argv);
      plexus::dist::mpi_options options;
      options.timeout = plexus_test::kNcclTestTimeout;
      host = session.world(options);
      gpu = session.place_on_host().rank;
      const int status = run_tests(argc, argv);
      host.reset();
      return status;
#else
      std::printf("SKIPPED: this build has no MPI (configure with -DPLEXUS_ENABLE_MPI=ON)\n");
      return 77;
#endif
    }
    const auto ranks = take_option(argc, argv, "--gpus", true);
    if (!ranks) {
      std::fprintf(stderr, "usage: plexus_nccl_tests --gpus N | --mpi | --can-run N [GoogleTest flags]\n");
      return 2;
    }
    const int count = std::atoi(ranks->c_str());
    if (const std::string why = skip_reason(count); !why.empty()) {
      std::printf("SKIPPED: %s\n", why.c_str());
      return 77;
    }
    // The workers get the GoogleTest flags; this process touched CUDA above, which the workers,
    // executed afresh, do not inherit.
    std::vector<std::string> arguments(argv + 1, argv + argc);
    plexus::dist::run_workers(count, plexus::dist::this_program(), arguments);
    return 0;
  } catch (const plexus::error& e) {
    // A launched worker's error is the launcher's to print, once for the run.
    if (const char* rank = std::getenv(plexus::dist::kWorkerRankVariable); rank != nullptr && host)
      plexus::dist::report_failure(*plexus::dist::launched_worker(), e.kind(), e.what());
    else
      std::fprintf(stderr, "plexus: error: %s\n", e.what());
    return 1;
  }
}
