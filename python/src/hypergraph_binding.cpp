#include "hypergraph_binding.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>

#include "arrays.hpp"
#include "graph_binding.hpp"
#include "plexus/algorithms/hyper_bfs/hyper_bfs.hpp"
#include "plexus/algorithms/hyper_cc/hyper_cc.hpp"
#include "plexus/algorithms/hyper_lp/hyper_lp.hpp"
#include "plexus/backends/backend.hpp"
#include "plexus/core/error.hpp"
#include "plexus/device/device_hypergraph.hpp"
#include "plexus/dsl/runtime/vertex_range.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/io/plx.hpp"
#include "plexus/io/read_hypergraph.hpp"
#include "run_helpers.hpp"

namespace py = pybind11;

namespace plexus::python {

namespace {

using shared_hypergraph = shared_input<hypergraph, device_hypergraph>;

using id_array = py::array_t<std::int64_t, py::array::c_style>;

/// Hyperedge h holds pins[offsets[h] .. offsets[h + 1]); every pin below num_vertices (the
/// largest pin + 1 when negative). The Python layer groups (hyperedge, vertex) pairs into
/// this form; the checks here name the array, the index and the value.
std::unique_ptr<shared_hypergraph> from_incidence(const id_array& offsets, const id_array& pins,
                                                  std::int64_t num_vertices) {
  if (offsets.ndim() != 1 || pins.ndim() != 1 || offsets.shape(0) < 1)
    throw error(error_kind::invalid_argument,
                "from_incidence: offsets and pins must be one-dimensional arrays");
  const auto edges = static_cast<std::size_t>(offsets.shape(0) - 1);
  const auto count = static_cast<std::size_t>(pins.shape(0));
  if (edges > std::numeric_limits<hyperedge_t>::max() - 1)
    throw error(error_kind::invalid_argument,
                "from_incidence: " + std::to_string(edges) + " hyperedges are more than " +
                    std::to_string(std::numeric_limits<hyperedge_t>::max() - 1));
  const std::int64_t* o = offsets.data();
  const std::int64_t* p = pins.data();
  if (o[0] != 0 || static_cast<std::size_t>(o[edges]) != count)
    throw error(error_kind::invalid_argument, "from_incidence: offsets must run from 0 to the pin count");
  constexpr std::int64_t most = std::numeric_limits<vertex_t>::max();
  std::int64_t largest = -1;
  for (std::size_t i = 0; i < count; ++i) {
    if (p[i] < 0 || p[i] >= most || (num_vertices >= 0 && p[i] >= num_vertices))
      throw error(error_kind::invalid_argument,
                  "from_incidence: vertex " + std::to_string(p[i]) + " (pin " + std::to_string(i) + ") is " +
                      (p[i] < 0 ? std::string("negative")
                                : "not below " + std::to_string(num_vertices >= 0 ? num_vertices : most)));
    largest = std::max(largest, p[i]);
  }
  incidence_list incidence;
  incidence.edge_offsets.resize(edges + 1);
  for (std::size_t h = 0; h <= edges; ++h) {
    if (h > 0 && o[h] < o[h - 1])
      throw error(error_kind::invalid_argument, "from_incidence: offsets must not decrease");
    incidence.edge_offsets[h] = static_cast<edge_t>(o[h]);
  }
  incidence.pins.resize(count);
  for (std::size_t i = 0; i < count; ++i) incidence.pins[i] = static_cast<vertex_t>(p[i]);
  incidence.num_vertices = static_cast<vertex_t>(num_vertices >= 0 ? num_vertices : largest + 1);
  return std::make_unique<shared_hypergraph>(build_hypergraph(std::move(incidence)));
}

std::unique_ptr<shared_hypergraph> from_file(const std::string& path,
                                             const std::optional<std::string>& format) {
  io::hypergraph_read_options options;
  if (format) options.format = io::parse_hypergraph_format(*format);
  return std::make_unique<shared_hypergraph>(io::read_hypergraph(path, options));
}

py::dict run_hyper_bfs(const shared_hypergraph& h, std::int64_t source, const std::string& device) {
  const vertex_t n = h.host().num_vertices();
  if (!dsl::runtime::is_vertex(source, n))
    throw error(error_kind::invalid_argument, "source " + std::to_string(source) + " is not a vertex (" +
                                                  dsl::runtime::vertex_ids(n) + ")");
  hyper_bfs_result r =
      unlocked([&] { return hyper_bfs(h.on(parse_backend(device)), static_cast<vertex_t>(source)); });
  py::dict out = figures(static_cast<int>(r.levels), r.seconds);
  out["vertex_depth"] = signed_ids(r.vertex_depth);
  out["vertex_parent"] = signed_ids(r.vertex_parent);
  out["hyperedge_depth"] = signed_ids(r.hyperedge_depth);
  out["hyperedge_parent"] = signed_ids(r.hyperedge_parent);
  return out;
}

py::dict run_hyper_components(const shared_hypergraph& h, const std::string& device) {
  hyper_components_result r = unlocked([&] { return hyper_components(h.on(parse_backend(device))); });
  py::dict out = figures(static_cast<int>(r.rounds), r.seconds);
  out["vertex_label"] = adopt(std::move(r.vertex_labels));
  out["hyperedge_label"] = signed_ids(r.hyperedge_labels);
  out["num_components"] = r.num_components;
  return out;
}

py::dict run_hyper_label_propagation(const shared_hypergraph& h, const std::string& device,
                                     std::uint32_t max_iterations, double tolerance, std::uint64_t seed) {
  hyper_label_propagation_options options;
  options.max_iterations = max_iterations;
  options.tolerance = tolerance;
  options.seed = seed;
  hyper_label_propagation_result r =
      unlocked([&] { return hyper_label_propagation(h.on(parse_backend(device)), options); });
  py::dict out = figures(static_cast<int>(r.iterations), r.seconds);
  out["vertex_label"] = adopt(std::move(r.vertex_labels));
  out["hyperedge_label"] = signed_ids(r.hyperedge_labels);
  out["num_communities"] = r.num_communities;
  out["last_changed"] = r.changed_last;
  return out;
}

}  // namespace

void bind_hypergraph(py::module_& m) {
  py::class_<shared_hypergraph>(m, "Hypergraph")
      .def_static("from_incidence", &from_incidence, py::arg("offsets"), py::arg("pins"),
                  py::arg("num_vertices"), py::call_guard<py::gil_scoped_release>())
      .def_static("from_file", &from_file, py::arg("path"), py::arg("format"),
                  py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("num_vertices",
                             [](const shared_hypergraph& h) { return h.host().num_vertices(); })
      .def_property_readonly("num_hyperedges",
                             [](const shared_hypergraph& h) { return h.host().num_hyperedges(); })
      .def_property_readonly("num_pins", [](const shared_hypergraph& h) { return h.host().num_pins(); })
      .def("edge_offsets",
           [](py::object self) {
             return view_of(std::span<const edge_t>(
                                self.cast<const shared_hypergraph&>().host().edge_to_vertices().offsets),
                            self);
           })
      .def("pins",
           [](py::object self) {
             return view_of(std::span<const vertex_t>(
                                self.cast<const shared_hypergraph&>().host().edge_to_vertices().indices),
                            self);
           })
      .def("original_ids",
           [](py::object self) {
             return view_of(self.cast<const shared_hypergraph&>().host().original_ids(), self);
           })
      .def(
          "save", [](const shared_hypergraph& h, const std::string& path) { io::write_plx(h.host(), path); },
          py::arg("path"), py::call_guard<py::gil_scoped_release>())
      .def(
          "upload",
          [](const shared_hypergraph& h, const std::string& device) { h.on(parse_backend(device)); },
          py::arg("device"), py::call_guard<py::gil_scoped_release>());
  m.def("hyper_bfs", &run_hyper_bfs, py::arg("hypergraph"), py::arg("source"), py::arg("device"));
  m.def("hyper_components", &run_hyper_components, py::arg("hypergraph"), py::arg("device"));
  m.def("hyper_label_propagation", &run_hyper_label_propagation, py::arg("hypergraph"), py::arg("device"),
        py::arg("max_iterations"), py::arg("tolerance"), py::arg("seed"));
}

}  // namespace plexus::python
