"""plexus.Graph: a graph in the library's memory, built from NumPy arrays, a file, a SciPy
sparse matrix or a NetworkX graph, and handed back in any of those forms."""

import errno
import os

import numpy as np

from plexus import _plexus


def _vertex_ids(name, values):
    """One-dimensional integer ids as a contiguous int64 array (copied only when needed)."""
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"from_edges: {name} must be a one-dimensional array of vertex ids")
    if array.size == 0:
        return np.zeros(0, dtype=np.int64)
    if array.dtype.kind not in "iu":
        raise ValueError(f"from_edges: {name} must hold integers, not {array.dtype}")
    if array.dtype.kind == "u" and int(array.max()) > np.iinfo(np.int64).max:
        raise ValueError(f"from_edges: {name} holds an id above the largest vertex count")
    return np.ascontiguousarray(array, dtype=np.int64)


def _arc_weights(values):
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError("from_edges: weights must be a one-dimensional array")
    if array.size and array.dtype.kind not in "iuf":
        raise ValueError(f"from_edges: weights must hold numbers, not {array.dtype}")
    with np.errstate(over="ignore"):
        weights = np.ascontiguousarray(array, dtype=np.float32)
    overflowed = np.flatnonzero(np.isinf(weights) & np.isfinite(array))
    if overflowed.size:
        i = int(overflowed[0])
        raise ValueError(f"from_edges: weights[{i}] = {array[i]} does not fit a 32-bit float")
    # As the files' readers refuse them: an infinite weight is no length a path can take.
    infinite = np.flatnonzero(np.isinf(weights))
    if infinite.size:
        i = int(infinite[0])
        raise ValueError(f"from_edges: weights[{i}] = {array[i]} is not finite")
    return weights


class Graph:
    """A directed or undirected graph over vertices 0 .. num_vertices - 1, with optional
    arc weights. Parallel arcs collapse to the smallest weight; self-loops are dropped, as
    the command line's readers do."""

    def __init__(self, core, labels=None):
        self._core = core
        self._labels = labels

    # Building

    @classmethod
    def from_edges(cls, src, dst, weights=None, num_vertices=None, directed=False):
        """The graph of arcs src[i] -> dst[i] (edges, when undirected) over NumPy integer
        arrays; num_vertices defaults to the largest id + 1."""
        if num_vertices is not None and (
            isinstance(num_vertices, bool) or not isinstance(num_vertices, (int, np.integer)) or num_vertices < 0
        ):
            raise ValueError(f"from_edges: num_vertices must be a non-negative integer, not {num_vertices!r}")
        core = _plexus.Graph.from_edges(
            _vertex_ids("src", src),
            _vertex_ids("dst", dst),
            None if weights is None else _arc_weights(weights),
            -1 if num_vertices is None else int(num_vertices),
            bool(directed),
        )
        return cls(core)

    @classmethod
    def from_file(cls, path, format=None, directed=None):
        """Any file the command line reads (.plx, Matrix Market, SNAP, edge lists, DIMACS,
        METIS, KONECT, CSV, GML, Graphalytics; .gz around any), keeping the file's ids as
        ``labels``. ``directed`` overrides what the file says."""
        path = os.fspath(path)
        if directed is not None and not isinstance(directed, (bool, np.bool_)):
            raise ValueError(f"from_file: directed must be True, False or None, not {directed!r}")
        if format is not None and not isinstance(format, str):
            raise ValueError(f"from_file: format must be a name (a str), not {format!r}")
        if path != "-" and not os.path.exists(path):
            raise FileNotFoundError(errno.ENOENT, f"{path}: no such file", path)
        return cls(_plexus.Graph.from_file(path, format, directed))

    @classmethod
    def from_scipy(cls, matrix, directed=None):
        """The graph whose arcs are the stored entries of a square SciPy sparse matrix,
        weighted by their values unless every value is 1; undirected when the matrix is
        symmetric, unless ``directed`` says otherwise."""
        import scipy.sparse

        if not scipy.sparse.issparse(matrix):
            raise ValueError("from_scipy: expected a SciPy sparse matrix")
        if matrix.shape[0] != matrix.shape[1]:
            raise ValueError(f"from_scipy: the matrix must be square, not {matrix.shape[0]} x {matrix.shape[1]}")
        coo = matrix.tocoo()
        if directed is None:
            directed = (matrix != matrix.T).nnz != 0
        data = np.asarray(coo.data)
        weights = None if data.size == 0 or np.all(data == 1) else data
        return cls.from_edges(coo.row, coo.col, weights, num_vertices=matrix.shape[0], directed=directed)

    @classmethod
    def from_networkx(cls, graph, weight=None):
        """A NetworkX graph, its nodes (any hashable) numbered in the graph's node order and
        given back by ``labels``; ``weight`` names the edge attribute holding weights (1 where
        an edge has none)."""
        nodes = list(graph.nodes())
        index = {node: i for i, node in enumerate(nodes)}
        edges = list(graph.edges(data=weight, default=1.0) if weight else graph.edges())
        src = np.fromiter((index[e[0]] for e in edges), dtype=np.int64, count=len(edges))
        dst = np.fromiter((index[e[1]] for e in edges), dtype=np.int64, count=len(edges))
        weights = None
        if weight:
            weights = np.fromiter((e[2] for e in edges), dtype=np.float64, count=len(edges))
        core = _plexus.Graph.from_edges(
            src, dst, None if weights is None else _arc_weights(weights), len(nodes), graph.is_directed()
        )
        return cls(core, labels=nodes)

    # What it holds

    @property
    def num_vertices(self):
        return self._core.num_vertices

    @property
    def num_edges(self):
        """Edges as the input counts them: arcs of a directed graph, edges of an undirected one."""
        return self._core.num_edges

    @property
    def directed(self):
        return self._core.directed

    @property
    def weighted(self):
        return self._core.weighted

    @property
    def labels(self):
        """Each vertex's id in the input: NetworkX's nodes (a list), the file's ids, or the
        vertex numbers themselves."""
        if self._labels is not None:
            return self._labels
        ids = self._core.original_ids()
        return ids if len(ids) else np.arange(self.num_vertices, dtype=np.int64)

    def degrees(self):
        """Out-degree of every vertex (degree, when undirected)."""
        return np.diff(self._core.offsets()).astype(np.int64)

    def info(self):
        return {
            "vertices": self.num_vertices,
            "edges": self.num_edges,
            "arcs": self._core.num_arcs,
            "directed": self.directed,
            "weighted": self.weighted,
        }

    def __repr__(self):
        kind = "directed" if self.directed else "undirected"
        weighted = ", weighted" if self.weighted else ""
        return f"<plexus.Graph {kind}{weighted}, {self.num_vertices} vertices, {self.num_edges} edges>"

    # Handing it on

    def to_scipy(self):
        """The adjacency matrix (CSR, a copy): weights, or 1 per arc."""
        import scipy.sparse

        n = self.num_vertices
        offsets = np.array(self._core.offsets(), dtype=np.int64)
        indices = np.array(self._core.indices(), dtype=np.int32)
        data = np.array(self._core.weights()) if self.weighted else np.ones(len(indices), dtype=np.float32)
        return scipy.sparse.csr_matrix((data, indices, offsets), shape=(n, n))

    def to_networkx(self):
        """A NetworkX Graph or DiGraph over ``labels``, with a ``weight`` attribute when weighted."""
        import networkx as nx

        graph = nx.DiGraph() if self.directed else nx.Graph()
        labels = list(self.labels)
        graph.add_nodes_from(labels)
        src, dst = self.arcs()
        weights = np.asarray(self._core.weights()) if self.weighted else None
        if not self.directed:  # each edge is stored both ways: once is enough
            once = src <= dst
            src, dst = src[once], dst[once]
            weights = None if weights is None else weights[once]
        ends = ((labels[u], labels[v]) for u, v in zip(src.tolist(), dst.tolist()))
        if weights is None:
            graph.add_edges_from(ends)
        else:
            graph.add_edges_from((u, v, {"weight": w}) for (u, v), w in zip(ends, weights.tolist()))
        return graph

    def arcs(self):
        """Every stored arc's tail and head, in storage order (each undirected edge both ways):
        what per-arc results such as ``jaccard`` are aligned with."""
        offsets = self._core.offsets()
        src = np.repeat(np.arange(self.num_vertices, dtype=np.int64), np.diff(offsets).astype(np.int64))
        return src, np.asarray(self._core.indices(), dtype=np.int64)

    def save(self, path):
        """Writes the graph as a .plx file, which every Plexus reader loads directly."""
        self._core.save(os.fspath(path))

    def to(self, device):
        """Uploads the graph to ``device`` ("host", "cuda", "hip") once, for the calls that
        follow there; returns the graph."""
        self._core.upload(device)
        return self
