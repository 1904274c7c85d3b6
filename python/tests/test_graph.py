"""plexus.Graph: building from arrays, files, SciPy and NetworkX, handing back, and refusing
bad input with clear exceptions."""

import gc

import networkx as nx
import numpy as np
import pytest
import scipy.sparse

import plexus
from conftest import dataset, random_edges


def test_from_edges_undirected_counts_each_edge_once():
    g = plexus.Graph.from_edges([0, 1, 2, 2], [1, 2, 0, 2])  # a triangle and a self-loop
    assert (g.num_vertices, g.num_edges, g.directed, g.weighted) == (3, 3, False, False)
    assert list(g.degrees()) == [2, 2, 2]
    assert g.info()["arcs"] == 6


def test_from_edges_directed_weighted_with_isolated_vertices():
    g = plexus.Graph.from_edges(np.array([0, 1], dtype=np.uint32), [1, 2], weights=[0.5, 2.0], num_vertices=5, directed=True)
    assert (g.num_vertices, g.num_edges, g.weighted) == (5, 2, True)
    m = g.to_scipy()
    assert m.shape == (5, 5)
    assert m[0, 1] == pytest.approx(0.5) and m[1, 2] == pytest.approx(2.0)
    assert list(g.labels) == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    "src, dst, kwargs, message",
    [
        ([0.0, 1.0], [1, 2], {}, "src must hold integers"),
        ([0, -1], [1, 2], {}, r"src\[1\] = -1 is negative"),
        ([0, 1], [1, 9], {"num_vertices": 5}, r"dst\[1\] = 9 is not below num_vertices \(5\)"),
        ([0, 1], [1], {}, "src has 2 entries but dst has 1"),
        ([[0, 1]], [[1, 2]], {}, "one-dimensional"),
        ([0, 1], [1, 2], {"weights": [1.0, float("nan")]}, r"weights\[1\] is NaN"),
        ([0, 1], [1, 2], {"weights": [1.0]}, "one value per arc"),
        ([0, 1], [1, 2], {"num_vertices": -3}, "non-negative integer"),
    ],
)
def test_from_edges_refuses_bad_input(src, dst, kwargs, message):
    with pytest.raises(ValueError, match=message):
        plexus.Graph.from_edges(src, dst, **kwargs)


def test_non_contiguous_arrays_are_read_as_their_values():
    src, dst = np.arange(20)[::2], np.arange(20)[1::2]
    assert not src.flags.c_contiguous
    g = plexus.Graph.from_edges(src, dst)
    assert g.num_edges == 10 and g.num_vertices == 20


def test_from_file_keeps_the_files_ids_and_reports_problems(tmp_path):
    path = tmp_path / "g.el"
    path.write_text("10 20\n20 30\n")
    g = plexus.Graph.from_file(path)
    assert g.num_vertices == 3 and list(g.labels) == [10, 20, 30]
    with pytest.raises(FileNotFoundError):
        plexus.Graph.from_file(tmp_path / "missing.el")
    bad = tmp_path / "bad.el"
    bad.write_text("1 2\n3 x\n")
    with pytest.raises(ValueError, match="bad.el:2"):
        plexus.Graph.from_file(bad)
    with pytest.raises(ValueError):
        plexus.Graph.from_file(path, format="no-such-format")


def test_save_and_load_plx_round_trip(tmp_path):
    src, dst = random_edges(200, 1000, seed=1)
    g = plexus.Graph.from_edges(src, dst, weights=np.linspace(1, 2, 1000), directed=True)
    g.save(tmp_path / "g.plx")
    again = plexus.Graph.from_file(tmp_path / "g.plx")
    assert (again.to_scipy() != g.to_scipy()).nnz == 0


def test_scipy_round_trip_and_symmetry_decides_direction():
    m = scipy.sparse.random(50, 50, density=0.1, random_state=3, format="csr")
    g = plexus.Graph.from_scipy(m)
    assert g.directed and g.weighted
    back = g.to_scipy()
    m = (m - scipy.sparse.diags(m.diagonal())).tocsr()  # self-loops are dropped
    m.eliminate_zeros()
    assert abs(back - m.astype(np.float32)).max() < 1e-6
    sym = plexus.Graph.from_scipy((m + m.T) > 0)
    assert not sym.directed and not sym.weighted


def test_networkx_round_trip_keeps_node_labels_and_weights():
    G = nx.Graph()
    G.add_edge("a", "b", weight=2.5)
    G.add_edge("b", ("c", 1), weight=1.0)
    G.add_node("lonely")
    g = plexus.Graph.from_networkx(G, weight="weight")
    assert g.labels == ["a", "b", ("c", 1), "lonely"]
    H = g.to_networkx()
    assert set(H.nodes) == set(G.nodes)
    assert H["a"]["b"]["weight"] == pytest.approx(2.5)
    assert nx.utils.edges_equal(H.edges, G.edges)


def test_graph_arrays_outlive_the_graph_object():
    g = plexus.Graph.from_edges([0, 1], [1, 2])
    offsets = g._core.offsets()
    del g
    gc.collect()
    assert list(offsets) == [0, 1, 3, 4]
    assert not offsets.flags.writeable


def test_every_dataset_format_loads(tmp_path):
    for name in ["karate.mtx", "lesmis.graph", "football.gml", "CA-GrQc.txt", "rome99.gr", "foodweb-baydry.konect"]:
        g = plexus.Graph.from_file(dataset(name))
        assert g.num_vertices > 0 and g.num_edges > 0, name


def test_unknown_device_is_a_clear_error():
    g = plexus.Graph.from_edges([0], [1])
    with pytest.raises(ValueError, match="back end|device|cuda|gpu"):
        plexus.bfs(g, 0, device="no-such-device")


def test_weights_that_overflow_a_float_are_refused():
    with pytest.raises(ValueError, match=r"weights\[1\] = 1e\+300 does not fit a 32-bit float"):
        plexus.Graph.from_edges([0, 1], [1, 2], weights=[1.0, 1e300])
    with pytest.raises(ValueError, match=r"weights\[0\] = inf is not finite"):
        plexus.Graph.from_edges([0], [1], weights=[float("inf")])


def test_messages_name_the_keyword_python_takes():
    directed = plexus.Graph.from_edges([0, 1], [1, 2], directed=True)
    with pytest.raises(ValueError, match=r"directed=False") as raised:
        plexus.triangles(directed)
    assert "--undirected" not in str(raised.value)
    with pytest.raises(ValueError, match="format=") as raised:
        plexus.Graph.from_file(__file__)
    assert "--format" not in str(raised.value)


@pytest.mark.parametrize(
    "call,message",
    [
        (lambda g: plexus.sssp(g, 0, delta="x"), "delta must be a number, not 'x'"),
        (lambda g: plexus.pagerank(g, damping=None), "damping must be a number"),
        (lambda g: plexus.Graph.from_edges([0], [1], num_vertices=True), "num_vertices must be a non-negative integer"),
    ],
)
def test_options_of_the_wrong_type_name_the_option(call, message):
    g = plexus.Graph.from_edges([0, 1], [1, 2])
    with pytest.raises(ValueError, match=message):
        call(g)
