#!/usr/bin/env python3
"""First steps with Plexus from Python: build a graph, run four algorithms, read their results
by the input's own vertex names, and hand the graph on to SciPy and NetworkX.

The graph is Les Misérables' co-appearance network (77 characters, an edge between two who
appear in a chapter together), which NetworkX ships.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/first_steps.py [--plot DIR]
"""

import argparse
import pathlib

import networkx as nx
import numpy as np

import plexus


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plot", metavar="DIR", help="also save three pictures of the graph there (matplotlib)")
    arguments = parser.parse_args()

    # A graph comes from NumPy arrays of edge ends, a file, a SciPy matrix or a NetworkX graph.
    # Vertices are numbered 0 .. n-1; g.labels maps each number back to the input's own name.
    triangle = plexus.Graph.from_edges(np.array([0, 1, 2]), np.array([1, 2, 0]))
    print(f"from arrays: {triangle}")
    G = nx.les_miserables_graph()
    g = plexus.Graph.from_networkx(G)
    names = g.labels
    print(f"graph: {g.num_vertices} vertices, {g.num_edges} edges")

    # Every result holds NumPy arrays indexed by vertex number.
    source = names.index("Valjean")
    depth = plexus.bfs(g, source).depth
    farthest = np.flatnonzero(depth == depth.max())
    print(f"bfs from Valjean: {np.count_nonzero(depth >= 0)} reached, "
          f"farthest at depth {depth.max()}: {', '.join(names[v] for v in farthest)}")

    rank = plexus.pagerank(g).rank
    top = np.argsort(rank)[::-1][:5]
    print("pagerank top 5: " + ", ".join(f"{names[v]} {rank[v]:.4f}" for v in top))

    components = plexus.connected_components(g)
    print(f"components: {components.num_components}")

    # The densest part of the graph: the characters in its innermost core.
    cores = plexus.core_number(g)
    innermost = np.flatnonzero(cores.core == cores.max_core)
    print(f"innermost core {cores.max_core}: {len(innermost)} characters, "
          f"{', '.join(sorted(names[v] for v in innermost))}")

    # Handing the graph on: a SciPy CSR matrix (each undirected edge stored both ways) and a
    # NetworkX graph over the same names.
    matrix = g.to_scipy()
    print(f"scipy: {matrix.shape[0]} x {matrix.shape[1]} {matrix.format}, {matrix.nnz} stored entries")
    back = g.to_networkx()
    same = set(back.nodes) == set(G.nodes) and {frozenset(e) for e in back.edges} == {frozenset(e) for e in G.edges}
    print(f"networkx: {back.number_of_nodes()} nodes, {back.number_of_edges()} edges, same as the input: {same}")

    if arguments.plot:
        save_pictures(g, components, cores, pathlib.Path(arguments.plot))


def save_pictures(g, components, cores, folder):
    """The degree distribution, component sizes and core numbers as PNG files. plexus.plot is
    imported only here: it needs matplotlib, the rest of the package does not."""
    import plexus.plot

    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / "degrees.png", folder / "components.png", folder / "cores.png"]
    plexus.plot.degree_distribution(g, path=paths[0])
    plexus.plot.component_sizes(components, path=paths[1])  # a result already computed, or a graph
    plexus.plot.core_numbers(cores, path=paths[2])
    print(f"pictures: {', '.join(str(p) for p in paths)}")


if __name__ == "__main__":
    main()
