"""The algorithms of a graph's structure: betweenness, triangles, core numbers, clustering and
Jaccard similarity. Each runs as the traversals do (plexus._algorithms)."""

from dataclasses import dataclass

import numpy as np

from plexus import _plexus
from plexus._algorithms import core_of, name, whole


@dataclass(frozen=True)
class BetweennessResult:
    score: np.ndarray  # float64, NetworkX's betweenness_centrality
    sources: np.ndarray  # uint32: the sampled sources (empty when exact)
    iterations: int  # batches of sources
    seconds: float


@dataclass(frozen=True)
class TrianglesResult:
    per_vertex: np.ndarray  # uint64: triangles through each vertex
    total: int
    iterations: int
    seconds: float


@dataclass(frozen=True)
class CoreResult:
    core: np.ndarray  # uint32: each vertex's core number
    max_core: int
    iterations: int  # peeling rounds
    seconds: float


@dataclass(frozen=True)
class ClusteringResult:
    coefficient: np.ndarray  # float64: each vertex's local clustering coefficient
    average: float
    iterations: int
    seconds: float


@dataclass(frozen=True)
class JaccardResult:
    src: np.ndarray  # int64: each stored arc's tail
    dst: np.ndarray  # int64: its head
    score: np.ndarray  # float64: |N(src) & N(dst)| / |N(src) | N(dst)|
    iterations: int
    seconds: float


def betweenness(graph, device="host", k=None, normalized=True, endpoints=False, seed=1):
    """Betweenness centrality as NetworkX computes it; ``k`` sources drawn with ``seed``
    (exact over every source when None)."""
    return BetweennessResult(
        **_plexus.betweenness(core_of(graph), name("device", device), None if k is None else whole("k", k, -(2**63), 2**63 - 1),
                              bool(normalized), bool(endpoints), whole("seed", seed, 0, 2**64 - 1))
    )


def triangles(graph, device="host"):
    """Triangles through each vertex, and in all (an undirected graph)."""
    return TrianglesResult(**_plexus.triangles(core_of(graph), name("device", device)))


def core_number(graph, device="host"):
    """Each vertex's core number (an undirected graph)."""
    return CoreResult(**_plexus.core_numbers(core_of(graph), name("device", device)))


def clustering(graph, device="host"):
    """Each vertex's local clustering coefficient: NetworkX's clustering (unweighted) on an
    undirected graph; on a directed one, LDBC Graphalytics' LCC (the neighbours counted once
    whichever way their arcs go, the links among them as arcs)."""
    return ClusteringResult(**_plexus.clustering(core_of(graph), name("device", device)))


def jaccard(graph, device="host"):
    """The Jaccard similarity of the two ends of every stored arc (each edge both ways when
    undirected), as NetworkX's jaccard_coefficient over the graph's edges."""
    src, dst = graph.arcs()
    return JaccardResult(src=src, dst=dst, **_plexus.jaccard(core_of(graph), name("device", device)))
