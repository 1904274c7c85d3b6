// A program that uses Plexus only through its installed package, and a graph program compiled
// by plexus_add_dsl().
#include <plexus/device/device_graph.hpp>
#include <plexus/plexus.hpp>

#include <cstdio>

#include "triangles.hpp"

int main() {
  plexus::edge_list edges;
  edges.num_vertices = 4;
  edges.src = {0, 1, 2, 0};
  edges.dst = {1, 2, 3, 2};
  const plexus::csr_graph g = plexus::build_graph(std::move(edges), {.symmetrize = true});
  const plexus::device_graph on_host(g, plexus::backend::host);
  const plexus::dsl::runtime::graph view{on_host.out_view(), on_host.out_view(), g.num_vertices()};
  const long long triangles = plexus::dsl::generated::triangles(plexus::exec::host{}, view);
  std::printf("vertices %u arcs %llu triangles %lld\n", g.num_vertices(),
              static_cast<unsigned long long>(g.num_edges()), triangles);
  return 0;
}
