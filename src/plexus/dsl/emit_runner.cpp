// The runner of a compiled function; see emit_runner.hpp.
#include "plexus/dsl/emit_runner.hpp"

#include <fmt/format.h>

#include "plexus/dsl/emit_context.hpp"
#include "plexus/dsl/types.hpp"

namespace plexus::dsl {

std::string emit_runner(const function& f, const std::string& space) {
  std::string arguments, setup, outputs;
  for (const parameter& p : f.parameters) {
    const value_type t = type_of(p.type);
    const std::string name = emit::identifier(p.name);
    switch (t.kind) {
      case value_kind::graph:
      case value_kind::edge_property:
        continue;
      case value_kind::node_property: {
        const std::string element = emit::element_type(t.element);
        setup += fmt::format("    ::plexus::exec::buffer<Space, {}> {}(io.graph.num_vertices());\n", element, name);
        setup += fmt::format("    {}.fill({}{{}});\n", name, element);
        arguments += fmt::format(", {}.data()", name);
        outputs += fmt::format("    io.property(\"{}\", \"{}\", {}.to_host());\n", p.name, describe(value_type{t.element}), name);
        continue;
      }
      case value_kind::node_set:
        arguments += fmt::format(", std::span<const ::plexus::vertex_t>(io.set(\"{}\"))", p.name);
        continue;
      default:
        arguments += fmt::format(", io.scalar<{}>(\"{}\")", emit::cpp_type(t.kind), p.name);
    }
  }
  const bool returns = first_return(f.body) != nullptr;
  std::string out = fmt::format(
      "\n#include \"plexus/dsl/runtime/runner.hpp\"\n\n"
      "int main(int argc, char** argv) {{\n"
      "  return ::plexus::dsl::runtime::run_main(argc, argv, [](::plexus::dsl::runtime::runner_io& io) {{\n"
      "    using Space = {};\n"
      "    const Space space;\n"
      "    const ::plexus::dsl::runtime::device_view<Space> graph(io.graph);\n"
      "{}"
      "    io.start();\n"
      "    {}::plexus::dsl::generated::{}(space, graph.view{});\n"
      "    io.stop(space);\n",
      space, setup, returns ? "const auto result = " : "", emit::identifier(f.name), arguments);
  if (returns) out += "    io.returned(\"value\", result);\n";
  out += outputs;
  out += "  });\n}\n";
  return out;
}

}  // namespace plexus::dsl
