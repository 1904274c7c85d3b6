// A program that uses Plexus only through its installed package.
#include <plexus/plexus.hpp>

#include <cstdio>

int main() {
  plexus::edge_list edges;
  edges.num_vertices = 4;
  edges.src = {0, 1, 2};
  edges.dst = {1, 2, 3};
  const plexus::csr_graph g = plexus::build_graph(std::move(edges), {.symmetrize = true});
  std::printf("vertices %u arcs %llu\n", g.num_vertices(),
              static_cast<unsigned long long>(g.num_edges()));
  return 0;
}
