"""plexus.Hypergraph and its algorithms against NetworkX on the bipartite (vertex-hyperedge)
graph: BFS depths are half the bipartite distances, components the bipartite components'
vertices; label propagation's communities never cross a component, and every run is the same
on repeat."""

import networkx as nx
import numpy as np
import pytest

import plexus
from conftest import datasets_dir


def bipartite(h):
    """NetworkX's graph of vertices ("v", i) and hyperedges ("e", j), an edge per pin."""
    offsets, pins = h.hyperedges()
    g = nx.Graph()
    g.add_nodes_from(("v", v) for v in range(h.num_vertices))
    g.add_nodes_from(("e", e) for e in range(h.num_hyperedges))
    for e in range(h.num_hyperedges):
        g.add_edges_from((("e", e), ("v", int(v))) for v in pins[offsets[e] : offsets[e + 1]])
    return g


def random_hypergraph(n, edges, largest, seed):
    rng = np.random.default_rng(seed)
    return [rng.choice(n, size=rng.integers(1, largest + 1), replace=False) for _ in range(edges)]


def hypergraphs():
    yield "lists", plexus.Hypergraph.from_incidence([[0, 1, 2], [2, 3], [4, 5], [5, 6, 7, 0]], num_vertices=10)
    yield "random", plexus.Hypergraph.from_incidence(random_hypergraph(300, 120, 5, seed=3))
    path = datasets_dir() / "hypergraphs" / "email-Enron"
    if path.exists():
        yield "email-Enron", plexus.Hypergraph.from_file(path)


@pytest.mark.parametrize("h", [h for _, h in hypergraphs()], ids=[name for name, _ in hypergraphs()])
def test_bfs_and_components_equal_the_bipartite_graphs(h):
    b = bipartite(h)
    source = 0
    found = plexus.hyper_bfs(h, source)
    lengths = nx.single_source_shortest_path_length(b, ("v", source))
    expected_vertices = np.array([lengths.get(("v", v), -2) // 2 for v in range(h.num_vertices)])
    expected_vertices[expected_vertices < 0] = -1
    np.testing.assert_array_equal(found.vertex_depth, expected_vertices)
    # A hyperedge reached from a vertex of depth k has depth k + 1 (bipartite distance 2k + 1).
    expected_edges = np.array([(lengths[("e", e)] + 1) // 2 if ("e", e) in lengths else -1
                               for e in range(h.num_hyperedges)])
    np.testing.assert_array_equal(found.hyperedge_depth, expected_edges)

    components = plexus.hyper_connected_components(h)
    expected = {frozenset(v for kind, v in c if kind == "v") for c in nx.connected_components(b)}
    expected.discard(frozenset())
    labels = components.vertex_label
    found_sets = {}
    for v, label in enumerate(labels.tolist()):
        found_sets.setdefault(label, set()).add(v)
    assert {frozenset(s) for s in found_sets.values()} == expected
    assert components.num_components == len(expected)


def test_label_propagation_stays_inside_components_and_repeats():
    # Two groups of hyperedges that share no vertex: no community can span both.
    h = plexus.Hypergraph.from_incidence([[0, 1, 2], [1, 2, 3], [0, 3], [4, 5, 6], [5, 6, 7], [4, 7]])
    first = plexus.hyper_label_propagation(h, seed=7)
    again = plexus.hyper_label_propagation(h, seed=7)
    np.testing.assert_array_equal(first.vertex_label, again.vertex_label)
    left, right = set(first.vertex_label[:4].tolist()), set(first.vertex_label[4:].tolist())
    assert not left & right
    assert first.num_communities == len(np.unique(first.vertex_label))


def test_from_incidence_pairs_equals_lists_and_scipy_round_trip():
    lists = [[0, 1, 2], [2, 3], [1]]
    a = plexus.Hypergraph.from_incidence(lists)
    b = plexus.Hypergraph.from_incidence([0, 0, 0, 1, 1, 2], [2, 1, 0, 3, 2, 1])
    for x, y in zip(a.hyperedges(), b.hyperedges()):
        np.testing.assert_array_equal(x, y)
    incidence = a.to_scipy().toarray()
    assert incidence.shape == (4, 3)
    np.testing.assert_array_equal(incidence[:, 0], [1, 1, 1, 0])
    assert (a.num_vertices, a.num_hyperedges, a.num_pins) == (4, 3, 6)


def test_save_and_read_back(tmp_path):
    h = plexus.Hypergraph.from_incidence(random_hypergraph(50, 30, 4, seed=1))
    path = tmp_path / "h.plx"
    h.save(path)
    back = plexus.Hypergraph.from_file(path)
    for x, y in zip(h.hyperedges(), back.hyperedges()):
        np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda: plexus.Hypergraph.from_incidence([[0, -1]]), "negative"),
        (lambda: plexus.Hypergraph.from_incidence([[0, 5]], num_vertices=3), "not below 3"),
        (lambda: plexus.Hypergraph.from_incidence([0, 1], [0]), "entries"),
        (lambda: plexus.Hypergraph.from_incidence([[0]], num_vertices=2**40), "above the largest vertex count"),
        (lambda: plexus.Hypergraph.from_incidence([[0]], num_hyperedges=2**33), "from 1 to 4294967294"),
        (lambda: plexus.Hypergraph.from_incidence([[0.5, 1]]), "integers"),
        (lambda: plexus.hyper_bfs(plexus.Hypergraph.from_incidence([[0, 1]]), 2), "not a vertex"),
        (lambda: plexus.hyper_label_propagation(plexus.Hypergraph.from_incidence([[0, 1]]), tolerance=2), "0..1"),
        (lambda: plexus.hyper_bfs(plexus.Hypergraph.from_incidence([[0, 1]]), 0, device="tpu"), "tpu"),
    ],
)
def test_bad_input_is_a_one_line_value_error(call, message):
    with pytest.raises(ValueError, match=message) as raised:
        call()
    assert "\n" not in str(raised.value)


def test_missing_file():
    with pytest.raises(FileNotFoundError):
        plexus.Hypergraph.from_file("/nonexistent/folder/h.hgr")
