// Writing the .plx cache: the sections of a graph or hypergraph after a checksummed header,
// atomically (see plx_format.hpp for the layout).
#include <array>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "plexus/io/atomic_file.hpp"
#include "plexus/io/plx.hpp"
#include "plx_format.hpp"

namespace plexus::io {

using namespace plx_format;

namespace {

struct section_source {
  const void* data = nullptr;
  std::uint64_t bytes = 0;
};

void write_file(const std::filesystem::path& path, const std::array<char, 8>& magic, std::uint64_t flags,
                std::uint64_t n, std::uint64_t entries, std::uint64_t hyperedges, const layout& l,
                const std::array<section_source, kSlots>& sources) {
  require_little_endian();
  file_header header{};
  header.magic = magic;
  header.version = plx_version;
  header.endian_mark = kEndianMark;
  header.header_bytes = sizeof(file_header);
  header.num_sections = kSectionsUsed;
  header.flags = flags;
  header.num_vertices = n;
  header.num_entries = entries;
  header.num_hyperedges = hyperedges;
  header.file_bytes = place_sections(l, header.sections);
  for (std::size_t s = 0; s < kSlots; ++s) {
    if (sources[s].bytes != l.bytes[s])
      throw error(error_kind::internal, path.string() + ": .plx section size disagrees with the layout");
    if (header.sections[s].element_bytes != 0) header.sections[s].checksum = checksum(sources[s].data, sources[s].bytes);
  }
  header.header_checksum = header_hash(header);

  atomic_file out(path);
  out.write(&header, sizeof(header));
  std::uint64_t position = sizeof(header);
  static constexpr std::array<char, kAlignment> zeros{};
  for (std::size_t s = 0; s < kSlots; ++s) {
    if (header.sections[s].element_bytes == 0) continue;
    out.write(zeros.data(), header.sections[s].offset - position);
    out.write(sources[s].data, sources[s].bytes);
    position = header.sections[s].offset + sources[s].bytes;
  }
  out.commit();
}

template <class T>
section_source source_of(const host_vector<T>& v) {
  return {v.data(), v.size() * sizeof(T)};
}

/// A default-constructed graph has no offsets array at all; the file always stores n + 1.
section_source offsets_of(const host_vector<edge_t>& offsets) {
  static constexpr edge_t zero = 0;
  return offsets.empty() ? section_source{&zero, sizeof(zero)} : source_of(offsets);
}

}  // namespace

void write_plx(const csr_graph& graph, const std::filesystem::path& path) {
  const bool reverse = graph.directed() && graph.has_in_edges();
  const bool reverse_weights = reverse && !graph.in().weights.empty();
  std::uint64_t flags = 0;
  if (graph.directed()) flags |= kDirected;
  if (graph.weighted()) flags |= kWeighted;
  if (reverse) flags |= kHasReverse;
  if (reverse_weights) flags |= kHasReverseWeights;
  if (graph.has_original_ids()) flags |= kHasOriginalIds;
  const std::uint64_t n = graph.num_vertices();
  const std::uint64_t m = graph.num_edges();
  std::array<section_source, kSlots> sources{};
  sources[0] = offsets_of(graph.out().offsets);
  sources[1] = source_of(graph.out().indices);
  sources[2] = source_of(graph.out().weights);
  if (reverse) {
    if (graph.in().indices.size() != m)
      throw error(error_kind::internal, path.string() + ": reverse CSR holds a different arc count");
    sources[3] = offsets_of(graph.in().offsets);
    sources[4] = source_of(graph.in().indices);
    if (reverse_weights) sources[5] = source_of(graph.in().weights);
  }
  const std::span<const std::uint64_t> ids = graph.original_ids();
  sources[6] = {ids.data(), ids.size_bytes()};
  write_file(path, kGraphMagic, flags, n, m, 0, graph_layout(flags, n, m), sources);
}

void write_plx(const hypergraph& graph, const std::filesystem::path& path) {
  std::uint64_t flags = 0;
  if (!graph.edge_weights().empty()) flags |= kHasEdgeWeights;
  if (!graph.vertex_weights().empty()) flags |= kHasVertexWeights;
  if (graph.has_original_ids()) flags |= kHasOriginalIds;
  const std::uint64_t n = graph.num_vertices();
  const std::uint64_t pins = graph.num_pins();
  const std::uint64_t h = graph.num_hyperedges();
  std::array<section_source, kSlots> sources{};
  sources[0] = offsets_of(graph.vertex_to_edges().offsets);
  sources[1] = source_of(graph.vertex_to_edges().indices);
  sources[2] = offsets_of(graph.edge_to_vertices().offsets);
  sources[3] = source_of(graph.edge_to_vertices().indices);
  sources[4] = {graph.edge_weights().data(), graph.edge_weights().size_bytes()};
  sources[5] = {graph.vertex_weights().data(), graph.vertex_weights().size_bytes()};
  sources[6] = {graph.original_ids().data(), graph.original_ids().size_bytes()};
  write_file(path, kHypergraphMagic, flags, n, pins, h, hypergraph_layout(flags, n, pins, h), sources);
}

}  // namespace plexus::io
