// libFuzzer target: Benson/ScHoLP reader. The input is split at its first '|' byte into the
// NAME-nverts.txt and NAME-simplices.txt files, so both and their agreement are exercised.
#include <algorithm>

#include "fuzz_file.hpp"
#include "plexus/io/read_hypergraph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::uint8_t* split = std::find(data, data + size, static_cast<std::uint8_t>('|'));
  const std::size_t first = static_cast<std::size_t>(split - data);
  const std::size_t rest = first < size ? size - first - 1 : 0;
  plexus::fuzz::write_input("fuzz-nverts.txt", data, first);
  plexus::fuzz::write_input("fuzz-simplices.txt", first < size ? split + 1 : data, rest);
  const auto folder = plexus::fuzz::scratch_dir();
  return plexus::fuzz::run_reader(
      [&] { plexus::io::read_hypergraph(folder / "fuzz-nverts.txt", plexus::fuzz::hypergraph_options()); });
}
