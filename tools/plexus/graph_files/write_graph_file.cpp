// Writing convert's and generate's output (see write_graph_file.hpp).
#include "write_graph_file.hpp"

#include <cstdio>
#include <string>

#include "plexus/core/error.hpp"
#include "plexus/io/atomic_file.hpp"
#include "plexus/io/plx.hpp"

namespace plexus::cli {

std::optional<io::text_output> check_output(const std::filesystem::path& output,
                                            std::span<const std::filesystem::path> inputs) {
  std::optional<io::text_output> text = io::text_output_for(output);
  if (!text && output.extension() != ".plx")
    throw error(error_kind::invalid_argument,
                output.string() +
                    ": the output must be .plx, or text: .el, .wel, .mtx (graphs), .hyp, .hgr "
                    "(hypergraphs), each optionally ending in .gz");
  io::check_output(output, inputs);
  return text;
}

void write_graph(const csr_graph& graph, const std::filesystem::path& output,
                 std::optional<io::text_output> text) {
  if (!text) return io::write_plx(graph, output);
  io::write_graph_text(graph, output, *text);
  if (*text == io::text_output::matrix_market && graph.num_vertices() != 0 && !io::ids_are_one_to_n(graph))
    std::printf("note: %s numbers its rows 1..%u in increasing input id; the input's ids are not 1..n\n",
                output.c_str(), graph.num_vertices());
}

void write_hypergraph(const hypergraph& graph, const std::filesystem::path& output,
                      std::optional<io::text_output> text) {
  if (!text) return io::write_plx(graph, output);
  io::write_hypergraph_text(graph, output, *text);
}

}  // namespace plexus::cli
