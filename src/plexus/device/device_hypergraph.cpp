// device_hypergraph: bucketing of the incidence lists and the views of a hypergraph in one
// back end's memory. The upload itself is compiled per back end
// (device_hypergraph_upload.hpp, device_hypergraph_instances.hpp), so that this file stays
// plain C++.
#include "plexus/device/device_hypergraph.hpp"

#include <array>
#include <memory>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/graph/hypergraph_buckets.hpp"

namespace plexus {

namespace detail {

// device_hypergraph_upload.hpp, compiled once per back end from device_hypergraph_instances.hpp.
template <class Space>
std::shared_ptr<void> upload_hypergraph(const hypergraph& graph, const host_buckets& vertex_buckets,
                                        const host_buckets& edge_buckets, csr_view& vertex_to_edges,
                                        csr_view& edge_to_vertices, segment_buckets& vertex_view,
                                        segment_buckets& edge_view);

namespace {

// Rows of `a` by length class (bucket_by_length).
host_buckets bucket_rows(const csr_arrays& a) {
  return bucket_by_length(a.num_vertices(), [&](std::size_t r) { return a.offsets[r + 1] - a.offsets[r]; });
}

// Whether some row lists a neighbour twice (rows are sorted, so a repeat sits next to its
// first occurrence).
bool has_repeats(const csr_arrays& a) {
  const vertex_t rows = a.num_vertices();
  bool repeats = false;
#pragma omp parallel for schedule(dynamic, 4096) reduction(|| : repeats)
  for (vertex_t r = 0; r < rows; ++r)
    for (edge_t e = a.offsets[r] + 1; e < a.offsets[r + 1]; ++e)
      if (a.indices[e] == a.indices[e - 1]) {
        repeats = true;
        break;
      }
  return repeats;
}

}  // namespace
}  // namespace detail

struct device_hypergraph::impl {
  const hypergraph* graph = nullptr;
  backend where = backend::host;
  double upload_seconds = 0;
  bool repeated_pins = false;
  csr_view vertex_to_edges{}, edge_to_vertices{};
  detail::host_buckets vertex_host, edge_host;
  segment_buckets vertex_buckets, edge_buckets;
  std::shared_ptr<void> storage;  // the arrays in the back end's memory
};

device_hypergraph::device_hypergraph(const hypergraph& graph, backend where) : impl_(std::make_unique<impl>()) {
  impl_->graph = &graph;
  impl_->where = where;
  require_backend(where);
  timer clock;
  impl_->vertex_host = detail::bucket_rows(graph.vertex_to_edges());
  impl_->edge_host = detail::bucket_rows(graph.edge_to_vertices());
  impl_->repeated_pins = detail::has_repeats(graph.edge_to_vertices());
  impl_->storage = backends::dispatch(where, [&]<class Space>() {
    return detail::upload_hypergraph<Space>(graph, impl_->vertex_host, impl_->edge_host, impl_->vertex_to_edges,
                                            impl_->edge_to_vertices, impl_->vertex_buckets, impl_->edge_buckets);
  });
  if (family_of(where) != backend_family::cpu) {
    // The device holds the lists now; the host copies are not needed any more.
    impl_->vertex_host = {};
    impl_->edge_host = {};
  }
  impl_->upload_seconds = clock.seconds();
}

device_hypergraph::device_hypergraph(device_hypergraph&&) noexcept = default;
device_hypergraph& device_hypergraph::operator=(device_hypergraph&&) noexcept = default;
device_hypergraph::~device_hypergraph() = default;

backend device_hypergraph::where() const { return impl_->where; }
double device_hypergraph::upload_seconds() const { return impl_->upload_seconds; }
bool device_hypergraph::has_repeated_pins() const { return impl_->repeated_pins; }
const hypergraph& device_hypergraph::host_hypergraph() const { return *impl_->graph; }
csr_view device_hypergraph::vertex_to_edges() const { return impl_->vertex_to_edges; }
csr_view device_hypergraph::edge_to_vertices() const { return impl_->edge_to_vertices; }
const segment_buckets& device_hypergraph::vertex_buckets() const { return impl_->vertex_buckets; }
const segment_buckets& device_hypergraph::hyperedge_buckets() const { return impl_->edge_buckets; }

}  // namespace plexus
