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
