// Betweenness from a set of sources (Brandes): shortest-path counts forward over the BFS
// levels of each source, dependencies accumulated backwards.
function betweenness(Graph g, propNode<float> bc, SetN<g> sources) {
  g.attachNodeProperty(bc = 0);
  for (src in sources) {
    propNode<double> sigma;
    propNode<float> delta;
    g.attachNodeProperty(delta = 0, sigma = 0);
    src.sigma = 1;
    iterateInBFS(v in g.nodes() from src) {
      for (w in g.neighbors(v)) {
        w.sigma = w.sigma + v.sigma;
      }
    }
    iterateInReverse(v != src) {
      for (w in g.neighbors(v)) {
        v.delta = v.delta + (v.sigma / w.sigma) * (1 + w.delta);
      }
      v.bc = v.bc + v.delta;
    }
  }
}
