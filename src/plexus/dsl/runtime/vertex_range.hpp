// The vertex ids a DSL program is given or computes, checked before they index a vertex's
// values: shared by the interpreter and the code the compiler generates, so that both refuse
// alike a node past the last vertex, -1 or INF rather than read or write outside the graph.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "plexus/core/error.hpp"
#include "plexus/core/types.hpp"

namespace plexus::dsl::runtime {

/// "34 vertices, ids 0..33": what a vertex id may be in a graph of `n` vertices.
inline std::string vertex_ids(vertex_t n) {
  if (n == 0) return "the graph has no vertices";
  if (n == 1) return "1 vertex, id 0";
  return std::to_string(n) + " vertices, ids 0.." + std::to_string(n - 1);
}

/// "node 34 is not a vertex of the graph (34 vertices, ids 0..33)".
inline std::string not_a_vertex(std::int64_t v, vertex_t n) {
  return "node " + std::to_string(v) + " is not a vertex of the graph (" + vertex_ids(n) + ")";
}

inline bool is_vertex(std::int64_t v, vertex_t n) {
  return v >= 0 && v < static_cast<std::int64_t>(n);
}

/// Throws plexus::error(parse) "where: node ... is not a vertex ..." unless 0 <= v < n; `where`
/// is the program's place ("prog.sp:7:5").
inline void check_vertex(std::int64_t v, vertex_t n, const char* where) {
  if (!is_vertex(v, n)) throw error(error_kind::parse, std::string(where) + ": " + not_a_vertex(v, n));
}

/// Throws plexus::error(invalid_argument) unless the node parameter `name` is a vertex.
inline void check_node_parameter(std::int64_t v, vertex_t n, const std::string& name) {
  if (!is_vertex(v, n))
    throw error(error_kind::invalid_argument, "the node parameter '" + name + "' is " + std::to_string(v) +
                                                  ", not a vertex of the graph (" + vertex_ids(n) + ")");
}

/// Throws plexus::error(invalid_argument) unless the SetN parameter `name` holds vertices, each
/// once (a vertex listed twice would be visited twice).
inline void check_set_parameter(std::span<const vertex_t> set, vertex_t n, const std::string& name) {
  std::vector<bool> listed(n);
  for (const vertex_t v : set) {
    if (v >= n)
      throw error(error_kind::invalid_argument, "the set parameter '" + name + "' holds " +
                                                    std::to_string(v) + ", not a vertex of the graph (" +
                                                    vertex_ids(n) + ")");
    if (listed[v])
      throw error(error_kind::invalid_argument,
                  "the set parameter '" + name + "' holds vertex " + std::to_string(v) + " twice");
    listed[v] = true;
  }
}

}  // namespace plexus::dsl::runtime
