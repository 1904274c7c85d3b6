#include "plexus/device/memory_need.hpp"

#include <fmt/format.h>

#include "plexus/backends/dispatch.hpp"
#include "plexus/backends/memory_account.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"

namespace plexus {

namespace {

constexpr std::uint64_t kOffset = sizeof(edge_t), kId = sizeof(vertex_t), kWeight = sizeof(weight_t);

/// One CSR: offsets, neighbour ids and, when weighted, a weight per entry.
std::uint64_t csr_bytes(std::uint64_t rows, std::uint64_t entries, bool weighted) {
  return (rows + 1) * kOffset + entries * (kId + (weighted ? kWeight : 0));
}

template <class F>
std::uint64_t on_account(backend where, F&& f) {
  return backends::dispatch(where, [&]<class Space>() -> std::uint64_t { return f(backends::memory_account<Space>{}); });
}

}  // namespace

input_shape shape_of(const csr_graph& graph) {
  input_shape shape;
  shape.vertices = graph.num_vertices();
  shape.arcs = graph.num_edges();
  shape.directed = graph.directed();
  shape.weighted = graph.weighted();
  return shape;
}

input_shape shape_of(const hypergraph& graph) {
  input_shape shape;
  shape.hypergraph = true;
  shape.vertices = graph.num_vertices();
  shape.hyperedges = graph.num_hyperedges();
  shape.pins = graph.num_pins();
  return shape;
}

std::uint64_t host_input_bytes(const input_shape& shape) {
  const std::uint64_t original_ids = shape.vertices * sizeof(std::uint64_t);
  if (shape.hypergraph)
    return csr_bytes(shape.hyperedges, shape.pins, false) + csr_bytes(shape.vertices, shape.pins, false) +
           original_ids;
  // A directed graph keeps its reverse CSR beside the forward one.
  const std::uint64_t one = csr_bytes(shape.vertices, shape.arcs, shape.weighted);
  return (shape.directed ? 2 : 1) * one + original_ids;
}

std::uint64_t device_input_bytes(const input_shape& shape, backend where) {
  if (shape.hypergraph) {
    // Both incidence CSRs, and the vertices and hyperedges bucketed by degree (one id each).
    const std::uint64_t buckets = (shape.vertices + shape.hyperedges) * kId;
    if (family_of(where) == backend_family::cpu) return buckets;
    return csr_bytes(shape.hyperedges, shape.pins, false) + csr_bytes(shape.vertices, shape.pins, false) + buckets;
  }
  if (family_of(where) == backend_family::cpu) return 0;
  return (shape.directed ? 2 : 1) * csr_bytes(shape.vertices, shape.arcs, shape.weighted);
}

std::uint64_t backend_scratch_bytes(backend where) {
  constexpr std::uint64_t kGpuMinimumScratch = std::uint64_t(4) << 20;
  return family_of(where) == backend_family::simt ? kGpuMinimumScratch : 0;
}

memory_probe::memory_probe(backend where) : where_(where) {
  constructed_ = on_account(where_, [](auto account) { return account.in_use(); });
  started_ = constructed_;
}

void memory_probe::restart() {
  started_ = on_account(where_, [](auto account) {
    account.reset_peak();
    return account.in_use();
  });
}

std::uint64_t memory_probe::peak_above_start() const {
  const std::uint64_t peak = on_account(where_, [](auto account) { return account.peak(); });
  return peak > started_ ? peak - started_ : 0;
}

std::uint64_t memory_probe::held_since_construction() const {
  const std::uint64_t now = on_account(where_, [](auto account) { return account.in_use(); });
  return now > constructed_ ? now - constructed_ : 0;
}

std::string need_phrase(const std::string& algorithm, const std::string& input, backend where,
                        const memory_need& need, std::uint64_t available, const std::string& available_what) {
  const bool gpu = family_of(where) != backend_family::cpu;
  return fmt::format("{} on {} needs about {} of {} memory ({} for the input, {} working), but {} {}", algorithm,
                     input, human_bytes(need.total()), gpu ? std::string(to_string(where)) : "host",
                     human_bytes(need.input), human_bytes(need.working), human_bytes(available), available_what);
}

void require_fit(const std::string& algorithm, const std::string& input, backend where, const memory_need& need,
                 std::uint64_t available, const std::string& available_what) {
  if (need.total() <= available) return;
  const bool gpu = family_of(where) != backend_family::cpu;
  throw error(error_kind::out_of_memory,
              need_phrase(algorithm, input, where, need, available, available_what) + "; " +
                  (gpu ? "use --device host, a device with more memory, or a smaller input"
                       : "use a machine with more memory or a smaller input"));
}

}  // namespace plexus
