// Loading a graph or hypergraph for a command (see load.hpp).
//
// Text inputs are read in two timed steps (parse to an edge or incidence list, then build),
// .plx caches in one (they hold the built arrays). Whether the input is a hypergraph is
// decided by --hypergraph, by the kind stored in a .plx file, by a --format naming a
// hypergraph format, or by the file name (Benson, Chodrow, hMETIS, JSON, .hyp).
//
// Standard input ("-") and pipes can be read only once: they are read whole first, and
// everything else (.plx or text, which format) is decided from the bytes in memory.
#include "load.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <new>
#include <utility>

#include "plexus/backends/backend.hpp"
#include "plexus/core/byte_size.hpp"
#include "plexus/core/error.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/io/plx.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/io/read_hypergraph.hpp"

namespace plexus::cli {

namespace {

namespace fs = std::filesystem;

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return s;
}

/// Hypergraph format implied by the file name, or automatic when the name suggests none.
io::hypergraph_format hypergraph_format_from_name(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return io::hypergraph_format::benson;
  std::string name = lower(path.filename().string());
  if (name.ends_with(".gz")) name.resize(name.size() - 3);
  if (name.ends_with("-nverts.txt") || name.ends_with("-simplices.txt") || io::names_benson_dataset(path))
    return io::hypergraph_format::benson;
  if (name.starts_with("hyperedges-") && name.ends_with(".txt")) return io::hypergraph_format::chodrow;
  if (name.ends_with(".hgr")) return io::hypergraph_format::hmetis;
  if (name.ends_with(".json") || name.ends_with(".hif")) return io::hypergraph_format::json;
  if (name.ends_with(".hyp")) return io::hypergraph_format::plain;
  return io::hypergraph_format::automatic;
}

std::uint64_t max_inflate(const input_options& options) {
  return options.read.max_inflate.empty() ? 0 : parse_size(options.read.max_inflate, "--max-inflate");
}

/// The whole input in memory (streams are read once, here).
io::input_text load_text(const input_options& options, const progress_fn& progress) {
  io::input_load_options load;
  load.max_inflate = max_inflate(options);
  load.progress = progress;
  return io::input_text::load(options.path, load);
}

/// "undirected (file header)": the direction used and what decided it.
std::string direction_text(bool directed, direction_basis basis, const input_options& options) {
  const char* why = "format default";
  if (basis == direction_basis::file) why = "file header";
  if (basis == direction_basis::caller) why = options.directed ? "--directed" : "--undirected";
  return std::string(directed ? "directed" : "undirected") + " (" + why + ")";
}

io::read_options graph_read_options(const input_options& options, io::graph_format format,
                                    const progress_fn& progress) {
  io::read_options read;
  read.format = format;
  if (options.directed) read.directed = true;
  if (options.undirected) read.directed = false;
  read.weight_column = options.read.weight_column;
  read.keep_self_loops = options.read.self_loops == "keep";
  read.max_inflate = max_inflate(options);
  if (options.read.vertex_file == "none")
    read.vertex_file = fs::path();
  else if (!options.read.vertex_file.empty())
    read.vertex_file = fs::path(options.read.vertex_file);
  read.build_in_edges = options.build_in_edges;
  read.progress = progress;
  return read;
}

/// The first option given that only reading a text graph can honour, or null.
const char* graph_reading_option_given(const input_options& options) {
  if (options.directed) return "--directed";
  if (options.undirected) return "--undirected";
  if (options.read.self_loops == "keep") return "--self-loops keep";
  if (options.read.weight_column != 0) return "--weight-column";
  if (!options.read.vertex_file.empty()) return "--vertex-file";
  return nullptr;
}

void refuse_text_options_for_plx(const input_options& options) {
  if (const char* given = graph_reading_option_given(options))
    throw error(error_kind::invalid_argument,
                io::input_name(options.path) + ": a .plx graph is already built; " + given +
                    " applies only when reading a text format (give it when converting the text source to .plx)");
}

loaded_input finish_plx_graph(csr_graph graph, const input_options& options, timer& t) {
  refuse_text_options_for_plx(options);
  loaded_input result;
  result.format = "plx";
  result.load_seconds = t.seconds();
  result.direction = std::string(graph.directed() ? "directed" : "undirected") + " (stored in the .plx file)";
  result.graph = std::move(graph);
  if (options.build_in_edges && !result.graph->has_in_edges()) {
    t.restart();
    result.graph->build_in_edges();
    result.build_seconds = t.seconds();
  }
  return result;
}

void refuse_graph_options_for_hypergraph(const input_options& options) {
  if (const char* given = graph_reading_option_given(options))
    throw error(error_kind::invalid_argument,
                io::input_name(options.path) + ": " + given + " applies to graphs; this input is a hypergraph");
}

loaded_input finish_plx_hypergraph(hypergraph graph, const input_options& options, timer& t) {
  refuse_graph_options_for_hypergraph(options);
  loaded_input result;
  result.format = "plx";
  result.load_seconds = t.seconds();
  result.hypergraph = std::move(graph);
  return result;
}

/// A graph from text already in memory (a file or a stream read whole).
loaded_input graph_from_text(const io::input_text& text, const input_options& options,
                             io::graph_format requested, const progress_fn& progress, timer& t) {
  io::read_options read = graph_read_options(options, requested, progress);
  read.format = io::resolve_graph_format(text, requested, options.path);
  if (read.format == io::graph_format::plx) return finish_plx_graph(io::read_plx_graph(text), options, t);
  loaded_input result;
  result.format = std::string(io::to_string(read.format));
  if (read.format == io::graph_format::graphalytics) {
    read.vertex_file = io::vertex_file_for(options.path, read);
    if (read.vertex_file) result.vertex_file = read.vertex_file->string();
  } else if (!options.read.vertex_file.empty()) {
    throw error(error_kind::invalid_argument,
                fmt::format("{}: --vertex-file applies only to Graphalytics .e edge files; this input is {}",
                            io::input_name(options.path), io::to_string(read.format)));
  }
  edge_list edges = io::read_edge_list(text, read);
  result.load_seconds = t.seconds();
  result.direction = direction_text(edges.directed, edges.direction_from, options);
  t.restart();
  result.graph = io::build_read_graph(std::move(edges), read, text.name());
  result.build_seconds = t.seconds();
  return result;
}

/// A hypergraph: from a file by its path (Benson datasets are two files), or from text in memory
/// that took `read_seconds` to read.
loaded_input load_hypergraph(const input_options& options, io::hypergraph_format format,
                             const progress_fn& progress, const io::input_text* text, double read_seconds = 0) {
  refuse_graph_options_for_hypergraph(options);
  timer t;
  io::hypergraph_read_options read;
  read.max_inflate = max_inflate(options);
  read.progress = progress;
  if (text == nullptr) {
    if (format == io::hypergraph_format::automatic && io::is_plx(options.path))
      format = io::hypergraph_format::plx;
    if (format == io::hypergraph_format::automatic) format = hypergraph_format_from_name(options.path);
    if (format == io::hypergraph_format::plx)
      return finish_plx_hypergraph(io::read_plx_hypergraph(options.path), options, t);
  } else {
    if (format == io::hypergraph_format::automatic) format = io::sniff_hypergraph_format(*text);
    if (format == io::hypergraph_format::plx)
      return finish_plx_hypergraph(io::read_plx_hypergraph(*text), options, t);
  }
  read.format = format;
  incidence_list incidence =
      text != nullptr ? io::read_incidence_list(*text, read) : io::read_incidence_list(options.path, read);
  loaded_input result;
  result.load_seconds = read_seconds + t.seconds();
  // Name the format after reading: "automatic" may have been resolved by the reader's own
  // content sniffing, which only a successful read confirms.
  result.format = format == io::hypergraph_format::automatic ? "plain" : std::string(io::to_string(format));
  t.restart();
  result.hypergraph = io::build_read_hypergraph(std::move(incidence), read, io::input_name(options.path));
  result.build_seconds = t.seconds();
  return result;
}

/// Standard input or a pipe: read once, then decided from its bytes.
loaded_input load_stream(const input_options& options, std::optional<io::graph_format> graph_format,
                         std::optional<io::hypergraph_format> hyper_format, const progress_fn& progress) {
  timer t;
  const io::input_text text = load_text(options, progress);
  if (text.view().starts_with("PLEXUSHG"))
    return finish_plx_hypergraph(io::read_plx_hypergraph(text), options, t);
  if (hyper_format) return load_hypergraph(options, *hyper_format, progress, &text, t.seconds());
  return graph_from_text(text, options, graph_format.value_or(io::graph_format::automatic), progress, t);
}

/// A graph file: .plx by its path (parallel reads into the final arrays), text through memory.
loaded_input load_graph_file(const input_options& options, io::graph_format format,
                             const progress_fn& progress) {
  timer t;
  if (format == io::graph_format::plx ||
      (format == io::graph_format::automatic && io::is_plx(options.path))) {
    if (io::plx_kind(options.path) == io::plx_content::hypergraph)
      return finish_plx_hypergraph(io::read_plx_hypergraph(options.path), options, t);
    return finish_plx_graph(io::read_plx_graph(options.path), options, t);
  }
  const io::input_text text = load_text(options, progress);
  return graph_from_text(text, options, format, progress, t);
}

}  // namespace

void add_input_options(CLI::App& app, input_options& options) {
  app.add_option("INPUT", options.path,
                 "Graph or hypergraph file (any supported format, or .plx); - for standard input")
      ->required();
  app.add_option(
         "-f,--format", options.format,
         "Input format: auto, mtx, snap, el, wel, gr, metis, konect, csv, gml, e, plx (graphs); benson, "
         "chodrow, hmetis, json, plain (hypergraphs)")
      ->capture_default_str();
  auto* directed = app.add_flag("--directed", options.directed, "Keep arcs directed, whatever the file says");
  app.add_flag("--undirected", options.undirected,
               "Treat the graph as undirected (store each edge both ways)")
      ->excludes(directed);
  app.add_flag("--hypergraph", options.hypergraph, "Read the input as a hypergraph");
  add_read_settings(app, options.read, true);
}

namespace {

loaded_input load_input_unguarded(const input_options& options, const progress_fn& progress) {
  // A format name decides first; "plx" and "auto" leave the decision to the input.
  const std::string name = lower(options.format);
  std::optional<io::graph_format> graph_format;
  std::optional<io::hypergraph_format> hyper_format;
  if (options.hypergraph) {
    hyper_format = io::parse_hypergraph_format(name);
  } else if (name != "auto" && name != "automatic") {
    try {
      graph_format = io::parse_graph_format(name);
    } catch (const error&) {
      // not a graph format name; a hypergraph format name is tried next
    }
    if (!graph_format) {
      try {
        hyper_format = io::parse_hypergraph_format(name);
      } catch (const error&) {
        throw error(
            error_kind::invalid_argument,
            "unknown format '" + options.format +
                "' (graphs: auto, mtx, snap, el, wel, gr, metis, konect, csv, gml, e, plx; hypergraphs: "
                "benson, chodrow, hmetis, json, plain)");
      }
    }
  }
  if (io::is_stream(options.path)) return load_stream(options, graph_format, hyper_format, progress);
  if (hyper_format) return load_hypergraph(options, *hyper_format, progress, nullptr);
  if (!graph_format && io::is_plx(options.path) && io::plx_kind(options.path) == io::plx_content::hypergraph)
    return load_hypergraph(options, io::hypergraph_format::plx, progress, nullptr);
  if (!graph_format && hypergraph_format_from_name(options.path) != io::hypergraph_format::automatic)
    return load_hypergraph(options, io::hypergraph_format::automatic, progress, nullptr);
  return load_graph_file(options, graph_format.value_or(io::graph_format::automatic), progress);
}

}  // namespace

loaded_input load_input(const input_options& options, const progress_fn& progress) {
  try {
    return load_input_unguarded(options, progress);
  } catch (const std::bad_alloc&) {
    // What was being allocated, and against how much: the input's size and the free memory.
    const device_memory memory = backend_memory(backend::host);
    std::error_code ignored;
    const auto size = io::is_stream(options.path) ? 0 : std::filesystem::file_size(options.path, ignored);
    throw error(error_kind::out_of_memory,
                fmt::format("{}: out of host memory while reading and building it ({}{} of {} free); use a "
                            "machine with more memory, or convert it to .plx on one",
                            io::input_name(options.path),
                            size > 0 && !ignored ? human_bytes(size) + " on disk, " : std::string(),
                            human_bytes(memory.free), human_bytes(memory.total)));
  }
}

}  // namespace plexus::cli
