// bitmap_frontier: a frontier stored as one bit per vertex (64-bit words).
//
// The dense representation of direction-optimizing traversal (Beamer et al., SC 2012): a
// pull step tests "is this in-neighbour in the frontier" in O(1) with n/8 bytes of state.
// set() is atomic because neighbouring vertices share a word.
#pragma once

#include <cstddef>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus {

template <class Space>
class bitmap_frontier {
 public:
  using word_type = unsigned long long;

  struct view_type {
    word_type* words;

    PLEXUS_HOST_DEVICE bool test(vertex_t v) const { return (words[v >> 6] >> (v & 63)) & 1ull; }
    /// Sets v's bit; returns true when this call set it (it was clear).
    PLEXUS_HOST_DEVICE bool set(vertex_t v) const {
      const word_type bit = 1ull << (v & 63);
      return (exec::atomic_or(&words[v >> 6], bit) & bit) == 0;
    }
    /// Sets the bits of `bits` shifted to start at vertex `first`; the range [first, first +
    /// 64) minus the leading zeros of `bits` must lie in one word (first a multiple of 32 and
    /// bits < 2^32, say; or first a multiple of 64). One atomic for up to 64 vertices.
    PLEXUS_HOST_DEVICE void set_bits(vertex_t first, word_type bits) const {
      if (bits) exec::atomic_or(&words[first >> 6], bits << (first & 63));
    }
  };

  bitmap_frontier() = default;
  explicit bitmap_frontier(vertex_t num_vertices)
      : num_vertices_(num_vertices), words_((static_cast<std::size_t>(num_vertices) + 63) / 64) {
    clear();
  }

  vertex_t num_vertices() const { return num_vertices_; }
  std::size_t num_words() const { return words_.size(); }
  /// Empties the frontier (asynchronous on device back ends).
  void clear() { words_.zero(); }
  /// Number of vertices in the frontier (a popcount reduction; synchronises).
  std::size_t size(const Space& space) const {
    const word_type* w = words_.data();
    return exec::reduce(space, words_.size(), std::size_t(0),
                        PLEXUS_LAMBDA(std::size_t i) { return static_cast<std::size_t>(exec::popcount(w[i])); },
                        exec::plus{});
  }
  word_type* data() { return words_.data(); }
  const word_type* data() const { return words_.data(); }
  view_type view() { return view_type{words_.data()}; }
  host_vector<word_type> words_to_host() const { return words_.to_host(); }
  void swap(bitmap_frontier& other) noexcept {
    std::swap(num_vertices_, other.num_vertices_);
    words_.swap(other.words_);
  }

 private:
  vertex_t num_vertices_ = 0;
  exec::buffer<Space, word_type> words_;
};

}  // namespace plexus
