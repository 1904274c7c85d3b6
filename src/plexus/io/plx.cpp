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
// blocks, each hashed while still in cache (plx_checksum.hpp); afterwards the CSR structure
// is checked in parallel (offsets start at 0, never decrease, end at the entry count; every
// index is in range), so a file that passes can be used without further checks.
#include "plexus/io/plx.hpp"

#include <fcntl.h>
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
#include <utility>
#include <vector>

#include "plx_checksum.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/atomic_file.hpp"

namespace plexus::io {

namespace {

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

void require_little_endian() {
  if constexpr (std::endian::native != std::endian::little)
    throw error(error_kind::unsupported, ".plx files are little-endian and this host is big-endian; "
                                         "read the text format instead");
}

std::uint64_t align_up(std::uint64_t x) { return (x + kAlignment - 1) / kAlignment * kAlignment; }

std::uint64_t header_hash(const file_header& header) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(&header);
  detail::plx_hash_chain chain(kChecksummedHeaderBytes);
  chain.add(detail::plx_block_hash(bytes, kChecksummedHeaderBytes));
  return chain.value();
}

std::uint64_t section_hash(const void* data, std::uint64_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  const std::int64_t blocks = static_cast<std::int64_t>((bytes + detail::plx_hash_block - 1) / detail::plx_hash_block);
  std::vector<std::uint64_t> block_hashes(static_cast<std::size_t>(blocks));
#pragma omp parallel for schedule(static)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::uint64_t begin = static_cast<std::uint64_t>(b) * detail::plx_hash_block;
    const std::uint64_t size = std::min<std::uint64_t>(detail::plx_hash_block, bytes - begin);
    block_hashes[static_cast<std::size_t>(b)] = detail::plx_block_hash(p + begin, size);
  }
  detail::plx_hash_chain chain(bytes);
  for (std::uint64_t h : block_hashes) chain.add(h);
  return chain.value();
}

// ---------------------------------------------------------------------------------------
// Layout shared by writer and reader: which slots are present and how big each is.

struct layout {
  std::array<std::uint64_t, kSlots> bytes{};  // 0 for an absent section
  std::array<std::uint32_t, kSlots> element_bytes{};
};

layout graph_layout(std::uint64_t flags, std::uint64_t n, std::uint64_t m) {
  layout l;
  auto set = [&](std::size_t slot, std::uint32_t elem, std::uint64_t count) {
    l.element_bytes[slot] = elem;
    l.bytes[slot] = elem * count;
  };
  set(0, 8, n + 1);
  set(1, 4, m);
  if (flags & kWeighted) set(2, 4, m);
  if (flags & kHasReverse) {
    set(3, 8, n + 1);
    set(4, 4, m);
    if (flags & kHasReverseWeights) set(5, 4, m);
  }
  if (flags & kHasOriginalIds) set(6, 8, n);
  return l;
}

layout hypergraph_layout(std::uint64_t flags, std::uint64_t n, std::uint64_t pins, std::uint64_t h) {
  layout l;
  auto set = [&](std::size_t slot, std::uint32_t elem, std::uint64_t count) {
    l.element_bytes[slot] = elem;
    l.bytes[slot] = elem * count;
  };
  set(0, 8, n + 1);
  set(1, 4, pins);
  set(2, 8, h + 1);
  set(3, 4, pins);
  if (flags & kHasEdgeWeights) set(4, 4, h);
  if (flags & kHasVertexWeights) set(5, 4, n);
  if (flags & kHasOriginalIds) set(6, 8, n);
  return l;
}

/// Fills the section offsets of `header` from `l` and returns the file size.
std::uint64_t place_sections(const layout& l, std::array<section_entry, kSlots>& sections) {
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

// ---------------------------------------------------------------------------------------
// Writing

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
    if (header.sections[s].element_bytes != 0) header.sections[s].checksum = section_hash(sources[s].data, sources[s].bytes);
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

// ---------------------------------------------------------------------------------------
// Reading

// What a user can do about a damaged or foreign .plx file, appended to those messages.
constexpr const char* kRebuild = "; rebuild it from its source with plexus convert";
constexpr const char* kNotPlx = "; if it is a text file, name its format with --format, else rebuild it with plexus convert";

class input_file {
 public:
  explicit input_file(const std::filesystem::path& path) : name_(path.string()) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) throw_io_error(name_, std::string("cannot open: ") + std::strerror(errno));
    struct stat st {};
    if (::fstat(fd_, &st) != 0) {
      const int errnum = errno;
      ::close(fd_);
      throw_io_error(name_, std::string("cannot stat: ") + std::strerror(errnum));
    }
    if (!S_ISREG(st.st_mode)) {
      ::close(fd_);
      throw_io_error(name_, "not a regular file");
    }
    size_ = static_cast<std::uint64_t>(st.st_size);
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  }
  /// A .plx image already in memory (read from a stream); `bytes` must outlive the object.
  input_file(std::string name, std::string_view bytes)
      : name_(std::move(name)), memory_(bytes.data()), size_(bytes.size()) {}
  input_file(const input_file&) = delete;
  input_file& operator=(const input_file&) = delete;
  ~input_file() {
    if (fd_ >= 0) ::close(fd_);
  }

  const std::string& name() const { return name_; }
  std::uint64_t size() const { return size_; }

  /// Reads exactly `bytes` at `offset`; returns the errno of a failure, or -1 when the file
  /// ended early, or 0 on success. Safe to call from several threads at once.
  int read_at(void* data, std::uint64_t bytes, std::uint64_t offset) const {
    if (memory_ != nullptr) {
      if (offset > size_ || bytes > size_ - offset) return -1;
      std::memcpy(data, memory_ + offset, bytes);
      return 0;
    }
    auto* p = static_cast<char*>(data);
    while (bytes > 0) {
      const ssize_t got = ::pread(fd_, p, bytes, static_cast<off_t>(offset));
      if (got < 0) {
        if (errno == EINTR) continue;
        return errno;
      }
      if (got == 0) return -1;
      p += got;
      bytes -= static_cast<std::uint64_t>(got);
      offset += static_cast<std::uint64_t>(got);
    }
    return 0;
  }

  [[noreturn]] void fail(const std::string& what) const { throw_parse_error(name_, 0, what); }

  [[noreturn]] void truncated(std::uint64_t expected) const {
    fail("truncated .plx file: expected " + std::to_string(expected) + " bytes, found " +
         std::to_string(current_size()) + kRebuild);
  }

 private:
  std::uint64_t current_size() const {
    if (memory_ != nullptr) return size_;
    struct stat st {};
    return ::fstat(fd_, &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : size_;
  }

  std::string name_;
  int fd_ = -1;
  const char* memory_ = nullptr;
  std::uint64_t size_ = 0;
};

/// Reads and checks the header: magic, version, size, checksum, and every section entry
/// against the layout derived from counts and flags, and the file size against it.
file_header read_header(const input_file& file, const std::array<char, 8>& magic, const char* expected_kind) {
  require_little_endian();
  file_header header{};
  if (file.size() == 0) file.fail(std::string("empty file (0 bytes), not a .plx cache") + kRebuild);
  if (file.size() < sizeof(header.magic)) file.fail(std::string("not a .plx file (shorter than its magic)") + kNotPlx);
  if (file.read_at(&header, std::min<std::uint64_t>(file.size(), sizeof(header)), 0) != 0)
    file.truncated(sizeof(header));
  if (header.magic != kGraphMagic && header.magic != kHypergraphMagic)
    file.fail(std::string("not a .plx file (it does not start with the .plx magic)") + kNotPlx);
  if (header.magic != magic)
    file.fail(std::string("holds a ") + (header.magic == kGraphMagic ? "graph" : "hypergraph") + ", not a " +
              expected_kind);
  if (file.size() >= offsetof(file_header, endian_mark)) {
    if (header.version > plx_version)
      throw error(error_kind::unsupported,
                  file.name() + ": .plx format version " + std::to_string(header.version) +
                      " is newer than this build reads (" + std::to_string(plx_version) +
                      "); update plexus or rebuild the cache from the source file");
    if (header.version == 0) file.fail("invalid .plx format version 0");
  }
  if (file.size() < sizeof(header)) file.truncated(sizeof(header));
  if (header_hash(header) != header.header_checksum) file.fail("checksum mismatch in header");
  if (header.endian_mark != kEndianMark) file.fail("byte order mark is not little-endian");
  if (header.header_bytes != sizeof(file_header) || header.num_sections != kSectionsUsed)
    file.fail("unexpected header size or section count");

  const bool graph = magic == kGraphMagic;
  const std::uint64_t allowed = graph ? kGraphFlags : kHypergraphFlags;
  if ((header.flags & ~allowed) != 0) file.fail("unknown flags " + std::to_string(header.flags & ~allowed));
  if (graph && (header.flags & kHasReverseWeights) && !(header.flags & kHasReverse))
    file.fail("reverse weights flagged without a reverse CSR");
  if (header.num_vertices > max_vertices) file.fail("vertex count exceeds 32-bit ids");
  if (graph ? header.num_hyperedges != 0 : header.num_hyperedges > std::numeric_limits<hyperedge_t>::max())
    file.fail("invalid hyperedge count");
  // No real file holds 2^56 elements; refusing such counts keeps the byte arithmetic below
  // far from overflow. Smaller lies are caught by comparing the derived section table and
  // file size with the header and the real file, still before anything is allocated.
  constexpr std::uint64_t kCountLimit = std::uint64_t{1} << 56;
  if (header.num_entries > kCountLimit)
    file.fail("header claims " + std::to_string(header.num_entries) + " entries, more than any file holds");

  const layout l = graph ? graph_layout(header.flags, header.num_vertices, header.num_entries)
                         : hypergraph_layout(header.flags, header.num_vertices, header.num_entries,
                                             header.num_hyperedges);
  std::array<section_entry, kSlots> expected{};
  const std::uint64_t file_bytes = place_sections(l, expected);
  const auto& names = graph ? kGraphSectionNames : kHypergraphSectionNames;
  for (std::size_t s = 0; s < kSlots; ++s) {
    const section_entry& e = header.sections[s];
    if (e.offset != expected[s].offset || e.bytes != expected[s].bytes ||
        e.element_bytes != expected[s].element_bytes || e.reserved != 0)
      file.fail(std::string("section ") + names[s] + " does not match the header counts");
  }
  if (header.file_bytes != file_bytes) file.fail("recorded file size does not match the header counts");
  if (file.size() < file_bytes) file.truncated(file_bytes);
  if (file.size() > file_bytes)
    file.fail("unexpected trailing data: expected " + std::to_string(file_bytes) + " bytes, found " +
              std::to_string(file.size()));
  return header;
}

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

constexpr std::uint64_t kNoError = std::numeric_limits<std::uint64_t>::max();

/// Accepts every element (sections without a structural invariant).
struct no_check {
  template <class T>
  std::uint64_t operator()(const T*, std::uint64_t, std::uint64_t) const {
    return kNoError;
  }
};

/// Reads section `slot` into a new array in 1 MiB blocks, hashing and checking each block
/// right after reading it, while it is still in cache; compares the checksum.
/// `check(data, begin, end)` returns the first invalid element index in [begin, end) or
/// kNoError; the smallest over all blocks lands in `first_bad`, for the caller to report
/// only after the checksum matched (a damaged file should be called damaged).
template <class T, class Check = no_check>
host_vector<T> read_section(const input_file& file, const file_header& header, std::size_t slot, const char* name,
                            Check check = {}, std::uint64_t* first_bad = nullptr) {
  static_assert(detail::plx_hash_block % sizeof(T) == 0, "blocks must hold whole elements");
  const section_entry& e = header.sections[slot];
  host_vector<T> v = allocate<T>(file, e.bytes / sizeof(T));
  auto* p = reinterpret_cast<unsigned char*>(v.data());
  const std::int64_t blocks = static_cast<std::int64_t>((e.bytes + detail::plx_hash_block - 1) / detail::plx_hash_block);
  std::vector<std::uint64_t> block_hashes(static_cast<std::size_t>(blocks));
  std::atomic<int> failure{0};
  std::uint64_t bad = kNoError;
#pragma omp parallel for schedule(dynamic, 1) reduction(min : bad)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::uint64_t begin = static_cast<std::uint64_t>(b) * detail::plx_hash_block;
    const std::uint64_t size = std::min<std::uint64_t>(detail::plx_hash_block, e.bytes - begin);
    if (const int status = file.read_at(p + begin, size, e.offset + begin); status != 0) {
      int none = 0;
      failure.compare_exchange_strong(none, status);
      continue;
    }
    block_hashes[static_cast<std::size_t>(b)] = detail::plx_block_hash(p + begin, size);
    bad = std::min(bad, check(v.data(), begin / sizeof(T), (begin + size) / sizeof(T)));
  }
  if (const int status = failure.load(); status == -1) {
    file.truncated(header.file_bytes);
  } else if (status != 0) {
    throw_io_error(file.name(), std::string("read failed: ") + std::strerror(status));
  }
  detail::plx_hash_chain chain(e.bytes);
  for (std::uint64_t h : block_hashes) chain.add(h);
  if (chain.value() != e.checksum) file.fail(std::string("checksum mismatch in section ") + name);
  if (first_bad != nullptr) *first_bad = bad;
  return v;
}

/// Reads the offsets and indices sections of one CSR and checks it: offsets[0] == 0, offsets
/// never decrease, offsets.back() == indices.size(), every index < bound. The per-element
/// checks run inside the block reads; the first offending position is reported, so the
/// message is the same whatever the thread count.
csr_arrays read_csr(const input_file& file, const file_header& header, std::size_t offsets_slot,
                    const char* const* names, std::uint64_t bound, const char* what, const char* index_noun) {
  csr_arrays a;
  std::uint64_t first_decrease = kNoError;
  a.offsets = read_section<edge_t>(
      file, header, offsets_slot, names[offsets_slot],
      [](const edge_t* o, std::uint64_t begin, std::uint64_t end) {
        for (std::uint64_t i = begin; i + 1 < end; ++i)
          if (o[i] > o[i + 1]) return i;
        return kNoError;
      },
      &first_decrease);
  // Pairs that straddle two blocks were not visible to either block's check.
  constexpr std::uint64_t per_block = detail::plx_hash_block / sizeof(edge_t);
  for (std::uint64_t i = per_block; i < a.offsets.size() && i - 1 < first_decrease; i += per_block)
    if (a.offsets[i - 1] > a.offsets[i]) first_decrease = i - 1;

  std::uint64_t first_out_of_range = kNoError;
  a.indices = read_section<vertex_t>(
      file, header, offsets_slot + 1, names[offsets_slot + 1],
      [bound](const vertex_t* x, std::uint64_t begin, std::uint64_t end) {
        // Branch-free scan: one compare per element, the position found afterwards.
        vertex_t worst = 0;
        for (std::uint64_t i = begin; i < end; ++i) worst = std::max(worst, x[i]);
        if (worst < bound) return kNoError;
        for (std::uint64_t i = begin; i < end; ++i)
          if (x[i] >= bound) return i;
        return kNoError;
      },
      &first_out_of_range);

  const std::uint64_t n = a.offsets.size() - 1;
  if (a.offsets[0] != 0) file.fail(std::string(what) + ": first offset is not 0");
  if (first_decrease != kNoError)
    file.fail(std::string(what) + ": offsets decrease after row " + std::to_string(first_decrease));
  if (a.offsets[n] != a.indices.size())
    file.fail(std::string(what) + ": last offset " + std::to_string(a.offsets[n]) + " differs from the entry count " +
              std::to_string(a.indices.size()));
  if (first_out_of_range != kNoError)
    file.fail(std::string(what) + ": entry " + std::to_string(first_out_of_range) + " is " + index_noun + " " +
              std::to_string(a.indices[first_out_of_range]) + ", not below " + std::to_string(bound));
  return a;
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
  csr_arrays out = read_csr(file, header, 0, names.data(), n, "offsets/indices", "vertex");
  if (header.flags & kWeighted) out.weights = read_section<weight_t>(file, header, 2, names[2]);
  std::optional<csr_arrays> in;
  if (header.flags & kHasReverse) {
    in = read_csr(file, header, 3, names.data(), n, "reverse offsets/indices", "vertex");
    if (header.flags & kHasReverseWeights) in->weights = read_section<weight_t>(file, header, 5, names[5]);
  }
  host_vector<std::uint64_t> ids;
  if (header.flags & kHasOriginalIds) ids = read_section<std::uint64_t>(file, header, 6, names[6]);
  return csr_graph(std::move(out), (header.flags & kDirected) != 0, std::move(in), std::move(ids));
}

hypergraph read_hypergraph_from(const input_file& file) {
  const file_header header = read_header(file, kHypergraphMagic, "hypergraph");
  const auto& names = kHypergraphSectionNames;
  csr_arrays v2e = read_csr(file, header, 0, names.data(), header.num_hyperedges, "vertex incidence", "hyperedge");
  csr_arrays e2v = read_csr(file, header, 2, names.data(), header.num_vertices, "pins", "vertex");
  host_vector<weight_t> edge_weights, vertex_weights;
  host_vector<std::uint64_t> ids;
  if (header.flags & kHasEdgeWeights) edge_weights = read_section<weight_t>(file, header, 4, names[4]);
  if (header.flags & kHasVertexWeights) vertex_weights = read_section<weight_t>(file, header, 5, names[5]);
  if (header.flags & kHasOriginalIds) ids = read_section<std::uint64_t>(file, header, 6, names[6]);
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
