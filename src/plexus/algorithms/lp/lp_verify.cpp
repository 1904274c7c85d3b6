// Semi-synchronous and synchronous label propagation and LDBC Graphalytics CDLP; see
// lp_verify.hpp.
#include "plexus/algorithms/lp/lp_verify.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "plexus/algorithms/lp/lp_halves.hpp"
#include "plexus/algorithms/lp/lp_limit.hpp"
#include "plexus/core/error.hpp"
#include "plexus/graph/input_id.hpp"
#include "plexus/graph/input_order.hpp"

namespace plexus::verify {

namespace {

// Most frequent value of `labels` (sorted here), on a tie `preferred` when it is among the
// most frequent, else the smallest. Sorting and scanning runs is slower than a hash map but
// leaves no doubt about the tie rule.
vertex_t most_frequent(std::vector<vertex_t>& labels, vertex_t preferred = invalid_vertex) {
  std::sort(labels.begin(), labels.end());
  vertex_t best = labels.front();
  std::size_t best_count = 0;
  for (std::size_t i = 0; i < labels.size();) {
    std::size_t j = i;
    while (j < labels.size() && labels[j] == labels[i]) ++j;
    // Strict: an equal count later in the order has a larger label, and wins only as the
    // preferred one.
    if (j - i > best_count || (j - i == best_count && labels[i] == preferred)) {
      best_count = j - i;
      best = labels[i];
    }
    i = j;
  }
  return best;
}

// One synchronous iteration over the neighbour lists of `out` (and of `in`, when given).
// Returns how many labels changed.
std::uint64_t iterate(const csr_graph& graph, const csr_arrays* in, const host_vector<vertex_t>& label,
                      host_vector<vertex_t>& next) {
  std::vector<vertex_t> seen;
  std::uint64_t changed = 0;
  for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
    seen.clear();
    for (vertex_t u : graph.neighbors(v)) seen.push_back(label[u]);
    if (in)
      for (edge_t e = in->offsets[v]; e < in->offsets[v + 1]; ++e) seen.push_back(label[in->indices[e]]);
    next[v] = seen.empty() ? label[v] : most_frequent(seen);
    if (next[v] != label[v]) ++changed;
  }
  return changed;
}

// Labels are held as ranks of the original ids, so the smallest label on a tie is the vertex
// of smallest original id; every vertex starts with its own.
host_vector<vertex_t> own_ranks(const input_order& order, vertex_t n) {
  host_vector<vertex_t> label(n);
  for (vertex_t v = 0; v < n; ++v) label[v] = order.rank(v);
  return label;
}

// From every vertex's own label, step(order, label, next, iteration) computes next and
// returns the count the stop rule compares with tolerance * n; at most max_iterations steps,
// fewer once labels that follow from the labels alone (`watched`) go round a cycle (lp_limit).
template <class Step>
host_vector<vertex_t> propagate(const csr_graph& graph, int max_iterations, double tolerance, bool watched,
                                int* iterations_out, Step step) {
  if (max_iterations < 0)
    throw error(error_kind::invalid_argument, fmt::format("max_iterations {} is negative", max_iterations));
  const vertex_t n = graph.num_vertices();
  const input_order order(graph);
  host_vector<vertex_t> label = own_ranks(order, n), next(n);
  int it = 0;
  detail::lp_limit limit(max_iterations, watched);
  while (it < limit.value() && n > 0) {
    const std::uint64_t counted = step(order, label, next, it);
    label.swap(next);
    ++it;
    if (static_cast<double>(counted) <= tolerance * static_cast<double>(n)) break;
    limit.after(it, counted, [&] { return label; });
  }
  if (iterations_out) *iterations_out = it;
  order.ranks_to_vertices(label);
  return label;
}

}  // namespace

host_vector<vertex_t> reference_label_propagation(const csr_graph& graph, int max_iterations, double tolerance,
                                                  int* iterations_out) {
  return propagate(graph, max_iterations, tolerance, true, iterations_out,
                   [&](const input_order&, const host_vector<vertex_t>& label, host_vector<vertex_t>& next,
                       int) { return iterate(graph, nullptr, label, next); });
}

host_vector<vertex_t> reference_semi_synchronous_label_propagation(const csr_graph& graph, int max_iterations,
                                                                   double tolerance, std::uint64_t seed,
                                                                   int* iterations_out) {
  std::vector<vertex_t> seen;
  return propagate(
      graph, max_iterations, tolerance, false, iterations_out,
      [&](const input_order& order, const host_vector<vertex_t>& label, host_vector<vertex_t>& next, int it) {
        const std::uint64_t round_key = detail::halves_round_key(seed, static_cast<std::uint64_t>(it));
        std::uint64_t unsettled = 0;
        for (vertex_t v = 0; v < graph.num_vertices(); ++v) {
          next[v] = label[v];
          seen.clear();
          for (vertex_t u : graph.neighbors(v)) seen.push_back(label[u]);
          if (seen.empty()) continue;
          const vertex_t vote = most_frequent(seen, label[v]);
          if (vote == label[v]) continue;
          ++unsettled;
          if (detail::moves_this_round(round_key, order.rank(v))) next[v] = vote;
        }
        return unsettled;
      });
}

host_vector<vertex_t> reference_cdlp(const csr_graph& graph, int iterations, int* iterations_out) {
  if (iterations < 0) throw error(error_kind::invalid_argument, fmt::format("cdlp iterations {} is negative", iterations));
  const vertex_t n = graph.num_vertices();
  // Directed graphs count in-neighbours too; the reverse CSR is built here when the graph
  // does not carry one.
  csr_arrays transposed;
  const csr_arrays* in = nullptr;
  if (graph.directed()) {
    if (graph.has_in_edges()) {
      in = &graph.in();
    } else {
      transposed = transpose(graph.out());
      in = &transposed;
    }
  }
  const input_order order(graph);
  host_vector<vertex_t> label = own_ranks(order, n), next(n);
  int it = 0;
  // An iteration that changes nothing is a fixed point: the rest would repeat it. Labels that
  // go round a longer cycle cut the count to the cycle's (lp_limit).
  detail::lp_limit limit(iterations, true);
  while (it < limit.value()) {
    const std::uint64_t changed = iterate(graph, in, label, next);
    label.swap(next);
    ++it;
    if (changed == 0) break;
    limit.after(it, changed, [&] { return label; });
  }
  if (iterations_out) *iterations_out = it;
  order.ranks_to_vertices(label);
  return label;
}

verdict compare_labels(const csr_graph& graph, std::span<const vertex_t> expected,
                       std::span<const vertex_t> actual) {
  if (expected.size() != actual.size())
    return fail(fmt::format("labels has {} entries, expected {}", actual.size(), expected.size()));
  const auto id = [&](vertex_t v) { return input_id(graph, v); };
  for (std::size_t v = 0; v < expected.size(); ++v)
    if (actual[v] != expected[v])
      return fail(fmt::format("vertex {}: label {} but expected {}", id(static_cast<vertex_t>(v)),
                              id(actual[v]), id(expected[v])));
  return pass();
}

}  // namespace plexus::verify
