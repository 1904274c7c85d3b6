"""Pictures of a graph's structure: its degree distribution, its component sizes and its core
numbers, each a matplotlib Figure (saved too when ``path`` is given).

    import plexus, plexus.plot
    g = plexus.Graph.from_file("karate.mtx")
    plexus.plot.degree_distribution(g, path="degrees.png")

matplotlib is needed only here, and imported on the first call: ``import plexus`` works without
it. The figures are drawn by matplotlib's Agg renderer without pyplot, so no window opens, no
display is needed and the backend the caller chose for their own plots is left alone; Jupyter
shows a returned Figure as it shows any other. The suffix of ``path`` picks the file format
(.png, .svg, .pdf).
"""

import numpy as np

from plexus._algorithms import ComponentsResult, connected_components
from plexus._graph import Graph
from plexus._structure import CoreResult, core_number


def _new_figure():
    """An empty Figure on an Agg canvas, or a one-line ImportError naming the package to install."""
    try:
        import matplotlib
    except ModuleNotFoundError as error:
        if error.name != "matplotlib":
            raise
        raise ImportError(
            "plexus.plot needs matplotlib: install python3-matplotlib (Debian) or pip install matplotlib"
        ) from None
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _finish(figure, path):
    if path is not None:
        figure.savefig(path)
    return figure


def _size(graph):
    return f"{graph.num_vertices} vertices, {graph.num_edges} edges"


def degree_distribution(graph, path=None):
    """How many vertices have each degree (out-degree, when directed), on log-log axes. A
    logarithm has no place for degree 0: those vertices are counted in the title instead."""
    if not isinstance(graph, Graph):
        raise TypeError(f"degree_distribution: expected a plexus.Graph, not {type(graph).__name__}")
    counts = np.bincount(graph.degrees())
    degree = np.flatnonzero(counts)
    degree = degree[degree > 0]
    isolated = int(counts[0]) if counts.size else 0

    figure = _new_figure()
    axes = figure.add_subplot()
    axes.plot(degree, counts[degree], "o", markersize=4)
    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("out-degree" if graph.directed else "degree")
    axes.set_ylabel("vertices")
    note = f"; {isolated} of degree 0, not shown" if isolated else ""
    axes.set_title(f"Degree distribution: {_size(graph)}{note}", fontsize="medium")
    return _finish(figure, path)


def _result_of(function, given, result_type, algorithm):
    """``given`` when it is already the algorithm's result, the algorithm's result on it when it
    is a Graph, else a TypeError naming both."""
    if isinstance(given, Graph):
        return algorithm(given)
    if isinstance(given, result_type):
        return given
    raise TypeError(f"{function}: expected a plexus.Graph or plexus.{result_type.__name__}, not {type(given).__name__}")


def component_sizes(graph_or_components, path=None):
    """How many connected components (weakly, when directed) have each size, in bins of
    powers of two (1, 2-3, 4-7, ...) so that equal widths on the log axis hold equal ratios.
    Takes a Graph, whose components are found here, or connected_components' result."""
    label = _result_of("component_sizes", graph_or_components, ComponentsResult, connected_components).label
    sizes = np.unique(label, return_counts=True)[1]
    # frexp's exponent is floor(log2(size)) + 1, exactly: the bin a size falls in.
    per_bin = np.bincount(np.frexp(sizes)[1] - 1) if sizes.size else np.zeros(0, dtype=np.int64)
    low = 2.0 ** np.arange(per_bin.size)

    figure = _new_figure()
    axes = figure.add_subplot()
    axes.bar(low, per_bin, width=low, align="edge", edgecolor="white")
    axes.set_xscale("log", base=2)
    axes.set_yscale("log")
    axes.set_ylim(bottom=0.5)
    axes.set_xlabel("component size (vertices)")
    axes.set_ylabel("components")
    largest = f", the largest {sizes.max()} vertices" if sizes.size else ""
    axes.set_title(f"Component sizes: {sizes.size} components{largest}", fontsize="medium")
    return _finish(figure, path)


def core_numbers(graph_or_cores, path=None):
    """How many vertices have each core number, on a log scale of counts. Takes an undirected
    Graph, whose core numbers are found here, or core_number's result."""
    core = _result_of("core_numbers", graph_or_cores, CoreResult, core_number).core
    per_core = np.bincount(core.astype(np.int64))

    figure = _new_figure()
    axes = figure.add_subplot()
    axes.bar(np.arange(per_core.size), per_core, width=1.0, edgecolor="white")
    axes.set_yscale("log")
    axes.set_ylim(bottom=0.5)
    axes.set_xlabel("core number")
    axes.set_ylabel("vertices")
    axes.set_title(f"Core numbers: {core.size} vertices, largest core {per_core.size - 1 if core.size else 0}",
                   fontsize="medium")
    return _finish(figure, path)
