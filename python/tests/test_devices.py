"""Every algorithm of the package on each GPU back end with a device present, against the
host's answer (which the other test files check against NetworkX and SciPy): exactly where
the algorithm is deterministic, within floating-point tolerance for PageRank and
betweenness. Skipped, saying so, where no GPU back end has a device."""

import pathlib

import numpy as np
import pytest

import plexus
from conftest import dataset, random_edges

GPUS = [name for name, present in plexus.backends().items() if present and name != "host"]
if not GPUS:
    pytest.skip("no GPU back end of this build has a device", allow_module_level=True)


def same_partition(a, b):
    pairs = set(zip(a.tolist(), b.tolist()))
    return len(pairs) == len(set(a.tolist())) == len(set(b.tolist()))


def graphs():
    src, dst = random_edges(3000, 20000, seed=4)
    yield "random", plexus.Graph.from_edges(src, dst, num_vertices=3000)
    rng = np.random.default_rng(4)
    weights = rng.integers(1, 100, size=len(src)).astype(np.float32)
    yield "weighted directed", plexus.Graph.from_edges(src, dst, weights=weights, num_vertices=3000, directed=True)


@pytest.fixture(scope="module", params=["random", "weighted directed", "CA-GrQc.txt", "rome99.gr"])
def graph(request):
    for name, g in graphs():
        if name == request.param:
            return g
    return plexus.Graph.from_file(dataset(request.param))


@pytest.mark.parametrize("device", GPUS)
def test_traversals_equal_the_hosts(graph, device):
    for engine in ["in-memory", "out-of-core"]:
        host, gpu = plexus.bfs(graph, 0), plexus.bfs(graph, 0, device=device, engine=engine)
        np.testing.assert_array_equal(host.depth, gpu.depth)
        assert gpu.engine["engine"] == engine
        host, gpu = plexus.sssp(graph, 0), plexus.sssp(graph, 0, device=device, engine=engine)
        np.testing.assert_array_equal(host.distance, gpu.distance)
        if engine == "out-of-core" and graph.directed:
            with pytest.raises(ValueError, match="undirected"):
                plexus.connected_components(graph, device=device, engine=engine)
        else:
            host = plexus.connected_components(graph)
            gpu = plexus.connected_components(graph, device=device, engine=engine)
            np.testing.assert_array_equal(host.label, gpu.label)
        host, gpu = plexus.pagerank(graph), plexus.pagerank(graph, device=device, engine=engine)
        np.testing.assert_allclose(host.rank, gpu.rank, rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("device", GPUS)
def test_structure_and_communities_equal_the_hosts(graph, device):
    if graph.directed:
        pytest.skip("triangles, cores, clustering and Jaccard take undirected graphs")
    np.testing.assert_array_equal(plexus.triangles(graph).per_vertex, plexus.triangles(graph, device=device).per_vertex)
    np.testing.assert_array_equal(plexus.core_number(graph).core, plexus.core_number(graph, device=device).core)
    np.testing.assert_allclose(plexus.clustering(graph).coefficient, plexus.clustering(graph, device=device).coefficient,
                               rtol=1e-12)
    np.testing.assert_allclose(plexus.jaccard(graph).score, plexus.jaccard(graph, device=device).score, rtol=1e-12)
    np.testing.assert_allclose(plexus.betweenness(graph, k=64).score, plexus.betweenness(graph, device=device, k=64).score,
                               rtol=1e-9, atol=1e-12)
    for variant in ["semi-synchronous", "synchronous", "cdlp"]:
        host = plexus.label_propagation(graph, variant=variant)
        gpu = plexus.label_propagation(graph, device=device, variant=variant)
        np.testing.assert_array_equal(host.label, gpu.label)


@pytest.mark.parametrize("device", GPUS)
def test_hypergraphs_equal_the_hosts(device):
    rng = np.random.default_rng(9)
    h = plexus.Hypergraph.from_incidence([rng.choice(2000, size=rng.integers(1, 8), replace=False) for _ in range(900)])
    np.testing.assert_array_equal(plexus.hyper_bfs(h, 0).vertex_depth, plexus.hyper_bfs(h, 0, device=device).vertex_depth)
    np.testing.assert_array_equal(plexus.hyper_connected_components(h).vertex_label,
                                  plexus.hyper_connected_components(h, device=device).vertex_label)
    np.testing.assert_array_equal(plexus.hyper_label_propagation(h).vertex_label,
                                  plexus.hyper_label_propagation(h, device=device).vertex_label)


@pytest.mark.parametrize("device", GPUS)
def test_device_memory_limit_bounds_the_streaming_engine(device):
    src, dst = random_edges(20000, 200000, seed=8)
    g = plexus.Graph.from_edges(src, dst, num_vertices=20000)
    limited = plexus.bfs(g, 0, device=device, engine="out-of-core", device_memory_limit="96M")
    assert limited.engine["engine"] == "out-of-core"
    assert limited.engine["peak_device_bytes"] <= 96 * 2**20
    np.testing.assert_array_equal(limited.depth, plexus.bfs(g, 0).depth)
    with pytest.raises(ValueError, match="limit"):
        plexus.bfs(g, 0, device=device, engine="out-of-core", device_memory_limit="1M")


@pytest.mark.parametrize("device", [d for d in GPUS if d == "cuda"])
def test_dsl_program_compiled_for_the_gpu_equals_the_interpreter(device, tmp_path):
    # In a child process: on the H200 machine (Python 3.12, NumPy 2, the module built with
    # pybind11 2.10) this pair of runs once ended in a segmentation fault, which would end the
    # whole pytest run there instead of failing this test alone.
    import os
    import subprocess
    import sys

    script = f"""
import pathlib, numpy as np, plexus, plexus.dsl
program = (pathlib.Path({str(pathlib.Path(__file__).resolve().parents[2])!r}) / "dsl/examples/bfs.sp").read_text()
rng = np.random.default_rng(12)
g = plexus.Graph.from_edges(rng.integers(0, 500, 3000), rng.integers(0, 500, 3000), num_vertices=500)
compiled = plexus.dsl.run(program, g, device={device!r}, src=2)
interpreted = plexus.dsl.run(program, g, src=2)
assert (compiled.properties["level"] == interpreted.properties["level"]).all()
assert compiled.engine.startswith("compiled for {device}")
print("same levels")
"""
    run = subprocess.run([sys.executable, "-X", "faulthandler", "-c", script], capture_output=True, text=True,
                         env=dict(os.environ, PLEXUS_CACHE_DIR=str(tmp_path)), timeout=600)
    assert run.returncode == 0 and "same levels" in run.stdout, run.stderr[-2000:]
