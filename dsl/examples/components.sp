// Connected components of an undirected graph: every vertex starts with its own id as label and
// offers its label to its neighbours until no label changes; each component ends labelled by
// its smallest vertex.
function components(Graph g, propNode<int> label) {
  propNode<bool> changed;
  propNode<bool> changed_next;
  forall (v in g.nodes()) {
    v.label = v;
  }
  g.attachNodeProperty(changed = True, changed_next = False);
  bool done = False;
  fixedPoint until (done : !changed) {
    forall (v in g.nodes().filter(changed == True)) {
      forall (w in g.neighbors(v)) {
        <w.label, w.changed_next> = <Min(w.label, v.label), True>;
      }
    }
    changed = changed_next;
    g.attachNodeProperty(changed_next = False);
  }
}
