// libFuzzer target: HIF / XGI JSON hypergraph reader on arbitrary bytes named "input.json".
#include "fuzz_file.hpp"
#include "plexus/io/read_hypergraph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = plexus::fuzz::write_input("input.json", data, size);
  return plexus::fuzz::run_reader(
      [&] { plexus::io::read_hypergraph(path, plexus::fuzz::hypergraph_options()); });
}
