// libFuzzer target: gzip-compressed edge list reader on arbitrary bytes named "input.el.gz".
// Inflation is capped at 1 MiB: the corpus's bomb (tests/data/gzip/bomb.el.gz, 8 KiB inflating
// to 8 MiB) must stop at the limit with a clean error, and every input stays small.
#include "fuzz_file.hpp"
#include "plexus/io/read_graph.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto path = plexus::fuzz::write_input("input.el.gz", data, size);
  plexus::io::read_options options;
  options.max_inflate = std::size_t{1} << 20;
  return plexus::fuzz::run_reader([&] { plexus::io::read_graph(path, options); });
}
