// Shared plumbing for the reader fuzzers: readers take paths, so each input is written to a
// file in memory-backed /dev/shm (or the temp folder) under the name the reader expects.
//
// A reader may reject an input only with plexus::error; anything else (a crash, a sanitizer
// report, another exception type, an allocation beyond -malloc_limit_mb) is a finding.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>

#include "plexus/core/error.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/io/read_hypergraph.hpp"

namespace plexus::fuzz {

inline std::filesystem::path scratch_dir() {
  static const std::filesystem::path dir = [] {
    std::filesystem::path base =
        std::filesystem::exists("/dev/shm") ? "/dev/shm" : std::filesystem::temp_directory_path();
    base /= "plexus-fuzz-" + std::to_string(::getpid());
    std::filesystem::create_directories(base);
    return base;
  }();
  return dir;
}

/// Writes the fuzzer's bytes to scratch_dir()/name and returns the path.
inline std::filesystem::path write_input(const std::string& name, const std::uint8_t* data,
                                         std::size_t size) {
  const std::filesystem::path path = scratch_dir() / name;
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) std::abort();
  if (size != 0 && std::fwrite(data, 1, size, file) != size) std::abort();
  std::fclose(file);
  return path;
}

/// Text inputs inflate to at most 1 MiB: the corpus's gzip bomb (tests/data/gzip/bomb.el.gz)
/// must stop at the limit with a clean error, and no input may cost the sanitized build
/// seconds.
inline constexpr std::uint64_t kMaxInflate = std::uint64_t{1} << 20;

inline io::read_options graph_options() {
  io::read_options options;
  options.max_inflate = kMaxInflate;
  return options;
}

inline io::hypergraph_read_options hypergraph_options() {
  io::hypergraph_read_options options;
  options.max_inflate = kMaxInflate;
  return options;
}

/// Runs `read`, accepting plexus::error as a clean rejection.
template <class Read>
int run_reader(Read&& read) {
  try {
    read();
  } catch (const plexus::error&) {
  }
  return 0;
}

}  // namespace plexus::fuzz
