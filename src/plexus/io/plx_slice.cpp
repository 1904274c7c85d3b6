// Reading a .plx graph in parts (plx_slice.hpp).
#include "plexus/io/plx_slice.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>

#include "plexus/core/error.hpp"
#include "plx_format.hpp"
#include "plx_input.hpp"
#include "plx_structure.hpp"

namespace plexus::io {

using namespace plx_format;
using plx_structure::kNone;

struct plx_graph_file::header_facts {
  file_header header;
};

namespace {

constexpr std::size_t kOffsets = 0, kIndices = 1, kWeights = 2, kReverseOffsets = 3, kReverseIndices = 4,
                      kReverseWeights = 5, kOriginalIds = 6;

const char* what_of(bool reverse) {
  return reverse ? "reverse offsets/indices" : "offsets/indices";
}

/// Elements [first, first + count) of section `slot`, read in 1 MiB pieces in parallel.
template <class T>
host_vector<T> read_elements(const detail::input_file& file, const file_header& header, std::size_t slot,
                             std::uint64_t first, std::uint64_t count) {
  host_vector<T> values;
  values.resize(static_cast<std::size_t>(count));
  const std::uint64_t bytes = count * sizeof(T);
  const std::uint64_t start = header.sections[slot].offset + first * sizeof(T);
  auto* p = reinterpret_cast<unsigned char*>(values.data());
  const auto pieces =
      static_cast<std::int64_t>((bytes + detail::plx_hash_block - 1) / detail::plx_hash_block);
  std::atomic<int> failure{0};
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t i = 0; i < pieces; ++i) {
    const std::uint64_t at = static_cast<std::uint64_t>(i) * detail::plx_hash_block;
    const std::uint64_t size = std::min<std::uint64_t>(detail::plx_hash_block, bytes - at);
    if (const int status = file.read_at(p + at, size, start + at); status != 0) {
      int none = 0;
      failure.compare_exchange_strong(none, status);
    }
  }
  if (const int status = failure.load(); status == -1)
    file.truncated(header.file_bytes);
  else if (status != 0)
    throw_io_error(file.name(), std::string("read failed: ") + std::strerror(status));
  return values;
}

}  // namespace

plx_graph_file::plx_graph_file(const std::filesystem::path& path)
    : file_(std::make_unique<detail::input_file>(path)), header_(std::make_unique<header_facts>()) {
  header_->header = detail::read_header(*file_, kGraphMagic, "graph");
  const std::uint64_t flags = header_->header.flags;
  // The rules read_plx_graph applies to the flags.
  if (!(flags & kDirected) && (flags & kHasReverse))
    file_->fail("an undirected graph flagged with a reverse CSR");
  if ((flags & kHasReverseWeights) && !(flags & kWeighted))
    file_->fail("reverse weights flagged for an unweighted graph");
  if ((flags & kHasReverse) && (flags & kWeighted) && !(flags & kHasReverseWeights))
    file_->fail("a weighted graph whose reverse CSR has no weights");
}

plx_graph_file::~plx_graph_file() = default;

const std::string& plx_graph_file::name() const {
  return file_->name();
}
vertex_t plx_graph_file::num_vertices() const {
  return static_cast<vertex_t>(header_->header.num_vertices);
}
edge_t plx_graph_file::num_edges() const {
  return header_->header.num_entries;
}
bool plx_graph_file::directed() const {
  return (header_->header.flags & kDirected) != 0;
}
bool plx_graph_file::weighted() const {
  return (header_->header.flags & kWeighted) != 0;
}
bool plx_graph_file::has_reverse() const {
  return (header_->header.flags & kHasReverse) != 0;
}
bool plx_graph_file::has_original_ids() const {
  return (header_->header.flags & kHasOriginalIds) != 0;
}

edge_t plx_graph_file::offset(vertex_t v, bool reverse) const {
  return read_elements<edge_t>(*file_, header_->header, reverse ? kReverseOffsets : kOffsets, v, 1)[0];
}

std::vector<plx_graph_file::section_bytes> plx_graph_file::vertex_sections(vertex_t first, vertex_t last,
                                                                           bool last_part) const {
  const auto& sections = header_->header.sections;
  const auto part = [&](std::size_t slot) {
    const std::uint64_t element = sections[slot].element_bytes;
    return section_bytes{slot, first * element, last_part ? sections[slot].bytes : last * element};
  };
  std::vector<section_bytes> parts{part(kOffsets)};
  if (has_reverse()) parts.push_back(part(kReverseOffsets));
  if (has_original_ids()) parts.push_back(part(kOriginalIds));
  return parts;
}

std::vector<plx_graph_file::section_bytes> plx_graph_file::arc_sections(std::span<const edge_t> out_offsets,
                                                                        std::span<const edge_t> in_offsets,
                                                                        bool last_part) const {
  const auto& sections = header_->header.sections;
  const auto part = [&](std::size_t slot, std::span<const edge_t> offsets) {
    const std::uint64_t element = sections[slot].element_bytes;
    return section_bytes{slot, offsets.front() * element,
                         last_part ? sections[slot].bytes : offsets.back() * element};
  };
  std::vector<section_bytes> parts{part(kIndices, out_offsets)};
  if (weighted()) parts.push_back(part(kWeights, out_offsets));
  if (has_reverse()) {
    parts.push_back(part(kReverseIndices, in_offsets));
    if (weighted()) parts.push_back(part(kReverseWeights, in_offsets));
  }
  return parts;
}

std::vector<std::uint64_t> plx_graph_file::block_hashes(const section_bytes& bytes) const {
  const section_entry& section = header_->header.sections[bytes.slot];
  constexpr std::uint64_t kBlock = detail::plx_hash_block;
  const std::uint64_t end = std::min(bytes.end, section.bytes);
  const std::uint64_t first_block = (bytes.begin + kBlock - 1) / kBlock;
  const std::uint64_t blocks =
      end > first_block * kBlock ? (end - first_block * kBlock + kBlock - 1) / kBlock : 0;
  std::vector<std::uint64_t> hashes(static_cast<std::size_t>(blocks));
  std::atomic<int> failure{0};
#pragma omp parallel
  {
    host_vector<unsigned char> block;
    block.resize(kBlock);
#pragma omp for schedule(dynamic, 1)
    for (std::int64_t b = 0; b < static_cast<std::int64_t>(blocks); ++b) {
      const std::uint64_t at = (first_block + static_cast<std::uint64_t>(b)) * kBlock;
      const std::uint64_t size = std::min<std::uint64_t>(kBlock, section.bytes - at);
      if (const int status = file_->read_at(block.data(), size, section.offset + at); status != 0) {
        int none = 0;
        failure.compare_exchange_strong(none, status);
        continue;
      }
      hashes[static_cast<std::size_t>(b)] = detail::plx_block_hash(block.data(), size);
    }
  }
  if (const int status = failure.load(); status == -1)
    file_->truncated(header_->header.file_bytes);
  else if (status != 0)
    throw_io_error(file_->name(), std::string("read failed: ") + std::strerror(status));
  return hashes;
}

void plx_graph_file::check_checksum(std::size_t slot, std::span<const std::uint64_t> hashes) const {
  const section_entry& section = header_->header.sections[slot];
  const std::uint64_t blocks = (section.bytes + detail::plx_hash_block - 1) / detail::plx_hash_block;
  detail::plx_hash_chain chain(section.bytes);
  for (const std::uint64_t h : hashes) chain.add(h);
  if (hashes.size() != blocks || chain.value() != section.checksum)
    file_->fail(std::string("checksum mismatch in section ") + kGraphSectionNames[slot]);
}

host_vector<edge_t> plx_graph_file::read_offsets(vertex_t first, vertex_t last, bool reverse) const {
  const char* what = what_of(reverse);
  host_vector<edge_t> offsets = read_elements<edge_t>(
      *file_, header_->header, reverse ? kReverseOffsets : kOffsets, first, last - first + 1);
  const edge_t m = num_edges();
  if (first == 0 && offsets[0] != 0) file_->fail(std::string(what) + ": first offset is not 0");
  for (std::size_t i = 0; i + 1 < offsets.size(); ++i)
    if (offsets[i] > offsets[i + 1])
      file_->fail(fmt::format("{}: offsets decrease after row {}", what, first + i));
  if (last == num_vertices() && offsets.back() != m)
    file_->fail(fmt::format("{}: last offset {} differs from the entry count {}", what, offsets.back(), m));
  if (offsets.back() > m)
    file_->fail(
        fmt::format("{}: offset {} of row {} exceeds the entry count {}", what, offsets.back(), last, m));
  return offsets;
}

csr_arrays plx_graph_file::read_lists(vertex_t first, std::span<const edge_t> offsets, bool reverse,
                                      const multiset_hash& hash, plx_arc_sums& sums) const {
  const char* what = what_of(reverse);
  const file_header& header = header_->header;
  const edge_t begin = offsets.front(), count = offsets.back() - offsets.front();
  csr_arrays lists;
  lists.offsets.resize(offsets.size());
  for (std::size_t i = 0; i < offsets.size(); ++i) lists.offsets[i] = offsets[i] - begin;
  if (weighted()) {
    lists.weights =
        read_elements<weight_t>(*file_, header, reverse ? kReverseWeights : kWeights, begin, count);
    const std::uint64_t bad = plx_structure::first_non_finite(lists.weights.data(), 0, count);
    if (bad != kNone)
      file_->fail(fmt::format("{}: entry {} is {}, not a finite number",
                              kGraphSectionNames[reverse ? kReverseWeights : kWeights], begin + bad,
                              lists.weights[bad]));
  }
  lists.indices = read_elements<vertex_t>(*file_, header, reverse ? kReverseIndices : kIndices, begin, count);
  // As the whole-file reader sums them: an undirected graph's arcs by which end lists them, a
  // directed graph's forward arcs as they are, its reverse arcs turned back.
  const plx_structure::arc_sums mode = reverse      ? plx_structure::arc_sums::swapped
                                       : directed() ? plx_structure::arc_sums::straight
                                                    : plx_structure::arc_sums::halves;
  // Scanned in 1 MiB blocks in parallel, as the whole-file reader scans its blocks.
  constexpr std::uint64_t kBlock = detail::plx_hash_block / sizeof(vertex_t);
  const auto blocks = static_cast<std::int64_t>((count + kBlock - 1) / kBlock);
  std::vector<plx_structure::index_scan> scans(static_cast<std::size_t>(blocks));
  const weight_t* weights = lists.weights.empty() ? nullptr : lists.weights.data();
#pragma omp parallel for schedule(dynamic, 1)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::uint64_t from = static_cast<std::uint64_t>(b) * kBlock;
    scans[static_cast<std::size_t>(b)] =
        plx_structure::scan_indices(lists.offsets, lists.indices.data(), weights, from,
                                    std::min(count, from + kBlock), num_vertices(), mode, hash, first);
  }
  plx_structure::index_scan scan;
  for (const plx_structure::index_scan& block : scans) {
    scan.out_of_range = std::min(scan.out_of_range, block.out_of_range);
    scan.unsorted = std::min(scan.unsorted, block.unsorted);
    scan.sum[0] += block.sum[0];
    scan.sum[1] += block.sum[1];
  }
  // The first entry of each block was not compared with the last of the block before.
  for (std::uint64_t i = kBlock; i < count && i < scan.unsorted; i += kBlock)
    if (lists.indices[i - 1] > lists.indices[i] &&
        !std::binary_search(lists.offsets.begin(), lists.offsets.end(), i))
      scan.unsorted = i;
  if (scan.out_of_range != kNone)
    file_->fail(fmt::format("{}: entry {} is vertex {}, not below {}", what, begin + scan.out_of_range,
                            lists.indices[scan.out_of_range], num_vertices()));
  if (scan.unsorted != kNone) {
    const auto row = std::upper_bound(lists.offsets.begin(), lists.offsets.end(), scan.unsorted) -
                     lists.offsets.begin() - 1;
    file_->fail(fmt::format("{}: row {} is not sorted (entry {}, vertex {}, follows {})", what, first + row,
                            begin + scan.unsorted, lists.indices[scan.unsorted],
                            lists.indices[scan.unsorted - 1]));
  }
  if (reverse) {
    sums.backward += scan.sum[0];
  } else {
    sums.forward[0] += scan.sum[0];
    sums.forward[1] += scan.sum[1];
  }
  return lists;
}

host_vector<std::uint64_t> plx_graph_file::read_original_ids(vertex_t first, vertex_t last) const {
  if (!has_original_ids()) return {};
  host_vector<std::uint64_t> ids =
      read_elements<std::uint64_t>(*file_, header_->header, kOriginalIds, first, last - first);
  if (const auto repeat = plx_structure::repeated_id(ids))
    file_->fail(fmt::format("{}: rows {} and {} both have id {}", kGraphSectionNames[kOriginalIds],
                            first + repeat->first, first + repeat->second, ids[repeat->first]));
  return ids;
}

void plx_graph_file::check_arc_sums(const plx_arc_sums& total) const {
  if (!directed() && total.forward[0] != total.forward[1])
    file_->fail(
        "offsets/indices: the graph is undirected, but some row does not hold the arcs into its vertex "
        "(each edge is listed at both ends, with one weight); plexus info on the file names the row");
  if (has_reverse() && total.forward[0] != total.backward)
    file_->fail(
        "reverse offsets/indices: some row does not hold the arcs into its vertex (the reverse CSR must "
        "be the transpose of the graph); plexus info on the file names the row");
}

}  // namespace plexus::io
