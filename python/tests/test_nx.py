"""plexus.nx: each function returns what NetworkX's of the same name returns."""

import networkx as nx
import numpy as np
import pytest

import plexus.nx
from conftest import dataset


def graphs():
    yield "karate", nx.karate_club_graph()
    G = nx.gnm_random_graph(400, 900, seed=5)
    G.add_nodes_from(["isolated", ("tuple", 1)])
    yield "random with odd labels", G
    yield "directed", nx.gnm_random_graph(300, 1200, seed=6, directed=True)


def with_weights(G, seed):
    rng = np.random.default_rng(seed)
    for u, v in G.edges():
        G[u][v]["w"] = float(rng.choice([0.5, 1.0, 2.0, 3.25]))
    return G


CASES = list(graphs())


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("name, G", CASES, ids=[c[0] for c in CASES])
def test_pagerank(name, G):
    got = plexus.nx.pagerank(G, weight=None, tol=1e-12, max_iter=1000)
    expected = nx.pagerank(G, weight=None, tol=1e-12, max_iter=1000)
    assert got.keys() == expected.keys()
    assert all(got[k] == pytest.approx(expected[k], rel=1e-6, abs=1e-9) for k in expected)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_weighted_pagerank():
    G = with_weights(nx.gnm_random_graph(200, 800, seed=9, directed=True), seed=1)
    got = plexus.nx.pagerank(G, weight="w", tol=1e-12, max_iter=1000)
    expected = nx.pagerank(G, weight="w", tol=1e-12, max_iter=1000)
    assert all(got[k] == pytest.approx(expected[k], rel=1e-5, abs=1e-9) for k in expected)


@pytest.mark.parametrize("name, G", CASES[:2], ids=[c[0] for c in CASES[:2]])
def test_connected_components(name, G):
    got = sorted(map(sorted, map(lambda c: map(str, c), plexus.nx.connected_components(G))))
    expected = sorted(map(sorted, map(lambda c: map(str, c), nx.connected_components(G))))
    assert got == expected


@pytest.mark.parametrize("name, G", CASES, ids=[c[0] for c in CASES])
def test_single_source_shortest_path_length(name, G):
    source = next(iter(G))
    assert plexus.nx.single_source_shortest_path_length(G, source) == nx.single_source_shortest_path_length(G, source)
    assert plexus.nx.single_source_shortest_path_length(G, source, cutoff=2) == nx.single_source_shortest_path_length(
        G, source, cutoff=2
    )


@pytest.mark.parametrize("directed", [False, True])
def test_weighted_shortest_path_length(directed):
    G = with_weights(nx.gnm_random_graph(300, 900, seed=12, directed=directed), seed=2)
    got = plexus.nx.shortest_path_length(G, source=0, weight="w")
    expected = nx.shortest_path_length(G, source=0, weight="w")
    assert got.keys() == expected.keys()
    assert all(got[k] == pytest.approx(expected[k], rel=1e-6) for k in expected)
    target = max(expected, key=expected.get)
    assert plexus.nx.shortest_path_length(G, 0, target, weight="w") == pytest.approx(expected[target], rel=1e-6)


def test_on_a_real_graph():
    G = nx.read_edgelist(dataset("CA-GrQc.txt"), comments="#", nodetype=int)
    G.remove_edges_from(nx.selfloop_edges(G))
    source = max(G.degree, key=lambda d: d[1])[0]
    assert plexus.nx.single_source_shortest_path_length(G, source) == nx.single_source_shortest_path_length(G, source)
    assert sorted(map(len, plexus.nx.connected_components(G))) == sorted(map(len, nx.connected_components(G)))


def test_refusals_are_networkxs_or_value_errors():
    G = nx.path_graph(3)
    with pytest.raises(nx.NodeNotFound):
        plexus.nx.single_source_shortest_path_length(G, 7)
    with pytest.raises(nx.NetworkXNotImplemented):
        list(plexus.nx.connected_components(nx.DiGraph([(0, 1)])))
    with pytest.raises(ValueError, match="multigraphs"):
        plexus.nx.single_source_shortest_path_length(nx.MultiGraph([(0, 1), (0, 1)]), 0)
    with pytest.raises(ValueError, match="self-loops"):
        plexus.nx.pagerank(nx.Graph([(0, 0), (0, 1)]))
    with pytest.raises(nx.NetworkXNoPath):
        G.add_node(9)
        plexus.nx.shortest_path_length(G, 0, 9)


def odd_labels(G):
    """G with its nodes renamed to strings and tuples, which must come back as they went in."""
    return nx.relabel_nodes(G, {v: (f"n{v}" if v % 2 else ("t", v)) for v in G})


def structure_graphs():
    yield "karate", nx.karate_club_graph()
    yield "gnp", nx.gnp_random_graph(200, 0.04, seed=21)
    G = nx.gnm_random_graph(120, 300, seed=22)
    G.add_nodes_from(["alone", ("also", "alone")])
    G.add_edge(3, 3)  # a self-loop, which NetworkX's paths and triangles ignore
    yield "isolated nodes and a loop", G
    yield "odd labels", odd_labels(nx.connected_caveman_graph(5, 6))
    yield "one edge", nx.path_graph(2)
    yield "one node", nx.empty_graph(1)
    yield "empty", nx.Graph()


STRUCTURE = list(structure_graphs())
BETWEENNESS = STRUCTURE + [("directed", nx.gnp_random_graph(150, 0.03, seed=23, directed=True))]


def assert_close(got, expected, rel=1e-9):
    assert list(got) == list(expected)
    assert all(got[v] == pytest.approx(expected[v], rel=rel, abs=1e-12) for v in expected)


@pytest.mark.parametrize("name, G", BETWEENNESS, ids=[c[0] for c in BETWEENNESS])
@pytest.mark.parametrize("normalized", [True, False])
@pytest.mark.parametrize("endpoints", [False, True])
def test_betweenness_centrality(name, G, normalized, endpoints):
    got = plexus.nx.betweenness_centrality(G, normalized=normalized, endpoints=endpoints)
    assert_close(got, nx.betweenness_centrality(G, normalized=normalized, endpoints=endpoints))


@pytest.mark.parametrize("directed", [False, True])
def test_betweenness_over_every_source_is_exact(directed):
    G = nx.gnp_random_graph(80, 0.06, seed=24, directed=directed)
    for endpoints in (False, True):
        got = plexus.nx.betweenness_centrality(G, k=len(G), endpoints=endpoints, seed=5)
        assert_close(got, nx.betweenness_centrality(G, k=len(G), endpoints=endpoints, seed=5))
        assert_close(got, nx.betweenness_centrality(G, endpoints=endpoints))


def sampled_betweenness(G, sources, normalized, endpoints):
    """NetworkX's sums over ``sources`` (its own accumulation), scaled as NetworkX 3.5 scales a
    sample (networkx/algorithms/centrality/betweenness.py, _rescale): older releases scale
    every node by n / k, which NetworkX 3.5 corrected."""
    from networkx.algorithms.centrality.betweenness import (
        _accumulate_basic,
        _accumulate_endpoints,
        _single_source_shortest_path_basic,
    )

    total = dict.fromkeys(G, 0.0)
    accumulate = _accumulate_endpoints if endpoints else _accumulate_basic
    for s in sources:
        S, P, sigma, _ = _single_source_shortest_path_basic(G, s)
        total, _ = accumulate(total, S, P, sigma, s)
    N = len(G) if endpoints else len(G) - 1
    k = len(sources)
    halves = 1 if G.is_directed() else 2
    if endpoints:
        scale = 1 / (k * (N - 1)) if normalized else N / (k * halves)
        return {v: b * scale for v, b in total.items()}
    source_scale = 1 / ((k - 1) * (N - 1)) if normalized else N / ((k - 1) * halves)
    other_scale = 1 / (k * (N - 1)) if normalized else N / (k * halves)
    return {v: b * (source_scale if v in sources else other_scale) for v, b in total.items()}


@pytest.mark.parametrize("directed", [False, True])
@pytest.mark.parametrize("normalized", [True, False])
@pytest.mark.parametrize("endpoints", [False, True])
def test_sampled_betweenness_scales_as_networkx(directed, normalized, endpoints):
    G = odd_labels(nx.gnp_random_graph(90, 0.05, seed=25, directed=directed))
    got = plexus.nx.betweenness_centrality(G, k=12, normalized=normalized, endpoints=endpoints, seed=7)
    drawn = plexus.betweenness(plexus.Graph.from_networkx(G), k=12, seed=7).sources
    labels = list(G)
    sources = {labels[i] for i in drawn.tolist()}
    assert len(sources) == 12
    assert_close(got, sampled_betweenness(G, sources, normalized, endpoints))
    assert got == plexus.nx.betweenness_centrality(G, k=12, normalized=normalized, endpoints=endpoints, seed=7)


def test_betweenness_refuses_weights_and_foreign_seeds():
    G = with_weights(nx.gnm_random_graph(30, 60, seed=26), seed=3)
    with pytest.raises(ValueError, match="weighted betweenness"):
        plexus.nx.betweenness_centrality(G, weight="w")
    # A weight no edge carries is every edge's 1, as in NetworkX.
    assert_close(plexus.nx.betweenness_centrality(G, weight="length"), nx.betweenness_centrality(G, weight="length"))
    with pytest.raises(ValueError, match="seed"):
        plexus.nx.betweenness_centrality(G, k=3, seed=np.random.RandomState(1))
    with pytest.raises(ValueError, match="vertex count"):
        plexus.nx.betweenness_centrality(G, k=len(G) + 1)
    with pytest.raises(ValueError, match="multigraphs"):
        plexus.nx.betweenness_centrality(nx.MultiGraph([(0, 1), (0, 1)]))


@pytest.mark.parametrize("name, G", STRUCTURE, ids=[c[0] for c in STRUCTURE])
def test_triangles_and_clustering(name, G):
    assert plexus.nx.triangles(G) == nx.triangles(G)
    got, expected = plexus.nx.clustering(G), nx.clustering(G)
    assert got == expected
    assert list(got) == list(expected)
    # NetworkX gives the integer 0 where a node closes no triangle.
    assert [type(c) for c in got.values()] == [type(c) for c in expected.values()]
    if len(G):
        some = list(G)[::-3] + ["not a node"]
        node = next(iter(G))
        assert plexus.nx.triangles(G, some) == nx.triangles(G, some)
        assert plexus.nx.clustering(G, some) == nx.clustering(G, some)
        assert plexus.nx.triangles(G, node) == nx.triangles(G, node)
        assert plexus.nx.clustering(G, node) == nx.clustering(G, node)


@pytest.mark.parametrize("name, G", STRUCTURE, ids=[c[0] for c in STRUCTURE])
def test_core_number(name, G):
    G = G.copy()
    G.remove_edges_from(list(nx.selfloop_edges(G)))
    got, expected = plexus.nx.core_number(G), nx.core_number(G)
    assert got == expected
    assert list(got) == list(G)


def test_structure_refusals_follow_networkx():
    loop = nx.Graph([(0, 1), (1, 2), (2, 0), (1, 1)])
    for f in (nx.core_number, plexus.nx.core_number):
        # NetworkXError in older NetworkX (Debian 12's), NetworkXNotImplemented in newer: the installed one's.
        with pytest.raises((nx.NetworkXError, nx.NetworkXNotImplemented), match="self loops"):
            f(loop)
    multi = nx.MultiGraph([(0, 1), (1, 2), (2, 0), (0, 1)])
    directed = nx.DiGraph([(0, 1), (1, 2), (2, 0)])
    for ours in (plexus.nx.core_number, plexus.nx.triangles, plexus.nx.clustering):
        for refused in (multi, directed) if ours is plexus.nx.triangles else (multi,):
            # Refused as Debian 12's NetworkX refuses them; newer NetworkX answers some of them,
            # and Plexus, whose graphs are simple, still refuses them the same way.
            with pytest.raises(nx.NetworkXNotImplemented):
                ours(refused)
    # NetworkX answers these with quantities Plexus does not compute.
    with pytest.raises(ValueError, match="directed"):
        plexus.nx.core_number(directed)
    with pytest.raises(ValueError, match="directed"):
        plexus.nx.clustering(directed)
    with pytest.raises(ValueError, match="weighted clustering"):
        plexus.nx.clustering(with_weights(nx.karate_club_graph(), seed=4), weight="w")
    assert plexus.nx.clustering(nx.karate_club_graph(), weight="w") == nx.clustering(nx.karate_club_graph(), weight="w")
    with pytest.raises(nx.NetworkXError):
        plexus.nx.triangles(nx.path_graph(3), 7)


def jaccard_graph():
    G = odd_labels(nx.gnm_random_graph(60, 150, seed=27))
    G.add_nodes_from(["alone", "lonely"])
    return G


def test_jaccard_coefficient_over_non_edges():
    G = jaccard_graph()
    got = plexus.nx.jaccard_coefficient(G)
    assert list(got) == list(nx.jaccard_coefficient(G))


def test_jaccard_coefficient_over_edges_and_mixed_pairs(monkeypatch):
    G = jaccard_graph()
    edges = list(G.edges())
    assert list(plexus.nx.jaccard_coefficient(G, G.edges())) == list(nx.jaccard_coefficient(G, edges))
    rng = np.random.default_rng(8)
    nodes = list(G)
    pairs = edges[::2] + [(v, u) for u, v in edges[1::5]] + [("alone", "lonely"), ("alone", nodes[0])]
    pairs += [(nodes[i], nodes[j]) for i, j in rng.integers(0, len(nodes), size=(200, 2))]
    rng.shuffle(pairs)
    expected = list(nx.jaccard_coefficient(G, pairs))
    assert list(plexus.nx.jaccard_coefficient(G, iter(pairs))) == expected
    monkeypatch.setattr(plexus.nx, "_JACCARD_BATCH", 7)  # batches that split edges from non-edges
    assert list(plexus.nx.jaccard_coefficient(G, pairs)) == expected
    assert list(plexus.nx.jaccard_coefficient(nx.Graph())) == []


def test_jaccard_coefficient_refusals():
    for refused in (nx.DiGraph([(0, 1)]), nx.MultiGraph([(0, 1), (0, 1)])):
        with pytest.raises(nx.NetworkXNotImplemented):
            nx.jaccard_coefficient(refused)
        with pytest.raises(nx.NetworkXNotImplemented):
            plexus.nx.jaccard_coefficient(refused)
    with pytest.raises(ValueError, match="self-loops"):
        plexus.nx.jaccard_coefficient(nx.Graph([(0, 1), (1, 1)]))
    with pytest.raises(nx.NodeNotFound):
        list(plexus.nx.jaccard_coefficient(nx.path_graph(3), [(0, 1), (0, 9)]))


def as_partition(communities):
    return sorted(sorted(map(str, c)) for c in communities)


def assert_stopping_rule(G, communities):
    """A partition of G's nodes in which every node's community is among the most frequent of
    its neighbours' (NetworkX's rule for ending label propagation)."""
    assert sorted(map(str, (v for c in communities for v in c))) == sorted(map(str, G))
    label = {v: i for i, c in enumerate(communities) for v in c}
    for v in G:
        votes = [label[u] for u in G[v]]
        assert not votes or votes.count(label[v]) == max(votes.count(x) for x in votes)


@pytest.mark.parametrize(
    "name, G",
    [
        # In a clique any two labels leave some node outvoted: one community each is the only stop.
        ("disjoint cliques", odd_labels(nx.caveman_graph(6, 5))),
        ("cliques and isolated nodes", nx.disjoint_union(nx.complete_graph(5), nx.empty_graph(3))),
        ("empty", nx.Graph()),
    ],
)
def test_label_propagation_where_the_partition_is_unique(name, G):
    got = plexus.nx.label_propagation_communities(G)
    expected = nx.community.label_propagation_communities(G)
    assert type(got) is type(expected)
    assert as_partition(got) == as_partition(expected)


@pytest.mark.parametrize("cliques, size", [(7, 6), (2, 8), (12, 7)])
def test_label_propagation_keeps_bridged_cliques_whole(cliques, size):
    # Cliques of six or more joined in a ring by single edges: splitting one outvotes some node,
    # so every stop is a union of whole cliques (Plexus joins two of the 7 x 6 ring's).
    G = nx.ring_of_cliques(cliques, size) if cliques > 2 else nx.barbell_graph(size, 0)
    communities = list(plexus.nx.label_propagation_communities(G))
    assert_stopping_rule(G, communities)
    clique_of = {v: v // size for v in G}
    assert all(len({clique_of[v] for v in c}) * size == len(c) for c in communities)
    assert as_partition(nx.community.label_propagation_communities(G)) == as_partition(
        [{v for v in G if clique_of[v] == i} for i in range(cliques)]
    )


def test_label_propagation_on_karate_meets_networkxs_stopping_rule():
    G = nx.karate_club_graph()
    communities = list(plexus.nx.label_propagation_communities(G))
    assert_stopping_rule(G, communities)
    assert all(nx.is_connected(G.subgraph(c)) for c in communities)


def test_label_propagation_refusals():
    with pytest.raises(nx.NetworkXNotImplemented):
        nx.community.label_propagation_communities(nx.DiGraph([(0, 1)]))
    with pytest.raises(nx.NetworkXNotImplemented):
        plexus.nx.label_propagation_communities(nx.DiGraph([(0, 1)]))
    with pytest.raises(ValueError, match="self-loops"):
        plexus.nx.label_propagation_communities(nx.Graph([(0, 1), (1, 1)]))
    with pytest.raises(ValueError, match="multigraphs"):
        plexus.nx.label_propagation_communities(nx.MultiGraph([(0, 1), (0, 1)]))


def test_structure_on_a_real_graph():
    G = nx.read_edgelist(dataset("CA-GrQc.txt"), comments="#", nodetype=int)
    G.remove_edges_from(list(nx.selfloop_edges(G)))
    assert plexus.nx.core_number(G) == nx.core_number(G)
    assert plexus.nx.triangles(G) == nx.triangles(G)
    assert plexus.nx.clustering(G) == nx.clustering(G)
    assert_stopping_rule(G, list(plexus.nx.label_propagation_communities(G)))
