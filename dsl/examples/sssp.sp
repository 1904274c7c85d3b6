// Bellman-Ford from one source: relax the out-arcs of the vertices whose distance changed.
// Weights and distances are floats, as the library's SSSP takes and computes them. The loop is
// labelled @relax, so that a schedule can tune it (plexus dsl compile --schedule).
function shortest_paths(Graph g, propNode<float> dist, propEdge<float> weight, node src) {
  propNode<bool> changed;
  propNode<bool> changed_next;
  g.attachNodeProperty(dist = INF, changed = False, changed_next = False);
  src.changed = True;
  src.dist = 0;
  bool done = False;
  @relax fixedPoint until (done : !changed) {
    forall (v in g.nodes().filter(changed == True)) {
      forall (w in g.neighbors(v)) {
        edge e = g.get_edge(v, w);
        <w.dist, w.changed_next> = <Min(w.dist, v.dist + e.weight), True>;
      }
    }
    changed = changed_next;
    g.attachNodeProperty(changed_next = False);
  }
}
