// Throughput of the graph builder and the Kronecker generator (Graph500 parameters).
//
// items_per_second is input arcs per second. Build and generation are timed apart, then the
// whole generate + build pipeline. Scale comes from the benchmark argument:
//   build/bench/bench_builder --benchmark_filter=build/20
#include <benchmark/benchmark.h>

#include <utility>

#include "plexus/generators/kronecker.hpp"
#include "plexus/graph/builder.hpp"

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

void build(benchmark::State& state) {
  const auto o = graph500(static_cast<int>(state.range(0)));
  const plexus::edge_list input = plexus::generators::kronecker(o);
  for (auto _ : state) {
    state.PauseTiming();
    plexus::edge_list copy = input;
    state.ResumeTiming();
    benchmark::DoNotOptimize(plexus::build_graph(std::move(copy)));
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(input.size()));
}

void generate_and_build(benchmark::State& state) {
  const auto o = graph500(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(plexus::build_graph(plexus::generators::kronecker(o)));
  state.SetItemsProcessed(state.iterations() * (std::int64_t{o.edge_factor} << o.scale));
}

}  // namespace

BENCHMARK(generate)->Arg(20)->Arg(22)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(build)->Arg(20)->Arg(22)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(generate_and_build)->Arg(20)->Arg(22)->Unit(benchmark::kMillisecond)->UseRealTime();
