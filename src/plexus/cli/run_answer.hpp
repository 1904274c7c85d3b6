// A run's answer per vertex, kept so that the runs of one algorithm on one graph by different
// engines can be compared (`plexus bench --engine`): the in-memory run is the reference, and
// every out-of-core engine must give its answer exactly (depths, distances with integer
// weights, labels) or within a relative tolerance (PageRank, whose additions run in another
// order). Exact answers are kept as a digest of their values, approximate ones as the values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "plexus/graph/csr_graph.hpp"

namespace plexus::cli {

struct run_answer {
  std::uint64_t digest = 0;    // of the values' bytes, when exact
  std::vector<double> values;  // approximate answers only
  double tolerance = 0;        // 0: exact; else the largest |a - b| / |b| allowed per vertex
};

/// An exact answer: the digest of `bytes` (io::checksum, the same whatever the thread count).
run_answer exact_answer(std::span<const std::byte> bytes);
template <class T>
run_answer exact_answer(std::span<const T> values) {
  return exact_answer(std::as_bytes(values));
}
/// An approximate answer: `values`, each to be matched within `tolerance` relative.
run_answer approximate_answer(std::span<const double> values, double tolerance);

/// Empty when `answer` agrees with `reference`; otherwise why not, in words ("differs from the
/// in-memory answer by 0.5 relative at vertex 17 ..."), naming the vertex by its input id in
/// `graph`, the graph both answers were computed on, and the reference as `reference_name`.
std::string answer_difference(const run_answer& answer, const run_answer& reference, const csr_graph& graph,
                              std::string_view reference_name = "the in-memory answer");

}  // namespace plexus::cli
