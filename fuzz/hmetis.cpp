// libFuzzer target: hMETIS hypergraph reader on arbitrary bytes named "input.hgr".
#include "fuzz_file.hpp"
#include "plexus/io/read_hypergraph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = plexus::fuzz::write_input("input.hgr", data, size);
  return plexus::fuzz::run_reader(
      [&] { plexus::io::read_hypergraph(path, plexus::fuzz::hypergraph_options()); });
}
