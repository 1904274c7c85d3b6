"""plexus.plot: each picture's plotted data against the distribution NetworkX or SciPy computes,
the files it saves, and the one-line error when matplotlib is missing."""

import importlib.util
import subprocess
import sys

import networkx as nx
import numpy as np
import pytest
import scipy.sparse.csgraph as csgraph

import plexus
import plexus.plot
from conftest import random_edges

needs_matplotlib = pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                                      reason="plexus.plot needs matplotlib (Debian: python3-matplotlib)")

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def sparse_graph(directed=False):
    """Fewer edges than vertices, over more vertices than the edges name: isolated vertices and
    components of many sizes."""
    src, dst = random_edges(300, 260, seed=5)
    return plexus.Graph.from_edges(src, dst, num_vertices=340, directed=directed)


def only_axes(figure):
    assert len(figure.axes) == 1
    return figure.axes[0]


def bars(axes):
    """Each bar's left edge, width and height."""
    return np.array([(p.get_x(), p.get_width(), p.get_height()) for p in axes.patches])


@needs_matplotlib
@pytest.mark.parametrize("directed", [False, True], ids=["undirected", "directed"])
def test_degree_distribution_plots_the_count_of_every_degree(directed):
    g = sparse_graph(directed)
    G = g.to_networkx()
    degrees = G.out_degree() if directed else G.degree()
    expected = np.bincount(np.array([d for _, d in degrees]))
    assert expected[0] > 0 and expected.size > 3

    axes = only_axes(plexus.plot.degree_distribution(g))
    points = axes.lines[0].get_xydata()
    shown = np.flatnonzero(expected)[1:]
    np.testing.assert_array_equal(points[:, 0], shown)
    np.testing.assert_array_equal(points[:, 1], expected[shown])
    assert f"{expected[0]} of degree 0" in axes.get_title()
    assert (axes.get_xscale(), axes.get_yscale()) == ("log", "log")
    assert axes.get_xlabel() == ("out-degree" if directed else "degree")


@needs_matplotlib
def test_component_sizes_counts_components_in_power_of_two_bins():
    g = sparse_graph()
    count, label = csgraph.connected_components(g.to_scipy(), directed=False)
    sizes = np.bincount(label)
    expected = np.bincount([int(s).bit_length() - 1 for s in sizes])
    assert expected.size > 3

    for argument in (g, plexus.connected_components(g)):
        axes = only_axes(plexus.plot.component_sizes(argument))
        drawn = bars(axes)
        np.testing.assert_array_equal(drawn[:, 0], 2.0 ** np.arange(expected.size))
        np.testing.assert_array_equal(drawn[:, 1], 2.0 ** np.arange(expected.size))
        np.testing.assert_array_equal(drawn[:, 2], expected)
        assert f"{count} components, the largest {sizes.max()} vertices" in axes.get_title()


@needs_matplotlib
def test_core_numbers_counts_the_vertices_of_every_core_number():
    src, dst = random_edges(200, 900, seed=9)
    g = plexus.Graph.from_edges(src, dst, num_vertices=210)
    expected = np.bincount(np.array(list(nx.core_number(g.to_networkx()).values())))
    assert expected.size > 4

    for argument in (g, plexus.core_number(g)):
        axes = only_axes(plexus.plot.core_numbers(argument))
        drawn = bars(axes)
        np.testing.assert_array_equal(drawn[:, 0] + drawn[:, 1] / 2, np.arange(expected.size))
        np.testing.assert_array_equal(drawn[:, 2], expected)
        assert f"largest core {expected.size - 1}" in axes.get_title()


@needs_matplotlib
def test_an_edgeless_graph_draws_empty_pictures():
    g = plexus.Graph.from_edges([], [], num_vertices=5)
    assert only_axes(plexus.plot.degree_distribution(g)).lines[0].get_xydata().size == 0
    assert "5 of degree 0" in only_axes(plexus.plot.degree_distribution(g)).get_title()
    np.testing.assert_array_equal(bars(only_axes(plexus.plot.component_sizes(g)))[:, 2], [5])
    np.testing.assert_array_equal(bars(only_axes(plexus.plot.core_numbers(g)))[:, 2], [5])


@needs_matplotlib
@pytest.mark.parametrize("draw", ["degree_distribution", "component_sizes", "core_numbers"])
def test_path_saves_a_png(draw, tmp_path):
    path = tmp_path / f"{draw}.png"
    figure = getattr(plexus.plot, draw)(sparse_graph(), path=path)
    assert figure.axes
    assert path.read_bytes()[:8] == PNG_SIGNATURE


@needs_matplotlib
def test_other_arguments_are_refused_by_name():
    g = sparse_graph()
    with pytest.raises(TypeError, match="expected a plexus.Graph, not CoreResult"):
        plexus.plot.degree_distribution(plexus.core_number(g))
    with pytest.raises(TypeError, match="plexus.ComponentsResult, not CoreResult"):
        plexus.plot.component_sizes(plexus.core_number(g))
    with pytest.raises(TypeError, match="plexus.CoreResult, not ndarray"):
        plexus.plot.core_numbers(g.degrees())


def run_python(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def test_importing_plexus_leaves_matplotlib_unloaded():
    done = run_python("import sys, plexus, plexus.plot; print('matplotlib' in sys.modules)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_without_matplotlib_a_call_says_what_to_install():
    done = run_python(
        "import sys\n"
        "sys.modules['matplotlib'] = None\n"
        "import plexus, plexus.plot\n"
        "plexus.plot.degree_distribution(plexus.Graph.from_edges([0], [1]))\n"
    )
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == ("ImportError: plexus.plot needs matplotlib: install python3-matplotlib (Debian) "
                    "or pip install matplotlib")
