// The synchronous label propagation loop (plain, seeded-random and LDBC CDLP), written once
// over an execution space and instantiated per back end (lp_instances.hpp). No back-end code: exec
// primitives and PLEXUS_LAMBDA lambdas only. See lp.hpp.
#pragma once

#include <cstdint>

#include "plexus/algorithms/lp/lp.hpp"
#include "plexus/core/random.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/algorithms/lp/segmented_mode.hpp"

namespace plexus::detail {

template <class Space>
lp_result lp_run(const device_graph& graph, const lp_options& options) {
  const Space space;
  const csr_view out = graph.out_view();
  const vertex_t n = out.num_vertices;
  // CDLP on a directed graph counts in-neighbours after the out-neighbours.
  const bool both = options.variant == lp_variant::cdlp && graph.host_graph().directed();
  const csr_view in = both ? graph.in_view() : csr_view{};
  const bool randomized = options.variant == lp_variant::randomized;

  exec::buffer<Space, vertex_t> label_buffer(n), next_buffer(n);
  vertex_t* label = label_buffer.data();
  vertex_t* next = next_buffer.data();
  lp_result result;
  exec::stopwatch<Space> clock(space);
  clock.start();
  // Both buffers start as the identity: a vertex without neighbours is never written again
  // and so keeps its own id in both.
  exec::for_each(space, n, PLEXUS_LAMBDA(std::size_t i) { label[i] = next[i] = static_cast<vertex_t>(i); });
  while (result.iterations < options.max_iterations && n > 0) {
    const std::uint64_t round_key = hash_pair(options.seed, static_cast<std::uint64_t>(result.iterations));
    segmented_mode(
        space, n,
        PLEXUS_LAMBDA(std::size_t s) { return out.degree(static_cast<vertex_t>(s)) + (both ? in.degree(static_cast<vertex_t>(s)) : 0); },
        PLEXUS_LAMBDA(std::size_t s, std::size_t i) -> std::uint32_t {
          const vertex_t v = static_cast<vertex_t>(s);
          const edge_t out_degree = out.degree(v);
          return i < out_degree ? label[out.neighbor(out.begin(v) + i)]
                                : label[in.neighbor(in.begin(v) + (i - out_degree))];
        },
        PLEXUS_LAMBDA(std::size_t s, std::uint32_t key) -> std::uint64_t {
          // The random tie-break: a fresh draw per (seed, iteration, vertex, label).
          return randomized ? hash_pair(round_key, (static_cast<std::uint64_t>(s) << 32) | key) : 0;
        },
        PLEXUS_LAMBDA(std::size_t s, std::uint32_t best, std::uint32_t) { next[s] = best; });
    const std::uint64_t changed = exec::reduce(
        space, n, std::uint64_t(0), PLEXUS_LAMBDA(std::size_t i) { return std::uint64_t(next[i] != label[i]); },
        exec::plus{});
    label_buffer.swap(next_buffer);
    label = label_buffer.data();
    next = next_buffer.data();
    ++result.iterations;
    result.last_changed = changed;
    if (options.variant != lp_variant::cdlp &&
        static_cast<double>(changed) <= options.tolerance * static_cast<double>(n))
      break;
  }
  result.seconds = clock.stop();
  result.label = label_buffer.to_host();
  return result;
}

}  // namespace plexus::detail
