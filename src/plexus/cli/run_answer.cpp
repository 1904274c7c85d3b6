// Answers kept for comparing engines; see run_answer.hpp.
#include "plexus/cli/run_answer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "plexus/graph/input_id.hpp"
#include "plexus/io/plx_checksum.hpp"

namespace plexus::cli {

run_answer exact_answer(std::span<const std::byte> bytes) {
  run_answer answer;
  answer.digest = io::checksum(bytes.data(), bytes.size());
  return answer;
}

run_answer approximate_answer(std::span<const double> values, double tolerance) {
  run_answer answer;
  answer.values.assign(values.begin(), values.end());
  answer.tolerance = tolerance;
  return answer;
}

std::string answer_difference(const run_answer& answer, const run_answer& reference, const csr_graph& graph,
                              std::string_view reference_name) {
  if (reference.tolerance == 0) {
    if (answer.tolerance != 0 || answer.digest != reference.digest)
      return fmt::format("differs from {} (digests of the values differ)", reference_name);
    return {};
  }
  if (answer.values.size() != reference.values.size())
    return fmt::format("has {} values where {} has {}", answer.values.size(), reference_name,
                       reference.values.size());
  std::size_t worst = 0;
  double worst_relative = 0;
  for (std::size_t v = 0; v < answer.values.size(); ++v) {
    const double a = answer.values[v], b = reference.values[v];
    const double relative = a == b ? 0.0 : std::abs(a - b) / std::max(std::abs(b), 1e-300);
    if (!(relative <= worst_relative)) {  // NaN counts as the worst
      worst = v;
      worst_relative = std::isnan(relative) ? INFINITY : relative;
    }
  }
  if (worst_relative <= reference.tolerance) return {};
  return fmt::format(
      "differs from {} by {:.3g} relative at vertex {} ({:.17g} against {:.17g}), more than {:g}",
      reference_name, worst_relative, input_id(graph, static_cast<vertex_t>(worst)), answer.values[worst],
      reference.values[worst], reference.tolerance);
}

}  // namespace plexus::cli
