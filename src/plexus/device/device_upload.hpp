// device_arrays<Space>: the arrays of a device_graph or device_hypergraph in one back end's
// memory. On a back end of the cpu family the host's arrays are that memory, so views point at
// them and nothing is copied; otherwise each array is copied once into a buffer this object
// keeps, and views point there.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "plexus/exec/exec.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/csr_view.hpp"

namespace plexus::detail {

template <class Space>
class device_arrays {
 public:
  /// `values` in the space's memory, valid as long as this object (and, on the host, `values`).
  template <class T>
  const T* keep(std::span<const T> values) {
    if constexpr (exec::cpu_space<Space>) {
      return values.data();
    } else {
      auto copy = std::make_shared<exec::buffer<Space, T>>();
      copy->assign(values);
      buffers_.push_back(copy);
      return copy->data();
    }
  }

  /// A view of a CSR in the space's memory (weights left out when `a` has none).
  csr_view view(const csr_arrays& a) {
    return csr_view{a.num_vertices(), a.num_edges(), keep(std::span<const edge_t>(a.offsets)),
                    keep(std::span<const vertex_t>(a.indices)),
                    a.weights.empty() ? nullptr : keep(std::span<const weight_t>(a.weights))};
  }

 private:
  std::vector<std::shared_ptr<void>> buffers_;
};

}  // namespace plexus::detail
