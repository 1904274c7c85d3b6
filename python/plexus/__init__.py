"""Plexus from Python: graphs as NumPy/SciPy/NetworkX users hold them, algorithms on the
host's cores or a GPU.

    import plexus
    g = plexus.Graph.from_edges([0, 1, 2], [1, 2, 0])
    plexus.bfs(g, 0).depth            # array([0, 1, 1])

Vertices are numbered 0 .. num_vertices - 1; every result array is indexed by that number,
and ``g.labels`` gives each vertex's id in the input (the file's ids, or NetworkX's nodes).
"""

from plexus._graph import Graph
from plexus._structure import (
    BetweennessResult,
    ClusteringResult,
    CoreResult,
    JaccardResult,
    TrianglesResult,
    betweenness,
    clustering,
    core_number,
    jaccard,
    triangles,
)
from plexus._algorithms import (
    BfsResult,
    ComponentsResult,
    PagerankResult,
    SsspResult,
    backends,
    bfs,
    connected_components,
    pagerank,
    sssp,
)

__all__ = [
    "Graph",
    "BfsResult",
    "SsspResult",
    "ComponentsResult",
    "PagerankResult",
    "backends",
    "bfs",
    "sssp",
    "connected_components",
    "pagerank",
    "BetweennessResult",
    "TrianglesResult",
    "CoreResult",
    "ClusteringResult",
    "JaccardResult",
    "betweenness",
    "triangles",
    "core_number",
    "clustering",
    "jaccard",
]
