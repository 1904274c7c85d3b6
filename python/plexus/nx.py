"""NetworkX's functions, run by Plexus: each takes a NetworkX graph and returns what NetworkX's
function of the same name returns (dicts keyed by node, sets of nodes), computed on ``device``.

    import networkx as nx
    import plexus.nx
    G = nx.karate_club_graph()
    plexus.nx.pagerank(G) == approximately nx.pagerank(G)

Equal to NetworkX's results: exactly for connected_components,
single_source_shortest_path_length and unweighted shortest_path_length; within float32
rounding of the weights (relative 1e-6) for weighted shortest_path_length; within the
stopping tolerance for pagerank, which stops by NetworkX's rule (L1 change below
n * tol). Multigraphs are refused, as is pagerank on a graph with self-loops (Plexus drops
them; NetworkX counts them).
"""

import networkx

from plexus._algorithms import bfs, connected_components as _components, pagerank as _pagerank, sssp
from plexus._graph import Graph


def _graph(G, weight=None):
    if G.is_multigraph():
        raise ValueError("plexus.nx: multigraphs are not supported; collapse parallel edges first")
    return Graph.from_networkx(G, weight=weight)


def _index(g, G, source):
    if source not in G:
        raise networkx.NodeNotFound(f"Source {source} is not in G")
    return g.labels.index(source)


def _has_weights(G, weight):
    return weight is not None and any(weight in data for _, _, data in G.edges(data=True))


def pagerank(G, alpha=0.85, personalization=None, max_iter=100, tol=1e-06, nstart=None, weight="weight",
             dangling=None, device="host"):
    """networkx.pagerank: a dict of node -> rank."""
    if personalization is not None or nstart is not None or dangling is not None:
        raise ValueError("plexus.nx.pagerank: personalization, nstart and dangling are not supported")
    if networkx.number_of_selfloops(G):
        raise ValueError("plexus.nx.pagerank: graphs with self-loops are not supported (Plexus drops them)")
    if len(G) == 0:
        return {}
    weighted = _has_weights(G, weight)
    g = _graph(G, weight if weighted else None)
    r = _pagerank(g, device=device, damping=alpha, tolerance=tol, max_iterations=max_iter, weighted=weighted)
    if not r.converged:
        raise networkx.PowerIterationFailedConvergence(max_iter)
    return dict(zip(g.labels, r.rank.tolist()))


def connected_components(G, device="host"):
    """networkx.connected_components: a generator of sets of nodes, one per component."""
    if G.is_directed():
        raise networkx.NetworkXNotImplemented("not implemented for directed type")
    if len(G) == 0:
        return
    g = _graph(G)
    labels = _components(g, device=device).label.tolist()
    members = {}
    for node, label in zip(g.labels, labels):
        members.setdefault(label, set()).add(node)
    yield from members.values()


def single_source_shortest_path_length(G, source, cutoff=None, device="host"):
    """networkx.single_source_shortest_path_length: hops to every node reached (within cutoff)."""
    g = _graph(G)
    depth = bfs(g, _index(g, G, source), device=device).depth.tolist()
    return {
        node: d for node, d in zip(g.labels, depth) if d >= 0 and (cutoff is None or d <= cutoff)
    }


def shortest_path_length(G, source=None, target=None, weight=None, method="dijkstra", device="host"):
    """networkx.shortest_path_length from one source: a dict of node -> length (hops, or summed
    weights), or the length to ``target``."""
    if source is None:
        raise ValueError("plexus.nx.shortest_path_length: give a source (all pairs are not supported)")
    if method not in ("dijkstra", "bellman-ford"):
        raise ValueError(f"method not supported: {method}")
    if not _has_weights(G, weight):
        lengths = single_source_shortest_path_length(G, source, device=device)
    else:
        g = _graph(G, weight)
        distance = sssp(g, _index(g, G, source), device=device).distance.tolist()
        lengths = {node: d for node, d in zip(g.labels, distance) if d != float("inf")}
    if target is None:
        return lengths
    if target not in G:
        raise networkx.NodeNotFound(f"Target {target} is not in G")
    if target not in lengths:
        raise networkx.NetworkXNoPath(f"Target {target} cannot be reached from given sources")
    return lengths[target]
