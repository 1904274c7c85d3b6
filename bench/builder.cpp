// Throughput of the graph builder and the Kronecker generator (Graph500 parameters).
//
// items_per_second is input edges per second of wall time: entries of the edge list handed
// to build_graph, edge_factor * 2^scale = 16 * 2^scale of them. The graph is undirected, so
// the builder stores each edge in both directions (less self-loops and parallel edges, which
// it drops): the `arcs` counter is what it stored, about twice the input, and arcs per second
// are about twice items_per_second. The timed region is build_graph alone (the input copy it
// consumes is made with the timer paused), including freeing the result. Build and
// generation are timed apart, then the whole generate + build pipeline. The CPU column is the
// whole process's CPU time (all threads), which stays meaningful when other jobs share the
// machine. Scale comes from the benchmark argument:
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
  plexus::edge_t arcs = 0;
  for (auto _ : state) {
    state.PauseTiming();
    plexus::edge_list copy = input;
    state.ResumeTiming();
    const plexus::csr_graph g = plexus::build_graph(std::move(copy));
    arcs = g.num_edges();
    benchmark::DoNotOptimize(g.indices().data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(input.size()));
  state.counters["arcs"] = static_cast<double>(arcs);
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
