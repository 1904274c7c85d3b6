// libFuzzer target: the DSL's lexer and parser on arbitrary bytes, diagnostics rendered too.
#include <cstddef>
#include <cstdint>
#include <string>

#include "plexus/dsl/diagnostics.hpp"
#include "plexus/dsl/parser.hpp"
#include "plexus/dsl/source.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const plexus::dsl::source_file file("input.sp", std::string(reinterpret_cast<const char*>(data), size));
  plexus::dsl::diagnostics problems(file);
  const plexus::dsl::program tree = plexus::dsl::parse(file, problems);
  static_cast<void>(tree);
  static_cast<void>(problems.render_all());
  return 0;
}
