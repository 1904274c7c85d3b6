// libFuzzer target: plain hypergraph reader (one hyperedge per line, arbitrary ids renumbered
// to those that occur) on arbitrary bytes named "input.hyp".
#include "fuzz_file.hpp"
#include "plexus/io/read_hypergraph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = plexus::fuzz::write_input("input.hyp", data, size);
  return plexus::fuzz::run_reader(
      [&] { plexus::io::read_hypergraph(path, plexus::fuzz::hypergraph_options()); });
}
