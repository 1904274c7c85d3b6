// Breadth-first levels from a source, as a fixed point: a vertex whose level changed offers its
// neighbours its level plus one, until no level changes. Unreached vertices keep INF. The loop
// is labelled @expand for schedules (direction=push|pull|auto).
function levels(Graph g, propNode<int> level, node src) {
  propNode<bool> changed;
  propNode<bool> changed_next;
  g.attachNodeProperty(level = INF, changed = False, changed_next = False);
  src.level = 0;
  src.changed = True;
  bool done = False;
  @expand fixedPoint until (done : !changed) {
    forall (v in g.nodes().filter(changed == True)) {
      forall (w in g.neighbors(v)) {
        <w.level, w.changed_next> = <Min(w.level, v.level + 1), True>;
      }
    }
    changed = changed_next;
    g.attachNodeProperty(changed_next = False);
  }
}
