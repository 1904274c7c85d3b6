"""Every algorithm of the package on real graphs of the datasets folder. Each file is read twice:
by plexus.Graph.from_file, and by an independent reader (scipy.io.mmread, numpy.loadtxt, a few
lines for METIS and DIMACS); the answers are checked against scipy.sparse.csgraph, NetworkX or
a SciPy computation on the second reading, vertices matched through g.labels (the file's ids).
"""

import functools
import pathlib
from dataclasses import dataclass
from typing import Callable

import networkx as nx
import numpy as np
import pytest
import scipy.io
import scipy.sparse as sparse
import scipy.sparse.csgraph as csgraph
import plexus
from conftest import dataset

# Independent readers: each returns the file's ids of the vertices 0 .. n-1 of its reading, and
# every record of the file as (src, dst, weights) over those vertices.


def read_matrix_market(path):
    rows, _, _, _, field, _ = scipy.io.mminfo(path)
    m = scipy.io.mmread(path).tocoo()  # a symmetric file comes back with both triangles
    return np.arange(1, rows + 1), m.row, m.col, None if field == "pattern" else m.data.astype(np.float64)


def read_edge_list(path):
    pairs = np.loadtxt(path, dtype=np.int64, comments="#", usecols=(0, 1), ndmin=2)
    ids = np.unique(pairs)
    return ids, np.searchsorted(ids, pairs[:, 0]), np.searchsorted(ids, pairs[:, 1]), None


def read_metis(path):
    lines = [line for line in pathlib.Path(path).read_text().splitlines() if not line.startswith("%")]
    header = lines[0].split()
    n, weighted = int(header[0]), len(header) > 2 and header[2].endswith("1")  # fmt's last digit: edge weights
    src, dst, weights = [], [], []
    for v, line in enumerate(lines[1 : n + 1]):
        values = [int(x) for x in line.split()]
        neighbours = values[0::2] if weighted else values
        src += [v] * len(neighbours)
        dst += [u - 1 for u in neighbours]
        weights += values[1::2]
    return np.arange(1, n + 1), np.array(src), np.array(dst), np.array(weights, float) if weighted else None


def read_dimacs(path):
    n, arcs = 0, []
    for line in pathlib.Path(path).read_text().splitlines():
        if line.startswith("p "):
            n = int(line.split()[2])
        elif line.startswith("a "):
            arcs.append([int(x) for x in line.split()[1:4]])
    a = np.array(arcs)
    return np.arange(1, n + 1), a[:, 0] - 1, a[:, 1] - 1, a[:, 2].astype(np.float64)


@dataclass(frozen=True)
class Reference:
    ids: np.ndarray  # the file's id of each vertex of this reading, increasing
    src: np.ndarray
    dst: np.ndarray
    weights: np.ndarray  # None when the file has none
    directed: bool

    @property
    def n(self):
        return len(self.ids)

    def matrix(self, weighted=True):
        """The adjacency matrix as the package defines the graph: self-loops dropped, each edge
        both ways when undirected, parallel arcs collapsed to the smallest weight."""
        src, dst = self.src, self.dst
        w = self.weights if weighted and self.weights is not None else np.ones(len(src))
        if not self.directed:
            src, dst, w = np.concatenate([src, dst]), np.concatenate([dst, src]), np.concatenate([w, w])
        keep = src != dst
        src, dst, w = src[keep], dst[keep], w[keep]
        order = np.lexsort((w, dst, src))  # the smallest weight of each (src, dst) first
        src, dst, w = src[order], dst[order], w[order]
        first = np.ones(len(src), bool)
        first[1:] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
        return sparse.csr_matrix((w[first], (src[first], dst[first])), shape=(self.n, self.n))


@dataclass(frozen=True)
class Case:
    file: str
    read: Callable  # one of the readers above
    directed: bool
    format: str = None


CASES = {
    "karate": Case("karate.mtx", read_matrix_market, False),
    "dolphins": Case("dolphins.mtx", read_matrix_market, False),
    "netscience-weighted": Case("netscience.mtx", read_matrix_market, False),
    "west0067-directed-weighted": Case("west0067.mtx", read_matrix_market, True),
    "lesmis-weighted": Case("lesmis.graph", read_metis, False),
    "email-Eu-core-directed": Case("email-Eu-core.txt", read_edge_list, True),
    "email-Eu-core": Case("email-Eu-core.txt", read_edge_list, False),
    "CA-GrQc": Case("CA-GrQc.txt", read_edge_list, False),
    "facebook": Case("facebook_combined.txt", read_edge_list, False),
    "p2p-Gnutella08-directed": Case("p2p-Gnutella08.txt", read_edge_list, True),
    "p2p-Gnutella08": Case("p2p-Gnutella08.txt", read_edge_list, False),
    "Wiki-Vote-directed": Case("Wiki-Vote.txt", read_edge_list, True),
    "cora-directed": Case("cora.cites", read_edge_list, True, format="el"),
    "power": Case("power.graph", read_metis, False),
    "rome99-road-directed-weighted": Case("rome99.gr", read_dimacs, True),
    "luxembourg-road": Case("luxembourg_osm.mtx", read_matrix_market, False),
}

# Traversals on graphs of every kind: social, collaboration, web-like and peer-to-peer
# (directed, ids far from contiguous), a power grid and two road networks (high diameter).
TRAVERSALS = ["karate", "netscience-weighted", "west0067-directed-weighted", "email-Eu-core-directed", "CA-GrQc",
              "facebook", "p2p-Gnutella08-directed", "Wiki-Vote-directed", "cora-directed", "power",
              "rome99-road-directed-weighted", "luxembourg-road"]
# The structural algorithms need undirected graphs; NetworkX keeps these within seconds.
STRUCTURE = ["karate", "dolphins", "netscience-weighted", "lesmis-weighted", "email-Eu-core", "CA-GrQc",
             "p2p-Gnutella08", "power"]
EXACT_BETWEENNESS = ["karate", "dolphins", "lesmis-weighted", "west0067-directed-weighted"]
SAMPLED_BETWEENNESS = ["email-Eu-core-directed", "CA-GrQc", "facebook", "power"]
WEIGHTED = ["netscience-weighted", "lesmis-weighted", "rome99-road-directed-weighted"]


@functools.lru_cache(maxsize=None)
def loaded(name):
    """The package's graph, the independent reading, and at[v]: the reading's vertex of the
    package's vertex v (matched by the file's id)."""
    case = CASES[name]
    path = dataset(case.file)
    g = plexus.Graph.from_file(path, format=case.format, directed=case.directed)
    ids, src, dst, weights = case.read(path)
    ref = Reference(ids, src, dst, weights, case.directed)
    labels = np.asarray(g.labels)
    at = np.searchsorted(ref.ids, labels)
    assert g.num_vertices == ref.n
    assert np.array_equal(ref.ids[np.minimum(at, ref.n - 1)], labels), "a vertex id the file does not hold"
    return g, ref, at


def vertex_of(at, ref_vertex):
    return int(np.flatnonzero(at == ref_vertex)[0])


def sources(A):
    """The vertex with most out-arcs, and the one with the smallest id in the file."""
    return [int(np.argmax(np.diff(A.indptr))), 0]


def entries(A, rows, cols):
    return np.asarray(A[rows, cols]).ravel()


@functools.lru_cache(maxsize=None)
def networkx_graph(name):
    """The independent reading as a NetworkX graph over its vertices 0 .. n-1, loops dropped."""
    _, ref, _ = loaded(name)
    A = ref.matrix(weighted=False).tocoo()
    G = nx.DiGraph() if ref.directed else nx.Graph()
    G.add_nodes_from(range(ref.n))
    G.add_edges_from(zip(A.row.tolist(), A.col.tolist()))
    return G


@pytest.mark.parametrize("name", CASES)
def test_the_graph_is_the_files(name):
    g, ref, at = loaded(name)
    assert g.directed == ref.directed and g.weighted == (ref.weights is not None)
    A = ref.matrix()
    assert g.num_edges == (A.nnz if ref.directed else A.nnz // 2)
    mine = g.to_scipy().tocoo()
    theirs = A[at[mine.row], at[mine.col]]
    np.testing.assert_allclose(np.asarray(theirs).ravel(), mine.data, rtol=1e-6)


@pytest.mark.parametrize("name", TRAVERSALS)
def test_bfs_depths_are_scipys_hop_distances(name):
    g, ref, at = loaded(name)
    A = ref.matrix(weighted=False)
    for source in sources(A):
        r = plexus.bfs(g, vertex_of(at, source))
        hops = csgraph.shortest_path(A, directed=g.directed, unweighted=True, indices=source)
        np.testing.assert_array_equal(r.depth, np.where(np.isinf(hops), -1, hops).astype(np.int64)[at])
        # Every parent is one level up, by an arc of the file.
        reached = np.flatnonzero(r.depth > 0)
        parent = r.parent[reached]
        np.testing.assert_array_equal(r.depth[parent], r.depth[reached] - 1)
        assert np.all(entries(A, at[parent], at[reached]) == 1)
        assert np.all(r.parent[r.depth < 0] == -1)


@pytest.mark.parametrize("name", [n for n in TRAVERSALS if n != "west0067-directed-weighted"])
def test_sssp_distances_are_dijkstras(name):
    g, ref, at = loaded(name)
    A = ref.matrix()
    for source in sources(A):
        r = plexus.sssp(g, vertex_of(at, source))
        expected = csgraph.dijkstra(A, directed=g.directed, indices=source)[at]
        np.testing.assert_allclose(r.distance, expected, rtol=1e-5)  # the package's weights are float32
        # Every parent lies on a shortest path: its distance plus the arc's weight.
        reached = np.flatnonzero(np.isfinite(r.distance) & (r.parent != np.arange(g.num_vertices)))
        parent = r.parent[reached]
        through = r.distance[parent] + entries(A, at[parent], at[reached])
        np.testing.assert_allclose(through, r.distance[reached], rtol=1e-5)
        assert np.all(r.parent[np.isinf(r.distance)] == -1)


def test_sssp_refuses_the_negative_weights_of_a_file():
    g, _, _ = loaded("west0067-directed-weighted")
    with pytest.raises(ValueError, match="non-negative weights"):
        plexus.sssp(g, 0)


@pytest.mark.parametrize("name", TRAVERSALS)
def test_components_are_scipys_weak_components(name):
    g, ref, at = loaded(name)
    count, component = csgraph.connected_components(ref.matrix(), directed=g.directed, connection="weak")
    r = plexus.connected_components(g)
    assert r.num_components == count
    expected = component[at]
    # The same partition (labels pair off one to one), each part named by its member of
    # smallest id in the file.
    assert np.unique(np.stack([r.label.astype(np.int64), expected]), axis=1).shape[1] == count
    smallest = np.full(count, np.iinfo(np.int64).max)
    np.minimum.at(smallest, component, ref.ids)
    np.testing.assert_array_equal(np.asarray(g.labels)[r.label], smallest[expected])


def pagerank_reference(A, damping=0.85, weighted=False):
    """Power iteration (NetworkX's definition: a sink's rank spread over every vertex) until
    the L1 change is 1e-15, within 1e-14 of the fixed point."""
    n = A.shape[0]
    W = A if weighted else (A != 0).astype(np.float64)
    out = np.asarray(W.sum(axis=1)).ravel()
    sink = out == 0
    step = (sparse.diags(np.where(sink, 0.0, 1.0 / np.where(sink, 1.0, out))) @ W).T.tocsr()
    x = np.full(n, 1.0 / n)
    for _ in range(10000):
        new = damping * (step @ x + x[sink].sum() / n) + (1 - damping) / n
        if np.abs(new - x).sum() < 1e-15:
            return new / new.sum()
        x = new
    raise AssertionError("the reference did not converge")


@pytest.mark.parametrize("name", TRAVERSALS)
def test_pagerank_is_the_power_iterations(name):
    g, ref, at = loaded(name)
    r = plexus.pagerank(g, tolerance=1e-11, max_iterations=1000)
    assert r.converged
    expected = pagerank_reference(ref.matrix())[at]
    assert np.abs(r.rank - expected).sum() < 1e-10  # the error bound asked for, and rounding
    np.testing.assert_allclose(r.rank, expected, rtol=1e-6)


@pytest.mark.parametrize("name", WEIGHTED)
def test_weighted_pagerank_is_the_power_iterations(name):
    g, ref, at = loaded(name)
    r = plexus.pagerank(g, tolerance=1e-11, max_iterations=1000, weighted=True)
    expected = pagerank_reference(ref.matrix().astype(np.float32).astype(np.float64), weighted=True)[at]
    assert r.converged and np.abs(r.rank - expected).sum() < 1e-9


def in_order(values, at):
    """A NetworkX dict over the reading's vertices, as an array over the package's."""
    return np.array([values[v] for v in range(len(values))])[at]


@pytest.mark.parametrize("name", STRUCTURE)
def test_triangles_and_core_numbers_are_networkxs(name):
    g, _, at = loaded(name)
    G = networkx_graph(name)
    triangles = nx.triangles(G)
    r = plexus.triangles(g)
    np.testing.assert_array_equal(r.per_vertex, in_order(triangles, at))
    assert r.total == sum(triangles.values()) // 3
    np.testing.assert_array_equal(plexus.core_number(g).core, in_order(nx.core_number(G), at))


@pytest.mark.parametrize("name", STRUCTURE)
def test_clustering_is_networkxs(name):
    g, _, at = loaded(name)
    r = plexus.clustering(g)
    np.testing.assert_allclose(r.coefficient, in_order(nx.clustering(networkx_graph(name)), at), rtol=0, atol=1e-12)
    assert r.average == pytest.approx(r.coefficient.mean(), abs=1e-12)


def test_a_large_social_graphs_triangles_cores_and_clustering():
    # 88,234 edges and 1.6 million triangles: NetworkX takes seconds to count them, SciPy does
    # it as the diagonal of A^3 (row sums of A^2 .* A), and NetworkX gives the core numbers.
    g, ref, at = loaded("facebook")
    A = ref.matrix(weighted=False)
    triangles = np.asarray((A @ A).multiply(A).sum(axis=1)).ravel().astype(np.int64) // 2
    r = plexus.triangles(g)
    np.testing.assert_array_equal(r.per_vertex, triangles[at])
    assert r.total == triangles.sum() // 3 == 1_612_010  # SNAP's published count
    degree = np.diff(A.indptr)
    expected = np.divide(2.0 * triangles, degree * (degree - 1.0), out=np.zeros(ref.n), where=degree > 1)
    np.testing.assert_allclose(plexus.clustering(g).coefficient, expected[at], rtol=0, atol=1e-12)
    np.testing.assert_array_equal(plexus.core_number(g).core, in_order(nx.core_number(networkx_graph("facebook")), at))


@pytest.mark.parametrize("name", ["email-Eu-core-directed", "p2p-Gnutella08-directed"])
def test_directed_clustering_is_graphalytics_lcc(name):
    # On a directed graph the package computes LDBC Graphalytics' LCC (not NetworkX's
    # directed clustering): the arcs among N(v), the in- and out-neighbours of v, over
    # |N(v)| (|N(v)| - 1). Here in SciPy: row v of (U A) .* U counts them, U = N as a matrix.
    g, ref, at = loaded(name)
    A = ref.matrix(weighted=False)
    U = ((A + A.T) != 0).astype(np.float64)
    arcs_among = np.asarray((U @ A).multiply(U).sum(axis=1)).ravel()
    size = np.asarray(U.sum(axis=1)).ravel()
    expected = np.divide(arcs_among, size * (size - 1), out=np.zeros(ref.n), where=size > 1)
    np.testing.assert_allclose(plexus.clustering(g).coefficient, expected[at], rtol=0, atol=1e-12)


@pytest.mark.parametrize("name", STRUCTURE + ["facebook"])
def test_jaccard_is_scipys(name):
    g, ref, at = loaded(name)
    A = ref.matrix(weighted=False)
    r = plexus.jaccard(g)
    u, v = at[r.src], at[r.dst]
    # One score per stored arc: every edge of the file both ways, once.
    assert len(u) == A.nnz and np.all(entries(A, u, v) == 1)
    assert len(np.unique(u * ref.n + v)) == A.nnz
    common = entries((A @ A).multiply(A).tocsr(), u, v)  # the common neighbours of each edge's ends
    degree = np.diff(A.indptr)
    np.testing.assert_allclose(r.score, common / (degree[u] + degree[v] - common), rtol=0, atol=1e-12)


@pytest.mark.parametrize("name", EXACT_BETWEENNESS)
def test_exact_betweenness_is_networkxs(name):
    g, ref, at = loaded(name)
    r = plexus.betweenness(g)
    assert len(r.sources) == 0
    expected = in_order(nx.betweenness_centrality(networkx_graph(name)), at)
    np.testing.assert_allclose(r.score, expected, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("name", SAMPLED_BETWEENNESS)
def test_sampled_betweenness_is_networkxs_from_the_same_sources(name):
    # NetworkX's Brandes dependencies from the sources the package drew, scaled as NetworkX 3.6
    # scales a sample of k sources (N = n - 1): 1 / (k (N - 1)), and 1 / ((k - 1) (N - 1)) at
    # a source, which never lies inside its own paths.
    from networkx.algorithms.centrality.betweenness import _accumulate_basic, _single_source_shortest_path_basic

    g, ref, at = loaded(name)
    k = 8
    r = plexus.betweenness(g, k=k, seed=3)
    assert len(np.unique(r.sources)) == k
    G = networkx_graph(name)
    dependency = dict.fromkeys(G, 0.0)
    for s in at[r.sources].tolist():
        S, P, sigma, _ = _single_source_shortest_path_basic(G, s)
        dependency, _ = _accumulate_basic(dependency, S, P, sigma, s)
    N = ref.n - 1
    scale = np.full(ref.n, 1.0 / (k * (N - 1)))
    scale[at[r.sources]] = 1.0 / ((k - 1) * (N - 1))
    np.testing.assert_allclose(r.score, in_order(dependency, at) * scale[at], rtol=1e-9, atol=1e-15)
