// plexus._plexus.Graph: a library graph shared by the Python objects that use it, uploaded to a
// device once per back end and reused by every later call there.
#pragma once

#include <pybind11/pybind11.h>

#include <map>
#include <memory>
#include <mutex>

#include "plexus/backends/backend.hpp"
#include "plexus/device/device_graph.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::python {

class shared_graph {
 public:
  explicit shared_graph(csr_graph graph) : graph_(std::make_shared<const csr_graph>(std::move(graph))) {}

  const csr_graph& host() const { return *graph_; }
  /// The graph on back end `where`, uploaded on first use (callers hold no GIL: two threads
  /// asking at once upload it once).
  const device_graph& on(backend where) const;

 private:
  std::shared_ptr<const csr_graph> graph_;
  mutable std::mutex uploading_;
  mutable std::map<backend, std::unique_ptr<device_graph>> uploaded_;
};

void bind_graph(pybind11::module_& m);

}  // namespace plexus::python
