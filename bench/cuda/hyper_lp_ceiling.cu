// What the reads of one hypergraph label propagation iteration cost on this GPU when nothing
// is counted: the reference against which hyper-lp's bandwidth is judged.
//
// Both phases of an iteration read every pin's incidence id and gather one 4-byte label by it
// (vertex labels in the hyperedge phase, hyperedge labels in the vertex phase). Two kernels
// make those reads and only sum the labels:
//   segmented  exec::segmented_reduce over the same rows (the kernel PageRank's gather runs
//              on), reading the offsets and writing one value per row as hyper-lp does;
//   flat       every pin in one grid-stride loop, four independent loads per thread, no
//              rows, nothing written: the most the memory system gives this access pattern.
// Bandwidth is reported over hyper-lp's counted bytes (counted_hyper_lp_bytes), so the
// percentages compare directly with `plexus bench --algorithm hyper-lp`; the flat kernel reads
// less than that count, so its figure is an upper bound that no kernel making these reads
// exceeds.
//
//   build/bench/bench_hyper_lp_ceiling [PINS_MILLIONS] [TRIALS]   (default hyper:50, 5 trials)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "plexus/algorithms/hyper_lp/hyper_lp.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_hypergraph.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/exec/segmented.hpp"
#include "plexus/generators/random_hypergraph.hpp"

namespace {

using namespace plexus;

constexpr double kPeakBytesPerSecond = 3.35e12;  // H100 SXM HBM3
constexpr int kFlatLoads = 4;

// Sums label[indices[e]] over all pins; the sum is kept live by a store the compiler cannot
// prove dead.
template <class Space>
__global__ void flat_gather_kernel(const vertex_t* indices, std::size_t pins, const vertex_t* label,
                                   unsigned long long* sink) {
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  unsigned long long sum = 0;
  for (std::size_t e = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; e < pins;
       e += kFlatLoads * stride) {
    vertex_t id[kFlatLoads];
#pragma unroll
    for (int k = 0; k < kFlatLoads; ++k) id[k] = e + k * stride < pins ? exec::stream_load(indices + e + k * stride) : 0;
#pragma unroll
    for (int k = 0; k < kFlatLoads; ++k) sum += e + k * stride < pins ? label[id[k]] : 0;
  }
  if (sum == ~0ull) *sink = sum;
}

struct phase_times {
  double edge = 0, vertex = 0;
};

void report(const char* name, const phase_times& t, const hyper_lp_phase_bytes& bytes) {
  const double total = t.edge + t.vertex;
  const double both = static_cast<double>(bytes.edge_phase + bytes.vertex_phase) / total;
  std::printf("%-10s edge %.3f ms (%.0f GB/s)  vertex %.3f ms (%.0f GB/s)  iteration %.3f ms, %.0f GB/s = %.1f%% of 3.35 TB/s\n",
              name, t.edge * 1e3, static_cast<double>(bytes.edge_phase) / t.edge / 1e9, t.vertex * 1e3,
              static_cast<double>(bytes.vertex_phase) / t.vertex / 1e9, total * 1e3, both / 1e9,
              100 * both / kPeakBytesPerSecond);
}

template <class Space>
int run(double pins_millions, int trials) {
  using runtime = backends::gpu_runtime<Space>;
  const hypergraph host = build_hypergraph(generators::random_hypergraph(generators::skewed_hypergraph_options(pins_millions * 1e6)));
  const device_hypergraph graph(host, Space::kind);
  const Space space;
  const csr_view v2e = graph.vertex_to_edges(), e2v = graph.edge_to_vertices();
  const vertex_t n = graph.num_vertices();
  const hyperedge_t m = graph.num_hyperedges();
  exec::buffer<Space, vertex_t> vertex_label_buffer(n), edge_label_buffer(m), vertex_out_buffer(n),
      edge_out_buffer(m);
  exec::buffer<Space, unsigned long long> sink(1);
  vertex_t* vertex_label = vertex_label_buffer.data();
  vertex_t* edge_label = edge_label_buffer.data();
  vertex_t* vertex_out = vertex_out_buffer.data();
  vertex_t* edge_out = edge_out_buffer.data();
  // Scattered labels, as hyper-lp's random initial ones: the gathers' addresses do not depend
  // on them, only the values summed.
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t v) {
    vertex_label[v] = static_cast<vertex_t>((v * 2654435761ull) % n);
  });
  exec::for_each(space, m, PLEXUS_LAMBDA(std::size_t h) { edge_label[h] = static_cast<vertex_t>(h); });
  const exec::segment_plan<Space> edge_rows(space, m, e2v.offsets), vertex_rows(space, n, v2e.offsets);
  const int sms = runtime::limits().multiprocessors;
  const std::size_t pins = graph.num_pins();

  exec::stopwatch<Space> clock(space);
  const auto timed = [&](auto&& launch) {
    clock.start();
    launch();
    return clock.stop();
  };
  const auto segmented = [&] {
    phase_times t;
    t.edge = timed([&] {
      exec::segmented_reduce(
          space, edge_rows, PLEXUS_LAMBDA(edge_t e) { return vertex_label[e2v.neighbor(e)]; }, vertex_t(0),
          exec::plus{}, PLEXUS_LAMBDA(std::size_t h, vertex_t sum) { edge_out[h] = sum; });
    });
    t.vertex = timed([&] {
      exec::segmented_reduce(
          space, vertex_rows, PLEXUS_LAMBDA(edge_t e) { return edge_label[v2e.neighbor(e)]; }, vertex_t(0),
          exec::plus{}, PLEXUS_LAMBDA(std::size_t v, vertex_t sum) { vertex_out[v] = sum; });
    });
    return t;
  };
  const auto flat = [&] {
    const unsigned grid = static_cast<unsigned>(sms) * 8;
    phase_times t;
    t.edge = timed([&] {
      flat_gather_kernel<Space><<<grid, 256, 0, space.stream()>>>(e2v.indices, pins, vertex_label, sink.data());
      runtime::check_launch();
    });
    t.vertex = timed([&] {
      flat_gather_kernel<Space><<<grid, 256, 0, space.stream()>>>(v2e.indices, pins, edge_label, sink.data());
      runtime::check_launch();
    });
    return t;
  };
  // Best of the trials after one warm-up each: a ceiling, not an average.
  const auto best_of = [&](auto&& measure) {
    measure();
    phase_times best{1e30, 1e30};
    for (int i = 0; i < trials; ++i) {
      const phase_times t = measure();
      best.edge = std::min(best.edge, t.edge);
      best.vertex = std::min(best.vertex, t.vertex);
    }
    return best;
  };
  std::printf("Hypergraph:  hyper-%g (%u vertices, %u hyperedges, %zu pins)\n", pins_millions, n, m, pins);
  std::printf("Device:      %s\n", backend_device_name(Space::kind).c_str());
  const hyper_lp_phase_bytes bytes = counted_hyper_lp_bytes(graph);
  report("segmented", best_of(segmented), bytes);
  report("flat", best_of(flat), bytes);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const double pins = argc > 1 ? std::atof(argv[1]) : 50;
    const int trials = argc > 2 ? std::atoi(argv[2]) : 5;
    if (!(pins > 0) || trials < 1) {
      std::fprintf(stderr, "usage: %s [PINS_MILLIONS > 0] [TRIALS >= 1]\n", argv[0]);
      return 2;
    }
    return run<exec::cuda>(pins, trials);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_hyper_lp_ceiling: %s\n", e.what());
    return 1;
  }
}
