// resident_arcs<Space>: the lists an engine reads in place, and where they live.
//
//   out-of-core   the static region: vertices 0 .. static_vertices - 1 and their arcs, copied
//                 once into device memory (the plan in engine_report);
//   subway        none: every list is fetched;
//   zero-copy     every list, in host memory page-locked and mapped into the device's address
//                 space, read over the bus by the kernels;
//   managed, managed-fits  every list, in managed memory filled on the host (the pages start
//                 there and migrate when kernels touch them);
//   in-memory     every list, in device memory.
// The offsets of resident vertices are always in device memory (per-vertex state). The
// resident set is a bitmap of 64-bit words whose bit v is set when v's list is read in place,
// as the split of every iteration expects (active_split.hpp).
#pragma once

#include <cstddef>
#include <memory>
#include <span>

#include "plexus/core/timer.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/csr_view.hpp"
#include "plexus/outofcore/active_split.hpp"
#include "plexus/outofcore/engine.hpp"

namespace plexus::outofcore {

template <class Space>
class resident_arcs {
 public:
  resident_arcs(const Space& space, const csr_arrays& graph, bool with_weights, const engine_options& options,
                engine_report& report)
      : words_((static_cast<std::size_t>(graph.num_vertices()) + 63) / 64) {
    timer setup;
    const vertex_t n = graph.num_vertices();
    switch (options.engine) {
      case engine_kind::out_of_core:
      case engine_kind::subway:
        vertices_ = as_run(options).static_region ? report.plan.static_vertices : 0;
        break;
      default:
        vertices_ = n;
    }
    const edge_t arcs = graph.offsets[vertices_];
    offsets_.assign(std::span<const edge_t>(graph.offsets.data(), static_cast<std::size_t>(vertices_) + 1));
    const std::span<const vertex_t> ids(graph.indices.data(), arcs);
    const std::span<const weight_t> weights(with_weights ? graph.weights.data() : nullptr, with_weights ? arcs : 0);
    const vertex_t* id_pointer = nullptr;
    const weight_t* weight_pointer = nullptr;
    if (options.engine == engine_kind::zero_copy) {
      ids_mapping_ = std::make_unique<exec::host_mapping<Space>>(ids.data(), ids.size_bytes());
      id_pointer = static_cast<const vertex_t*>(ids_mapping_->mapped());
      if (with_weights) {
        weights_mapping_ = std::make_unique<exec::host_mapping<Space>>(weights.data(), weights.size_bytes());
        weight_pointer = static_cast<const weight_t*>(weights_mapping_->mapped());
      }
    } else if (options.engine == engine_kind::managed || options.engine == engine_kind::managed_fits) {
      managed_ids_ = std::make_unique<exec::managed_array<Space, vertex_t>>(ids.size());
      fill(managed_ids_->data(), ids);
      if (options.read_mostly) managed_ids_->advise_read_mostly();
      id_pointer = managed_ids_->data();
      if (with_weights) {
        managed_weights_ = std::make_unique<exec::managed_array<Space, weight_t>>(weights.size());
        fill(managed_weights_->data(), weights);
        if (options.read_mostly) managed_weights_->advise_read_mostly();
        weight_pointer = managed_weights_->data();
      }
    } else {
      ids_.assign(ids);
      id_pointer = ids_.data();
      if (with_weights) {
        weights_.assign(weights);
        weight_pointer = weights_.data();
      }
    }
    view_ = csr_view{vertices_, arcs, offsets_.data(), id_pointer, weight_pointer};
    mark_resident(space);
    report.setup_seconds += setup.seconds();
  }

  /// Sets bit v of the resident set for v < vertices() (public: GPU lambdas may not live in
  /// constructors or private members).
  void mark_resident(const Space& space) {
    bitmap_word* words = words_.data();
    const vertex_t first_absent = vertices_;
    exec::for_each(space, words_.size(), PLEXUS_LAMBDA(std::size_t i) {
      const std::size_t low = i * 64;
      words[i] = low + 64 <= first_absent ? ~bitmap_word(0)
                 : low >= first_absent    ? bitmap_word(0)
                                          : (bitmap_word(1) << (first_absent - low)) - 1;
    });
    space.synchronize();
  }

  /// Vertices 0 .. vertices() - 1 are resident.
  vertex_t vertices() const { return vertices_; }
  const bitmap_word* words() const { return words_.data(); }
  /// The resident lists as a CSR in the space's address space (only vertices() vertices).
  csr_view view() const { return view_; }

 private:
  template <class T>
  static void fill(T* to, std::span<const T> from) {
#pragma omp parallel for schedule(static)
    for (std::size_t i = 0; i < from.size(); ++i) to[i] = from[i];
  }

  vertex_t vertices_ = 0;
  exec::buffer<Space, bitmap_word> words_;
  exec::buffer<Space, edge_t> offsets_;
  exec::buffer<Space, vertex_t> ids_;
  exec::buffer<Space, weight_t> weights_;
  std::unique_ptr<exec::host_mapping<Space>> ids_mapping_, weights_mapping_;
  std::unique_ptr<exec::managed_array<Space, vertex_t>> managed_ids_;
  std::unique_ptr<exec::managed_array<Space, weight_t>> managed_weights_;
  csr_view view_{};
};

}  // namespace plexus::outofcore
