"""What the package promises beyond right answers: result arrays that are the library's own
buffers (no copy) and outlive their graph, algorithms that run in several Python threads at
once without holding the GIL, and a clear one-line exception for every bad input."""

import gc
import os
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import plexus
from conftest import random_edges


@pytest.fixture(scope="module")
def graph():
    return plexus.Graph.from_edges(*random_edges(2000, 8000, seed=21))


def every_result(g):
    """Each algorithm's result arrays on g, by name."""
    sssp, jaccard, bc = plexus.sssp(g, 0), plexus.jaccard(g), plexus.betweenness(g, k=20, seed=2)
    return {
        "bfs.depth": plexus.bfs(g, 0).depth,
        "sssp.distance": sssp.distance,
        "sssp.parent": sssp.parent,
        "components.label": plexus.connected_components(g).label,
        "pagerank.rank": plexus.pagerank(g).rank,
        "label_propagation.label": plexus.label_propagation(g).label,
        "betweenness.score": bc.score,
        "betweenness.sources": bc.sources,
        "triangles.per_vertex": plexus.triangles(g).per_vertex,
        "core_number.core": plexus.core_number(g).core,
        "clustering.coefficient": plexus.clustering(g).coefficient,
        "jaccard.score": jaccard.score,
        "jaccard.dst": jaccard.dst,
    }


# Zero-copy. The library's result vectors become NumPy arrays without a copy (arrays.hpp
# adopt: the array's base is a capsule owning the vector). Vertex ids (BFS depths and parents,
# SSSP parents) are converted to int64 with -1 for "none", and Jaccard's src/dst are built
# from the graph's arrays, so those are new arrays. The graph's own arrays are read-only views.

ADOPTED = ["sssp.distance", "components.label", "pagerank.rank", "label_propagation.label", "betweenness.score",
           "betweenness.sources", "triangles.per_vertex", "core_number.core", "clustering.coefficient",
           "jaccard.score"]


def test_results_are_the_librarys_buffers_not_copies(graph):
    results = every_result(graph)
    for name in ADOPTED:
        a = results[name]
        assert not a.flags.owndata and type(a.base).__name__ == "PyCapsule", name
        assert a.flags.c_contiguous and a.flags.writeable, name


def test_each_call_returns_arrays_of_its_own(graph):
    first, second = every_result(graph), every_result(graph)
    for name in first:
        assert not np.shares_memory(first[name], second[name]), name
        np.testing.assert_array_equal(first[name], second[name])
    first["pagerank.rank"][:] = 0  # the caller's to change: the next call is untouched
    assert every_result(graph)["pagerank.rank"].sum() == pytest.approx(1.0)


def test_graph_arrays_are_read_only_views_of_the_graph(tmp_path):
    path = tmp_path / "g.wel"
    path.write_text("10 20 1.5\n20 30 2.5\n")
    g = plexus.Graph.from_file(path)
    for view in (g._core.offsets, g._core.indices, g._core.weights, g._core.original_ids):
        a, b = view(), view()
        assert a.base is g._core and not a.flags.writeable
        assert np.shares_memory(a, b)
    labels = g.labels
    assert np.shares_memory(labels, g._core.original_ids()) and not labels.flags.writeable
    with pytest.raises(ValueError):
        labels[0] = 1


def test_to_scipy_and_from_edges_copy(graph):
    # to_scipy hands back a matrix of the caller's own (int32 indices, as SciPy keeps them);
    # from_edges reads its arrays once: changing either afterwards leaves the graph as it was.
    m = graph.to_scipy()
    assert not np.shares_memory(m.indices, graph._core.indices())
    m.data[:] = 7
    assert np.all(graph.to_scipy().data == 1)
    src, dst = np.array([0, 1], dtype=np.int64), np.array([1, 2], dtype=np.int64)
    g = plexus.Graph.from_edges(src, dst)
    src[:] = 2
    assert list(g.degrees()) == [1, 2, 1]


# Lifetimes.


def test_results_outlive_their_graph():
    g = plexus.Graph.from_edges(*random_edges(3000, 12000, seed=22))
    results = every_result(g)
    kept = {name: a.copy() for name, a in results.items()}
    del g
    gc.collect()
    # Fill the freed memory with other graphs' results.
    for seed in range(3):
        every_result(plexus.Graph.from_edges(*random_edges(3000, 12000, seed=100 + seed)))
    for name, a in results.items():
        np.testing.assert_array_equal(a, kept[name], err_msg=name)


def test_graph_views_outlive_the_graph(tmp_path):
    path = tmp_path / "g.el"
    path.write_text("7 9\n9 11\n")
    g = plexus.Graph.from_file(path)
    labels, indices = g.labels, g._core.indices()
    del g
    gc.collect()
    plexus.Graph.from_edges(*random_edges(3000, 12000, seed=23))
    assert list(labels) == [7, 9, 11] and list(indices) == [1, 2]  # an edge list is directed


# Threads.

ALGORITHMS = {
    "bfs": lambda g: plexus.bfs(g, 0).depth,
    "sssp": lambda g: plexus.sssp(g, 0).distance,
    "components": lambda g: plexus.connected_components(g).label,
    "pagerank": lambda g: plexus.pagerank(g).rank,
    "label_propagation": lambda g: plexus.label_propagation(g).label,
    "betweenness": lambda g: plexus.betweenness(g, k=30).score,
    "triangles": lambda g: plexus.triangles(g).per_vertex,
    "core_number": lambda g: plexus.core_number(g).core,
    "clustering": lambda g: plexus.clustering(g).coefficient,
    "jaccard": lambda g: plexus.jaccard(g).score,
}


def run_at_once(calls):
    """Runs every call in a thread of its own, all released together; their answers in order."""
    start = threading.Barrier(len(calls))
    answers, errors = [None] * len(calls), []

    def work(i, call):
        start.wait()
        try:
            answers[i] = call()
        except Exception as e:  # handed to the test below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i, call)) for i, call in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    return answers


def test_threads_on_the_same_graph_answer_as_serial_runs():
    g = plexus.Graph.from_edges(*random_edges(20000, 100000, seed=24))  # uploaded by the threads' first calls
    names = list(ALGORITHMS) * 2
    answers = run_at_once([lambda name=name: ALGORITHMS[name](g) for name in names])
    for name, answer in zip(names, answers):
        np.testing.assert_array_equal(answer, ALGORITHMS[name](g), err_msg=name)


def test_threads_on_different_graphs_answer_as_serial_runs():
    graphs = [plexus.Graph.from_edges(*random_edges(20000, 100000, seed=s), directed=s % 2 == 1) for s in range(4)]
    names = ["bfs", "sssp", "components", "pagerank"]
    calls = [lambda g=g, name=name: ALGORITHMS[name](g) for g in graphs for name in names]
    answers = run_at_once(calls)
    expected = [ALGORITHMS[name](g) for g in graphs for name in names]
    for got, want in zip(answers, expected):
        np.testing.assert_array_equal(got, want)


def test_the_main_thread_and_another_run_at_once(graph):
    expected = plexus.betweenness(graph, k=50).score
    other = []
    t = threading.Thread(target=lambda: other.extend(plexus.betweenness(graph, k=50).score for _ in range(3)))
    t.start()
    mine = [plexus.betweenness(graph, k=50).score for _ in range(3)]
    t.join()
    for answer in mine + other:
        np.testing.assert_array_equal(answer, expected)
    assert len(other) == 3


@pytest.fixture(scope="module")
def long_run():
    """A call of about half a second on the development machine (sampled betweenness)."""
    g = plexus.Graph.from_edges(*random_edges(20000, 100000, seed=25))
    return lambda: plexus.betweenness(g, k=300)


def longest_pause(beat_while):
    """The longest time between two beats of a pure-Python loop run while beat_while() holds."""
    longest, last = 0.0, time.perf_counter()
    while beat_while():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    return longest


# Held, the GIL would stop the other thread's loop for the whole call: its longest pause would
# be the call's length. Released, the pauses are the scheduler's (milliseconds). Comparing the
# two run times instead (two threads against one) measures the cores, not the GIL: each call
# already uses every core, so two at once take about twice as long wherever the GIL is released.


def test_a_worker_threads_call_lets_python_run(long_run):
    worker = threading.Thread(target=long_run)
    start = time.perf_counter()
    worker.start()
    pause = longest_pause(worker.is_alive)
    elapsed = time.perf_counter() - start
    assert pause < elapsed / 2, f"Python stood still {pause:.3f} s of a {elapsed:.3f} s call"


def test_a_main_thread_call_lets_python_run(long_run):
    running, pauses = threading.Event(), []
    running.set()
    beater = threading.Thread(target=lambda: pauses.append(longest_pause(running.is_set)))
    beater.start()
    time.sleep(0.01)
    start = time.perf_counter()
    long_run()
    elapsed = time.perf_counter() - start
    running.clear()
    beater.join()
    assert pauses[0] < elapsed / 2, f"Python stood still {pauses[0]:.3f} s of a {elapsed:.3f} s call"


@pytest.mark.skipif(not hasattr(__import__("signal"), "setitimer"), reason="needs signal.setitimer")
def test_a_signal_handler_may_call_the_package_during_a_call():
    # In a child process: the nested call reads an empty result (undefined behaviour).
    script = textwrap.dedent("""
        import signal, numpy as np, plexus
        rng = np.random.default_rng(1)
        big = plexus.Graph.from_edges(rng.integers(0, 20000, 100000), rng.integers(0, 20000, 100000))
        small = plexus.Graph.from_edges([0, 1, 2], [1, 2, 3])
        during = []
        def handler(signum, frame):
            during.append(plexus.bfs(small, 0).depth.tolist())
        signal.signal(signal.SIGALRM, handler)
        signal.setitimer(signal.ITIMER_REAL, 0.02, 0.05)
        plexus.betweenness(big, k=1000)
        signal.setitimer(signal.ITIMER_REAL, 0)
        print(len(during), all(d == [0, 1, 2, 3] for d in during))
    """)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(plexus.__file__)))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    count, all_right = done.stdout.split()
    assert int(count) > 0 and all_right == "True"


# Bad input: a ValueError (a FileNotFoundError or TypeError where Python would raise one) whose
# message is one line that names the problem.


def raises_one_line(kind, match, call):
    with pytest.raises(kind, match=match) as raised:
        call()
    assert "\n" not in str(raised.value), str(raised.value)


@pytest.mark.parametrize(
    "src, dst, kwargs, message",
    [
        (["0", "1"], [1, 2], {}, "src must hold integers, not <U1"),
        ([0, None], [1, 2], {}, "src must hold integers, not object"),
        ([True, False], [1, 0], {}, "src must hold integers, not bool"),
        ([0, 1], np.array([1.5, 2.0]), {}, "dst must hold integers, not float64"),
        ([0, 1], [1, -2], {}, r"dst\[1\] = -2 is negative"),
        ([0, 7], [1, 2], {"num_vertices": 3}, r"src\[1\] = 7 is not below num_vertices \(3\)"),
        ([0, 1, 2], [1, 2], {}, "src has 3 entries but dst has 2"),
        (0, 1, {}, "one-dimensional"),
        ([0, 1], [1, 2], {"weights": ["a", "b"]}, "weights must hold numbers, not <U1"),
        ([0, 1], [1, 2], {"weights": [1j, 2]}, "weights must hold numbers, not complex128"),
        ([0, 1], [1, 2], {"weights": [np.nan, 1.0]}, r"weights\[0\] is NaN"),
        ([0, 1], [1, 2], {"weights": [1.0, 2.0, 3.0]}, "one value per arc"),
        ([0, 1], [1, 2], {"num_vertices": 2.0}, "num_vertices must be a non-negative integer"),
        ([0, 1], [1, 2], {"num_vertices": 2**40}, "above the largest vertex count"),
        (np.array([2**63 + 5], dtype=np.uint64), [1], {}, "above the largest vertex count"),
    ],
)
def test_from_edges_refuses_bad_arrays(src, dst, kwargs, message):
    raises_one_line(ValueError, message, lambda: plexus.Graph.from_edges(src, dst, **kwargs))


@pytest.mark.parametrize(
    "layout",
    [
        lambda a: np.repeat(a, 2)[::2],
        lambda a: np.ascontiguousarray(a[::-1])[::-1],
        lambda a: np.stack([a, a], axis=1)[:, 0],
        lambda a: a.astype(a.dtype.newbyteorder(">")),
        lambda a: a.astype(np.uint16) if a.dtype.kind in "iu" else a.astype(np.float16),
    ],
    ids=["every-other", "negative-stride", "column", "big-endian", "narrow"],
)
def test_arrays_of_any_layout_are_read_as_their_values(layout):
    # The same values as strided views, byte-swapped or in a narrower type: copied into the
    # graph as they read, so the graph is the one the plain arrays give.
    src, dst = random_edges(300, 1200, seed=26)
    weights = np.random.default_rng(27).integers(1, 9, size=len(src)).astype(np.float64)
    g = plexus.Graph.from_edges(layout(src), layout(dst), weights=layout(weights), num_vertices=300, directed=True)
    plain = plexus.Graph.from_edges(src, dst, weights=weights, num_vertices=300, directed=True)
    assert not layout(src).flags.c_contiguous or layout(src).dtype != src.dtype
    assert (g.to_scipy() != plain.to_scipy()).nnz == 0
    np.testing.assert_array_equal(plexus.sssp(g, 0).distance, plexus.sssp(plain, 0).distance)


def test_negative_weights():
    # Algorithms that cannot use a weight say which arc.
    negative = plexus.Graph.from_edges([0, 1], [1, 2], weights=[1.0, -2.0], directed=True)
    raises_one_line(ValueError, "SSSP needs non-negative weights, but edge 1 -> 2 has weight -2",
                    lambda: plexus.sssp(negative, 0))
    raises_one_line(ValueError, "PageRank needs finite non-negative weights",
                    lambda: plexus.pagerank(negative, weighted=True))


def test_an_infinite_weight_is_refused():
    raises_one_line(ValueError, r"weights\[1\] = inf is not finite",
                    lambda: plexus.Graph.from_edges([0, 1], [1, 2], weights=[1.0, np.inf], directed=True))


def small():
    return plexus.Graph.from_edges([0, 1, 2], [1, 2, 3])


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda g: plexus.bfs(g, 0, device="tpu"), "unknown back end 'tpu': valid choices are host, cuda, hip"),
        (lambda g: plexus.pagerank(g, device="HOST"), "unknown back end 'HOST'"),
        (lambda g: plexus.bfs(g, 0, direction="sideways"), "unknown direction 'sideways'"),
        (lambda g: plexus.sssp(g, 0, engine="warp"), "unknown engine 'warp'"),
        (lambda g: plexus.bfs(g, 0, device_memory_limit="lots"), "device_memory_limit = 'lots'"),
        (lambda g: plexus.bfs(g, 0, device_memory_limit="1G"), "device_memory_limit limits a GPU's memory"),
        (lambda g: plexus.pagerank(g, stop="never"), "stop 'never'"),
        (lambda g: plexus.pagerank(g, damping=float("nan")), "damping nan outside"),
        (lambda g: plexus.pagerank(g, tolerance=-1e-6), "tolerance -1e-06 is negative"),
        (lambda g: plexus.pagerank(g, max_iterations=-1), "max_iterations -1 is negative"),
        (lambda g: plexus.sssp(g, 0, delta=float("inf")), "delta must be a finite non-negative number"),
        (lambda g: plexus.connected_components(g, rounds=-1), r"neighbour rounds \(-1\)"),
        (lambda g: plexus.label_propagation(g, variant="fast"), "variant 'fast'"),
        (lambda g: plexus.label_propagation(g, tolerance=1.5), "tolerance = 1.5 is outside 0..1"),
        (lambda g: plexus.betweenness(g, k=0), r"k \(0\) must be between 1 and the vertex count, 4"),
        (lambda g: plexus.betweenness(g, k=5), r"k \(5\) must be between 1 and the vertex count, 4"),
        (lambda g: plexus.bfs(g, -1), r"source -1 is not a vertex \(4 vertices, ids 0..3\)"),
        (lambda g: plexus.sssp(g, 4), r"source 4 is not a vertex \(4 vertices, ids 0..3\)"),
        (lambda g: plexus.bfs(g, 2**40), "source 1099511627776 is not a vertex"),
        (lambda g: plexus.bfs(g, 1.0), "source must be an integer, not 1.0"),
        (lambda g: plexus.bfs(g, None), "source must be an integer, not None"),
        (lambda g: plexus.sssp(g, True), "source must be an integer, not True"),
    ],
)
def test_bad_options_are_one_line_value_errors(call, message):
    raises_one_line(ValueError, message, lambda: call(small()))


@pytest.mark.parametrize("name", ["bfs", "sssp", "connected_components", "pagerank", "label_propagation",
                                  "betweenness", "triangles", "core_number", "clustering", "jaccard"])
def test_unknown_keywords_are_type_errors(name):
    args = (0,) if name in ("bfs", "sssp") else ()
    raises_one_line(TypeError, "unexpected keyword argument 'colour'",
                    lambda: getattr(plexus, name)(small(), *args, colour="red"))


@pytest.mark.parametrize(
    "call",
    [
        lambda g: plexus.bfs(g, 0, device=None),
        lambda g: plexus.bfs(g, 0, direction=3),
        lambda g: plexus.Graph.from_file(os.devnull, directed="yes"),
        lambda g: plexus.bfs(None, 0),
        lambda g: plexus.pagerank(g._core),
    ],
    ids=["device-None", "direction-int", "directed-str", "graph-None", "graph-core"],
)
def test_arguments_of_the_wrong_type_are_one_line_errors(call):
    with pytest.raises((TypeError, ValueError)) as raised:
        call(small())
    assert "\n" not in str(raised.value), str(raised.value)


def test_a_missing_file_is_file_not_found(tmp_path):
    missing = tmp_path / "missing.el"
    with pytest.raises(FileNotFoundError) as raised:
        plexus.Graph.from_file(missing)
    assert raised.value.filename == str(missing) and "\n" not in str(raised.value)
    raises_one_line(OSError, "is a directory", lambda: plexus.Graph.from_file(tmp_path))


@pytest.mark.parametrize(
    "name, text, line, message",
    [
        ("ids.el", "1 2\n3 x\n", 2, "target vertex id 'x' is not a non-negative integer"),
        ("negative.el", "1 2\n-3 4\n", 2, "source vertex id '-3' is not a non-negative integer"),
        ("columns.el", "1 2\n2 3 4 5 6\n", 2, "unexpected extra column"),
        ("huge.el", "1 2\n99999999999999999999 3\n", 2, "is out of range"),
        ("nan.wel", "1 2 0.5\n2 3 nan\n", 2, "weight 'nan' is not a number"),
        ("overflow.wel", "1 2 1e40\n", 1, "does not fit in a 32-bit float"),
        ("entry.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 x\n", 4, "column index 'x'"),
        ("range.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 5\n", 4, "outside 1..3"),
        ("short.mtx", "%%MatrixMarket matrix coordinate pattern general\n3 3 5\n1 2\n2 3\n", 2, "truncated"),
        ("inf.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2 inf\n", 3, "value 'inf' is not finite"),
        ("banner.mtx", "3 3 1\n1 2\n", 1, "missing %%MatrixMarket banner"),
        ("arc.gr", "p sp 3 2\na 1 2 5\na 2 9 1\n", 3, "arc head 9 is outside 1..3"),
        ("neighbour.graph", "3 2\n2\n1 3\nfoo\n", 4, "neighbour id 'foo' is not a positive integer"),
        ("count.graph", "3 5\n2\n1 3\n2\n", 1, "header declares 5 edges"),
        ("target.csv", "1,2\n2,x\n", 2, "target vertex id 'x'"),
        ("node.gml", "graph [\n node [ id 0 ]\n edge [ source 0 target 9 ]\n]\n", 3, "target 9 is not the id of a node"),
    ],
)
def test_a_malformed_file_is_a_value_error_naming_file_and_line(tmp_path, name, text, line, message):
    path = tmp_path / name
    path.write_text(text)
    raises_one_line(ValueError, f"^{path}:{line}: .*{message}", lambda: plexus.Graph.from_file(path))


@pytest.mark.parametrize("text", ["", "# only a comment\n"], ids=["empty", "comments"])
def test_a_file_without_edges_is_a_value_error_naming_it(tmp_path, text):
    path = tmp_path / "nothing.el"
    path.write_text(text)
    raises_one_line(ValueError, f"^{path}: .*no graph to read", lambda: plexus.Graph.from_file(path))


def test_an_unknown_format_name_lists_the_known_ones(tmp_path):
    path = tmp_path / "g.el"
    path.write_text("1 2\n")
    raises_one_line(ValueError, "unknown graph format 'nope' .expected one of: auto, mtx, snap",
                    lambda: plexus.Graph.from_file(path, format="nope"))
