// spread_counter<Space>: a count that many threads add to (exec::atomic_add_spread) and the
// host reads once the work is done. On the host each thread adds to a cache line of its own
// and value() sums them; on GPUs it is one word, as a subgroup's adds are combined already.
#pragma once

#include <cstddef>

#include "plexus/exec/exec.hpp"

namespace plexus::exec {

template <class Space>
class spread_counter {
 public:
  spread_counter() : words_(Space::spread_words) { zero(); }

  /// Where kernels add (exec::atomic_add_spread(counter.data(), v)).
  unsigned long long* data() { return words_.data(); }
  /// Back to 0; asynchronous on device back ends.
  void zero() { words_.zero(); }
  /// The count (a synchronisation on device back ends).
  unsigned long long value() const { return sum(words_.to_host().data()); }
  /// The count held in Space::spread_words words already copied to the host: for a holder that
  /// brings a spread counter back together with other counters (sparse_frontier's tally).
  static unsigned long long sum(const unsigned long long* words) {
    unsigned long long total = 0;
    for (std::size_t i = 0; i < Space::spread_words; ++i) total += words[i];
    return total;
  }

 private:
  buffer<Space, unsigned long long> words_;
};

}  // namespace plexus::exec
