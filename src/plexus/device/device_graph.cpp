// device_graph: holds the views of a graph in one back end's memory. The upload itself is
// compiled per back end (device_graph_upload.hpp, device_graph_instances.hpp), so that this
// file stays plain C++.
#include "plexus/device/device_graph.hpp"

#include <cmath>
#include <memory>
#include <mutex>

#include "plexus/backends/dispatch.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"

namespace plexus {

namespace detail {
// device_graph_upload.hpp, compiled once per back end from device_graph_instances.hpp.
template <class Space>
std::shared_ptr<void> upload_graph(const csr_graph& graph, bool with_in_edges, csr_view& out, csr_view& in,
                                   bool& has_in);
}  // namespace detail

struct device_graph::impl {
  const csr_graph* graph = nullptr;
  backend where = backend::host;
  double upload_seconds = 0;
  csr_view out{}, in{};
  bool has_in = false;
  std::shared_ptr<void> storage;  // the arrays in the back end's memory
  std::once_flag weights_once;
  weight_summary weights;
};

device_graph::device_graph(const csr_graph& graph, backend where, bool with_in_edges) : impl_(std::make_unique<impl>()) {
  impl_->graph = &graph;
  impl_->where = where;
  require_backend(where);
  timer clock;
  impl_->storage = backends::dispatch(where, [&]<class Space>() {
    return detail::upload_graph<Space>(graph, with_in_edges, impl_->out, impl_->in, impl_->has_in);
  });
  impl_->upload_seconds = clock.seconds();
}

device_graph::device_graph(device_graph&&) noexcept = default;
device_graph& device_graph::operator=(device_graph&&) noexcept = default;
device_graph::~device_graph() = default;

backend device_graph::where() const { return impl_->where; }
double device_graph::upload_seconds() const { return impl_->upload_seconds; }
const csr_graph& device_graph::host_graph() const { return *impl_->graph; }
csr_view device_graph::out_view() const { return impl_->out; }
bool device_graph::has_in_edges() const { return impl_->has_in; }

csr_view device_graph::in_view() const {
  if (!impl_->has_in)
    throw error(error_kind::invalid_argument,
                "directed graph has no in-edges on this back end: build the reverse CSR before uploading");
  return impl_->in;
}

const weight_summary& device_graph::weights() const {
  std::call_once(impl_->weights_once, [this] {
    weight_summary& s = impl_->weights;
    const csr_graph& g = *impl_->graph;
    if (!g.weighted() || g.num_edges() == 0) return;
    s.weighted = true;
    const weight_t* w = g.weights().data();
    const edge_t m = g.num_edges();
    double lo = INFINITY, hi = -INFINITY, sum = 0;
    edge_t first_bad = ~edge_t(0);
#pragma omp parallel for reduction(min : lo, first_bad) reduction(max : hi) reduction(+ : sum) schedule(static)
    for (edge_t e = 0; e < m; ++e) {
      const double x = w[e];
      if (!(x >= 0)) first_bad = e < first_bad ? e : first_bad;  // also catches NaN
      lo = x < lo ? x : lo;
      hi = x > hi ? x : hi;
      sum += x;
    }
    s.min = lo;
    s.max = hi;
    s.mean = sum / static_cast<double>(m);
    s.first_invalid = first_bad;
  });
  return impl_->weights;
}

}  // namespace plexus
