// Kernels that index by a node outside the graph, one kind of kernel per value of k from 1:
// the compiled code must stop with the interpreter's error at the same place
// (tests/dsl/generated_checks_suite.hpp, tests/cli/cli_dsl_compile_test.cpp). Every lane
// that fails, fails with a node no smaller than the lanes before it, so that the least node a
// parallel run records is the one a serial run meets first. k = 0 indexes by vertices only, a
// checked neighbour among them (`w` is also a computed node's name), and must give the
// interpreter's values.
function outside(Graph g, propNode<int> x, node src, int k) {
  propNode<node> nowhere;
  propNode<bool> reached;
  propNode<bool> reached_next;
  g.attachNodeProperty(x = 0, nowhere = INF, reached = False, reached_next = False);
  node far = src + g.num_nodes();
  if (k == 0) {
    forall (v in g.nodes()) {
      node parent = v;
      for (w in g.neighbors(parent)) {
        parent.x = parent.x + g.count_outNbrs(w);
      }
    }
  }
  if (k == 1) {
    forall (v in g.nodes()) {
      node w = v + g.num_nodes();
      w.x = 1;
    }
  }
  if (k == 2) {
    forall (v in g.nodes()) {
      node w = v.nowhere;
      int y = w.x;
      v.x = y;
    }
  }
  if (k == 3) {
    forall (v in g.nodes()) {
      for (u in g.neighbors(far)) {
        v.x = v.x + u;
      }
    }
  }
  if (k == 4) {
    forall (v in g.nodes()) {
      v.x = g.count_outNbrs(v + g.num_nodes());
    }
  }
  if (k == 5) {
    forall (v in g.nodes()) {
      if (g.is_an_edge(v, -1)) {
        v.x = 1;
      }
    }
  }
  if (k == 6) {
    forall (v in g.nodes()) {
      node w = v + g.num_nodes();
      while (w.x == 0) {
        v.x = v.x + 1;
      }
    }
  }
  if (k == 7) {
    src.reached = True;
    bool done = False;
    fixedPoint until (done : !reached) {
      forall (v in g.nodes().filter(reached == True)) {
        for (w in g.neighbors(v)) {
          node beyond = w + g.num_nodes();
          <beyond.x, beyond.reached_next> = <Min(beyond.x, v.x + 1), True>;
        }
      }
      reached = reached_next;
      g.attachNodeProperty(reached_next = False);
    }
  }
  if (k == 8) {
    iterateInBFS (v in g.nodes() from src) {
      for (c in g.neighbors(v)) {
        node w = c + g.num_nodes();
        w.x = 1;
      }
    }
  }
  if (k == 9) {
    forall (v in g.nodes()) {
      for (w in g.neighbors(v)) {
        node beyond = v + g.num_nodes();
        beyond.x += w;
      }
    }
  }
  if (k == 10) {
    forall (v in g.nodes()) {
      int s = 0;
      for (u in g.nodes_to(v)) {
        s = s + far.x;
      }
      v.x = s;
    }
  }
  if (k == 11) {
    src.x = far.x;
  }
}
