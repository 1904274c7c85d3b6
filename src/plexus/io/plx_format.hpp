// The .plx binary cache (see plx.hpp for what it is for).
//
// File layout, version 1, all integers little-endian:
//
//   offset 0    header, 384 bytes
//                 magic[8]          "PLEXUSGR" (graph) or "PLEXUSHG" (hypergraph)
//                 u32 version       refused when newer than plx_version
//                 u32 endian_mark   0x01020304 as written by a little-endian host
//                 u32 header_bytes  384
//                 u32 num_sections  7
//                 u64 flags         kind-specific bits below; unknown bits are refused
//                 u64 num_vertices
//                 u64 num_entries   stored arcs (graph) or pins (hypergraph)
//                 u64 num_hyperedges 0 for graphs
//                 u64 file_bytes    total size of the file
//                 section[8]        {u64 offset, u64 bytes, u64 checksum, u32 element_bytes, u32 0}
//                 u64 reserved[7]   zero
//                 u64 header_checksum  over the 376 bytes before it
//   then the present sections in slot order, each starting on a 64-byte boundary (zero pad),
//   the file ending right after the last one.
//
//   graph slots:      0 offsets (u64, n+1)  1 indices (u32, m)  2 weights (f32, m)
//                     3 reverse offsets     4 reverse indices   5 reverse weights
//                     6 original ids (u64, n)
//   hypergraph slots: 0 vertex offsets (u64, n+1)  1 vertex incidence (u32, pins)
//                     2 hyperedge offsets (u64, h+1)  3 pins (u32, pins)
//                     4 edge weights (f32, h)  5 vertex weights (f32, n)  6 original ids (u64, n)
//
// Every section's offset and size follow from the counts and flags, so the reader derives
// them itself and refuses a header that disagrees, and compares the derived file size with
// the real one before allocating anything: a lying header cannot make it allocate more than
// the file holds. Sections are read with pread() straight into the final arrays in 1 MiB
// blocks, each hashed and checked while still in cache (plx_checksum.hpp): offsets start at 0,
// never decrease and end at the entry count, every index is in range and every row in order,
// weights are finite, an undirected graph's lists are symmetric, a reverse CSR is the
// transpose, a hypergraph's two incidences agree and original ids are distinct
// (plx_structure.hpp), so a file that passes can be used without further checks.
//
// This header holds what the writer (plx_write.cpp) and the reader (plx_read.cpp) share: the
// header's layout, the flags, the section slots and their sizes, and the checksums.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "plx_checksum.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/plx.hpp"

namespace plexus::io::plx_format {

constexpr std::array<char, 8> kGraphMagic{'P', 'L', 'E', 'X', 'U', 'S', 'G', 'R'};
constexpr std::array<char, 8> kHypergraphMagic{'P', 'L', 'E', 'X', 'U', 'S', 'H', 'G'};
constexpr std::uint32_t kEndianMark = 0x01020304;
constexpr std::uint64_t kAlignment = 64;
constexpr std::size_t kSlots = 8;
constexpr std::uint32_t kSectionsUsed = 7;

// Graph flags.
constexpr std::uint64_t kDirected = 1u << 0;
constexpr std::uint64_t kWeighted = 1u << 1;
constexpr std::uint64_t kHasReverse = 1u << 2;
constexpr std::uint64_t kHasReverseWeights = 1u << 3;
constexpr std::uint64_t kHasOriginalIds = 1u << 4;
constexpr std::uint64_t kGraphFlags = kDirected | kWeighted | kHasReverse | kHasReverseWeights | kHasOriginalIds;
// Hypergraph flags (kHasOriginalIds is shared).
constexpr std::uint64_t kHasEdgeWeights = 1u << 5;
constexpr std::uint64_t kHasVertexWeights = 1u << 6;
constexpr std::uint64_t kHypergraphFlags = kHasOriginalIds | kHasEdgeWeights | kHasVertexWeights;

struct section_entry {
  std::uint64_t offset;
  std::uint64_t bytes;
  std::uint64_t checksum;
  std::uint32_t element_bytes;
  std::uint32_t reserved;
};

struct file_header {
  std::array<char, 8> magic;
  std::uint32_t version;
  std::uint32_t endian_mark;
  std::uint32_t header_bytes;
  std::uint32_t num_sections;
  std::uint64_t flags;
  std::uint64_t num_vertices;
  std::uint64_t num_entries;
  std::uint64_t num_hyperedges;
  std::uint64_t file_bytes;
  std::array<section_entry, kSlots> sections;
  std::array<std::uint64_t, 7> reserved;
  std::uint64_t header_checksum;
};
static_assert(sizeof(file_header) == 384 && sizeof(file_header) % kAlignment == 0);
static_assert(std::is_trivially_copyable_v<file_header>);
constexpr std::size_t kChecksummedHeaderBytes = offsetof(file_header, header_checksum);

constexpr std::array<const char*, kSlots> kGraphSectionNames{
    "offsets", "indices", "weights", "reverse offsets", "reverse indices", "reverse weights", "original ids", "unused"};
constexpr std::array<const char*, kSlots> kHypergraphSectionNames{
    "vertex offsets", "vertex incidence", "hyperedge offsets", "pins",
    "edge weights",   "vertex weights",   "original ids",      "unused"};

inline void require_little_endian() {
  if constexpr (std::endian::native != std::endian::little)
    throw error(error_kind::unsupported, ".plx files are little-endian and this host is big-endian; "
                                         "read the text format instead");
}

inline std::uint64_t align_up(std::uint64_t x) { return (x + kAlignment - 1) / kAlignment * kAlignment; }

inline std::uint64_t header_hash(const file_header& header) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(&header);
  detail::plx_hash_chain chain(kChecksummedHeaderBytes);
  chain.add(detail::plx_block_hash(bytes, kChecksummedHeaderBytes));
  return chain.value();
}

// ---------------------------------------------------------------------------------------
// Layout shared by writer and reader: which slots are present and how big each is.

struct layout {
  std::array<std::uint64_t, kSlots> bytes{};  // 0 for an absent section
  std::array<std::uint32_t, kSlots> element_bytes{};

  /// Slot `slot` holds `count` elements of `element` bytes.
  void set(std::size_t slot, std::uint32_t element, std::uint64_t count) {
    element_bytes[slot] = element;
    bytes[slot] = element * count;
  }
};

inline layout graph_layout(std::uint64_t flags, std::uint64_t n, std::uint64_t m) {
  layout l;
  l.set(0, 8, n + 1);
  l.set(1, 4, m);
  if (flags & kWeighted) l.set(2, 4, m);
  if (flags & kHasReverse) {
    l.set(3, 8, n + 1);
    l.set(4, 4, m);
    if (flags & kHasReverseWeights) l.set(5, 4, m);
  }
  if (flags & kHasOriginalIds) l.set(6, 8, n);
  return l;
}

inline layout hypergraph_layout(std::uint64_t flags, std::uint64_t n, std::uint64_t pins, std::uint64_t h) {
  layout l;
  l.set(0, 8, n + 1);
  l.set(1, 4, pins);
  l.set(2, 8, h + 1);
  l.set(3, 4, pins);
  if (flags & kHasEdgeWeights) l.set(4, 4, h);
  if (flags & kHasVertexWeights) l.set(5, 4, n);
  if (flags & kHasOriginalIds) l.set(6, 8, n);
  return l;
}

/// Fills the section offsets of `header` from `l` and returns the file size.
inline std::uint64_t place_sections(const layout& l, std::array<section_entry, kSlots>& sections) {
  std::uint64_t end = sizeof(file_header);
  for (std::size_t s = 0; s < kSlots; ++s) {
    sections[s] = section_entry{0, 0, 0, 0, 0};
    if (l.bytes[s] == 0 && l.element_bytes[s] == 0) continue;
    const std::uint64_t offset = align_up(end);
    sections[s] = section_entry{offset, l.bytes[s], 0, l.element_bytes[s], 0};
    end = offset + l.bytes[s];
  }
  return end;
}

}  // namespace plexus::io::plx_format
