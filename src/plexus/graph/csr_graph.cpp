#include "plexus/graph/csr_graph.hpp"

#include <utility>

#include "plexus/core/error.hpp"

namespace plexus {

csr_view csr_arrays::view() const {
  return csr_view{num_vertices(), num_edges(), offsets.data(), indices.data(),
                  weights.empty() ? nullptr : weights.data()};
}

namespace {

void check_arrays(const csr_arrays& a, const char* what) {
  if (a.offsets.empty() || a.offsets.front() != 0 || a.offsets.back() != a.indices.size())
    throw error(error_kind::internal, std::string(what) + ": offsets do not cover the indices");
  if (!a.weights.empty() && a.weights.size() != a.indices.size())
    throw error(error_kind::internal, std::string(what) + ": weights and indices differ in length");
}

}  // namespace

csr_graph::csr_graph(csr_arrays out, bool directed, std::optional<csr_arrays> in,
                     host_vector<std::uint64_t> original_ids)
    : out_(std::move(out)), in_(std::move(in)), original_ids_(std::move(original_ids)), directed_(directed) {
  if (out_.offsets.empty()) out_.offsets.assign(1, 0);
  check_arrays(out_, "csr_graph");
  if (in_) {
    check_arrays(*in_, "csr_graph reverse");
    // Lists that hold no arcs carry no weights whatever the graph: a rank's part of a graph
    // (dist/local_graph.hpp) may hold in-arcs without out-arcs, or the other way round.
    const bool both_hold_arcs = !out_.indices.empty() && !in_->indices.empty();
    if (directed_ && both_hold_arcs && in_->weights.empty() != out_.weights.empty())
      throw error(error_kind::internal, "csr_graph: the reverse CSR carries weights exactly when the graph does");
    if (!directed_) in_.reset();  // undirected graphs are their own reverse
  }
  if (!original_ids_.empty() && original_ids_.size() != num_vertices())
    throw error(error_kind::internal, "csr_graph: original id map has the wrong length");
  if (!directed_) {
    edge_t loops = 0;
    const vertex_t n = num_vertices();
#pragma omp parallel for reduction(+ : loops) schedule(static, 4096)
    for (vertex_t v = 0; v < n; ++v)
      for (edge_t e = out_.offsets[v]; e < out_.offsets[v + 1]; ++e) loops += out_.indices[e] == v;
    self_loops_ = loops;
  }
}

edge_t csr_graph::num_logical_edges() const {
  return directed_ ? num_edges() : (num_edges() - self_loops_) / 2 + self_loops_;
}

const csr_arrays& csr_graph::in() const {
  if (!directed_) return out_;
  if (!in_) throw error(error_kind::invalid_argument, "graph has no reverse CSR: build it with build_in_edges()");
  return *in_;
}

void csr_graph::build_in_edges() {
  if (directed_ && !in_) in_ = transpose(out_);
}

}  // namespace plexus
