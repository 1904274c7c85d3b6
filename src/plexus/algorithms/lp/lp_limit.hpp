// The iteration limit of the label propagations whose labels follow from the labels alone
// (synchronous and CDLP, lp.hpp), shared by the loop and the serial references.
//
// Synchronous updates may trade labels back and forth for ever (a two-cycle: the undirected
// 4-cycle swaps two labellings), so that --max-iter, however large, is what ends the run. Such
// a cycle changes as many labels in every iteration; while the count stays the same, the
// labels are read and compared (core/cycle_finder.hpp), and a cycle found after t iterations
// leaves the limit at the iteration that ends on the labels the limit would give.
#pragma once

#include <cstdint>
#include <limits>

#include "plexus/core/cycle_finder.hpp"
#include "plexus/core/types.hpp"

namespace plexus::detail {

class lp_limit {
 public:
  /// `watched`: the labels follow from the labels alone (synchronous, CDLP); the other
  /// variants draw afresh every iteration and keep their limit.
  lp_limit(int max_iterations, bool watched) : limit_(max_iterations), watched_(watched) {}
  int value() const { return limit_.value(); }
  /// After the `done`-th iteration, which changed `changed` labels and did not stop the run;
  /// `read()` returns its labels.
  template <class Read>
  void after(int done, std::uint64_t changed, Read&& read) {
    const bool steady = changed == previous_changed_;
    previous_changed_ = changed;
    limit_.after(done, watched_ && steady, read);
  }

 private:
  cycle_limit<vertex_t> limit_;
  bool watched_;
  std::uint64_t previous_changed_ = std::numeric_limits<std::uint64_t>::max();
};

}  // namespace plexus::detail
