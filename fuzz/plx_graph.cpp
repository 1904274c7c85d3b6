// libFuzzer target: .plx graph cache reader on arbitrary bytes named "input.plx".
#include "fuzz_file.hpp"
#include "plexus/io/plx.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = plexus::fuzz::write_input("input.plx", data, size);
  return plexus::fuzz::run_reader([&] { plexus::io::read_plx_graph(path); });
}
