// The remote vertices a rank's lists name (its ghosts), as a bitmap over global ids with the
// count of set bits before each word, so that a ghost's place among the ghosts in ascending
// order is one popcount away. Building it marks the lists' arcs in parallel; sorting them
// instead (one entry per remote arc, a billion on a Kronecker 27 slice) and searching that
// list per arc made loading a slice a hundred times slower than reading it.
//
// It costs n/8 + n/16 bytes for n vertices in the graph (24 MiB at 2^27 vertices).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/dist/graph_slice.hpp"

namespace plexus::dist {

class ghost_lookup {
 public:
  static constexpr std::size_t npos = std::numeric_limits<std::size_t>::max();

  ghost_lookup() = default;
  /// The vertices outside [slice.first, slice.last()) that the slice's lists (out, and in
  /// where present) name.
  explicit ghost_lookup(const graph_slice& slice);

  /// The ghosts, ascending.
  host_vector<vertex_t> ascending() const;
  /// The place of `global` among the ghosts in ascending order; npos when it is none.
  std::size_t position(vertex_t global) const {
    const std::size_t word = global / 64;
    if (word >= words_.size()) return npos;
    const std::uint64_t bit = std::uint64_t{1} << (global % 64);
    if ((words_[word] & bit) == 0) return npos;
    return before_[word] + static_cast<std::size_t>(std::popcount(words_[word] & (bit - 1)));
  }

 private:
  std::vector<std::uint64_t> words_;
  /// The set bits in the words before each word.
  std::vector<std::uint32_t> before_;
};

}  // namespace plexus::dist
