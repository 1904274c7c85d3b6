// Conversions between frontier kinds. Sparse -> dense sets one bit per id; dense -> sparse
// is a stream compaction whose output is sorted by id for the plain bitmap (popcount per
// word, exclusive scan, scatter) and grouped by word for the two-layer bitmap, which first
// collects the non-empty words from its summary so empty regions cost nothing.
#pragma once

#include <cstddef>

#include "plexus/backends/target.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/bitmap_frontier.hpp"
#include "plexus/frontier/sparse_frontier.hpp"
#include "plexus/frontier/two_layer_bitmap.hpp"

#include "plexus/frontier/host/append_bits.hpp"
#if PLEXUS_SIMT_COMPILER
#include "plexus/frontier/simt/append_bits.hpp"
#endif

namespace plexus {

namespace detail {
/// Writes the set bits of the words listed in `word_ids` (or of all words when word_ids is
/// null) to `out` in word order, using a scan of per-word popcounts for the positions.
template <class Space>
void scatter_words(const Space& space, const unsigned long long* words, const vertex_t* word_ids,
                   std::size_t count, sparse_frontier<Space>& out) {
  using count_type = typename sparse_frontier<Space>::count_type;
  exec::buffer<Space, count_type> pop(count + 1), pos(count + 1);
  count_type* pp = pop.data();
  exec::for_each(space, count + 1, PLEXUS_LAMBDA(std::size_t i) {
    pp[i] = i < count ? static_cast<count_type>(exec::popcount(words[word_ids ? word_ids[i] : i])) : 0;
  });
  exec::exclusive_scan(space, pop.data(), pos.data(), count + 1);
  const std::size_t total = static_cast<std::size_t>(pos.get(count));
  if (total > out.capacity())
    throw error(error_kind::internal, "frontier conversion: " + std::to_string(total) +
                                          " vertices exceed sparse capacity " + std::to_string(out.capacity()));
  const count_type* ps = pos.data();
  vertex_t* items = out.data();
  exec::for_each(space, count, PLEXUS_LAMBDA(std::size_t i) {
    const std::size_t w = word_ids ? word_ids[i] : i;
    count_type at = ps[i];
    for (unsigned long long bits = words[w]; bits != 0; bits &= bits - 1)
      items[at++] = static_cast<vertex_t>(w * 64 + static_cast<std::size_t>(exec::lowest_bit(bits)));
  });
  out.set_size(total);
}
}  // namespace detail

/// out := the ids of `in` (out is cleared first).
template <class Space>
void to_bitmap(const Space& space, const sparse_frontier<Space>& in, bitmap_frontier<Space>& out) {
  to_bitmap(space, in, in.size(), out);
}

/// As to_bitmap, for a caller that knows in.size(): no host round trip.
template <class Space>
void to_bitmap(const Space& space, const sparse_frontier<Space>& in, std::size_t size, bitmap_frontier<Space>& out) {
  out.clear();
  auto bits = out.view();
  const vertex_t* items = in.data();
  exec::for_each(space, size, PLEXUS_LAMBDA(std::size_t i) { bits.set(items[i]); });
}

/// Appends the set bits of `in` to `out` (not cleared) in an unspecified order, without a
/// scan or a host round trip; ids come out ascending within runs of 2048.
template <class Space>
void append_unordered(const Space& space, const bitmap_frontier<Space>& in, sparse_frontier<Space>& out) {
  detail::append_bits(space, in.data(), in.num_words(), out.view());
}

template <class Space>
void to_two_layer(const Space& space, const sparse_frontier<Space>& in, two_layer_bitmap<Space>& out) {
  out.clear(space);
  auto bits = out.view();
  const vertex_t* items = in.data();
  exec::for_each(space, in.size(), PLEXUS_LAMBDA(std::size_t i) { bits.set(items[i]); });
}

/// out := the set bits of `in`, ascending.
template <class Space>
void to_sparse(const Space& space, const bitmap_frontier<Space>& in, sparse_frontier<Space>& out) {
  detail::scatter_words(space, in.data(), static_cast<const vertex_t*>(nullptr), in.num_words(), out);
}

/// out := the set bits of `in`, visiting only the words its summary marks.
template <class Space>
void to_sparse(const Space& space, const two_layer_bitmap<Space>& in, sparse_frontier<Space>& out) {
  sparse_frontier<Space> active(in.num_words());
  auto list = active.view();
  const unsigned long long* summary = in.summary_data();
  exec::for_each(space, in.num_summary_words(), PLEXUS_LAMBDA(std::size_t i) {
    for (unsigned long long bits = summary[i]; bits != 0; bits &= bits - 1)
      list.push(static_cast<vertex_t>(i * 64 + static_cast<std::size_t>(exec::lowest_bit(bits))));
  });
  detail::scatter_words(space, in.data(), active.data(), active.size(), out);
}

/// Plain bitmap -> two-layer bitmap: copies the words and derives the summary.
template <class Space>
void to_two_layer(const Space& space, const bitmap_frontier<Space>& in, two_layer_bitmap<Space>& out) {
  const unsigned long long* src = in.data();
  unsigned long long* dst = out.data();
  unsigned long long* summary = out.summary_data();
  const std::size_t words = in.num_words();
  exec::for_each(space, out.num_summary_words(), PLEXUS_LAMBDA(std::size_t i) {
    unsigned long long mark = 0;
    for (std::size_t k = 0; k < 64 && i * 64 + k < words; ++k) {
      const unsigned long long w = src[i * 64 + k];
      dst[i * 64 + k] = w;
      if (w != 0) mark |= 1ull << k;
    }
    summary[i] = mark;
  });
}

/// Two-layer bitmap -> plain bitmap (copies the first layer).
template <class Space>
void to_bitmap(const Space& space, const two_layer_bitmap<Space>& in, bitmap_frontier<Space>& out) {
  const unsigned long long* src = in.data();
  unsigned long long* dst = out.data();
  exec::for_each(space, in.num_words(), PLEXUS_LAMBDA(std::size_t i) { dst[i] = src[i]; });
}

}  // namespace plexus
