// What a run holds in a back end's memory, estimated from the input's size alone, so that
// `plexus info` can print it before anything runs and `plexus run` can refuse, with the
// numbers, a run that cannot fit instead of failing part-way through; and what a run held,
// measured by the back end's memory account, so the estimate is checked against every run.
//
// A run holds the graph as its back end sees it (a GPU gets a copy of the CSR; the host back
// end uses the loaded graph in place) and the algorithm's working arrays, which each algorithm
// states through algorithm_command::working_bytes.
#pragma once

#include <cstdint>
#include <string>

#include "plexus/backends/backend.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus {

/// The sizes an estimate needs: a graph's (vertices, stored out-arcs: an undirected edge
/// counts twice, direction, weights) or a hypergraph's (vertices, hyperedges, pins).
struct input_shape {
  std::uint64_t vertices = 0;
  std::uint64_t arcs = 0;
  bool directed = false;
  bool weighted = false;
  bool hypergraph = false;
  std::uint64_t hyperedges = 0;
  std::uint64_t pins = 0;
};

input_shape shape_of(const csr_graph& graph);
input_shape shape_of(const hypergraph& graph);

/// What an estimate adds for the counters, flags and small arrays every run keeps.
inline constexpr std::uint64_t kSmallBuffers = std::uint64_t(64) << 10;

/// Bytes of the input as loaded in host memory (its arrays and original ids).
std::uint64_t host_input_bytes(const input_shape& shape);
/// Bytes of the input on `where`'s device: the upload of device_graph or device_hypergraph to
/// a GPU; for the host back end, what it builds beside the loaded input (nothing for a graph).
std::uint64_t device_input_bytes(const input_shape& shape, backend where);

/// What every run on `where` holds besides the algorithm's own arrays: on a GPU the vendor
/// library's scratch, which a space allocates at its first use at a size meant to serve most
/// graphs without growing (backends/simt/space.hpp); nothing on the host.
std::uint64_t backend_scratch_bytes(backend where);

/// A run's memory on its back end's device: the input's copy there and the algorithm's work.
struct memory_need {
  std::uint64_t input = 0;
  std::uint64_t working = 0;
  std::uint64_t total() const { return input + working; }
};

/// What the back end's memory account saw: the bytes `where` held before the run, and the
/// most it held above that while the run went on.
class memory_probe {
 public:
  explicit memory_probe(backend where);
  /// Starts counting the peak from now.
  void restart();
  /// The most held above the level at the last restart.
  std::uint64_t peak_above_start() const;
  /// Bytes held now above the level at construction.
  std::uint64_t held_since_construction() const;

 private:
  backend where_;
  std::uint64_t constructed_ = 0, started_ = 0;
};

/// "bfs on kron-20-16 needs about 1.2 GiB of cuda memory (1.0 GiB for the input, 200 MiB
/// working), but 800 MiB are free (of 80 GiB on NVIDIA ...)": the need against what is there.
std::string need_phrase(const std::string& algorithm, const std::string& input, backend where,
                        const memory_need& need, std::uint64_t available, const std::string& available_what);

/// "bfs on kron-20-16 needs about 1.2 GiB of cuda memory (the graph 1.0 GiB, working 200 MiB),
/// but the device has 800 MiB free (NVIDIA ...)": throws plexus::error(out_of_memory) with
/// that line and what to do when need.total() > available; `available_what` says where the
/// available figure comes from.
void require_fit(const std::string& algorithm, const std::string& input, backend where, const memory_need& need,
                 std::uint64_t available, const std::string& available_what);

}  // namespace plexus
