// Parallel clique expansion by per-vertex neighbour marking; see
// clique_expansion.hpp for the approach.
#include "plexus/hypergraph/clique_expansion.hpp"

#include <algorithm>
#include <vector>

#include "plexus/hypergraph/hypergraph_stats.hpp"

namespace plexus {

namespace {

// Vertices per block: large enough to amortise the per-block bookkeeping, small enough that
// dynamic scheduling balances vertices of very different expansion sizes.
constexpr vertex_t kBlock = 256;

struct block_output {
  std::vector<vertex_t> neighbors;
  std::vector<weight_t> weights;
};

}  // namespace

csr_graph clique_expansion(const hypergraph& graph, const clique_expansion_options& options) {
  const vertex_t n = graph.num_vertices();
  const bool weighted = options.weighted;

  // A hyperedge takes part only when it is the first with its vertex set, if asked; marking
  // the others as skipped leaves the neighbour sets unchanged (a duplicate's pins are the
  // representative's) and counts each set once in the weights.
  host_vector<hyperedge_t> representative;
  if (weighted && options.distinct_hyperedges_only) representative = duplicate_representatives(graph);

  const vertex_t num_blocks = (n + kBlock - 1) / kBlock;
  std::vector<block_output> blocks(num_blocks);
  host_vector<edge_t> offsets(static_cast<std::size_t>(n) + 1);
  offsets[0] = 0;

#pragma omp parallel
  {
    // marker[u] == v + 1 once u has been recorded as a neighbour of v (0 = never), so the
    // array is cleared once per thread, not once per vertex.
    std::vector<vertex_t> marker(n, 0);
    std::vector<hyperedge_t> count(weighted ? n : 0, 0);
    std::vector<vertex_t> list;

#pragma omp for schedule(dynamic, 1)
    for (vertex_t b = 0; b < num_blocks; ++b) {
      block_output& out = blocks[b];
      const vertex_t first = b * kBlock, last = std::min<vertex_t>(n, first + kBlock);
      for (vertex_t v = first; v < last; ++v) {
        list.clear();
        const auto edges = graph.edges_of(v);
        for (std::size_t i = 0; i < edges.size(); ++i) {
          const hyperedge_t h = edges[i];
          if (i > 0 && edges[i - 1] == h) continue;  // v listed twice in h
          if (!representative.empty() && representative[h] != h) continue;
          const auto pins = graph.pins(h);
          for (std::size_t j = 0; j < pins.size(); ++j) {
            const vertex_t u = pins[j];
            if (u == v || (j > 0 && pins[j - 1] == u)) continue;
            if (marker[u] != v + 1) {
              marker[u] = v + 1;
              list.push_back(u);
              if (weighted) count[u] = 0;
            }
            if (weighted) count[u] += 1;
          }
        }
        std::sort(list.begin(), list.end());
        offsets[v + 1] = list.size();
        out.neighbors.insert(out.neighbors.end(), list.begin(), list.end());
        if (weighted)
          for (vertex_t u : list) out.weights.push_back(static_cast<weight_t>(count[u]));
      }
    }
  }

  // Block starts, then vertex offsets within each block.
  std::vector<edge_t> block_start(static_cast<std::size_t>(num_blocks) + 1, 0);
  for (vertex_t b = 0; b < num_blocks; ++b) block_start[b + 1] = block_start[b] + blocks[b].neighbors.size();

  csr_arrays out;
  out.offsets = std::move(offsets);
  out.indices.resize(block_start.back());
  if (weighted) out.weights.resize(block_start.back());
#pragma omp parallel for schedule(dynamic, 1)
  for (vertex_t b = 0; b < num_blocks; ++b) {
    const vertex_t first = b * kBlock, last = std::min<vertex_t>(n, first + kBlock);
    edge_t running = block_start[b];
    for (vertex_t v = first; v < last; ++v) {
      const edge_t degree = out.offsets[v + 1];
      out.offsets[v + 1] = running + degree;
      running += degree;
    }
    std::copy(blocks[b].neighbors.begin(), blocks[b].neighbors.end(), out.indices.begin() + block_start[b]);
    if (weighted) std::copy(blocks[b].weights.begin(), blocks[b].weights.end(), out.weights.begin() + block_start[b]);
    std::vector<vertex_t>().swap(blocks[b].neighbors);  // release as we go: peak = result + one copy
    std::vector<weight_t>().swap(blocks[b].weights);
  }

  host_vector<std::uint64_t> original_ids;
  if (graph.has_original_ids()) original_ids.assign(graph.original_ids().begin(), graph.original_ids().end());
  return csr_graph(std::move(out), /*directed=*/false, std::nullopt, std::move(original_ids));
}

}  // namespace plexus
