// two_layer_bitmap: a bitmap frontier plus a summary bitmap whose bit w is set exactly when
// word w of the first layer is non-zero.
//
// Kernels that enumerate or clear the frontier walk the summary first and touch only the
// non-empty words, so a sparse frontier in a large bitmap costs work proportional to its
// populated regions, not to n/64 (the idea behind hierarchical bitmaps in Ligra-style
// frameworks and the "two-level bitmap" of Gunrock/GraphBLAST).
//
// Invariant kept by set(): the summary bit is raised by the thread whose atomic OR found the
// word empty, so every non-empty word has its summary bit; a summary bit is never set for a
// word that stays empty.
#pragma once

#include <cstddef>

#include "plexus/core/types.hpp"
#include "plexus/exec/exec.hpp"

namespace plexus {

template <class Space>
class two_layer_bitmap {
 public:
  using word_type = unsigned long long;

  struct view_type {
    word_type* words;
    word_type* summary;

    PLEXUS_HOST_DEVICE bool test(vertex_t v) const { return (words[v >> 6] >> (v & 63)) & 1ull; }
    PLEXUS_HOST_DEVICE bool set(vertex_t v) const {
      const word_type bit = 1ull << (v & 63);
      const word_type old = exec::atomic_or(&words[v >> 6], bit);
      if (old == 0) exec::atomic_or(&summary[v >> 12], 1ull << ((v >> 6) & 63));
      return (old & bit) == 0;
    }
    /// As bitmap_frontier::view_type::set_bits, keeping the summary.
    PLEXUS_HOST_DEVICE void set_bits(vertex_t first, word_type bits) const {
      if (!bits) return;
      const word_type old = exec::atomic_or(&words[first >> 6], bits << (first & 63));
      if (old == 0) exec::atomic_or(&summary[first >> 12], 1ull << ((first >> 6) & 63));
    }
  };

  two_layer_bitmap() = default;
  explicit two_layer_bitmap(vertex_t num_vertices)
      : num_vertices_(num_vertices),
        words_((static_cast<std::size_t>(num_vertices) + 63) / 64),
        summary_((words_.size() + 63) / 64) {
    words_.fill(0);
    summary_.fill(0);
  }

  vertex_t num_vertices() const { return num_vertices_; }
  std::size_t num_words() const { return words_.size(); }
  std::size_t num_summary_words() const { return summary_.size(); }
  word_type* data() { return words_.data(); }
  const word_type* data() const { return words_.data(); }
  word_type* summary_data() { return summary_.data(); }
  const word_type* summary_data() const { return summary_.data(); }
  view_type view() { return view_type{words_.data(), summary_.data()}; }
  host_vector<word_type> words_to_host() const { return words_.to_host(); }
  host_vector<word_type> summary_to_host() const { return summary_.to_host(); }

  /// Empties the frontier, zeroing only the words the summary marks.
  void clear(const Space& space) {
    word_type* w = words_.data();
    word_type* s = summary_.data();
    exec::for_each(space, summary_.size(), PLEXUS_LAMBDA(std::size_t i) {
      for (word_type bits = s[i]; bits != 0; bits &= bits - 1) w[i * 64 + static_cast<std::size_t>(exec::lowest_bit(bits))] = 0;
      s[i] = 0;
    });
  }
  /// Number of vertices in the frontier, counting only the non-empty words.
  std::size_t size(const Space& space) const {
    const word_type* w = words_.data();
    const word_type* s = summary_.data();
    return exec::reduce(space, summary_.size(), std::size_t(0), PLEXUS_LAMBDA(std::size_t i) {
      std::size_t c = 0;
      for (word_type bits = s[i]; bits != 0; bits &= bits - 1)
        c += static_cast<std::size_t>(exec::popcount(w[i * 64 + static_cast<std::size_t>(exec::lowest_bit(bits))]));
      return c;
    }, exec::plus{});
  }
  void swap(two_layer_bitmap& other) noexcept {
    std::swap(num_vertices_, other.num_vertices_);
    words_.swap(other.words_);
    summary_.swap(other.summary_);
  }

 private:
  vertex_t num_vertices_ = 0;
  exec::buffer<Space, word_type> words_;
  exec::buffer<Space, word_type> summary_;
};

}  // namespace plexus
