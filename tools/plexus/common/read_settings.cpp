// The reading options shared by every command that reads input (see load.hpp), and SIZE
// arguments.
#include <fast_float/fast_float.h>

#include <cmath>
#include <string>

#include "load.hpp"
#include "plexus/core/error.hpp"
#include "plexus/io/read_graph.hpp"

namespace plexus::cli {

void add_read_settings(CLI::App& app, read_settings& settings, bool graph_options) {
  app.add_option("--max-inflate", settings.max_inflate,
                 "Largest size a gzip input may inflate to, e.g. 64G (default: 100 times the compressed size "
                 "plus 256M, at most half the memory)");
  if (!graph_options) return;
  app.add_option(
         "--weight-column", settings.weight_column,
         "Column (1-based) holding the weight in SNAP, .el, .wel, CSV, KONECT and .e lines; every line "
         "must have it")
      ->check(CLI::Range(3u, 1000000u));
  app.add_option("--self-loops", settings.self_loops,
                 "Keep or drop self-loops when building the graph (default drop)")
      ->check(CLI::IsMember({"keep", "drop"}));
  app.add_option(
      "--vertex-file", settings.vertex_file,
      "Graphalytics vertex file read with a .e file (default: NAME.v beside NAME.e; 'none' for none)");
}

std::uint64_t parse_size(std::string_view text, std::string_view option) {
  const auto refuse = [&]() -> std::uint64_t {
    throw error(error_kind::invalid_argument,
                std::string(option) + ": '" + std::string(text) +
                    "' is not a size (a number of bytes, or with K, M, G or T: 512M, 64G)");
  };
  double value = 0;
  const auto [end, ec] = fast_float::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || !(value > 0) || !std::isfinite(value)) return refuse();
  std::string suffix(end, text.data() + text.size());
  for (char& c : suffix) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  if (suffix.ends_with("IB"))
    suffix.resize(suffix.size() - 2);
  else if (suffix.size() > 1 && suffix.ends_with("B"))
    suffix.pop_back();
  int shift = 0;
  if (suffix == "K")
    shift = 10;
  else if (suffix == "M")
    shift = 20;
  else if (suffix == "G")
    shift = 30;
  else if (suffix == "T")
    shift = 40;
  else if (!suffix.empty() && suffix != "B")
    return refuse();
  const double bytes = std::ldexp(value, shift);
  if (bytes >= 18446744073709551615.0) return refuse();
  return static_cast<std::uint64_t>(bytes);
}

std::vector<std::filesystem::path> input_files(const std::string& input, const read_settings& read) {
  std::vector<std::filesystem::path> files;
  if (input.empty() || input == "-") return files;
  files.emplace_back(input);
  io::read_options options;
  if (read.vertex_file == "none")
    options.vertex_file = std::filesystem::path();
  else if (!read.vertex_file.empty())
    options.vertex_file = std::filesystem::path(read.vertex_file);
  if (const auto vertices = io::vertex_file_for(input, options)) files.push_back(*vertices);
  return files;
}

}  // namespace plexus::cli
