// Published figures of the third-party datasets (../shared/datasets/MANIFEST.md) and a reader
// for their reference vectors, shared by the tests of the serial references and of the
// parallel algorithms so both check the same numbers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "plexus/io/read_graph.hpp"

namespace plexus::test {

/// Reads "vertex value" lines (0-based vertex), skipping blank lines and '#' comments, as in
/// reference/lagraph/*.txt.
inline std::vector<double> read_vertex_values(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<double> values;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::size_t v;
    double x;
    fields >> v >> x;
    if (values.size() <= v) values.resize(v + 1);
    values[v] = x;
  }
  return values;
}

/// A dataset file, how to read it, and its triangle count as a simple undirected graph
/// (MANIFEST.md table 2).
struct triangle_case {
  const char* file;
  io::graph_format format;
  std::optional<bool> compact_ids;
  std::uint64_t triangles;
};

/// Test listings show a case by its file.
inline void PrintTo(const triangle_case& c, std::ostream* os) {
  *os << c.file;
}

inline constexpr auto kAutomaticFormat = io::graph_format::automatic;

inline const triangle_case kManifestTriangles[] = {
    {"karate.mtx", kAutomaticFormat, {}, 45},
    {"dolphins.mtx", kAutomaticFormat, {}, 95},
    {"polbooks.mtx", kAutomaticFormat, {}, 560},
    {"netscience.mtx", kAutomaticFormat, {}, 3764},
    {"football.gml", kAutomaticFormat, {}, 810},
    {"lesmis.graph", kAutomaticFormat, {}, 467},
    {"chesapeake.mtx", kAutomaticFormat, {}, 194},
    {"email-Eu-core.txt", kAutomaticFormat, {}, 105461},
    {"facebook_combined.txt", kAutomaticFormat, {}, 1612010},
    {"Wiki-Vote.txt", kAutomaticFormat, {}, 608389},
    {"CA-GrQc.txt", kAutomaticFormat, {}, 48260},
    {"CA-HepTh.txt", kAutomaticFormat, {}, 28339},
    {"p2p-Gnutella08.txt", kAutomaticFormat, {}, 2383},
    {"soc-sign-bitcoinalpha.csv", kAutomaticFormat, {}, 22153},
    {"as-caida20071105.txt", kAutomaticFormat, {}, 36365},
    {"Email-Enron.txt", kAutomaticFormat, {}, 727044},
    {"power.graph", kAutomaticFormat, {}, 651},
    {"PGPgiantcompo.graph", kAutomaticFormat, {}, 54788},
    {"polblogs.graph", kAutomaticFormat, {}, 101043},
    {"foodweb-baydry.konect", kAutomaticFormat, {}, 8715},
    {"astro-ph.graph", kAutomaticFormat, {}, 756019},
    {"MIT8.edgelist", kAutomaticFormat, false, 2370587},
    {"4elt.graph", kAutomaticFormat, {}, 30269},
    {"luxembourg_osm.mtx", kAutomaticFormat, {}, 68},
    {"rome99.gr", kAutomaticFormat, {}, 132},
    {"delaunay_n10.graph", kAutomaticFormat, {}, 2047},
    {"delaunay_n15.graph", kAutomaticFormat, {}, 65872},
    {"bcsstk13.mtx", kAutomaticFormat, {}, 342300},
    {"jagmesh7.mtx", kAutomaticFormat, {}, 2016},
    {"west0067.mtx", kAutomaticFormat, {}, 120},
    {"p2p-31.e", io::graph_format::konect, false, 2024},
    {"cora.cites", io::graph_format::snap, {}, 1630},
};

}  // namespace plexus::test
