// Reading a .plx graph in parts: the rows one process of a distributed run owns, read in
// place with pread (its offsets, then its stretch of the arc ids and weights), and the pieces
// of the whole-file checks that only all parts together can make.
//
// What read_plx_graph checks on a whole file (plx.hpp, plx_structure.hpp) splits into:
//   - what a part checks alone: its offsets never decrease and stay within the arc count
//     (the first is 0 in the part holding row 0, the last is the arc count in the part holding
//     row n), its ids are in range and its rows sorted, its weights finite, its original ids
//     distinct among themselves;
//   - what needs every part: the section checksums, which chain 1 MiB block hashes in order
//     (each part hashes the blocks that start in its bytes, block_hashes; the caller gathers
//     them and check_checksum compares the chain with the header), and the "same arcs" rules
//     (an undirected graph symmetric, a reverse CSR the transpose), whose keyed multiset sums
//     add across parts when every part uses the same keys (check_arc_sums compares the totals;
//     a mismatch cannot name the row as the whole-file reader does).
// Original ids repeated across two parts are not found.
//
// The blocks a part hashes are read a second time for hashing (mostly from the page cache),
// rather than hashed while its rows are in cache, because they overhang its rows. Parts
// must tile each section in order for the chains to compare: the byte ranges of
// consecutive parts meet, and the last part reaches the section's end.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/multiset_hash.hpp"
#include "plexus/core/types.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::io {

namespace detail {
class input_file;
}

/// Multiset sums of the arcs of some rows (plx_structure.hpp): the forward lists' (an
/// undirected graph's in two halves, by which end lists the edge) and the reverse lists'.
struct plx_arc_sums {
  std::uint64_t forward[2] = {0, 0};
  std::uint64_t backward = 0;
};

/// A .plx graph opened for reading in parts; its header is read and checked as
/// read_plx_graph checks it. Safe to read from several threads at once.
class plx_graph_file {
 public:
  explicit plx_graph_file(const std::filesystem::path& path);
  plx_graph_file(const plx_graph_file&) = delete;
  plx_graph_file& operator=(const plx_graph_file&) = delete;
  ~plx_graph_file();

  const std::string& name() const;
  vertex_t num_vertices() const;
  edge_t num_edges() const;
  bool directed() const;
  bool weighted() const;
  bool has_reverse() const;
  bool has_original_ids() const;

  /// Entry v <= num_vertices() of the offsets (`reverse`: of the reverse CSR) as stored,
  /// unchecked: for the binary searches that split the file between processes.
  edge_t offset(vertex_t v, bool reverse) const;

  /// The sections of this file (plx_format.hpp's graph slots) that a part holding rows
  /// [first, last) has bytes of, with those bytes: vertex-indexed sections by the rows, arc
  /// sections by `out_offsets` and `in_offsets` (the rows' offsets, read_offsets; empty for
  /// vertex-indexed sections only). The part holding the last rows (`last_part`) reaches
  /// each section's end.
  struct section_bytes {
    std::size_t slot;
    std::uint64_t begin, end;
  };
  std::vector<section_bytes> vertex_sections(vertex_t first, vertex_t last, bool last_part) const;
  std::vector<section_bytes> arc_sections(std::span<const edge_t> out_offsets,
                                          std::span<const edge_t> in_offsets, bool last_part) const;
  /// The hashes of the 1 MiB blocks of a section that start in its bytes [begin, end).
  std::vector<std::uint64_t> block_hashes(const section_bytes& bytes) const;
  /// Throws the reader's "checksum mismatch in section ..." unless `hashes` (every block of
  /// section `slot`, in order) chain to the checksum in the header.
  void check_checksum(std::size_t slot, std::span<const std::uint64_t> hashes) const;

  /// Offsets first .. last (last − first + 1 entries, as stored), checked as the part's own.
  host_vector<edge_t> read_offsets(vertex_t first, vertex_t last, bool reverse) const;
  /// The lists of rows first .. first + offsets.size() − 2 with their weights, offsets
  /// rebased to 0; checked as the part's own, their arcs' multiset sums added to `sums`.
  csr_arrays read_lists(vertex_t first, std::span<const edge_t> offsets, bool reverse,
                        const multiset_hash& hash, plx_arc_sums& sums) const;
  /// The original ids of rows [first, last), distinct among themselves; empty without them.
  host_vector<std::uint64_t> read_original_ids(vertex_t first, vertex_t last) const;
  /// Throws what the whole-file reader says when the "same arcs" rules fail, given the sums
  /// over every row.
  void check_arc_sums(const plx_arc_sums& total) const;

 private:
  std::unique_ptr<detail::input_file> file_;
  struct header_facts;
  std::unique_ptr<header_facts> header_;
};

}  // namespace plexus::io
