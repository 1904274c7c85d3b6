// PageRank by pulling: each vertex sums its in-neighbours' rank shares, until the ranks move
// by less than beta in total or after `most` iterations.
function pagerank(Graph g, float beta, float damping, int most, propNode<float> rank) {
  float n = g.num_nodes();
  propNode<float> next_rank;
  g.attachNodeProperty(rank = 1 / n);
  int iteration = 0;
  float diff = 0.0;
  do {
    diff = 0.0;
    forall (v in g.nodes()) {
      float sum = 0.0;
      for (u in g.nodes_to(v)) {
        sum = sum + u.rank / g.count_outNbrs(u);
      }
      float value = (1 - damping) / n + damping * sum;
      if (value > v.rank) { diff += value - v.rank; } else { diff += v.rank - value; }
      v.next_rank = value;
    }
    rank = next_rank;
    iteration++;
  } while ((diff > beta) && (iteration < most));
}
