// Core numbers of an undirected graph by peeling: for k = 1, 2, ... the vertices left with
// fewer than k live neighbours are removed, again until none is, and get core number k - 1.
function kcore(Graph g, propNode<int> core) {
  propNode<int> degree;
  propNode<bool> alive;
  forall (v in g.nodes()) {
    v.degree = g.count_outNbrs(v);
  }
  g.attachNodeProperty(alive = True, core = 0);
  int k = 1;
  int left = g.num_nodes();
  while (left > 0) {
    bool removed = True;
    while (removed) {
      removed = False;
      forall (v in g.nodes().filter(alive == True)) {
        if (v.degree < k) {
          v.alive = False;
          v.core = k - 1;
          removed = True;
          left -= 1;
          for (w in g.neighbors(v)) {
            w.degree -= 1;
          }
        }
      }
    }
    k += 1;
  }
}
