// libFuzzer target: Chodrow hyperedge list reader on arbitrary bytes named "hyperedges-input.txt".
#include "fuzz_file.hpp"
#include "plexus/io/read_hypergraph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = plexus::fuzz::write_input("hyperedges-input.txt", data, size);
  return plexus::fuzz::run_reader(
      [&] { plexus::io::read_hypergraph(path, plexus::fuzz::hypergraph_options()); });
}
