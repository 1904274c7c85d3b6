"""plexus.Hypergraph and its algorithms: hyperedges over vertices 0 .. num_vertices - 1,
built from a file or from incidences, with BFS, connected components and label propagation
on the host's cores or a GPU (``plexus run hyper-bfs``, ``hyper-cc``, ``hyper-lp``)."""

import errno
import os
from dataclasses import dataclass

import numpy as np

from plexus import _plexus
from plexus._algorithms import INT_MAX, core_of, name, real, whole


def _ids(name, values):
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"from_incidence: {name} must be a one-dimensional array of ids")
    if array.size == 0:
        return np.zeros(0, dtype=np.int64)
    if array.dtype.kind not in "iu":
        raise ValueError(f"from_incidence: {name} must hold integers, not {array.dtype}")
    if array.dtype.kind == "u" and array.max() > np.iinfo(np.int64).max:
        raise ValueError(f"from_incidence: {name} holds an id above the largest count")
    array = np.ascontiguousarray(array, dtype=np.int64)
    if array.min() < 0:
        i = int(np.flatnonzero(array < 0)[0])
        raise ValueError(f"from_incidence: {name}[{i}] = {array[i]} is negative")
    return array


class Hypergraph:
    """Hyperedges, each a set of vertices (a vertex listed twice in one hyperedge counts once)."""

    def __init__(self, core):
        self._core = core

    @classmethod
    def from_incidence(cls, hyperedges, vertices=None, num_vertices=None, num_hyperedges=None):
        """Either a list of hyperedges, each an iterable of vertex ids
        (``from_incidence([[0, 1, 2], [2, 3]])``), or two equal-length arrays of incidences:
        hyperedge ``hyperedges[i]`` holds vertex ``vertices[i]`` (the nonzeros of an incidence
        matrix). Counts default to the largest id + 1."""
        if vertices is None:
            lists = [np.asarray(list(edge) if not isinstance(edge, np.ndarray) else edge) for edge in hyperedges]
            sizes = np.fromiter((len(edge) for edge in lists), dtype=np.int64, count=len(lists))
            pins = _ids("hyperedges", np.concatenate(lists) if lists else np.zeros(0, dtype=np.int64))
            edge_ids = np.repeat(np.arange(len(lists), dtype=np.int64), sizes)
        else:
            edge_ids = _ids("hyperedges", hyperedges)
            pins = _ids("vertices", vertices)
            if len(edge_ids) != len(pins):
                raise ValueError(
                    f"from_incidence: hyperedges has {len(edge_ids)} entries but vertices has {len(pins)}"
                )
        # The library numbers vertices and hyperedges in 32 bits, the largest value meaning none.
        most = 2**32 - 2
        edges = int(edge_ids.max()) + 1 if edge_ids.size else 0
        if num_hyperedges is not None:
            if (isinstance(num_hyperedges, bool) or not isinstance(num_hyperedges, (int, np.integer))
                    or not edges <= num_hyperedges <= most):
                raise ValueError(
                    f"from_incidence: num_hyperedges = {num_hyperedges!r} must be an integer from {edges} to {most}"
                )
            edges = int(num_hyperedges)
        if num_vertices is not None and (isinstance(num_vertices, bool) or not isinstance(num_vertices, (int, np.integer)) or num_vertices < 0):
            raise ValueError(f"from_incidence: num_vertices must be a non-negative integer, not {num_vertices!r}")
        if num_vertices is not None and num_vertices > most:
            raise ValueError(f"from_incidence: num_vertices = {num_vertices} is above the largest vertex count, {most}")
        if edges > most:
            raise ValueError(f"from_incidence: {edges} hyperedges are more than the largest count, {most}")
        order = np.argsort(edge_ids, kind="stable")
        offsets = np.zeros(edges + 1, dtype=np.int64)
        np.cumsum(np.bincount(edge_ids, minlength=edges), out=offsets[1:])
        return cls(
            _plexus.Hypergraph.from_incidence(
                offsets, np.ascontiguousarray(pins[order]), -1 if num_vertices is None else int(num_vertices)
            )
        )

    @classmethod
    def from_file(cls, path, format=None):
        """Any hypergraph file the command line reads (.plx, hMETIS .hgr, one hyperedge per
        line, Benson/ScHoLP datasets, Chodrow's, HIF and XGI JSON; .gz around the text ones);
        ``format`` names one when the file's name does not tell."""
        path = os.fspath(path)
        if path != "-" and not os.path.exists(path) and not os.path.exists(os.path.dirname(path) or "."):
            raise FileNotFoundError(errno.ENOENT, f"{path}: no such file", path)
        return cls(_plexus.Hypergraph.from_file(path, format))

    @property
    def num_vertices(self):
        return self._core.num_vertices

    @property
    def num_hyperedges(self):
        return self._core.num_hyperedges

    @property
    def num_pins(self):
        """Incidences: the sum of the hyperedges' sizes."""
        return self._core.num_pins

    @property
    def labels(self):
        """Each vertex's id in the input (the file's ids), or the vertex numbers themselves."""
        ids = self._core.original_ids()
        return ids if len(ids) else np.arange(self.num_vertices, dtype=np.int64)

    def hyperedges(self):
        """Offsets and pins (read-only views, no copy): hyperedge h holds
        ``pins[offsets[h]:offsets[h + 1]]``, sorted."""
        return self._core.edge_offsets(), self._core.pins()

    def to_scipy(self):
        """The incidence matrix, vertices by hyperedges (CSC over hyperedges, a copy)."""
        import scipy.sparse

        offsets, pins = self.hyperedges()
        data = np.ones(len(pins), dtype=np.int8)
        return scipy.sparse.csc_matrix(
            (data, np.asarray(pins, dtype=np.int64), np.asarray(offsets, dtype=np.int64)),
            shape=(self.num_vertices, self.num_hyperedges),
        )

    def save(self, path):
        """Writes the hypergraph as a .plx file."""
        self._core.save(os.fspath(path))

    def to(self, device):
        """Uploads the hypergraph to ``device`` once, for the calls that follow there."""
        self._core.upload(device)
        return self

    def __repr__(self):
        return (
            f"<plexus.Hypergraph {self.num_vertices} vertices, {self.num_hyperedges} hyperedges, "
            f"{self.num_pins} pins>"
        )


@dataclass(frozen=True)
class HyperBfsResult:
    vertex_depth: np.ndarray  # int64, -1 where unreached
    vertex_parent: np.ndarray  # int64: the hyperedge it was reached through (the source: itself)
    hyperedge_depth: np.ndarray  # int64, -1 where unreached
    hyperedge_parent: np.ndarray  # int64: the vertex it was reached from
    iterations: int  # vertex levels, the source's included
    seconds: float


@dataclass(frozen=True)
class HyperComponentsResult:
    vertex_label: np.ndarray  # uint32: each vertex's component
    hyperedge_label: np.ndarray  # int64: each hyperedge's component, -1 when empty
    num_components: int  # isolated vertices included
    iterations: int
    seconds: float


@dataclass(frozen=True)
class HyperLabelPropagationResult:
    vertex_label: np.ndarray  # uint32: each vertex's community
    hyperedge_label: np.ndarray  # int64: each hyperedge's label, -1 when empty
    num_communities: int
    last_changed: int
    iterations: int
    seconds: float


def hyper_bfs(hypergraph, source, device="host"):
    """Breadth-first search from vertex ``source``, alternating vertices and hyperedges."""
    return HyperBfsResult(**_plexus.hyper_bfs(core_of(hypergraph, "Hypergraph"), whole("source", source, -(2**63), 2**63 - 1),
                                            name("device", device)))


def hyper_connected_components(hypergraph, device="host"):
    """Components: vertices joined through the hyperedges they share."""
    return HyperComponentsResult(**_plexus.hyper_components(core_of(hypergraph, "Hypergraph"), name("device", device)))


def hyper_label_propagation(hypergraph, device="host", max_iterations=100, tolerance=1e-6, seed=1):
    """Two-phase label propagation (hyperedges take their vertices' most frequent label, then
    vertices their hyperedges'), from random labels drawn with ``seed``; stops when fewer than
    ``tolerance * n`` vertices change."""
    tolerance = real("tolerance", tolerance)
    if not 0.0 <= tolerance <= 1.0:
        raise ValueError(f"tolerance = {tolerance} is outside 0..1")
    return HyperLabelPropagationResult(
        **_plexus.hyper_label_propagation(
            core_of(hypergraph, "Hypergraph"), name("device", device), whole("max_iterations", max_iterations, 0, INT_MAX), tolerance,
            whole("seed", seed, 0, 2**64 - 1),
        )
    )
