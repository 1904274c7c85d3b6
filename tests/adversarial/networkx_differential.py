#!/usr/bin/python3
"""Differential test of plexus against NetworkX: random small graphs (5 to 60 vertices, directed
and undirected, some with isolated vertices, sparse non-contiguous ids, weights with zeros and
ties), written as .el or .wel files, run through `plexus run ALGORITHM --validate --out`, and
every result compared with what NetworkX computes for the same graph. Every run is repeated
with --order degree, whose output must be byte-identical (PageRank and betweenness: equal
within a relative 1e-9, as their sums may add terms in another order; README, "Vertex order
and ties").

What is compared, and how exactly:
  bfs        depths: nx.single_source_shortest_path_length, exactly; the parent: the
             in-neighbour one level up of smallest input id (README), exactly.
  sssp       distances: nx.single_source_dijkstra_path_length, exactly (weights are sums of
             powers of two, exact in 32-bit floats; zeros and ties included); the parent: an
             in-neighbour whose distance plus the arc's weight is the distance.
  cc         components, weakly connected for directed graphs: the partition, each labelled by
             its smallest input id (README), exactly.
  pagerank   nx.pagerank (weight=None, or weight="weight" for --weighted; with a
             personalization on some graphs): to the fixed point, plexus within an L1 error bound
             of 1e-11 and NetworkX within n * 1e-12 of its last change, so they agree within
             1e-9 per vertex; and with `--stop networkx`, NetworkX's default stopping test, the
             same iterate within 1e-12.
  tc         triangles per vertex (undirected): nx.triangles, exactly.
  jaccard    per undirected edge: nx.jaccard_coefficient, exactly (a ratio of two integers),
             every edge listed once, smaller id first, in increasing order.
  bc         exact betweenness: nx.betweenness_centrality, unnormalized (plexus's default), and
             with --normalized and --endpoints on some graphs, within a relative 1e-9.
  kcore      core numbers (undirected): nx.core_number, exactly.
  lcc        undirected: nx.clustering, exactly (both are 2T / (d (d - 1))). Directed: plexus
             computes LDBC Graphalytics' LCC (arcs among the in- and out-neighbours over
             k (k - 1)), which is not nx.clustering's directed form (Fagiolo's directed
             triangles, which count a triangle once per arc orientation and subtract reciprocal
             pairs from the denominator); it is compared with the Graphalytics definition
             evaluated on the NetworkX graph (arcs of G.subgraph(N(v))).
  lp         not compared: NetworkX's label propagation (label_propagation_communities,
             asyn_lpa_communities) breaks ties at random or by its own node order, and Plexus
             breaks them by the smallest input id (and CDLP is synchronous), so equal
             communities are not expected; `--validate` checks plexus's own reference instead.

Usage: networkx_differential.py PLEXUS_BINARY [--seed N] [--graphs N] [--case TEXT]
Needs NetworkX, NumPy and SciPy (Debian: python3-networkx python3-numpy python3-scipy); exits
77 (ctest's SKIPPED) when they are missing. Exits 1 on any disagreement, with one FAIL line per
run and the graph's file as a reproducer (harness.py).
"""

import sys

sys.dont_write_bytecode = True

import math  # noqa: E402
import random  # noqa: E402

from harness import start  # noqa: E402

try:
    import networkx as nx
    import numpy  # noqa: F401  (nx.pagerank needs it)
    import scipy  # noqa: F401  (nx.pagerank needs it)
except ImportError as missing:
    print("SKIPPED: %s (Debian: python3-networkx python3-numpy python3-scipy, scripts/setup.sh)" % missing)
    sys.exit(77)

# Sums of powers of two: exact in 32-bit floats, so distances compare exactly.
WEIGHTS = [0, 0, 0.5, 0.25, 1, 1, 1, 2, 3, 4.5, 8]
SHOWN_DIFFERENCES = 3


class Graph:
    def __init__(self, index, directed, weighted, G, lines):
        self.index = index
        self.directed = directed
        self.weighted = weighted
        self.G = G
        self.file = "g%02d.%s" % (index, "wel" if weighted else "el")
        self.text = "".join(lines).encode()
        self.name = "graph_%02d_%s_%s_%dv" % (index, "directed" if directed else "undirected",
                                              "weighted" if weighted else "unweighted", G.number_of_nodes())


def random_graph(rng, index):
    """A random graph: vertex ids dense, with gaps or sparse up to 10^12; a clique now and then
    for triangles; isolated vertices written as self-loops (which plexus drops when it builds
    the graph, keeping the vertex)."""
    directed = index % 2 == 0
    weighted = index % 4 < 2
    n = rng.randint(5, 60)
    spread = rng.choice(["dense", "gaps", "sparse"])
    if spread == "dense":
        ids = list(range(n))
    elif spread == "gaps":
        ids = rng.sample(range(3 * n), n)
    else:
        ids = rng.sample(range(10 ** 12), n)
    linked = ids[rng.choice([0, 0, 1, 3]):]
    pairs = set()
    for _ in range(rng.randint(len(linked) // 2, 3 * len(linked))):
        u, v = rng.sample(linked, 2)
        pairs.add((u, v) if directed else (min(u, v), max(u, v)))
    if rng.random() < 0.5:
        clique = rng.sample(linked, min(len(linked), rng.randint(3, 6)))
        for u in clique:
            for v in clique:
                if u < v:
                    pairs.add((u, v))
    G = nx.DiGraph() if directed else nx.Graph()
    G.add_nodes_from(ids)
    lines = []
    for u, v in sorted(pairs, key=lambda p: rng.random()):
        w = rng.choice(WEIGHTS)
        G.add_edge(u, v, weight=w)
        lines.append("%d %d %s\n" % (u, v, w) if weighted else "%d %d\n" % (u, v))
    for x in (v for v in ids if G.degree(v) == 0):
        lines.append("%d %d 1\n" % (x, x) if weighted else "%d %d\n" % (x, x))
    return Graph(index, directed, weighted, G, lines)


# ---------------------------------------------------------------------------------------------
# Reading plexus's --out files.

def table(text):
    """The data lines, split at tabs; the first line, '#' and the column names, is skipped."""
    return [line.split("\t") for line in text.decode().splitlines() if not line.startswith("#")]


def per_vertex(text, parse):
    return {int(row[0]): parse(row[1]) for row in table(text)}


def number(s):
    return float(s)


def differences(got, want, equal):
    """'k of n vertices differ; first: ...' or None."""
    bad = [v for v in sorted(want) if v not in got or not equal(got[v], want[v])]
    extra = sorted(set(got) - set(want))
    if not bad and not extra:
        return None
    shown = ", ".join("vertex %d: plexus %s, networkx %s" % (v, got.get(v, "missing"), want[v])
                      for v in bad[:SHOWN_DIFFERENCES])
    if extra:
        shown += "; vertices networkx does not have: %s" % extra[:SHOWN_DIFFERENCES]
    return "%d of %d vertices differ: %s" % (len(bad), len(want), shown)


def exact(a, b):
    return a == b


def within(relative, absolute=0.0):
    return lambda a, b: abs(a - b) <= max(absolute, relative * max(abs(a), abs(b)))


# ---------------------------------------------------------------------------------------------
# One graph.

class Differential:
    def __init__(self, suite, graph, rng):
        self.g = graph
        self.G = graph.G
        self.rng = rng
        self.case = suite.case(graph.name, {graph.file: graph.text})
        self.direction = [] if graph.directed else ["--undirected"]

    def run(self, algorithm, options=(), numeric=False, files=None):
        """Runs the algorithm, then again with --order degree; returns the --out text, or None
        when plexus failed (already reported)."""
        args = ["run", algorithm, self.g.file] + self.direction + list(options)
        args += ["--validate", "--out", "out.tsv"]
        outcome = self.case.check(args, self.g.file, output="out.tsv")
        if outcome.status != 0:
            return None
        ordered = self.case.check(args + ["--order", "degree"], self.g.file, output="out.tsv")
        if ordered.status == 0 and ordered.written != outcome.written:
            problem = "--order degree changed the output"
            if numeric:
                problem = differences(per_vertex(ordered.written, number),
                                      per_vertex(outcome.written, number), within(1e-9, 1e-15))
            if problem:
                self.case.fail(args + ["--order", "degree"], problem)
        return outcome.written

    def compare(self, algorithm, options, problem):
        if problem:
            args = ["run", algorithm, self.g.file] + self.direction + list(options) + ["--out", "out.tsv"]
            self.case.fail(args, "differs from NetworkX: " + problem)

    def source(self):
        with_arcs = [v for v in self.G if self.G.degree(v) > 0]
        return self.rng.choice(with_arcs or list(self.G))

    def bfs(self):
        s = self.source()
        out = self.run("bfs", ["-s", str(s)])
        if out is None:
            return
        rows = {int(r[0]): (int(r[1]), int(r[2])) for r in table(out)}
        depth = nx.single_source_shortest_path_length(self.G, s)
        want = {}
        for v in self.G:
            if v not in depth:
                want[v] = (-1, -1)
            elif v == s:
                want[v] = (0, s)
            else:
                preds = self.G.predecessors(v) if self.g.directed else self.G.neighbors(v)
                want[v] = (depth[v], min(u for u in preds if depth.get(u) == depth[v] - 1))
        self.compare("bfs", ["-s", str(s)], differences(rows, want, exact))

    def sssp(self):
        s = self.source()
        out = self.run("sssp", ["-s", str(s)])
        if out is None:
            return
        rows = {int(r[0]): (float(r[1]), int(r[2])) for r in table(out)}
        dist = nx.single_source_dijkstra_path_length(self.G, s, weight="weight")
        want = {v: dist.get(v, math.inf) for v in self.G}
        got = {v: d for v, (d, _) in rows.items()}
        problem = differences(got, want, exact)
        if problem is None:
            for v, (d, p) in sorted(rows.items()):
                tight = (p == s if v == s else
                         p == -1 if d == math.inf else
                         self.G.has_edge(p, v) and dist[p] + self.G[p][v]["weight"] == d)
                if not tight:
                    problem = "vertex %d: parent %d is not a tight in-neighbour (distance %s)" % (v, p, d)
                    break
        self.compare("sssp", ["-s", str(s)], problem)

    def cc(self):
        out = self.run("cc")
        if out is None:
            return
        parts = nx.weakly_connected_components(self.G) if self.g.directed else nx.connected_components(self.G)
        want = {v: min(part) for part in parts for v in part}
        self.compare("cc", [], differences(per_vertex(out, int), want, exact))

    def pagerank(self):
        weights = ["weight=None"] + (["weight"] if self.g.weighted else [])
        for weight in weights:
            options = ["--weighted"] if weight == "weight" else []
            nx_weight = "weight" if weight == "weight" else None
            to_fixed_point = ["--tolerance", "1e-11", "--max-iter", "10000"]
            out = self.run("pagerank", options + to_fixed_point, numeric=True)
            if out is not None:
                want = nx.pagerank(self.G, weight=nx_weight, tol=1e-12, max_iter=10000)
                self.compare("pagerank", options + ["--tolerance", "1e-11"],
                             differences(per_vertex(out, number), want, within(0, 1e-9)))
            out = self.run("pagerank", options + ["--stop", "networkx"], numeric=True)
            if out is not None:
                try:
                    want = nx.pagerank(self.G, weight=nx_weight)
                except nx.PowerIterationFailedConvergence:
                    continue
                self.compare("pagerank", options + ["--stop", "networkx"],
                             differences(per_vertex(out, number), want, within(0, 1e-12)))
        if self.g.index % 3 == 0:
            self.personalized_pagerank()

    def personalized_pagerank(self):
        chosen = self.rng.sample(sorted(self.G), max(1, len(self.G) // 4))
        values = {v: self.rng.choice([0.5, 1, 2, 3]) for v in chosen}
        name = "p%02d.txt" % self.g.index
        text = "".join("%d %s\n" % (v, x) for v, x in sorted(values.items()))
        self.case.add_file(name, text.encode())
        options = ["--personalization", name, "--tolerance", "1e-11", "--max-iter", "10000"]
        out = self.run("pagerank", options, numeric=True)
        if out is not None:
            want = nx.pagerank(self.G, weight=None, personalization=values, tol=1e-12, max_iter=10000)
            self.compare("pagerank", options, differences(per_vertex(out, number), want, within(0, 1e-9)))

    def tc(self):
        out = self.run("tc", ["--per-vertex"])
        if out is not None:
            want = nx.triangles(self.G)
            self.compare("tc", ["--per-vertex"], differences(per_vertex(out, int), want, exact))

    def jaccard(self):
        out = self.run("jaccard")
        if out is None:
            return
        rows = [(int(u), int(v), float(s)) for u, v, s in table(out)]
        edges = sorted((min(u, v), max(u, v)) for u, v in self.G.edges())
        problem = None
        if [(u, v) for u, v, _ in rows] != edges:
            problem = "the edges listed are not every edge once, smaller id first, in increasing order"
        else:
            want = {(u, v): s for u, v, s in nx.jaccard_coefficient(self.G, edges)}
            bad = [(u, v, s, want[(u, v)]) for u, v, s in rows if s != want[(u, v)]]
            if bad:
                problem = "%d of %d edges differ: %s" % (len(bad), len(rows), ", ".join(
                    "edge %d %d: plexus %r, networkx %r" % b for b in bad[:SHOWN_DIFFERENCES]))
        self.compare("jaccard", [], problem)

    def bc(self):
        variants = [([], {})]
        if self.g.index % 3 == 1:
            variants += [(["--normalized"], {"normalized": True}), (["--endpoints"], {"endpoints": True})]
        for options, keywords in variants:
            out = self.run("bc", options, numeric=True)
            if out is not None:
                want = nx.betweenness_centrality(self.G, **dict({"normalized": False}, **keywords))
                self.compare("bc", options, differences(per_vertex(out, number), want, within(1e-9, 1e-12)))

    def kcore(self):
        out = self.run("kcore")
        if out is not None:
            self.compare("kcore", [], differences(per_vertex(out, int), nx.core_number(self.G), exact))

    def lcc(self):
        out = self.run("lcc")
        if out is None:
            return
        if self.g.directed:
            want = {}
            for v in self.G:
                around = (set(self.G.predecessors(v)) | set(self.G.successors(v))) - {v}
                k = len(around)
                want[v] = self.G.subgraph(around).number_of_edges() / (k * (k - 1)) if k >= 2 else 0.0
        else:
            want = nx.clustering(self.G)
        self.compare("lcc", [], differences(per_vertex(out, number), want, exact))

    def all(self):
        self.bfs()
        if self.g.weighted:
            self.sssp()
        self.cc()
        self.pagerank()
        if not self.g.directed:
            self.tc()
            self.jaccard()
            self.kcore()
        self.bc()
        self.lcc()


def main():
    args, suite, rng = start("networkx_differential", __doc__, {"graphs": 40})
    for index in range(args.graphs):
        graph = random_graph(rng, index)
        # Each graph draws its sources and personalization from its own generator, so --case
        # picks the same ones as a full run.
        graph_rng = random.Random(rng.random())
        if args.case in graph.name:
            Differential(suite, graph, graph_rng).all()
    return suite.finish()


if __name__ == "__main__":
    sys.exit(main())
