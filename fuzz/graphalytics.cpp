// libFuzzer target: Graphalytics reader. The input is split at its first '|' byte into the
// edge file input.e and the vertex file input.v beside it, so both and their agreement are
// exercised; without a '|' there is no vertex file.
#include <algorithm>
#include <filesystem>

#include "fuzz_file.hpp"
#include "plexus/io/read_graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::uint8_t* split = std::find(data, data + size, static_cast<std::uint8_t>('|'));
  const std::size_t first = static_cast<std::size_t>(split - data);
  const auto edges = plexus::fuzz::write_input("input.e", data, first);
  const auto vertices = plexus::fuzz::scratch_dir() / "input.v";
  std::error_code ec;
  if (first < size) {
    plexus::fuzz::write_input("input.v", split + 1, size - first - 1);
  } else {
    std::filesystem::remove(vertices, ec);
  }
  return plexus::fuzz::run_reader([&] { plexus::io::read_graph(edges, plexus::fuzz::graph_options()); });
}
