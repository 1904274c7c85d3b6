// Renumbering ids to the ids that occur; see renumber.hpp.
#include "renumber.hpp"

#include <omp.h>

#include <algorithm>
#include <bit>
#include <vector>

#include "id_density.hpp"
#include "plexus/core/error.hpp"

namespace plexus::io::detail {
namespace {

// [begin, end) of piece t when n items are split into `parts` equal pieces.
std::size_t piece_begin(std::size_t n, int parts, int t) {
  return static_cast<std::size_t>(static_cast<unsigned __int128>(n) * static_cast<unsigned>(t) /
                                  static_cast<unsigned>(parts));
}

void check_count(std::uint64_t k, const std::string& file_name) {
  if (k > max_vertices)
    throw_parse_error(file_name, 0,
                      std::to_string(k) + " distinct vertex ids exceed the 32-bit vertex range");
}

// Builds without -mpopcnt turn std::popcount into a library call; on x86-64 the id
// translation below is compiled twice and the POPCNT version is picked at load time.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__POPCNT__)
#define PLEXUS_POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define PLEXUS_POPCNT_CLONES
#endif

// ids[i] = rank of (ids[i] - min_id) among the set bits, for i in [first, stop).
PLEXUS_POPCNT_CLONES void rank_ids(vertex_t* ids, std::size_t first, std::size_t stop, vertex_t min_id,
                                   const std::uint64_t* set, const std::uint32_t* rank) {
  for (std::size_t i = first; i < stop; ++i) {
    const vertex_t a = ids[i] - min_id;
    ids[i] = rank[a >> 6] +
             static_cast<vertex_t>(std::popcount(set[a >> 6] & ((std::uint64_t{1} << (a & 63)) - 1)));
  }
}

host_vector<std::uint64_t> renumber_dense(std::span<const std::span<vertex_t>> arrays, vertex_t min_id,
                                          vertex_t max_id, std::uint64_t base, int threads,
                                          const std::string& file_name) {
  const std::uint64_t range = std::uint64_t{max_id} - min_id + 1;
  const std::size_t words = static_cast<std::size_t>((range + 63) / 64);
  std::vector<std::uint64_t> bits(words * static_cast<std::size_t>(threads), 0);
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
    std::uint64_t* mine = bits.data() + words * static_cast<std::size_t>(t);
    for (const std::span<vertex_t> ids : arrays) {
      for (std::size_t i = piece_begin(ids.size(), nt, t); i < piece_begin(ids.size(), nt, t + 1); ++i) {
        const vertex_t a = ids[i] - min_id;
        mine[a >> 6] |= std::uint64_t{1} << (a & 63);
      }
    }
#pragma omp barrier
    // Fold every thread's bitmap into the first; each word has one writer.
#pragma omp for schedule(static)
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t acc = bits[w];
      for (int u = 1; u < nt; ++u) acc |= bits[words * static_cast<std::size_t>(u) + w];
      bits[w] = acc;
    }
  }
  std::vector<std::uint32_t> rank(words);
  std::uint64_t k = 0;
  for (std::size_t w = 0; w < words; ++w) {
    rank[w] = static_cast<std::uint32_t>(k);
    k += static_cast<std::uint64_t>(std::popcount(bits[w]));
  }
  check_count(k, file_name);
  host_vector<std::uint64_t> original(static_cast<std::size_t>(k));
  const std::uint64_t* set = bits.data();
  const std::uint64_t first_original = base + min_id;
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(static) nowait
    for (std::size_t w = 0; w < words; ++w) {
      std::uint64_t word = set[w];
      std::size_t at = rank[w];
      while (word != 0) {
        original[at++] = first_original + w * 64 + static_cast<unsigned>(std::countr_zero(word));
        word &= word - 1;
      }
    }
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
    for (const std::span<vertex_t> ids : arrays)
      rank_ids(ids.data(), piece_begin(ids.size(), nt, t), piece_begin(ids.size(), nt, t + 1), min_id, set,
               rank.data());
  }
  return original;
}

host_vector<std::uint64_t> renumber_sparse(std::span<const std::span<vertex_t>> arrays, std::uint64_t base,
                                           int threads, const std::string& file_name) {
  std::size_t total = 0;
  for (const std::span<vertex_t> ids : arrays) total += ids.size();
  std::vector<vertex_t> sorted;
  sorted.reserve(total);
  for (const std::span<vertex_t> ids : arrays) sorted.insert(sorted.end(), ids.begin(), ids.end());
  std::vector<std::size_t> piece(static_cast<std::size_t>(threads) + 1);
  for (int t = 0; t <= threads; ++t) piece[static_cast<std::size_t>(t)] = piece_begin(total, threads, t);
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (int t = 0; t < threads; ++t)
    std::sort(sorted.begin() + static_cast<std::ptrdiff_t>(piece[static_cast<std::size_t>(t)]),
              sorted.begin() + static_cast<std::ptrdiff_t>(piece[static_cast<std::size_t>(t) + 1]));
  for (int t = 1; t < threads; ++t) {
    std::inplace_merge(sorted.begin(),
                       sorted.begin() + static_cast<std::ptrdiff_t>(piece[static_cast<std::size_t>(t)]),
                       sorted.begin() + static_cast<std::ptrdiff_t>(piece[static_cast<std::size_t>(t) + 1]));
  }
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  check_count(sorted.size(), file_name);
  host_vector<std::uint64_t> original(sorted.size());
  for (std::size_t i = 0; i < sorted.size(); ++i) original[i] = base + sorted[i];
  const vertex_t* first = sorted.data();
  const vertex_t* last = first + sorted.size();
  for (const std::span<vertex_t> ids : arrays) {
    const std::size_t n = ids.size();
#pragma omp parallel for schedule(static) num_threads(threads)
    for (std::size_t i = 0; i < n; ++i)
      ids[i] = static_cast<vertex_t>(std::lower_bound(first, last, ids[i]) - first);
  }
  return original;
}

}  // namespace

host_vector<std::uint64_t> renumber_ids(std::span<const std::span<vertex_t>> arrays, vertex_t min_id,
                                        vertex_t max_id, std::uint64_t base, int threads,
                                        const std::string& file_name) {
  threads = std::max(1, threads > 0 ? threads : omp_get_max_threads());
  std::size_t total = 0;
  for (const std::span<vertex_t> ids : arrays) total += ids.size();
  if (total == 0) return {};
  const std::uint64_t range = std::uint64_t{max_id} - min_id + 1;
  const bool dense = range <= 8 * std::uint64_t{total} + (std::uint64_t{1} << 26);
  return dense ? renumber_dense(arrays, min_id, max_id, base, threads, file_name)
               : renumber_sparse(arrays, base, threads, file_name);
}

host_vector<std::uint64_t> shifted_ids(vertex_t n, std::uint64_t base, std::uint64_t entries,
                                       const char* entry_name, const std::string& file_name) {
  check_id_density(file_name, n, entries, entry_name);
  host_vector<std::uint64_t> ids(n);
#pragma omp parallel for schedule(static)
  for (std::size_t v = 0; v < n; ++v) ids[v] = base + v;
  return ids;
}

}  // namespace plexus::io::detail
