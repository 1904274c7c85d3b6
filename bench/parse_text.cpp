// Text graph parsing throughput: read_edge_list on generated edge lists and Matrix Market
// files (~64 MB each, written once to the temp folder from a fixed-seed generator), reported
// as bytes of text per second of wall time (file read from the page cache included). Load
// time only: no CSR build. The argument is the thread count (0 = all). The CPU column is
// the whole process's CPU time (all threads), so bytes / (CPU time / threads) gives the
// rate the same run would reach with its cores to itself when other jobs share the machine.
//
//   build/bench/bench_parse_text --benchmark_min_time=2
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "plexus/io/read_graph.hpp"

namespace {

constexpr std::uint64_t kTargetBytes = std::uint64_t{64} << 20;

struct rng {  // SplitMix64 (Steele, Lea, Flood, OOPSLA 2014): fixed seed, same file every run
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
};

enum class kind { el, wel, mtx };

std::filesystem::path generated(kind k) {
  const char* names[] = {"plexus-bench-parse.el", "plexus-bench-parse.wel", "plexus-bench-parse.mtx"};
  const auto path = std::filesystem::temp_directory_path() / names[static_cast<int>(k)];
  if (std::filesystem::exists(path) && std::filesystem::file_size(path) >= kTargetBytes) return path;
  constexpr std::uint64_t n = std::uint64_t{1} << 22;
  rng r{42};
  std::string text;
  text.reserve(kTargetBytes + 4096);
  if (k == kind::mtx) {
    // The size line needs nnz up front: write it padded and patch it at the end.
    text = "%%MatrixMarket matrix coordinate real general\n";
    text += std::string(40, ' ') + "\n";
  }
  const std::size_t size_line = text.size() - 41;
  std::uint64_t lines = 0;
  while (text.size() < kTargetBytes) {
    const std::uint64_t u = r.next() % n + (k == kind::mtx ? 1 : 0);
    const std::uint64_t v = r.next() % n + (k == kind::mtx ? 1 : 0);
    if (k == kind::el) {
      fmt::format_to(std::back_inserter(text), "{} {}\n", u, v);
    } else {
      fmt::format_to(std::back_inserter(text), "{} {} {:.3f}\n", u, v, static_cast<double>(r.next() % 100000) / 1000);
    }
    ++lines;
  }
  if (k == kind::mtx) {
    const std::string header = fmt::format("{} {} {}", n, n, lines);
    text.replace(size_line, header.size(), header);
  }
  std::FILE* f = std::fopen(path.c_str(), "wb");
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  return path;
}

void parse(benchmark::State& state, kind k, bool compact) {
  const auto path = generated(k);
  plexus::io::read_options options;
  options.compact_ids = compact;
  options.num_threads = static_cast<int>(state.range(0));
  std::uint64_t arcs = 0;
  for (auto _ : state) {
    const plexus::edge_list e = plexus::io::read_edge_list(path, options);
    arcs = e.size();
    benchmark::DoNotOptimize(e.src.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * std::filesystem::file_size(path)));
  state.counters["arcs"] = static_cast<double>(arcs);
}

void el_ids_kept(benchmark::State& s) { parse(s, kind::el, false); }
void el_renumbered(benchmark::State& s) { parse(s, kind::el, true); }
void wel_ids_kept(benchmark::State& s) { parse(s, kind::wel, false); }
void mtx_real(benchmark::State& s) { parse(s, kind::mtx, false); }

}  // namespace

#define PLEXUS_PARSE_BENCHMARK(fn) \
  BENCHMARK(fn)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime()
PLEXUS_PARSE_BENCHMARK(el_ids_kept);
PLEXUS_PARSE_BENCHMARK(el_renumbered);
PLEXUS_PARSE_BENCHMARK(wel_ids_kept);
PLEXUS_PARSE_BENCHMARK(mtx_real);
