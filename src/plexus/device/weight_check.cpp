// require_weights: the summary of device_graph::weights() says whether a weight breaks the
// rule; only then are the weights read again, to find the first such arc and its row.
#include "plexus/device/weight_check.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "plexus/core/error.hpp"

namespace plexus {

bool breaks_weight_rule(weight_t w, weight_rule rule) {
  if (!(w >= 0)) return true;  // negative or NaN
  return rule == weight_rule::finite_non_negative && std::isinf(w);
}

void require_weights(const device_graph& graph, weight_rule rule, std::string_view algorithm) {
  const weight_summary& summary = graph.weights();
  if (!summary.weighted) return;
  const bool unbounded = rule == weight_rule::finite_non_negative && std::isinf(summary.max);
  if (summary.first_invalid == ~edge_t(0) && !unbounded) return;
  const csr_graph& host = graph.host_graph();
  const std::span<const weight_t> weights = host.weights();
  const auto bad =
      std::find_if(weights.begin(), weights.end(), [&](weight_t w) { return breaks_weight_rule(w, rule); });
  if (bad == weights.end()) return;
  const edge_t arc = static_cast<edge_t>(bad - weights.begin());
  const std::span<const edge_t> offsets = host.offsets();
  // The row holding the arc: the last vertex whose list starts at or before it.
  const vertex_t tail =
      static_cast<vertex_t>(std::upper_bound(offsets.begin(), offsets.end(), arc) - offsets.begin() - 1);
  throw error(error_kind::unsupported,
              bad_weight_message(algorithm, rule, host.original_id(tail),
                                 host.original_id(host.indices()[arc]), host.directed(), *bad));
}

std::string bad_weight_message(std::string_view algorithm, weight_rule rule, std::uint64_t from,
                               std::uint64_t to, bool directed, weight_t weight) {
  if (!directed && to < from) std::swap(from, to);  // an undirected edge, smaller id first
  const char* kind = rule == weight_rule::non_negative ? "non-negative" : "finite non-negative";
  return fmt::format("{} needs {} weights, but edge {} {} {} has weight {}", algorithm, kind, from,
                     directed ? "->" : "--", to, weight);
}

}  // namespace plexus
