// The nodes a generated function's kernels compute and then index by (`w.x` after
// `node w = v + 5`, `g.neighbors(w)`), checked inside the kernel: a lane cannot throw, so the
// check records the node at its place and goes on with vertex 0 (memory stays safe, and a lane
// runs only on a graph with a vertex); the host reads the record after the kernel and throws
// the interpreter's error (vertex_range.hpp). Nodes the back end proves to be vertices
// (iterators, the values of properties that hold only vertices) are not checked at all.
//
// Of several nodes that fail in one kernel, the one reported is at the least place number
// (the back end numbers places in the order it prints them, which follows the program's
// evaluation order), and there the least node: the same whichever lanes run first.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/core/types.hpp"
#include "plexus/dsl/runtime/vertex_range.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus::dsl::runtime {

/// What lanes call: `x[check(w, 3)]` is x[w] when w is a vertex, else x[0] with w recorded at
/// place 3. record[0] is the least place that failed, record[1 + p] the least node at place p
/// (offset by 2^63, so that unsigned order is signed order), each kEmpty until one fails.
struct vertex_check {
  static constexpr unsigned long long kEmpty = ~0ull;
  unsigned long long* record;
  vertex_t n;

  PLEXUS_HOST_DEVICE vertex_t operator()(std::int64_t v, unsigned place) const {
    if (v >= 0 && v < static_cast<std::int64_t>(n)) return static_cast<vertex_t>(v);
    // Both minima only fall, and the host reads them after the kernel: any order of the
    // lanes' updates leaves the same least place and the same least node there.
    exec::atomic_min(record + 1 + place, static_cast<unsigned long long>(v) ^ (1ull << 63));
    exec::atomic_min(record, static_cast<unsigned long long>(place));
    return 0;
  }
  /// Whether some lane has failed a check: a loop inside a kernel stops then, since vertex 0's
  /// values that the failed lane goes on with might keep it running.
  PLEXUS_HOST_DEVICE bool failed() const { return exec::atomic_load(record) != kEmpty; }
};

/// The record of one generated function's checks, in Space's memory, with the places its
/// checks are at ("prog.sp:5:5", by place number).
template <class Space>
class vertex_faults {
 public:
  vertex_faults(vertex_t n, std::vector<const char*> places)
      : record_(places.size() + 1), places_(std::move(places)), n_(n) {
    record_.fill(vertex_check::kEmpty);
  }

  vertex_check check() { return vertex_check{record_.data(), n_}; }

  /// After a kernel: throws plexus::error(parse) "place: node N is not a vertex of the graph
  /// (...)" when one of its checks failed (one read from the space's memory when none did).
  void throw_if_failed() const {
    const unsigned long long place = record_.get(0);
    if (place == vertex_check::kEmpty) return;
    const auto v = static_cast<std::int64_t>(record_.get(1 + place) ^ (1ull << 63));
    throw error(error_kind::parse, std::string(places_[place]) + ": " + not_a_vertex(v, n_));
  }

 private:
  exec::buffer<Space, unsigned long long> record_;
  std::vector<const char*> places_;
  vertex_t n_;
};

}  // namespace plexus::dsl::runtime
