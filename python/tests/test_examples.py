"""The scripts of python/examples run as a reader would run them, and print what NetworkX
computes for the same graph."""

import importlib.util
import os
import pathlib
import subprocess
import sys

import networkx as nx
import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
HAVE_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None


def run_example(name, *arguments):
    """The script's printed lines as {"key": "value"}, split at the first ": ". The environment
    is the test's own, so the script imports the same plexus."""
    done = subprocess.run([sys.executable, str(EXAMPLES / name), *arguments], capture_output=True, text=True,
                          env=os.environ.copy(), timeout=120)
    assert done.returncode == 0, done.stderr
    return dict(line.split(": ", 1) for line in done.stdout.splitlines())


# NetworkX 2.8's pagerank runs pagerank_scipy, which warns of its own deprecation.
@pytest.mark.filterwarnings("ignore:networkx.pagerank_scipy is deprecated:DeprecationWarning")
def test_first_steps_prints_what_networkx_computes(tmp_path):
    plot_arguments = ["--plot", str(tmp_path / "pictures")] if HAVE_MATPLOTLIB else []
    out = run_example("first_steps.py", *plot_arguments)
    G = nx.les_miserables_graph()

    assert out["from arrays"] == "<plexus.Graph undirected, 3 vertices, 3 edges>"
    assert out["graph"] == f"{G.number_of_nodes()} vertices, {G.number_of_edges()} edges"

    depth = nx.single_source_shortest_path_length(G, "Valjean")
    deepest = max(depth.values())
    farthest = [v for v in G if depth.get(v) == deepest]
    assert out["bfs from Valjean"] == f"{len(depth)} reached, farthest at depth {deepest}: {', '.join(farthest)}"

    rank = nx.pagerank(G, weight=None)
    top = sorted(rank, key=rank.get, reverse=True)[:5]
    printed = [entry.rsplit(" ", 1) for entry in out["pagerank top 5"].split(", ")]
    assert [name for name, _ in printed] == top
    assert [float(value) for _, value in printed] == pytest.approx([rank[v] for v in top], abs=1e-4)

    assert out["components"] == str(nx.number_connected_components(G))

    core = nx.core_number(G)
    innermost = sorted(v for v in G if core[v] == max(core.values()))
    assert out[f"innermost core {max(core.values())}"] == f"{len(innermost)} characters, {', '.join(innermost)}"

    n = G.number_of_nodes()
    assert out["scipy"] == f"{n} x {n} csr, {2 * G.number_of_edges()} stored entries"
    assert out["networkx"] == f"{n} nodes, {G.number_of_edges()} edges, same as the input: True"

    if HAVE_MATPLOTLIB:
        pictures = [tmp_path / "pictures" / f for f in ("degrees.png", "components.png", "cores.png")]
        assert out["pictures"] == ", ".join(str(p) for p in pictures)
        assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pictures)
    else:
        assert "pictures" not in out
