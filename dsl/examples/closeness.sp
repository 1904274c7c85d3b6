// Closeness centrality of a set of sources: for each, the hop distances to the vertices it
// reaches by a breadth-first search, then (reached - 1) / (sum of the distances).
function closeness(Graph g, propNode<double> closeness, SetN<g> sources) {
  propNode<int> dist;
  g.attachNodeProperty(closeness = 0);
  for (src in sources) {
    g.attachNodeProperty(dist = INF);
    src.dist = 0;
    iterateInBFS(v in g.nodes() from src) {
      for (w in g.neighbors(v)) {
        w.dist = Min(w.dist, v.dist + 1);
      }
    }
    long total = 0;
    long reached = 0;
    forall (v in g.nodes().filter(dist != INF)) {
      total += v.dist;
      reached += 1;
    }
    if (total > 0) {
      src.closeness = (reached - 1) / (1.0 * total);
    }
  }
}
