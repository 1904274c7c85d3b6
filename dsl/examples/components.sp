// Connected components of an undirected graph, by hooking and shortcutting (Shiloach and
// Vishkin; the FastSV variant of Zhang, Azad and Hu). Every vertex points at a label, a
// vertex of its component with an id no larger than its own, and starts at itself. In each
// round, every edge v - w offers the label of v's label (its grandparent) to w and to w's
// label, and then every vertex jumps to its label's label. Labels only decrease and stay in
// the component, so when a round changes nothing every component is labelled by its smallest
// vertex. Jumping lets a small label cross a long path in few rounds, where offering labels
// to neighbours alone takes one round per edge of the path (road networks).
function components(Graph g, propNode<int> label) {
  forall (v in g.nodes()) {
    v.label = v;
  }
  bool changed = True;
  while (changed) {
    changed = False;
    forall (v in g.nodes()) {
      node parent = v.label;
      int grandparent = parent.label;
      forall (w in g.neighbors(v)) {
        node wparent = w.label;
        <wparent.label, changed> = <Min(wparent.label, grandparent), True>;
        <w.label, changed> = <Min(w.label, grandparent), True>;
      }
    }
    forall (v in g.nodes()) {
      node parent = v.label;
      if (parent.label < v.label) {
        v.label = parent.label;
        changed = True;
      }
    }
  }
}
