// The .plx file and its header, shared by the readers (plx_input.hpp).
#include "plx_input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include "plexus/core/error.hpp"
#include "plexus/io/input_files.hpp"

namespace plexus::io::detail {

using namespace plx_format;

input_file::input_file(const std::filesystem::path& path) : name_(path.string()) {
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
  record_input(fd_, name_);
#ifdef POSIX_FADV_SEQUENTIAL
  ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
}

input_file::input_file(std::string name, std::string_view bytes)
    : name_(std::move(name)), memory_(bytes.data()), size_(bytes.size()) {}

input_file::~input_file() {
  if (fd_ >= 0) ::close(fd_);
}

int input_file::read_at(void* data, std::uint64_t bytes, std::uint64_t offset) const {
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

void input_file::fail(const std::string& what) const {
  throw_parse_error(name_, 0, what);
}

void input_file::truncated(std::uint64_t expected) const {
  fail("truncated .plx file: expected " + std::to_string(expected) + " bytes, found " +
       std::to_string(current_size()) + kRebuild);
}

std::uint64_t input_file::current_size() const {
  if (memory_ != nullptr) return size_;
  struct stat st {};
  return ::fstat(fd_, &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : size_;
}

file_header read_header(const input_file& file, const std::array<char, 8>& magic, const char* expected_kind) {
  require_little_endian();
  file_header header{};
  if (file.size() == 0) file.fail(std::string("empty file (0 bytes), not a .plx cache") + kRebuild);
  if (file.size() < sizeof(header.magic))
    file.fail(std::string("not a .plx file (shorter than its magic)") + kNotPlx);
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

  const layout l =
      graph ? graph_layout(header.flags, header.num_vertices, header.num_entries)
            : hypergraph_layout(header.flags, header.num_vertices, header.num_entries, header.num_hyperedges);
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

}  // namespace plexus::io::detail
