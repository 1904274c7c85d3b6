"""The algorithms: each takes a Graph and ``device`` ("host", "cuda", "hip"), runs on the
graph's copy there (uploaded on first use) without holding the GIL, and returns a result
whose arrays are indexed by vertex."""

from dataclasses import dataclass

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


def backends():
    """Every back end, and whether this build has it with a device present."""
    return _plexus.backends()


@dataclass(frozen=True)
class BfsResult:
    depth: np.ndarray  # int64, -1 where unreached
    parent: np.ndarray  # int64, -1 where unreached; parent[source] == source
    iterations: int
    seconds: float


@dataclass(frozen=True)
class SsspResult:
    distance: np.ndarray  # float32, inf where unreached
    parent: np.ndarray  # int64, -1 where unreached
    iterations: int
    seconds: float


@dataclass(frozen=True)
class ComponentsResult:
    label: np.ndarray  # uint32: each vertex's component, named by its member of smallest input id
    num_components: int
    iterations: int
    seconds: float


@dataclass(frozen=True)
class PagerankResult:
    rank: np.ndarray  # float64, summing to 1
    iterations: int
    converged: bool
    seconds: float


def bfs(graph, source, device="host", direction="auto"):
    """Breadth-first search from ``source`` (direction: "auto", "push" or "pull")."""
    return BfsResult(**_plexus.bfs(graph._core, whole("source", source, -(2**63), 2**63 - 1), device, direction))


def sssp(graph, source, device="host", delta=0.0):
    """Single-source shortest paths (arc weights, or 1 each); ``delta`` 0 chooses the bucket
    width from the weights."""
    return SsspResult(**_plexus.sssp(graph._core, whole("source", source, -(2**63), 2**63 - 1), device, float(delta)))


def connected_components(graph, device="host", rounds=2, samples=1024):
    """Connected components (weakly, for a directed graph), by Afforest."""
    return ComponentsResult(
        **_plexus.connected_components(
            graph._core, device, whole("rounds", rounds, -INT_MAX, INT_MAX), whole("samples", samples, -INT_MAX, INT_MAX)
        )
    )


def pagerank(graph, device="host", damping=0.85, tolerance=1e-6, max_iterations=100, weighted=False):
    """PageRank as NetworkX defines it (dangling mass spread uniformly; stops when the L1
    change falls below n * tolerance)."""
    return PagerankResult(
        **_plexus.pagerank(
            graph._core, device, float(damping), float(tolerance),
            whole("max_iterations", max_iterations, -INT_MAX, INT_MAX), bool(weighted)
        )
    )
