// The sources of `plexus bench`'s single-source trials for one input (cli/sources.hpp draws
// them; cli/sources_dist.hpp over the ranks of a distributed bench), with the "Sources:" line that says where
// they come from, the phrase the statistics lines end with, and their JSON description.
#pragma once

#include <cstdint>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "plexus/cli/sources.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/hypergraph.hpp"

namespace plexus::cli {

/// --sources (or --trials), --seed and --sources-from; `trials` take one source each, in turn.
struct source_request {
  int count = 1;
  int trials = 1;
  std::uint64_t seed = 1;
  source_pool pool = source_pool::largest_component;
};

struct input_sources {
  drawn_sources drawn;
  std::string phrase;  // "16 sources from the largest component"
  nlohmann::ordered_json json;
};

/// What a graph's sources may be, and its components are, on the "Sources:" line.
inline constexpr const char* kGraphSourcesAre = "with an out-arc";
inline constexpr const char* kGraphComponentsAre = "weakly connected";

/// The sources `drawn` for `request` on an input of `vertices` vertices, described; prints the
/// "Sources:" line to `lines` (nothing when it is null). `eligible` says what a source may be
/// ("with an out-arc", "in a hyperedge"), `component` the kind of component ("weakly
/// connected", "connected").
input_sources describe_sources(drawn_sources drawn, const source_request& request, vertex_t vertices,
                               std::FILE* lines, const char* eligible, const char* component);

/// Draws the sources and prints the "Sources:" line to `lines` (nothing when it is null).
input_sources draw_input_sources(const csr_graph& graph, const source_request& request, std::FILE* lines);
input_sources draw_input_sources(const hypergraph& graph, const source_request& request, std::FILE* lines);

}  // namespace plexus::cli
