"""Every algorithm of the package against an independent reference (scipy.sparse.csgraph or
NetworkX) on generated graphs and real ones of the datasets folder; results outliving their
graph; two threads at once."""

import gc
import threading

import networkx as nx
import numpy as np
import pytest
import scipy.sparse.csgraph as csgraph

import plexus
from conftest import dataset, random_edges

# Real graphs of every kind: social, collaboration, mesh, road (weighted, directed), web-like
# and peer-to-peer (directed).
DATASETS = [
    "karate.mtx",
    "dolphins.mtx",
    "lesmis.graph",
    "football.gml",
    "CA-GrQc.txt",
    "email-Eu-core.txt",
    "power.graph",
    "rome99.gr",
    "netscience.mtx",
    "p2p-Gnutella08.txt",
]


def generated():
    src, dst = random_edges(3000, 6000, seed=7)
    yield "random undirected", plexus.Graph.from_edges(src, dst)
    yield "random directed", plexus.Graph.from_edges(src, dst, directed=True)
    weights = np.random.default_rng(8).uniform(0.5, 4.0, size=len(src))
    yield "random weighted directed", plexus.Graph.from_edges(src, dst, weights=weights, directed=True)


def graphs():
    yield from generated()
    for name in DATASETS:
        yield name, None


def load(name, graph):
    return graph if graph is not None else plexus.Graph.from_file(dataset(name))


CASES = list(graphs())
IDS = [name for name, _ in CASES]


def hub(g):
    return int(np.argmax(g.degrees()))


@pytest.mark.parametrize("name, graph", CASES, ids=IDS)
def test_bfs_depths_are_scipys_hop_distances(name, graph):
    g = load(name, graph)
    source = hub(g)
    r = plexus.bfs(g, source)
    hops = csgraph.shortest_path(g.to_scipy(), unweighted=True, indices=source, directed=g.directed)
    expected = np.where(np.isinf(hops), -1, hops).astype(np.int64)
    assert np.array_equal(r.depth, expected)
    reached = r.depth > 0
    assert np.array_equal(r.depth[r.parent[reached]], r.depth[reached] - 1)


@pytest.mark.parametrize("name, graph", CASES, ids=IDS)
def test_sssp_distances_are_dijkstras(name, graph):
    g = load(name, graph)
    source = hub(g)
    r = plexus.sssp(g, source)
    expected = csgraph.dijkstra(g.to_scipy(), indices=source, directed=g.directed)
    assert np.allclose(r.distance, expected, rtol=1e-5, equal_nan=False)
    assert np.array_equal(np.isinf(r.distance), np.isinf(expected))


def test_sssp_parents_made_when_read_follow_the_distances_returned():
    src, dst = random_edges(300, 2000, seed=31)
    weights = np.random.default_rng(31).integers(1, 9, size=len(src)).astype(np.float32)
    g = plexus.Graph.from_edges(src, dst, weights, num_vertices=300)
    r = plexus.sssp(g, 0)
    distance = r.distance.copy()
    r.distance[:] = 0  # the parents still come from the distances as the call returned them
    del g
    gc.collect()
    parent = r.parent
    assert parent is r.parent
    reached = np.flatnonzero(np.isfinite(distance))
    assert parent[0] == 0 and np.all(parent[np.isinf(distance)] == -1)
    weight_of = {}
    for u, v, w in zip(src.tolist(), dst.tolist(), weights.tolist()):
        for a, b in ((u, v), (v, u)):
            weight_of[a, b] = min(w, weight_of.get((a, b), np.inf))
    for v in reached[reached != 0]:
        assert distance[parent[v]] + weight_of[parent[v], v] == distance[v]


@pytest.mark.parametrize("name, graph", CASES, ids=IDS)
def test_components_are_scipys_weak_components(name, graph):
    g = load(name, graph)
    r = plexus.connected_components(g)
    count, labels = csgraph.connected_components(g.to_scipy(), directed=g.directed, connection="weak")
    assert r.num_components == count
    # The same partition: each pair of labels maps one to one.
    pairs = np.unique(np.stack([r.label.astype(np.int64), labels]), axis=1)
    assert pairs.shape[1] == count
    # Each component is named by a member.
    assert np.array_equal(r.label[r.label], r.label)


# NetworkX 2.8's pagerank runs pagerank_scipy, which warns of its own deprecation.
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.parametrize("name, graph", CASES, ids=IDS)
def test_pagerank_is_networkxs(name, graph):
    # Both stop when the L1 change falls below n * tolerance: tight enough that both are within
    # 1e-9 of the fixed point.
    g = load(name, graph)
    r = plexus.pagerank(g, tolerance=1e-12, max_iterations=1000)
    G = g.to_networkx()
    expected = nx.pagerank(G, alpha=0.85, tol=1e-12, max_iter=1000, weight=None)
    labels = list(g.labels)
    assert np.allclose(r.rank, [expected[label] for label in labels], rtol=1e-6, atol=1e-9)
    assert r.rank.sum() == pytest.approx(1.0)


def test_results_outlive_their_graph_and_are_owned_arrays():
    g = plexus.Graph.from_edges(*random_edges(500, 2000, seed=3))
    ranks = plexus.pagerank(g).rank
    labels = plexus.connected_components(g).label
    del g
    gc.collect()
    assert ranks.sum() == pytest.approx(1.0)
    assert labels.max() < 500
    ranks[0] = 0.5  # writable: the caller's own


def test_two_threads_run_algorithms_at_once():
    g = plexus.Graph.from_edges(*random_edges(20000, 100000, seed=4))
    expected = plexus.bfs(g, 0).depth
    results, errors = [], []

    def work():
        try:
            for _ in range(5):
                results.append(plexus.bfs(g, 0).depth)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert len(results) == 10 and all(np.array_equal(d, expected) for d in results)


@pytest.mark.parametrize("source", [-1, 3, 10**12])
def test_a_source_outside_the_graph_is_a_value_error(source):
    g = plexus.Graph.from_edges([0, 1], [1, 2])
    with pytest.raises(ValueError, match="is not a vertex"):
        plexus.bfs(g, source)


def test_bad_options_are_value_errors():
    g = plexus.Graph.from_edges([0, 1], [1, 2])
    with pytest.raises(ValueError):
        plexus.pagerank(g, damping=1.5)
    with pytest.raises(ValueError):
        plexus.bfs(g, 0, direction="sideways")
    with pytest.raises(ValueError):
        plexus.connected_components(g, samples=0)
    with pytest.raises(TypeError):
        plexus.bfs(g, 0, colour="red")


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda g: plexus.pagerank(g, max_iterations=2**40), "max_iterations = 1099511627776 is outside"),
        (lambda g: plexus.connected_components(g, rounds=2**31), "rounds = 2147483648 is outside"),
        (lambda g: plexus.connected_components(g, samples=1.5), "samples must be an integer"),
        (lambda g: plexus.betweenness(g, k=2**70), "k = .* is outside"),
        (lambda g: plexus.betweenness(g, k=2, seed=-1), "seed = -1 is outside"),
        (lambda g: plexus.bfs(g, 2**64), "source = .* is outside"),
        (lambda g: plexus.sssp(g, "0"), "source must be an integer"),
    ],
)
def test_integer_options_outside_what_the_library_takes_are_value_errors(call, message):
    g = plexus.Graph.from_edges([0, 1], [1, 2])
    with pytest.raises(ValueError, match=message):
        call(g)


def test_a_graph_without_vertices_has_no_source():
    with pytest.raises(ValueError, match="is not a vertex .the graph has no vertices"):
        plexus.bfs(plexus.Graph.from_edges([], []), 0)
