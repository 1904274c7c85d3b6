// Throughput of the graph builder and the Kronecker generator (Graph500 parameters).
//
// items_per_second is input arcs per second of wall time. Build and generation are timed
// apart, then the whole generate + build pipeline. The CPU column is the whole process's CPU
// time (all threads), which stays meaningful when other jobs share the machine. Scale comes
// from the benchmark argument:
//   build/bench/bench_builder --benchmark_filter=build/20
#include "plexus/graph/builder.hpp"

#include <benchmark/benchmark.h>

#include <utility>

#include "plexus/generators/kronecker.hpp"

namespace {

plexus::generators::kronecker_options graph500(int scale) {
  plexus::generators::kronecker_options o;
  o.scale = scale;
  o.edge_factor = 16;
  return o;
}

void generate(benchmark::State& state) {
  const auto o = graph500(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(plexus::generators::kronecker(o));
  state.SetItemsProcessed(state.iterations() * (std::int64_t{o.edge_factor} << o.scale));
}

void build_with(benchmark::State& state, bool weighted) {
  auto o = graph500(static_cast<int>(state.range(0)));
  o.weighted = weighted;
  const plexus::edge_list input = plexus::generators::kronecker(o);
  for (auto _ : state) {
    state.PauseTiming();
    plexus::edge_list copy = input;
    state.ResumeTiming();
    benchmark::DoNotOptimize(plexus::build_graph(std::move(copy)));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(input.size()));
}

void build(benchmark::State& state) {
  build_with(state, false);
}
void build_weighted(benchmark::State& state) {
  build_with(state, true);
}

void generate_and_build(benchmark::State& state) {
  const auto o = graph500(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(plexus::build_graph(plexus::generators::kronecker(o)));
  state.SetItemsProcessed(state.iterations() * (std::int64_t{o.edge_factor} << o.scale));
}

}  // namespace

#define PLEXUS_BUILDER_BENCHMARK(fn) \
  BENCHMARK(fn)->Arg(20)->Arg(22)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime()
PLEXUS_BUILDER_BENCHMARK(generate);
PLEXUS_BUILDER_BENCHMARK(build);
PLEXUS_BUILDER_BENCHMARK(build_weighted);
PLEXUS_BUILDER_BENCHMARK(generate_and_build);
