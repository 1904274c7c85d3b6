#!/usr/bin/env python3
"""Plexus's Python package against igraph, graph-tool, NetworkX and scipy.sparse.csgraph, in
one process on the same graphs, every library with the same thread count.

For each graph and algorithm every library's answer is checked against Plexus's first (the
same depths, distances, components, core numbers and triangles; PageRank within 1e-4;
betweenness from the --bc-sources sources Plexus samples, which graph-tool gets as pivots and
NetworkX as the sources of its subset betweenness: Debian's igraph has no sampled form), then
each call is timed (the median of --trials runs, the graph already built in every library:
loading excluded). The table gives each library's time and Plexus's speedup over it; --plot
draws those speedups too, as a bar chart (needs matplotlib).

    PYTHONPATH=build/python /usr/bin/python3 bench/python/compare.py \\
        --graphs kron:20 ../shared/datasets/graphs/luxembourg_osm.mtx --threads 2 --plot speedups.png

kron:SCALE graphs are made by the plexus command (--plexus, default build/bin/plexus) into a
temporary folder. NetworkX runs only on graphs up to --networkx-edges edges.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time

import numpy as np

from bench_inputs import at_least_one, graph_path, load_graph


def available(module):
    """Whether a library can be imported here (the comparison leaves out those that cannot)."""
    try:
        __import__(module)
        return True
    except ImportError:
        return False


HAVE_IGRAPH, HAVE_GRAPH_TOOL = available("igraph"), available("graph_tool")


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--graphs", nargs="+", default=["kron:18"], help="kron:SCALE or graph files")
    parser.add_argument("--algorithms", nargs="+",
                        default=["bfs", "sssp", "cc", "pagerank", "bc", "kcore", "triangles"])
    parser.add_argument("--bc-sources", type=at_least_one, default=8,
                        help="sampled betweenness: the sources Plexus draws, which the others are given")
    parser.add_argument("--threads", type=at_least_one, default=os.cpu_count())
    parser.add_argument("--trials", type=at_least_one, default=3)
    parser.add_argument("--plexus", default="build/bin/plexus", help="the plexus command, for kron:SCALE")
    parser.add_argument("--networkx-edges", type=int, default=200_000)
    parser.add_argument("--device", default="host",
                        help="where Plexus runs: host, or cuda/hip (the graph uploaded once, before the timing)")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the speedups, one panel per graph")
    arguments = parser.parse_args()
    if arguments.plot and not available("matplotlib"):
        parser.error("--plot needs matplotlib (Debian: python3-matplotlib)")
    return arguments


def median_seconds(call, trials):
    times = []
    for _ in range(trials):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def load_plexus_graph(spec, plexus_command, folder):
    path = graph_path(spec, plexus_command, folder)
    return load_graph(path, directed=None if spec.startswith("kron:") else False)


class Libraries:
    """The same undirected graph, with the same arc weights, in every library."""

    def __init__(self, g, threads, networkx_edges, device="host", bc_sources=8):
        import plexus
        import scipy.sparse

        self.n = g.num_vertices
        self.bc_sources = bc_sources
        upper = scipy.sparse.triu(g.to_scipy(), k=1).tocoo()
        self.src, self.dst = upper.row.astype(np.int64), upper.col.astype(np.int64)
        rng = np.random.default_rng(1)
        self.weights = rng.integers(1, 100, size=len(self.src)).astype(np.float64)
        self.device = device
        self.plexus = plexus.Graph.from_edges(self.src, self.dst, num_vertices=self.n).to(device)
        self.plexus_weighted = plexus.Graph.from_edges(self.src, self.dst, self.weights, num_vertices=self.n).to(device)
        self.source = int(np.argmax(self.plexus.degrees()))
        self.igraph = self.gt = None
        if HAVE_IGRAPH:
            import igraph as ig

            self.igraph = ig.Graph(n=self.n, edges=np.column_stack([self.src, self.dst]), directed=False)
            self.igraph.es["weight"] = self.weights
        if HAVE_GRAPH_TOOL:
            import graph_tool.all as gt

            gt.openmp_set_num_threads(threads)
            self.gt = gt.Graph(directed=False)
            self.gt.add_vertex(self.n)
            self.gt.add_edge_list(np.column_stack([self.src, self.dst]))
            self.gt_weight = self.gt.new_edge_property("double")
            self.gt_weight.a = self.weights
        self.csgraph = scipy.sparse.coo_matrix(
            (np.concatenate([self.weights, self.weights]), (np.concatenate([self.src, self.dst]),
                                                            np.concatenate([self.dst, self.src]))),
            shape=(self.n, self.n)).tocsr()
        self.networkx = None
        if len(self.src) <= networkx_edges:
            import networkx as nx

            self.networkx = nx.Graph()
            self.networkx.add_nodes_from(range(self.n))
            self.networkx.add_weighted_edges_from(zip(self.src.tolist(), self.dst.tolist(), self.weights.tolist()))


def algorithms(lib):
    """Per algorithm: each library's call, and how its answer becomes the array compared.
    graph-tool's answers stay property maps until then: an array of one (.a) is a view that
    dies with the map."""
    import networkx as nx
    import plexus
    import scipy.sparse.csgraph as csgraph

    s = lib.source
    on = lib.device
    gt = None
    if HAVE_GRAPH_TOOL:
        import graph_tool.all as gt
    unreached = lambda a, bad: np.where(np.asarray(a, dtype=np.float64) >= bad, -1, a).astype(np.float64)

    def igraph_triangles():
        degree = np.asarray(lib.igraph.degree(), dtype=np.float64)
        share = np.asarray(lib.igraph.transitivity_local_undirected(mode="zero"), dtype=np.float64)
        return int(np.rint(share * degree * (degree - 1) / 2).sum()) // 3

    def igraph_depths():
        vids, layers, _ = lib.igraph.bfs(s)
        depth = np.full(lib.n, -1.0)
        for level in range(len(layers) - 1):
            depth[vids[layers[level]:layers[level + 1]]] = level
        return depth

    # Sampled betweenness from the sources Plexus draws (an untimed call finds them, the same
    # seed then draws them again): graph-tool's pivots and NetworkX's subset betweenness sum
    # the same dependencies, halved on an undirected graph, which NetworkX 3.6's sampled
    # betweenness (Plexus's) scales by (n - 1) / k, and a source's own by (n - 1) / (k - 1).
    k = min(lib.bc_sources, lib.n)
    bc_sources = []

    def dependency_sums(score):
        factor = np.full(lib.n, k / (lib.n - 1))
        factor[sources()] = (k - 1) / (lib.n - 1)
        return score * factor

    def sources():
        if not bc_sources:
            bc_sources.extend(plexus.betweenness(lib.plexus, k=k, normalized=False, seed=1).sources.tolist())
        return bc_sources

    table = {
        "bc": {
            "plexus": (lambda: plexus.betweenness(lib.plexus, device=on, k=k, normalized=False, seed=1).score,
                       dependency_sums),
            "graph-tool": (lambda: gt.betweenness(lib.gt, pivots=[lib.gt.vertex(v) for v in sources()], norm=False)[0],
                           lambda r: np.array(r.a, dtype=np.float64)),
            "networkx": (lambda: nx.betweenness_centrality_subset(lib.networkx, sources(), list(lib.networkx),
                                                                  normalized=False),
                         lambda r: np.array([r[v] for v in range(lib.n)], dtype=np.float64)),
        },
        "bfs": {
            "plexus": (lambda: plexus.bfs(lib.plexus, s, device=on).depth, lambda r: r.astype(np.float64)),
            "igraph": (igraph_depths, lambda r: r),
            "graph-tool": (lambda: gt.shortest_distance(lib.gt, source=lib.gt.vertex(s)),
                           lambda r: unreached(r.a, 2**31 - 1)),
            "scipy": (lambda: csgraph.shortest_path(lib.csgraph, unweighted=True, indices=s),
                      lambda r: unreached(r, np.inf)),
            "networkx": (lambda: nx.single_source_shortest_path_length(lib.networkx, s),
                         lambda r: np.array([r.get(v, -1) for v in range(lib.n)], dtype=np.float64)),
        },
        "sssp": {
            "plexus": (lambda: plexus.sssp(lib.plexus_weighted, s, device=on).distance, lambda r: unreached(r, np.inf)),
            "igraph": (lambda: lib.igraph.distances(source=s, weights="weight")[0], lambda r: unreached(r, np.inf)),
            "graph-tool": (lambda: gt.shortest_distance(lib.gt, source=lib.gt.vertex(s), weights=lib.gt_weight),
                           lambda r: unreached(r.a, np.inf)),
            "scipy": (lambda: csgraph.dijkstra(lib.csgraph, indices=s), lambda r: unreached(r, np.inf)),
            "networkx": (lambda: nx.single_source_dijkstra_path_length(lib.networkx, s),
                         lambda r: np.array([r.get(v, -1) for v in range(lib.n)], dtype=np.float64)),
        },
        "cc": {
            "plexus": (lambda: plexus.connected_components(lib.plexus, device=on).num_components, lambda r: np.array([r])),
            "igraph": (lambda: len(lib.igraph.connected_components()), lambda r: np.array([r])),
            "graph-tool": (lambda: gt.label_components(lib.gt)[1], lambda r: np.array([len(r)])),
            "scipy": (lambda: csgraph.connected_components(lib.csgraph, directed=False)[0], lambda r: np.array([r])),
            "networkx": (lambda: nx.number_connected_components(lib.networkx), lambda r: np.array([r])),
        },
        "pagerank": {
            "plexus": (lambda: plexus.pagerank(lib.plexus, device=on).rank, lambda r: r),
            "igraph": (lambda: lib.igraph.pagerank(damping=0.85), lambda r: np.asarray(r)),
            "graph-tool": (lambda: gt.pagerank(lib.gt, damping=0.85, epsilon=1e-6), lambda r: np.array(r.a)),
            "networkx": (lambda: nx.pagerank(lib.networkx, weight=None),
                         lambda r: np.array([r[v] for v in range(lib.n)])),
        },
        "kcore": {
            "plexus": (lambda: plexus.core_number(lib.plexus, device=on).core, lambda r: r.astype(np.int64)),
            "igraph": (lambda: lib.igraph.coreness(), lambda r: np.asarray(r, dtype=np.int64)),
            "graph-tool": (lambda: gt.kcore_decomposition(lib.gt), lambda r: np.array(r.a, dtype=np.int64)),
            "networkx": (lambda: nx.core_number(lib.networkx),
                         lambda r: np.array([r[v] for v in range(lib.n)], dtype=np.int64)),
        },
        "triangles": {
            "plexus": (lambda: plexus.triangles(lib.plexus, device=on).total, lambda r: np.array([r])),
            # From each vertex's local transitivity (its triangles over its pairs of
            # neighbours): listing the triangles would hold them all in Python's memory, and
            # counting motifs enumerates every open triple too, hours at a hub of Kronecker 16.
            "igraph": (igraph_triangles, lambda r: np.array([r])),
            "networkx": (lambda: sum(nx.triangles(lib.networkx).values()) // 3, lambda r: np.array([r])),
        },
    }
    return table


def agrees(algorithm, expected, got, library):
    if expected.shape != got.shape:
        return False
    if algorithm == "pagerank" and library == "networkx":
        # NetworkX stops once an iteration changes the ranks by less than n * tol (1e-6) in L1,
        # which leaves them within damping / (1 - damping) times that of the fixed point; Plexus's
        # are within 1e-6 of it.
        return np.abs(expected - got).sum() <= 0.85 / 0.15 * len(got) * 1e-6 + 1e-6
    if algorithm == "pagerank":
        return np.allclose(expected, got, rtol=0, atol=1e-4)
    if algorithm == "sssp":
        return np.allclose(expected, got, rtol=1e-5)
    if algorithm == "bc":
        return np.allclose(expected, got, rtol=1e-6, atol=1e-9)
    return np.array_equal(expected, got)


LIBRARIES = ["igraph", "graph-tool", "scipy", "networkx"]


def plot_speedups(speedups, algorithms, path):
    """A grouped bar chart per graph: for each algorithm, Plexus's speedup over each library on
    a log scale, each bar rising from 1 when Plexus is faster and falling from it when slower
    (a library missing, not run or disagreeing has no bar). Drawn without pyplot, so no
    display is needed."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(max(6.4, 1.1 * len(algorithms) + 2), 3.2 * len(speedups)), layout="constrained")
    FigureCanvasAgg(figure)
    panels = figure.subplots(len(speedups), 1, squeeze=False)[:, 0]
    width = 0.8 / len(LIBRARIES)
    for axes, (title, per_algorithm) in zip(panels, speedups.items()):
        for i, name in enumerate(LIBRARIES):
            speedup = np.array([per_algorithm[a].get(name, np.nan) for a in algorithms])
            bars = axes.bar(np.arange(len(algorithms)) + (i - (len(LIBRARIES) - 1) / 2) * width, speedup - 1,
                            width, bottom=1, label=name)
            labels = ["" if np.isnan(x) else f"{x:.2g}" if x < 1 else f"{x:.1f}" for x in speedup]
            axes.bar_label(bars, labels=labels, fontsize=7)
        axes.axhline(1.0, color="grey", linewidth=0.8)
        axes.set_yscale("log")
        axes.margins(y=0.15)
        axes.set_xticks(np.arange(len(algorithms)), algorithms)
        axes.set_ylabel("Plexus's speedup (x)")
        axes.set_title(title, fontsize="medium")
    panels[0].legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    figure.savefig(path)


def main():
    arguments = parse_arguments()
    os.environ["OMP_NUM_THREADS"] = str(arguments.threads)
    print(f"threads: {arguments.threads} (Plexus, graph-tool; igraph, scipy and NetworkX run on one); "
          f"Plexus on {arguments.device}")
    for name, present in [("igraph", HAVE_IGRAPH), ("graph-tool", HAVE_GRAPH_TOOL)]:
        if not present:
            print(f"{name}: not installed (Debian: python3-{name}); its column is left out")
    failed = False
    speedups = {}  # per graph's title, per algorithm: Plexus's speedup over each library
    with tempfile.TemporaryDirectory() as folder:
        for spec in arguments.graphs:
            g = load_plexus_graph(spec, arguments.plexus, folder)
            try:
                lib = Libraries(g, arguments.threads, arguments.networkx_edges, arguments.device, arguments.bc_sources)
            except ValueError as e:  # a device this build or machine lacks
                sys.exit(f"{sys.argv[0]}: {e}")
            title = f"{spec}: {lib.n} vertices, {len(lib.src)} edges"
            print(f"\n{title}")
            speedups[title] = {}
            print(f"| algorithm | plexus | igraph | graph-tool | scipy | networkx |")
            print(f"|---|---|---|---|---|---|")
            table = algorithms(lib)
            for algorithm in arguments.algorithms:
                calls = table[algorithm]
                expected = calls["plexus"][1](calls["plexus"][0]())
                plexus_seconds = median_seconds(calls["plexus"][0], arguments.trials)
                cells = [f"{plexus_seconds * 1e3:.1f} ms"]
                speedups[title][algorithm] = {}
                for name in LIBRARIES:
                    missing = {"igraph": lib.igraph, "graph-tool": lib.gt, "networkx": lib.networkx}
                    if name not in calls or (name in missing and missing[name] is None):
                        cells.append("-")
                        continue
                    call, answer = calls[name]
                    if not agrees(algorithm, expected, answer(call()), name):
                        cells.append("DIFFERS")
                        failed = True
                        continue
                    seconds = median_seconds(call, arguments.trials)
                    speedups[title][algorithm][name] = seconds / plexus_seconds
                    cells.append(f"{seconds * 1e3:.1f} ms ({seconds / plexus_seconds:.1f}x)")
                print(f"| {algorithm} | " + " | ".join(cells) + " |")
    if arguments.plot:
        plot_speedups(speedups, arguments.algorithms, arguments.plot)
        print(f"\nspeedups drawn: {arguments.plot}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
