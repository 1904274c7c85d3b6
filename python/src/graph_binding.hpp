// plexus._plexus.Graph: a library graph shared by the Python objects that use it, uploaded to a
// device once per back end and reused by every later call there (shared_input, which
// hypergraph_binding.cpp uses for hypergraphs too).
#pragma once

#include <pybind11/pybind11.h>

#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include "plexus/backends/backend.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::python {

/// A library graph or hypergraph shared by the Python objects that use it, uploaded to each
/// back end on first use there and reused by every later call (callers hold no GIL: two
/// threads asking at once upload it once).
template <class Host, class Device>
class shared_input {
 public:
  explicit shared_input(Host input) : host_(std::make_shared<const Host>(std::move(input))) {}

  const Host& host() const { return *host_; }
  const Device& on(backend where) const {
    require_backend(where);
    const std::lock_guard<std::mutex> hold(uploading_);
    std::unique_ptr<Device>& slot = uploaded_[where];
    if (!slot) slot = std::make_unique<Device>(*host_, where);
    return *slot;
  }

 private:
  std::shared_ptr<const Host> host_;
  mutable std::mutex uploading_;
  mutable std::map<backend, std::unique_ptr<Device>> uploaded_;
};

using shared_graph = shared_input<csr_graph, device_graph>;

void bind_graph(pybind11::module_& m);

}  // namespace plexus::python
