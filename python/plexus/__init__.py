"""Plexus from Python: graphs as NumPy/SciPy/NetworkX users hold them, algorithms on the
host's cores or a GPU.

    import plexus
    g = plexus.Graph.from_edges([0, 1, 2], [1, 2, 0])
    plexus.bfs(g, 0).depth            # array([0, 1, 1])

Vertices are numbered 0 .. num_vertices - 1; every result array is indexed by that number,
and ``g.labels`` gives each vertex's id in the input (the file's ids, or NetworkX's nodes).
"""

import warnings as _warnings

import numpy as _numpy

from plexus import _plexus
from plexus._graph import Graph

# pybind11 reads NumPy's dtypes by NumPy 2's layout only from 2.12 on: built with an older one
# (Debian 12 has 2.10) and run under NumPy 2, it misreads item sizes, so arrays it makes itself
# come out garbled (the package gives the strides of its own results, not of every array).
if int(_numpy.__version__.split(".")[0]) >= 2 and tuple(_plexus.pybind11_version) < (2, 12):
    _warnings.warn(
        f"plexus: built with pybind11 {'.'.join(map(str, _plexus.pybind11_version))}, which predates NumPy "
        f"{_numpy.__version__}: rebuild it with pybind11 2.12 or later, or run it under NumPy 1",
        RuntimeWarning,
        stacklevel=2,
    )
from plexus._hypergraph import (
    HyperBfsResult,
    HyperComponentsResult,
    Hypergraph,
    HyperLabelPropagationResult,
    hyper_bfs,
    hyper_connected_components,
    hyper_label_propagation,
)
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
    LabelPropagationResult,
    PagerankResult,
    SsspResult,
    backends,
    bfs,
    connected_components,
    label_propagation,
    pagerank,
    sssp,
)

from plexus import dsl

__all__ = [
    "Graph",
    "Hypergraph",
    "HyperBfsResult",
    "HyperComponentsResult",
    "HyperLabelPropagationResult",
    "hyper_bfs",
    "hyper_connected_components",
    "hyper_label_propagation",
    "dsl",
    "BfsResult",
    "SsspResult",
    "ComponentsResult",
    "PagerankResult",
    "backends",
    "bfs",
    "sssp",
    "connected_components",
    "pagerank",
    "LabelPropagationResult",
    "label_propagation",
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
