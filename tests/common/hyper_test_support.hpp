// Helpers shared by the hypergraph operation tests: hypergraphs from literal lists, random
// small hypergraphs with every awkward case (empty hyperedges, repeated pins, duplicate
// hyperedges, isolated vertices), and the dataset folder.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <random>
#include <vector>

#include "plexus/graph/hypergraph.hpp"
#include "skip_reasons.hpp"

namespace plexus::test {

using edge_lists = std::vector<std::vector<vertex_t>>;

/// Builds a hypergraph on n vertices from hyperedge pin lists, keeping repeated pins when asked;
/// vertex i stands for the input's id original_ids[i] when those are given.
inline hypergraph make_hypergraph(vertex_t n, const edge_lists& edges, bool keep_repeated_pins = false,
                                  const std::vector<std::uint64_t>& original_ids = {}) {
  incidence_list list;
  list.num_vertices = n;
  list.original_ids.assign(original_ids.begin(), original_ids.end());
  for (const auto& e : edges) {
    list.pins.insert(list.pins.end(), e.begin(), e.end());
    list.edge_offsets.push_back(list.pins.size());
  }
  hypergraph_build_options options;
  options.remove_repeated_pins = !keep_repeated_pins;
  return build_hypergraph(std::move(list), options);
}

/// Random hyperedge lists: sizes 0..max_size, about one in eight a copy of an earlier
/// hyperedge (shuffled), pins drawn with replacement (so repeats occur), and vertices near n
/// left unused so some are isolated.
inline edge_lists random_edge_lists(vertex_t n, std::size_t m, std::size_t max_size, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  edge_lists edges;
  const vertex_t used = n > 3 ? n - 3 : n;
  for (std::size_t i = 0; i < m; ++i) {
    if (!edges.empty() && rng() % 8 == 0) {
      auto copy = edges[rng() % edges.size()];
      std::shuffle(copy.begin(), copy.end(), rng);
      edges.push_back(copy);
      continue;
    }
    std::vector<vertex_t> e(rng() % (max_size + 1));
    for (auto& v : e) v = static_cast<vertex_t>(rng() % used);
    edges.push_back(e);
  }
  return edges;
}

inline std::filesystem::path hypergraph_datasets_dir() {
  return datasets_dir() / "hypergraphs";
}

}  // namespace plexus::test
