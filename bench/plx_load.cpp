// .plx load throughput from the page cache: read_plx_graph on a generated Kronecker graph,
// against a plain pread() of the same bytes into an uninitialised buffer (the ceiling).
//
// The graph (default scale 21, edge factor 16, weighted: about 540 MB) is generated, built
// and written once; PLEXUS_BENCH_SCALE overrides the scale. One untimed load warms the page
// cache, then each benchmark reports bytes_per_second over the file size.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "plexus/core/host_vector.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/io/plx.hpp"

namespace {

namespace fs = std::filesystem;

// A plain buffer, not a std::string: the exit handler runs after function-local statics are
// destroyed.
char file_to_remove[4096];

const fs::path& graph_file() {
  static const fs::path path = [] {
    const char* scale = std::getenv("PLEXUS_BENCH_SCALE");
    plexus::generators::kronecker_options options;
    options.scale = scale ? std::atoi(scale) : 21;
    options.edge_factor = 16;
    options.weighted = true;
    options.seed = 1;
    const fs::path file = fs::temp_directory_path() / ("plexus-bench-kron" + std::to_string(options.scale) + "-" +
                                                       std::to_string(::getpid()) + ".plx");
    plexus::build_options build;
    build.symmetrize = true;
    plexus::io::write_plx(plexus::build_graph(plexus::generators::kronecker(options), build), file);
    std::snprintf(file_to_remove, sizeof file_to_remove, "%s", file.c_str());
    std::atexit([] { ::unlink(file_to_remove); });
    plexus::io::read_plx_graph(file);  // warm the page cache
    return file;
  }();
  return path;
}

void bm_read_plx_graph(benchmark::State& state) {
  const fs::path& file = graph_file();
  const auto bytes = static_cast<std::int64_t>(fs::file_size(file));
  for (auto _ : state) {
    const plexus::csr_graph g = plexus::io::read_plx_graph(file);
    benchmark::DoNotOptimize(g.num_edges());
  }
  state.SetBytesProcessed(state.iterations() * bytes);
  state.counters["file_MB"] = static_cast<double>(bytes) / 1e6;
}

void bm_pread_only(benchmark::State& state) {
  const fs::path& file = graph_file();
  const auto bytes = static_cast<std::size_t>(fs::file_size(file));
  for (auto _ : state) {
    plexus::host_vector<char> buffer(bytes);
    const int fd = ::open(file.c_str(), O_RDONLY);
    std::size_t done = 0;
    while (done < bytes) {
      const ssize_t got = ::pread(fd, buffer.data() + done, bytes - done, static_cast<off_t>(done));
      if (got <= 0) break;
      done += static_cast<std::size_t>(got);
    }
    ::close(fd);
    benchmark::DoNotOptimize(buffer.data());
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}

}  // namespace

BENCHMARK(bm_read_plx_graph)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
BENCHMARK(bm_pread_only)->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(2.0);
