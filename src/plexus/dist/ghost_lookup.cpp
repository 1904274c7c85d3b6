// The ghosts of a rank's lists as a bitmap with ranks (ghost_lookup.hpp).
#include "plexus/dist/ghost_lookup.hpp"

#include <atomic>

namespace plexus::dist {

namespace {

/// Sets the bit of every remote vertex `lists` names. A word is read before it is written, so
/// that the hubs most lists name cost one atomic operation, not one per arc.
void mark_remote(std::vector<std::uint64_t>& words, const csr_arrays& lists, vertex_t first, vertex_t owned) {
  const auto arcs = static_cast<std::int64_t>(lists.indices.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t e = 0; e < arcs; ++e) {
    const vertex_t v = lists.indices[static_cast<std::size_t>(e)];
    if (v - first < owned) continue;
    const std::uint64_t bit = std::uint64_t{1} << (v % 64);
    std::atomic_ref<std::uint64_t> word(words[v / 64]);
    if ((word.load(std::memory_order_relaxed) & bit) == 0) word.fetch_or(bit, std::memory_order_relaxed);
  }
}

}  // namespace

ghost_lookup::ghost_lookup(const graph_slice& slice)
    : words_((static_cast<std::size_t>(slice.num_vertices) + 63) / 64, 0), before_(words_.size(), 0) {
  mark_remote(words_, slice.out, slice.first, slice.num_owned());
  if (slice.in) mark_remote(words_, *slice.in, slice.first, slice.num_owned());
  std::uint32_t count = 0;
  for (std::size_t w = 0; w < words_.size(); ++w) {
    before_[w] = count;
    count += static_cast<std::uint32_t>(std::popcount(words_[w]));
  }
}

host_vector<vertex_t> ghost_lookup::ascending() const {
  const std::size_t total =
      words_.empty() ? 0 : before_.back() + static_cast<std::size_t>(std::popcount(words_.back()));
  host_vector<vertex_t> ghosts(total);
  const auto words = static_cast<std::int64_t>(words_.size());
#pragma omp parallel for schedule(static)
  for (std::int64_t w = 0; w < words; ++w) {
    std::size_t at = before_[static_cast<std::size_t>(w)];
    for (std::uint64_t bits = words_[static_cast<std::size_t>(w)]; bits != 0; bits &= bits - 1)
      ghosts[at++] = static_cast<vertex_t>(w * 64 + std::countr_zero(bits));
  }
  return ghosts;
}

}  // namespace plexus::dist
