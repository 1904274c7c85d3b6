"""NetworkX's functions, run by Plexus: each takes a NetworkX graph and returns what NetworkX's
function of the same name returns (dicts keyed by node, sets of nodes), computed on ``device``.

    import networkx as nx
    import plexus.nx
    G = nx.karate_club_graph()
    plexus.nx.pagerank(G) == approximately nx.pagerank(G)

Equal to NetworkX's results:

- exactly: connected_components, single_source_shortest_path_length, unweighted
  shortest_path_length, core_number, triangles, clustering (each coefficient is the same ratio
  of two integers) and jaccard_coefficient (the same ratio, for every pair of ``ebunch``);
- within float32 rounding of the weights (relative 1e-6): weighted shortest_path_length;
- within the stopping tolerance: pagerank, which stops by NetworkX's rule (L1 change below
  n * tol);
- within floating-point summation order (relative 1e-9): betweenness_centrality with
  ``k=None``. With ``k``, the ``k`` sources are drawn by Plexus from the integer ``seed``
  (Plexus's seed 1 when None), not by NetworkX's ``random.sample``, so the values differ from
  NetworkX's draw; their scaling is NetworkX 3.5's (sources and other nodes scaled apart when
  endpoints are left out), and ``k == len(G)`` is the exact result, as in NetworkX;
- as a partition: label_propagation_communities. NetworkX updates the classes of a colouring
  in turn; Plexus updates a random half of the nodes per iteration. Both stop at the same
  rule (every node's label is among the most frequent of its neighbours'), so both give a
  partition that satisfies it, the same one where only one does (disjoint cliques), but
  early ties can settle differently: on cliques joined by single bridges, both keep each
  clique whole, yet Plexus may give two neighbouring cliques one community.

jaccard_coefficient takes the scores of the pairs of ``ebunch`` that are edges from Plexus's
per-edge scores and computes the others (every pair when ``ebunch`` is None: NetworkX then
scores the non-edges) as sparse row products in SciPy, in ``ebunch``'s order.

Refused as NetworkX refuses them, with its exceptions: directed graphs by triangles,
jaccard_coefficient and label_propagation_communities; multigraphs by core_number,
triangles, clustering and jaccard_coefficient; self-loops by core_number. Refused with a
ValueError where Plexus computes something else: other multigraphs; self-loops for pagerank,
jaccard_coefficient and label_propagation_communities (Plexus drops them; NetworkX counts
them); edge weights for betweenness_centrality and clustering; directed graphs for
core_number and clustering (NetworkX's directed variants are other quantities).
"""

from itertools import islice

import networkx
import numpy as np

from plexus._algorithms import bfs, connected_components as _components, label_propagation, pagerank as _pagerank, sssp
from plexus._graph import Graph
from plexus._structure import (
    betweenness,
    clustering as _clustering,
    core_number as _cores,
    jaccard,
    triangles as _triangles,
)


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


def _refuse_as_networkx(G, directed=False, multigraph=False):
    """NetworkX's own refusal (its not_implemented_for) of a directed graph or a multigraph."""
    if directed and G.is_directed():
        raise networkx.NetworkXNotImplemented("not implemented for directed type")
    if multigraph and G.is_multigraph():
        raise networkx.NetworkXNotImplemented("not implemented for multigraph type")


def _refuse_self_loops(G, name):
    if networkx.number_of_selfloops(G):
        raise ValueError(f"plexus.nx.{name}: graphs with self-loops are not supported (Plexus drops them)")


def _per_node(G, values, nodes, zero=None):
    """NetworkX's answer over ``nodes`` (its nbunch) from one value per node in G's order: the
    value itself when ``nodes`` is a node, else a dict in nbunch order."""
    value = dict(zip(G, values))
    if zero is not None:
        value = {node: zero if v == 0 else v for node, v in value.items()}
    if nodes in G:
        return value[nodes]
    return {node: value[node] for node in G.nbunch_iter(nodes)}


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
    r = _pagerank(g, device=device, damping=alpha, tolerance=tol, max_iterations=max_iter, weighted=weighted,
                  stop="networkx")
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


def betweenness_centrality(G, k=None, normalized=True, weight=None, endpoints=False, seed=None, device="host"):
    """networkx.betweenness_centrality, unweighted: a dict of node -> centrality. With ``k``,
    the sources are drawn by Plexus from the integer ``seed`` (1 when None)."""
    if _has_weights(G, weight):
        raise ValueError(
            f"plexus.nx.betweenness_centrality: weighted betweenness is not supported (edges carry {weight!r}); "
            "pass weight=None for hop counts"
        )
    if len(G) == 0:
        return {}
    g = _graph(G)
    score = betweenness(g, device=device, k=k, normalized=normalized, endpoints=endpoints,
                        seed=1 if seed is None else seed).score
    return dict(zip(g.labels, score.tolist()))


def core_number(G, device="host"):
    """networkx.core_number: a dict of node -> core number."""
    _refuse_as_networkx(G, multigraph=True)
    if networkx.number_of_selfloops(G):
        # NetworkX refuses self-loops before any work, with an exception class that changed
        # between its versions: let the installed NetworkX raise its own.
        networkx.core_number(G)
    if G.is_directed():
        raise ValueError(
            "plexus.nx.core_number: directed graphs are not supported (Plexus's cores are undirected; "
            "NetworkX counts in- plus out-degree); pass G.to_undirected() for the undirected cores"
        )
    g = _graph(G)
    return dict(zip(g.labels, _cores(g, device=device).core.tolist()))


def triangles(G, nodes=None, device="host"):
    """networkx.triangles: triangles through a node, or a dict of node -> triangles over
    ``nodes`` (all when None). Self-loops are ignored, as NetworkX ignores them."""
    _refuse_as_networkx(G, directed=True, multigraph=True)
    return _per_node(G, _triangles(_graph(G), device=device).per_vertex.tolist(), nodes)


def clustering(G, nodes=None, weight=None, device="host"):
    """networkx.clustering, unweighted and undirected: a node's coefficient, or a dict of node ->
    coefficient over ``nodes`` (all when None); 0 where NetworkX gives the integer 0."""
    _refuse_as_networkx(G, multigraph=True)
    if G.is_directed():
        raise ValueError(
            "plexus.nx.clustering: directed graphs are not supported (NetworkX computes Fagiolo's directed "
            "clustering, Plexus Graphalytics' LCC); pass G.to_undirected() for the undirected coefficients"
        )
    if _has_weights(G, weight):
        raise ValueError(
            f"plexus.nx.clustering: weighted clustering is not supported (edges carry {weight!r}); pass weight=None"
        )
    return _per_node(G, _clustering(_graph(G), device=device).coefficient.tolist(), nodes, zero=0)


# Pairs scored per vectorised batch: bounds the memory of a long (or the default, quadratic) ebunch.
_JACCARD_BATCH = 1 << 16


def jaccard_coefficient(G, ebunch=None, device="host"):
    """networkx.jaccard_coefficient: a generator of (u, v, p) over ``ebunch``, every non-edge
    when None. Pairs that are edges take Plexus's per-edge scores; the others are computed as
    |N(u) & N(v)| / |N(u) | N(v)| from sparse rows of the adjacency matrix."""
    _refuse_as_networkx(G, directed=True, multigraph=True)
    _refuse_self_loops(G, "jaccard_coefficient")
    pairs = networkx.non_edges(G) if ebunch is None else iter(ebunch)
    return _jaccard_pairs(_graph(G), pairs, device)


def _jaccard_pairs(g, pairs, device):
    index = {node: i for i, node in enumerate(g.labels)}
    adjacency = g.to_scipy()
    degree = g.degrees()
    n = g.num_vertices
    src, dst = g.arcs()
    arc_order = np.argsort(src * n + dst)
    arc_key = (src * n + dst)[arc_order]  # to find a pair among the arcs by binary search
    edge_score = None  # Plexus's scores, computed when a batch first holds an edge
    while batch := list(islice(pairs, _JACCARD_BATCH)):
        u = np.empty(len(batch), dtype=np.int64)
        v = np.empty(len(batch), dtype=np.int64)
        for row, (first, second) in enumerate(batch):
            for node in (first, second):
                if node not in index:
                    raise networkx.NodeNotFound(f"Node {node} not in G.")
            u[row], v[row] = index[first], index[second]
        key = u * n + v
        at = np.minimum(np.searchsorted(arc_key, key), max(len(arc_key) - 1, 0))
        is_edge = arc_key[at] == key if len(arc_key) else np.zeros(len(batch), dtype=bool)
        score = np.zeros(len(batch))
        if is_edge.any():
            if edge_score is None:
                edge_score = jaccard(g, device=device).score
            score[is_edge] = edge_score[arc_order[at[is_edge]]]
        common = np.zeros(len(batch), dtype=np.int64)
        union = degree[u] + degree[v]
        other = ~is_edge
        if other.any():
            common[other] = np.asarray(adjacency[u[other]].multiply(adjacency[v[other]]).sum(axis=1)).ravel()
            union[other] -= common[other]
            scored = other & (union > 0)
            score[scored] = common[scored] / union[scored]
        empty = other & (union == 0)  # two isolated nodes: NetworkX's integer 0
        for (first, second), p, none in zip(batch, score.tolist(), empty.tolist()):
            yield first, second, 0 if none else p


def label_propagation_communities(G, device="host"):
    """networkx.label_propagation_communities: the communities, as NetworkX's dict_values of
    sets of nodes; by Plexus's semi-synchronous label propagation, which stops at NetworkX's
    rule."""
    _refuse_as_networkx(G, directed=True)
    _refuse_self_loops(G, "label_propagation_communities")
    g = _graph(G)
    # NetworkX iterates until its rule holds; Plexus's random halves reach it, the bound is a guard.
    result = label_propagation(g, device=device, variant="semi-synchronous", max_iterations=10_000)
    if not result.converged:
        raise networkx.NetworkXError(
            f"plexus.nx.label_propagation_communities: labels still moving after {result.iterations} iterations"
        )
    communities = {}
    for node, label in zip(g.labels, result.label.tolist()):
        communities.setdefault(label, set()).add(node)
    return communities.values()
