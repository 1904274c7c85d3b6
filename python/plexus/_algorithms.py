"""The algorithms: each takes a Graph and ``device`` ("host", "cuda", "hip"), runs on the
graph's copy there (uploaded on first use) without holding the GIL, and returns a result
whose arrays are indexed by vertex."""

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from plexus import _plexus


def whole(name, value, low, high):
    """``value`` as an int in [low, high], else a ValueError naming the option: the library's
    options are C++ integers, which Python's would overflow."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} must be an integer, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{name} = {value} is outside {low}..{high}")
    return int(value)


INT_MAX = 2**31 - 1


def core_of(graph, kind="Graph"):
    """The library object of a plexus.Graph (or Hypergraph), else a one-line TypeError saying
    what was given."""
    from plexus import _graph, _hypergraph

    expected = _graph.Graph if kind == "Graph" else _hypergraph.Hypergraph
    if not isinstance(graph, expected):
        raise TypeError(f"expected a plexus.{kind}, not {type(graph).__name__}")
    return graph._core


def real(option, value):
    """A number option as a float, else a one-line ValueError naming the option."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ValueError(f"{option} must be a number, not {value!r}")
    return float(value)


def name(option, value):
    """An option that names something ("host", "push"), else a one-line ValueError."""
    if not isinstance(value, str):
        raise ValueError(f"{option} must be a name (a str), not {value!r}")
    return value

_BYTE_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def _engine(engine, device_memory_limit):
    """The engine request of a traversal: ``engine`` by name, ``device_memory_limit`` in bytes
    or as the command line writes it ("512M", "12G")."""
    if not isinstance(engine, str):
        raise ValueError(f"engine must be a name, not {engine!r}")
    limit = device_memory_limit
    if isinstance(limit, str):
        text = limit.strip().upper().removesuffix("B")
        unit = text[-1:] if text[-1:] in _BYTE_UNITS else ""
        number = text[: len(text) - len(unit)]
        if not number.isdigit():
            raise ValueError(f"device_memory_limit = {device_memory_limit!r}: give bytes, or a size such as 512M or 12G")
        limit = int(number) * _BYTE_UNITS[unit]
    if limit is not None:
        limit = whole("device_memory_limit", limit, 1, 2**64 - 1)
    return _plexus.EngineRequest(engine, limit)


def backends():
    """Every back end, and whether this build has it with a device present."""
    return _plexus.backends()


@dataclass(frozen=True)
class BfsResult:
    depth: np.ndarray  # int64, -1 where unreached
    parent: np.ndarray  # int64, -1 where unreached; parent[source] == source
    iterations: int
    seconds: float
    engine: dict  # "engine": the one that ran; a streaming run's bytes moved, peak memory, times


@dataclass(frozen=True, eq=False)
class SsspResult:
    distance: np.ndarray  # float32, inf where unreached
    iterations: int
    seconds: float
    engine: dict  # "engine": the one that ran; a streaming run's bytes moved, peak memory, times
    _make_parents: object = field(repr=False)

    @cached_property
    def parent(self):
        """int64, -1 where unreached, parent[source] == source: the canonical shortest-path tree
        of the distances (of the tight arcs, fewest hops from the source, then the smallest
        id), made on the host when first read, so a call that wants distances alone does not
        wait for it. Until then the result holds its graph."""
        parent = self._make_parents()
        object.__setattr__(self, "_make_parents", None)
        return parent


@dataclass(frozen=True)
class ComponentsResult:
    label: np.ndarray  # uint32: each vertex's component, named by its member of smallest input id
    num_components: int
    iterations: int
    seconds: float
    engine: dict  # "engine": the one that ran; a streaming run's bytes moved, peak memory, times


@dataclass(frozen=True)
class PagerankResult:
    rank: np.ndarray  # float64, summing to 1
    iterations: int
    converged: bool
    seconds: float
    engine: dict  # "engine": the one that ran; a streaming run's bytes moved, peak memory, times


_ENGINES_DOC = """``engine``: where the arcs live. "auto" (the default) keeps them in the device's memory
    when the graph fits there (``device_memory_limit``, else what is free) and streams them from
    host memory when not, or when the in-memory run runs out of memory; "in-memory",
    "out-of-core" (OneGraph's static region and on-demand chunks), "subway", "zero-copy",
    "managed" and "managed-fits" force one (docs/performance/outofcore.md). The result's
    ``engine`` names the one that ran."""


def bfs(graph, source, device="host", direction="auto", engine="auto", device_memory_limit=None):
    """Breadth-first search from ``source`` (direction: "auto", "push" or "pull")."""
    return BfsResult(
        **_plexus.bfs(core_of(graph), whole("source", source, -(2**63), 2**63 - 1), name("device", device),
                      name("direction", direction),
                      _engine(engine, device_memory_limit))
    )


def sssp(graph, source, device="host", delta=0.0, engine="auto", device_memory_limit=None):
    """Single-source shortest paths (arc weights, or 1 each); ``delta`` 0 chooses the bucket
    width from the weights."""
    core, source = core_of(graph), whole("source", source, -(2**63), 2**63 - 1)
    result = _plexus.sssp(core, source, name("device", device), real("delta", delta), _engine(engine, device_memory_limit))
    # The parents are made from the distances as returned, whatever the caller does to them.
    distance = result["distance"].copy()
    return SsspResult(**result, _make_parents=lambda: _plexus.sssp_parents(core, source, distance))


def connected_components(graph, device="host", rounds=2, samples=1024, engine="auto", device_memory_limit=None):
    """Connected components (weakly, for a directed graph), by Afforest."""
    return ComponentsResult(
        **_plexus.connected_components(
            core_of(graph), name("device", device), whole("rounds", rounds, -INT_MAX, INT_MAX), whole("samples", samples, -INT_MAX, INT_MAX),
            _engine(engine, device_memory_limit),
        )
    )


def pagerank(graph, device="host", damping=0.85, tolerance=1e-6, max_iterations=100, weighted=False,
             stop="error-bound", engine="auto", device_memory_limit=None):
    """PageRank as NetworkX defines it (dangling mass spread uniformly). ``stop`` is
    "error-bound" (the default, as ``plexus run pagerank``: stop once damping / (1 - damping)
    times the L1 change is at most ``tolerance``, which bounds the L1 distance to the fixed
    point) or "networkx" (NetworkX's test: the L1 change below n * tolerance)."""
    return PagerankResult(
        **_plexus.pagerank(
            core_of(graph), name("device", device), real("damping", damping), real("tolerance", tolerance),
            whole("max_iterations", max_iterations, -INT_MAX, INT_MAX), bool(weighted), name("stop", stop),
            _engine(engine, device_memory_limit),
        )
    )


for _traversal in (bfs, sssp, connected_components, pagerank):
    _traversal.__doc__ += "\n\n    " + _ENGINES_DOC


@dataclass(frozen=True)
class LabelPropagationResult:
    label: np.ndarray  # uint32: each vertex's community, named by one of its vertices
    num_communities: int
    modularity: float  # nan for a directed graph or one without edges
    last_changed: int  # labels the last iteration changed (semi-synchronous: would change)
    iterations: int
    seconds: float

    @property
    def converged(self):
        """Whether the last iteration changed no label."""
        return self.last_changed == 0


def label_propagation(graph, device="host", variant="semi-synchronous", max_iterations=100, tolerance=0.0,
                      seed=1):
    """Communities by label propagation, as ``plexus run lp`` finds them: every vertex takes
    the label most frequent among its neighbours; ``variant`` is "semi-synchronous" (the
    default: a random half of the vertices moves each iteration, so neighbours do not trade
    labels forever), "synchronous", "randomized" (ties drawn with ``seed``) or "cdlp" (LDBC
    Graphalytics: exactly ``max_iterations`` iterations, smallest label on ties). Stops when at
    most ``tolerance * n`` labels change."""
    tolerance = real("tolerance", tolerance)
    if not 0.0 <= tolerance <= 1.0:
        raise ValueError(f"tolerance = {tolerance} is outside 0..1")
    return LabelPropagationResult(
        **_plexus.label_propagation(
            core_of(graph), name("device", device), name("variant", variant), whole("max_iterations", max_iterations, 0, INT_MAX), tolerance,
            whole("seed", seed, 0, 2**64 - 1),
        )
    )
