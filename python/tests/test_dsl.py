"""plexus.dsl: diagnostics at their line and column, and the example programs run by the
interpreter against NetworkX and SciPy."""

import pathlib

import networkx as nx
import numpy as np
import pytest
import scipy.sparse.csgraph as csgraph

import plexus
import plexus.dsl
from conftest import random_edges

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "dsl" / "examples"


def example(name):
    return (EXAMPLES / name).read_text()


def test_check_accepts_every_example():
    for path in sorted(EXAMPLES.glob("*.sp")):
        found = plexus.dsl.check(path.read_text(), name=path.name)
        assert found.ok, [d.headline for d in found.diagnostics]
        assert found.functions


def test_check_reports_line_and_column():
    source = "function f(Graph g, propNode<int> level) {\n  g.attachNodeProperty(levl = 0);\n}\n"
    found = plexus.dsl.check(source, name="f.sp")
    assert not found.ok
    first = found.diagnostics[0]
    assert (first.severity, first.line) == ("error", 2)
    assert first.column == source.splitlines()[1].index("levl") + 1
    assert first.headline.startswith("f.sp:2:")
    assert "levl" in first.message
    assert "^" in first.text


def test_bfs_program_equals_networkx():
    src, dst = random_edges(200, 600, seed=5)
    g = plexus.Graph.from_edges(src, dst, num_vertices=200)
    run = plexus.dsl.run(example("bfs.sp"), g, src=3)
    level = run.properties["level"]
    expected = nx.single_source_shortest_path_length(g.to_networkx(), 3)
    for v in range(g.num_vertices):
        assert level[v] == expected.get(v, np.iinfo(np.int32).max)
    assert run.function == "levels" and run.returned is None


def test_sssp_program_equals_dijkstra():
    rng = np.random.default_rng(2)
    src, dst = random_edges(120, 500, seed=2)
    weights = rng.integers(1, 20, size=len(src)).astype(np.float32)
    g = plexus.Graph.from_edges(src, dst, weights=weights, num_vertices=120, directed=True)
    run = plexus.dsl.run(example("sssp.sp"), g, src=0)
    expected = csgraph.dijkstra(g.to_scipy(), indices=0)
    np.testing.assert_allclose(run.properties["dist"], expected.astype(np.float32), rtol=1e-6)


@pytest.mark.parametrize(
    "arguments,message",
    [
        ({}, "needs its parameter 'src'"),
        ({"src": 500}, "is not a vertex"),
        ({"src": 1.5}, "node"),
        ({"src": 0, "sink": 1}, "no such parameter"),
        ({"src": 0, "level": 1}, "output"),
        ({"src": 2**70}, "does not fit a 64-bit integer"),
    ],
)
def test_bad_arguments_are_one_line_value_errors(arguments, message):
    g = plexus.Graph.from_edges([0, 1], [1, 2])
    with pytest.raises(ValueError, match=message) as raised:
        plexus.dsl.run(example("bfs.sp"), g, **arguments)
    assert "\n" not in str(raised.value)


def test_program_with_errors_and_faults_name_their_place():
    g = plexus.Graph.from_edges([0, 1], [1, 2])
    with pytest.raises(ValueError, match=r"^bad.sp:2:\d+: .* \(1 error\)$"):
        plexus.dsl.run("function f(Graph g, propNode<int> x) {\n  g.attachNodeProperty(y = 0);\n}\n", g,
                       name="bad.sp")
    outside = "function f(Graph g, propNode<int> x) {\n  node n = 7;\n  n.x = 1;\n}\n"
    with pytest.raises(ValueError, match=r"^fault.sp:3:"):
        plexus.dsl.run(outside, g, name="fault.sp")
    with pytest.raises(ValueError, match="tpu"):
        plexus.dsl.run(example("bfs.sp"), g, device="tpu", src=0)
    with pytest.raises(ValueError, match="text"):
        plexus.dsl.check(EXAMPLES / "bfs.sp")


def test_compiled_run_on_the_host_equals_the_interpreter(tmp_path, monkeypatch):
    # The first compiled run builds the program (a minute or so on two cores); the cache folder
    # is the test's own, so that the build is tested, not a leftover.
    monkeypatch.setenv("PLEXUS_CACHE_DIR", str(tmp_path))
    src, dst = random_edges(300, 1200, seed=6)
    g = plexus.Graph.from_edges(src, dst, num_vertices=300)
    interpreted = plexus.dsl.run(example("bfs.sp"), g, src=1)
    compiled = plexus.dsl.run(example("bfs.sp"), g, device="host", src=1)
    np.testing.assert_array_equal(compiled.properties["level"], interpreted.properties["level"])
    assert compiled.engine.startswith("compiled for host") and interpreted.engine == "interpreter"
