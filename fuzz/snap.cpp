// libFuzzer target: SNAP edge list reader on arbitrary bytes named "input.txt".
#include "fuzz_file.hpp"
#include "plexus/io/read_graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = plexus::fuzz::write_input("input.txt", data, size);
  return plexus::fuzz::run_reader([&] { plexus::io::read_graph(path, plexus::fuzz::graph_options()); });
}
