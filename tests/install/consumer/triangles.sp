// Triangles of a graph, each found once from its middle vertex: the consumer compiles it with
// plexus_add_dsl() from the installed package.
function triangles(Graph g) {
  long count = 0;
  forall (v in g.nodes()) {
    forall (u in g.neighbors(v).filter(u < v)) {
      forall (w in g.neighbors(v).filter(w > v)) {
        if (g.is_an_edge(u, w)) {
          count += 1;
        }
      }
    }
  }
  return count;
}
