// Reading the .plx cache: the header checked against the layout it implies and the file's
// size before anything is allocated, each section read, hashed and checked in blocks, then
// what the blocks found compared (see plx_format.hpp and plx_structure.hpp).
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/core/multiset_hash.hpp"
#include "plexus/io/input_files.hpp"
#include "plexus/io/plx.hpp"
#include "plx_format.hpp"
#include "plx_input.hpp"
#include "plx_structure.hpp"

namespace plexus::io {

using namespace plx_format;
using detail::input_file;
using detail::kNotPlx;
using detail::kRebuild;
using detail::read_header;

namespace {

template <class T>
host_vector<T> allocate(const input_file& file, std::uint64_t count) {
  try {
    host_vector<T> v;
    v.resize(static_cast<std::size_t>(count));
    return v;
  } catch (const std::bad_alloc&) {
    throw error(error_kind::out_of_memory,
                file.name() + ": cannot allocate " + std::to_string(count * sizeof(T)) + " bytes");
  }
}

using plx_structure::kNone;

/// Visits no block (sections without a structural invariant).
struct no_visit {
  template <class T>
  char operator()(const T*, std::uint64_t, std::uint64_t) const {
    return 0;
  }
};

/// Reads section `slot` into a new array in 1 MiB blocks, hashing and visiting each block right
/// after reading it, while it is still in cache; compares the checksum. `visit(data, begin,
/// end)` looks at elements [begin, end) and returns what it found, kept per block in
/// `*per_block` (in block order, whatever the thread count) for the caller to report only
/// after the checksum matched: a damaged file should be called damaged.
template <class T, class Visit = no_visit,
          class Found = std::invoke_result_t<Visit, const T*, std::uint64_t, std::uint64_t>>
host_vector<T> read_section(const input_file& file, const file_header& header, std::size_t slot,
                            const char* name, Visit visit = {}, std::vector<Found>* per_block = nullptr) {
  static_assert(detail::plx_hash_block % sizeof(T) == 0, "blocks must hold whole elements");
  const section_entry& e = header.sections[slot];
  host_vector<T> v = allocate<T>(file, e.bytes / sizeof(T));
  auto* p = reinterpret_cast<unsigned char*>(v.data());
  const std::int64_t blocks =
      static_cast<std::int64_t>((e.bytes + detail::plx_hash_block - 1) / detail::plx_hash_block);
  std::vector<std::uint64_t> block_hashes(static_cast<std::size_t>(blocks));
  std::vector<Found> found(per_block != nullptr ? static_cast<std::size_t>(blocks) : 0);
  std::atomic<int> failure{0};
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::uint64_t begin = static_cast<std::uint64_t>(b) * detail::plx_hash_block;
    const std::uint64_t size = std::min<std::uint64_t>(detail::plx_hash_block, e.bytes - begin);
    if (const int status = file.read_at(p + begin, size, e.offset + begin); status != 0) {
      int none = 0;
      failure.compare_exchange_strong(none, status);
      continue;
    }
    block_hashes[static_cast<std::size_t>(b)] = detail::plx_block_hash(p + begin, size);
    if (per_block != nullptr)
      found[static_cast<std::size_t>(b)] = visit(v.data(), begin / sizeof(T), (begin + size) / sizeof(T));
  }
  if (const int status = failure.load(); status == -1) {
    file.truncated(header.file_bytes);
  } else if (status != 0) {
    throw_io_error(file.name(), std::string("read failed: ") + std::strerror(status));
  }
  detail::plx_hash_chain chain(e.bytes);
  for (std::uint64_t h : block_hashes) chain.add(h);
  if (chain.value() != e.checksum) file.fail(std::string("checksum mismatch in section ") + name);
  if (per_block != nullptr) *per_block = std::move(found);
  return v;
}

/// Reads a weights section and checks that every weight is finite.
host_vector<weight_t> read_weights(const input_file& file, const file_header& header, std::size_t slot,
                                   const char* name) {
  std::vector<std::uint64_t> non_finite;
  host_vector<weight_t> w =
      read_section<weight_t>(file, header, slot, name, plx_structure::first_non_finite, &non_finite);
  for (const std::uint64_t i : non_finite)
    if (i != kNone)
      file.fail(std::string(name) + ": entry " + std::to_string(i) + " is " + fmt::format("{}", w[i]) +
                ", not a finite number");
  return w;
}

/// What reading one CSR checks besides its own structure: the weights of its arcs (their
/// section, read before the indices so that each arc's hash takes its weight), and the
/// multiset sums its arcs join (plx_structure.hpp).
struct csr_reading {
  std::optional<std::size_t> weights_slot;
  plx_structure::arc_sums sums = plx_structure::arc_sums::straight;
  std::uint64_t sum[2] = {0, 0};  // filled by read_csr
};

/// Reads the offsets, weights and indices sections of one CSR and checks it: offsets[0] == 0,
/// offsets never decrease, offsets.back() == indices.size(), every index < bound, every row in
/// non-decreasing order, every weight finite; and sums its arcs' hashes into `reading.sum`.
/// The per-element checks run inside the block reads; the first offending position is
/// reported, so the message is the same whatever the thread count.
csr_arrays read_csr(const input_file& file, const file_header& header, std::size_t offsets_slot,
                    const char* const* names, std::uint64_t bound, const char* what, const char* index_noun,
                    const multiset_hash& hash, csr_reading& reading) {
  csr_arrays a;
  std::vector<std::uint64_t> decreases;
  a.offsets = read_section<edge_t>(
      file, header, offsets_slot, names[offsets_slot],
      [](const edge_t* o, std::uint64_t begin, std::uint64_t end) {
        for (std::uint64_t i = begin; i + 1 < end; ++i)
          if (o[i] > o[i + 1]) return i;
        return kNone;
      },
      &decreases);
  std::uint64_t first_decrease = *std::min_element(decreases.begin(), decreases.end());
  // Pairs that straddle two blocks were not visible to either block's check.
  constexpr std::uint64_t per_block = detail::plx_hash_block / sizeof(edge_t);
  for (std::uint64_t i = per_block; i < a.offsets.size() && i - 1 < first_decrease; i += per_block)
    if (a.offsets[i - 1] > a.offsets[i]) first_decrease = i - 1;
  const std::uint64_t n = a.offsets.size() - 1;
  const std::uint64_t m = header.sections[offsets_slot + 1].bytes / sizeof(vertex_t);
  // The rows must be valid before the indices are scanned row by row.
  if (a.offsets[0] != 0) file.fail(std::string(what) + ": first offset is not 0");
  if (first_decrease != kNone)
    file.fail(std::string(what) + ": offsets decrease after row " + std::to_string(first_decrease));
  if (a.offsets[n] != m)
    file.fail(std::string(what) + ": last offset " + std::to_string(a.offsets[n]) +
              " differs from the entry count " + std::to_string(m));
  if (reading.weights_slot)
    a.weights = read_weights(file, header, *reading.weights_slot, names[*reading.weights_slot]);

  std::vector<plx_structure::index_scan> scans;
  const std::span<const edge_t> offsets(a.offsets.data(), a.offsets.size());
  const weight_t* weights = a.weights.empty() ? nullptr : a.weights.data();
  a.indices = read_section<vertex_t>(
      file, header, offsets_slot + 1, names[offsets_slot + 1],
      [&](const vertex_t* x, std::uint64_t begin, std::uint64_t end) {
        return plx_structure::scan_indices(offsets, x, weights, begin, end, bound, reading.sums, hash);
      },
      &scans);
  std::uint64_t first_out_of_range = kNone, first_unsorted = kNone;
  for (const plx_structure::index_scan& scan : scans) {
    first_out_of_range = std::min(first_out_of_range, scan.out_of_range);
    first_unsorted = std::min(first_unsorted, scan.unsorted);
    reading.sum[0] += scan.sum[0];
    reading.sum[1] += scan.sum[1];
  }
  // The first entry of each block was not compared with the last of the block before.
  constexpr std::uint64_t per_index_block = detail::plx_hash_block / sizeof(vertex_t);
  for (std::uint64_t i = per_index_block; i < m && i < first_unsorted; i += per_index_block)
    if (a.indices[i - 1] > a.indices[i] && !std::binary_search(a.offsets.begin(), a.offsets.end(), i))
      first_unsorted = i;
  if (first_out_of_range != kNone)
    file.fail(std::string(what) + ": entry " + std::to_string(first_out_of_range) + " is " + index_noun +
              " " + std::to_string(a.indices[first_out_of_range]) + ", not below " + std::to_string(bound));
  if (first_unsorted != kNone) {
    const auto row =
        std::upper_bound(a.offsets.begin(), a.offsets.end(), first_unsorted) - a.offsets.begin() - 1;
    file.fail(std::string(what) + ": row " + std::to_string(row) + " is not sorted (entry " +
              std::to_string(first_unsorted) + ", " + index_noun + " " +
              std::to_string(a.indices[first_unsorted]) + ", follows " +
              std::to_string(a.indices[first_unsorted - 1]) + ")");
  }
  return a;
}

/// Refuses two rows with one original id.
void require_distinct_ids(const input_file& file, std::span<const std::uint64_t> ids, const char* name) {
  if (const auto repeat = plx_structure::repeated_id(ids))
    file.fail(std::string(name) + ": rows " + std::to_string(repeat->first) + " and " +
              std::to_string(repeat->second) + " both have id " + std::to_string(ids[repeat->first]));
}

/// Turns anything but plexus::error escaping a reader into one (a reader rejects bad input
/// only with plexus::error).
template <class F>
auto guarded(const std::string& name, F&& f) {
  try {
    return f();
  } catch (const error&) {
    throw;
  } catch (const std::bad_alloc&) {
    throw error(error_kind::out_of_memory, name + ": out of memory while loading");
  } catch (const std::exception& e) {
    throw error(error_kind::io, name + ": " + e.what());
  }
}

plx_content kind_of(const input_file& file) {
  std::array<char, 8> magic{};
  if (file.size() == 0) file.fail(std::string("empty file (0 bytes), not a .plx cache") + kRebuild);
  if (file.size() < magic.size() || file.read_at(magic.data(), magic.size(), 0) != 0)
    file.fail(std::string("not a .plx file (shorter than its magic)") + kNotPlx);
  if (magic == kGraphMagic) return plx_content::graph;
  if (magic == kHypergraphMagic) return plx_content::hypergraph;
  file.fail(std::string("not a .plx file (it does not start with the .plx magic)") + kNotPlx);
}

csr_graph read_graph_from(const input_file& file) {
  const file_header header = read_header(file, kGraphMagic, "graph");
  const auto& names = kGraphSectionNames;
  const std::uint64_t n = header.num_vertices;
  const bool directed = (header.flags & kDirected) != 0;
  if (!directed && (header.flags & kHasReverse)) file.fail("an undirected graph flagged with a reverse CSR");
  if ((header.flags & kHasReverseWeights) && !(header.flags & kWeighted))
    file.fail("reverse weights flagged for an unweighted graph");
  // Algorithms that pull along the reverse arcs read their weights there.
  if ((header.flags & kHasReverse) && (header.flags & kWeighted) && !(header.flags & kHasReverseWeights))
    file.fail("a weighted graph whose reverse CSR has no weights");
  const multiset_hash hash;
  // An undirected graph's arcs are summed by which end lists them; a directed graph's forward
  // arcs as they are and its reverse arcs turned back, so that equal sums mean the same arcs.
  csr_reading forward;
  if (header.flags & kWeighted) forward.weights_slot = 2;
  forward.sums = directed ? plx_structure::arc_sums::straight : plx_structure::arc_sums::halves;
  csr_arrays out = read_csr(file, header, 0, names.data(), n, "offsets/indices", "vertex", hash, forward);
  // A row is named only if one differs: equal arcs with unequal sums would be a hash
  // collision, which the random key makes all but impossible.
  if (!directed && forward.sum[0] != forward.sum[1])
    if (const auto row = plx_structure::first_differing_row(out, transpose(out)))
      file.fail(
          "offsets/indices: the graph is undirected, but row " + std::to_string(*row) +
          " does not hold the arcs into its vertex (each edge is listed at both ends, with one weight)");
  std::optional<csr_arrays> in;
  if (header.flags & kHasReverse) {
    csr_reading backward;
    if (header.flags & kWeighted) backward.weights_slot = 5;
    backward.sums = plx_structure::arc_sums::swapped;
    in = read_csr(file, header, 3, names.data(), n, "reverse offsets/indices", "vertex", hash, backward);
    if (forward.sum[0] != backward.sum[0]) {
      if (const auto row = plx_structure::first_differing_row(*in, transpose(out)))
        file.fail(
            "reverse offsets/indices: row " + std::to_string(*row) +
            " does not hold the arcs into its vertex (the reverse CSR must be the transpose of the graph)");
    }
  }
  host_vector<std::uint64_t> ids;
  if (header.flags & kHasOriginalIds) {
    ids = read_section<std::uint64_t>(file, header, 6, names[6]);
    require_distinct_ids(file, ids, names[6]);
  }
  return csr_graph(std::move(out), directed, std::move(in), std::move(ids));
}

hypergraph read_hypergraph_from(const input_file& file) {
  const file_header header = read_header(file, kHypergraphMagic, "hypergraph");
  const auto& names = kHypergraphSectionNames;
  const multiset_hash hash;
  // Pins summed as (hyperedge, vertex) from both sides: equal sums mean the same pins.
  csr_reading by_vertex, by_hyperedge;
  by_vertex.sums = plx_structure::arc_sums::swapped;
  by_hyperedge.sums = plx_structure::arc_sums::straight;
  csr_arrays v2e = read_csr(file, header, 0, names.data(), header.num_hyperedges, "vertex incidence",
                            "hyperedge", hash, by_vertex);
  csr_arrays e2v =
      read_csr(file, header, 2, names.data(), header.num_vertices, "pins", "vertex", hash, by_hyperedge);
  if (by_vertex.sum[0] != by_hyperedge.sum[0])
    if (const auto row = plx_structure::first_differing_row(
            v2e, transpose(e2v, static_cast<vertex_t>(header.num_vertices))))
      file.fail("vertex incidence: row " + std::to_string(*row) +
                " does not list the hyperedges whose pins hold its vertex (the two incidences must agree)");
  host_vector<weight_t> edge_weights, vertex_weights;
  host_vector<std::uint64_t> ids;
  if (header.flags & kHasEdgeWeights) edge_weights = read_weights(file, header, 4, names[4]);
  if (header.flags & kHasVertexWeights) vertex_weights = read_weights(file, header, 5, names[5]);
  if (header.flags & kHasOriginalIds) {
    ids = read_section<std::uint64_t>(file, header, 6, names[6]);
    require_distinct_ids(file, ids, names[6]);
  }
  return hypergraph(std::move(v2e), std::move(e2v), std::move(edge_weights), std::move(vertex_weights),
                    std::move(ids));
}

}  // namespace

bool is_plx(const std::filesystem::path& path) {
  if (is_stream(path)) return false;  // opening it here would take bytes its reader needs
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  std::array<char, 8> magic{};
  const bool ok = ::pread(fd, magic.data(), magic.size(), 0) == static_cast<ssize_t>(magic.size());
  ::close(fd);
  return ok && (magic == kGraphMagic || magic == kHypergraphMagic);
}

plx_content plx_kind(const std::filesystem::path& path) {
  const input_file file(path);
  return kind_of(file);
}

plx_content plx_kind(const input_text& text) {
  const input_file file(text.name(), text.view());
  return kind_of(file);
}

csr_graph read_plx_graph(const std::filesystem::path& path) {
  return guarded(path.string(), [&] { return read_graph_from(input_file(path)); });
}

csr_graph read_plx_graph(const input_text& text) {
  return guarded(text.name(), [&] { return read_graph_from(input_file(text.name(), text.view())); });
}

hypergraph read_plx_hypergraph(const std::filesystem::path& path) {
  return guarded(path.string(), [&] { return read_hypergraph_from(input_file(path)); });
}

hypergraph read_plx_hypergraph(const input_text& text) {
  return guarded(text.name(), [&] { return read_hypergraph_from(input_file(text.name(), text.view())); });
}

}  // namespace plexus::io
