// plexus_comm_bench: the distributed module's communicator, timed as docs/performance figures
// of links are (host-synchronised round trips, medians of several trials): all-reduce of 8 B
// and 1 GiB, all-gather of 1, 8 and 64 MiB per rank, and a personalised exchange
// (all_to_all_v) of 1, 64 and 512 MiB to each peer.
//
//   plexus_comm_bench --ranks N                  N GPUs of this host over NCCL: the process
//                                                launches N workers of itself, worker r on GPU r
//   mpirun -np N plexus_comm_bench --mpi         N MPI processes, each on the GPU of its local rank
//   plexus_comm_bench --comm host --ranks N      host buffers, N threads of this process
//   mpirun -np N plexus_comm_bench --comm host --mpi   host buffers over MPI
//
// Each trial: a barrier, then one collective timed on every rank from its call to its return
// (the collective is complete on return); the trial's time is the slowest rank's. Printed per
// operation and size: the median and the minimum over the trials, after untimed warm-ups, and
// the bandwidths as nccl-tests defines them: algbw = S / t, S the bytes one rank ends up with
// (all-reduce: its buffer; all-gather: every rank's block; exchange: a block from every rank,
// its own included), and busbw = algbw × 2(p−1)/p for all-reduce, × (p−1)/p for the others —
// for an exchange between two ranks, the rate of one direction of the link.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "plexus/backends/backend.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/dist/launcher.hpp"
#include "plexus/dist/mpi.hpp"
#include "plexus/dist/nccl.hpp"
#include "plexus/dist/threads_communicator.hpp"
#if PLEXUS_NCCL_ENABLED
#include "plexus/backends/cuda/runtime.hpp"
#endif

namespace {

using plexus::dist::communicator;
using plexus::dist::reduce_op;
using clock_type = std::chrono::steady_clock;

struct settings {
  std::string comm = "nccl";
  int ranks = 0;
  bool mpi = false;
  int trials = 20;
  int warmups = 3;
  std::string largest = "1G";
  int timeout_s = 600;
};

/// Bytes where the collectives read and write: the GPU's memory for NCCL, else the host's.
class bench_bytes {
 public:
  bench_bytes(std::size_t bytes, bool on_gpu) : bytes_(bytes), on_gpu_(on_gpu) {
#if PLEXUS_NCCL_ENABLED
    if (on_gpu_) {
      data_ = static_cast<std::byte*>(plexus::backends::gpu_runtime<plexus::exec::cuda>::allocate(bytes));
      plexus::backends::gpu_runtime<plexus::exec::cuda>::zero_async(data_, bytes, nullptr);
      return;
    }
#endif
    host_.resize(bytes);
    std::memset(host_.data(), 0, bytes);
    data_ = host_.data();
  }
  bench_bytes(const bench_bytes&) = delete;
  bench_bytes& operator=(const bench_bytes&) = delete;
  ~bench_bytes() {
#if PLEXUS_NCCL_ENABLED
    if (on_gpu_) plexus::backends::gpu_runtime<plexus::exec::cuda>::release(data_);
#endif
  }

  template <class T>
  std::span<T> as() {
    return {reinterpret_cast<T*>(data_), bytes_ / sizeof(T)};
  }

 private:
  std::size_t bytes_;
  bool on_gpu_;
  plexus::host_vector<std::byte> host_;
  std::byte* data_ = nullptr;
};

/// One measured case: its name, the bytes of its size column, S for the bandwidths and the
/// factor from algbw to busbw.
struct bench_case {
  std::string operation, size;
  double result_bytes, bus_factor;
};

class bench {
 public:
  bench(communicator& comm, const settings& s, bool on_gpu)
      : comm_(comm),
        settings_(s),
        on_gpu_(on_gpu),
        largest_(plexus::parse_byte_size(s.largest, "--largest")) {}

  void run() {
    const double p = comm_.size();
    if (comm_.rank() == 0) {
      std::printf("%-13s %-22s %12s %12s %12s %12s\n", "operation", "size", "median us", "min us",
                  "algbw GB/s", "busbw GB/s");
      std::fflush(stdout);
    }
    time_all_reduce(8, p);
    time_all_reduce(std::size_t{1} << 30, p);
    for (const std::size_t mib : {1, 8, 64}) time_all_gather(mib << 20, p);
    for (const std::size_t mib : {1, 64, 512}) time_exchange(mib << 20, p);
  }

 private:
  void time_all_reduce(std::size_t bytes, double p) {
    if (bytes > largest_) return;
    bench_bytes buffer(bytes, on_gpu_);
    const std::span<double> values = buffer.as<double>();
    measure({"all_reduce", plexus::human_bytes(bytes) + " sum", static_cast<double>(bytes), 2 * (p - 1) / p},
            [&] { comm_.all_reduce<double>(values, reduce_op::sum); });
  }

  void time_all_gather(std::size_t bytes, double p) {
    if (bytes > largest_) return;
    bench_bytes in(bytes, on_gpu_), out(bytes * static_cast<std::size_t>(comm_.size()), on_gpu_);
    const std::span<const std::uint64_t> from = in.as<std::uint64_t>();
    const std::span<std::uint64_t> to = out.as<std::uint64_t>();
    measure(
        {"all_gather", plexus::human_bytes(bytes) + " per rank", p * static_cast<double>(bytes), (p - 1) / p},
        [&] { comm_.all_gather<std::uint64_t>(from, to); });
  }

  void time_exchange(std::size_t bytes, double p) {
    if (bytes > largest_) return;
    const auto ranks = static_cast<std::size_t>(comm_.size());
    bench_bytes send(bytes * ranks, on_gpu_), receive(bytes * ranks, on_gpu_);
    const std::vector<std::size_t> counts(ranks, bytes / sizeof(std::uint64_t));
    const std::span<const std::uint64_t> from = send.as<std::uint64_t>();
    const std::span<std::uint64_t> to = receive.as<std::uint64_t>();
    measure({"all_to_all_v", plexus::human_bytes(bytes) + " per peer", p * static_cast<double>(bytes),
             (p - 1) / p},
            [&] { comm_.all_to_all_v<std::uint64_t>(from, counts, to, counts); });
  }

  void measure(const bench_case& c, const std::function<void()>& collective) {
    for (int i = 0; i < settings_.warmups; ++i) collective();
    std::vector<double> seconds;
    for (int trial = 0; trial < settings_.trials; ++trial) {
      comm_.barrier();
      const auto start = clock_type::now();
      collective();
      const double mine = std::chrono::duration<double>(clock_type::now() - start).count();
      seconds.push_back(comm_.all_reduce<double>(mine, reduce_op::max));
    }
    std::sort(seconds.begin(), seconds.end());
    const double median = seconds.size() % 2 == 1
                              ? seconds[seconds.size() / 2]
                              : (seconds[seconds.size() / 2 - 1] + seconds[seconds.size() / 2]) / 2;
    const double algbw = c.result_bytes / median / 1e9;
    if (comm_.rank() == 0) {
      std::printf("%-13s %-22s %12.1f %12.1f %12.2f %12.2f\n", c.operation.c_str(), c.size.c_str(),
                  median * 1e6, seconds.front() * 1e6, algbw, algbw * c.bus_factor);
      std::fflush(stdout);
    }
  }

  communicator& comm_;
  const settings& settings_;
  bool on_gpu_;
  std::size_t largest_;
};

/// The first lines: what is measured, where and how.
void print_header(const communicator& comm, const settings& s, const std::string& transport) {
  if (comm.rank() != 0) return;
  std::printf(
      "comm bench: %s, %d ranks (%s); %d trials after %d warm-ups; time: median over trials of the "
      "slowest rank\n",
      transport.c_str(), comm.size(),
      s.mpi              ? "MPI processes"
      : s.comm == "nccl" ? "launched processes"
                         : "threads",
      s.trials, s.warmups);
  std::fflush(stdout);
}

void bench_on(communicator& comm, const settings& s, bool on_gpu, const std::string& transport) {
  print_header(comm, s, transport);
  bench(comm, s, on_gpu).run();
}

#if PLEXUS_NCCL_ENABLED
void bench_nccl(communicator& host, int device, const settings& s) {
  plexus::dist::nccl_options options;
  options.timeout = std::chrono::seconds(s.timeout_s);
  const auto gpus = plexus::dist::make_nccl_communicator(host, device, options);
  bench_on(*gpus, s, true,
           fmt::format("{} on {}", plexus::dist::nccl_library_version(),
                       plexus::backend_device_name(plexus::backend::cuda)));
}
#endif

/// Runs the benchmark as `s` asks; `arguments` are the command line's, for launched workers.
void run(const settings& s, const std::vector<std::string>& arguments, int& argc, char**& argv) {
  const std::chrono::milliseconds timeout = std::chrono::seconds(s.timeout_s);
  const bool nccl = s.comm == "nccl";
  plexus::parse_byte_size(s.largest, "--largest");  // a bad size fails here, before any rank starts
  if (nccl && !plexus::dist::nccl_built)
    throw plexus::error(
        plexus::error_kind::unsupported,
        "--comm nccl: this build has no NCCL (-DPLEXUS_ENABLE_NCCL=ON, with the CUDA back end; the "
        "hip back end has no collectives: RCCL is not packaged in Debian)");
  if (const auto me = plexus::dist::launched_worker()) {
    const auto host = plexus::dist::launcher_communicator(*me, timeout);
    try {
#if PLEXUS_NCCL_ENABLED
      bench_nccl(*host, me->rank, s);
#endif
    } catch (const plexus::error& e) {
      host->abort(e.what());
    }
    return;
  }
  if (s.mpi) {
#if PLEXUS_MPI_ENABLED
    plexus::dist::mpi_session session(argc, argv);
    plexus::dist::mpi_options options;
    options.timeout = timeout;
    const auto world = session.world(options);
    try {
      if (nccl) {
#if PLEXUS_NCCL_ENABLED
        bench_nccl(*world, session.place_on_host().rank, s);
#endif
      } else {
        bench_on(*world, s, false, "MPI (" + plexus::dist::mpi_library_version() + ")");
      }
    } catch (const plexus::error& e) {
      world->abort(e.what());
    }
    return;
#else
    throw plexus::error(plexus::error_kind::unsupported,
                        "--mpi: this build has no MPI (-DPLEXUS_ENABLE_MPI=ON)");
#endif
  }
  if (s.ranks < 1)
    throw plexus::error(plexus::error_kind::invalid_argument, "--ranks N (at least 1) or --mpi is needed");
  if (nccl)
    plexus::dist::run_workers(s.ranks, plexus::dist::this_program(), arguments);
  else
    plexus::dist::run_threads(
        s.ranks, [&](communicator& comm) { bench_on(comm, s, false, "threads of one process"); }, timeout);
}

}  // namespace

int main(int argc, char** argv) {
  settings s;
  CLI::App app{"Times the distributed module's collectives: all-reduce, all-gather, personalised exchange",
               "plexus_comm_bench"};
  app.add_option("--comm", s.comm,
                 "nccl: buffers on GPUs, over NCCL (default); host: host buffers, over "
                 "threads (--ranks) or MPI (--mpi)")
      ->check(CLI::IsMember({"nccl", "host"}));
  CLI::Option* ranks =
      app.add_option("--ranks", s.ranks, "Ranks to start on this host: GPUs (nccl), or threads (host)")
          ->check(CLI::Range(1, 1 << 16));
  CLI::Option* mpi = app.add_flag("--mpi", s.mpi, "The ranks are the processes of this mpirun job");
  app.add_option("--trials", s.trials, "Timed trials per case (default 20)")->check(CLI::Range(1, 1 << 20));
  app.add_option("--warmups", s.warmups, "Untimed runs before them (default 3)")
      ->check(CLI::Range(0, 1 << 20));
  app.add_option("--largest", s.largest, "Leave out cases whose blocks exceed this size (default 1G)");
  app.add_option("--timeout", s.timeout_s, "Seconds one collective may wait for the others (default 600)")
      ->check(CLI::Range(1, 1 << 24));
  mpi->excludes(ranks);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "plexus: error: %s; see 'plexus_comm_bench --help'\n", e.what());
    return 2;
  }
  try {
    run(s, std::vector<std::string>(argv + 1, argv + argc), argc, argv);
  } catch (const plexus::error& e) {
    const bool usage = e.kind() == plexus::error_kind::invalid_argument;
    std::fprintf(stderr, "plexus: error: %s%s\n", e.what(), usage ? "; see 'plexus_comm_bench --help'" : "");
    return usage ? 2 : 1;
  }
  return 0;
}
