#!/usr/bin/env python3
"""What a call from Python costs over the same run from the command line.

For each algorithm, `plexus run ALGORITHM GRAPH --json` runs --trials times; its time without
the load (total_seconds - load_seconds: upload, the run, the download and the report) is set
against the wall time of the same call from Python on the graph loaded once (the GIL released,
the run handed to the module's run thread, the result turned into NumPy arrays). Both sides
run the same algorithm from the same source with the same options and thread count, and
their answers' summaries (reached vertices, components, iterations) are checked equal first.
The trials alternate between the two sides (--order blocks: every Python call first, then every
command, so that no command evicts the Python process's graph from the caches between two
calls); the table gives each side's median time and its
kernel's (the algorithm's loop alone, as each reports it), and the Python call's overhead over
the command line's run.

    PYTHONPATH=build/python /usr/bin/python3 bench/python/overhead.py --graph kron:20 --trials 5
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

from bench_inputs import at_least_one, graph_path, load_graph


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--graph", default="kron:20", help="kron:SCALE or a graph file")
    parser.add_argument("--algorithms", nargs="+", default=["bfs", "sssp", "cc", "pagerank", "kcore"])
    parser.add_argument("--trials", type=at_least_one, default=5)
    parser.add_argument("--device", default="host")
    parser.add_argument("--order", choices=["alternate", "blocks"], default="alternate",
                        help="alternate the two sides trial by trial (both meet the same load), or time every "
                             "Python call first and then every command (no command runs between two calls)")
    parser.add_argument("--plexus", default="build/bin/plexus", help="the plexus command")
    return parser.parse_args()


def python_calls(plexus, g, device, source):
    """Each algorithm's call from Python, and the summary checked against the command line's."""
    return {
        "bfs": (lambda: plexus.bfs(g, source, device=device), lambda r: int((r.depth >= 0).sum())),
        "sssp": (lambda: plexus.sssp(g, source, device=device), lambda r: int(np.isfinite(r.distance).sum())),
        "cc": (lambda: plexus.connected_components(g, device=device), lambda r: r.num_components),
        "pagerank": (lambda: plexus.pagerank(g, device=device), lambda r: r.iterations),
        "kcore": (lambda: plexus.core_number(g, device=device), lambda r: int(r.core.max())),
    }


# The command line's summary field that python_calls' summaries are checked against.
CLI_SUMMARY = {"bfs": "vertices_reached", "sssp": "vertices_reached", "cc": "components",
               "pagerank": "iterations", "kcore": "max_core"}


def command_line_runs(plexus_command, algorithm, path, device, source, trials):
    arguments = [plexus_command, "run", algorithm, str(path), "--json", "--device", device]
    if algorithm in ("bfs", "sssp"):
        arguments += ["--source", str(source)]
    runs = []
    for _ in range(trials):
        run = subprocess.run(arguments, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit(f"{sys.argv[0]}: {run.stderr.strip() or ' '.join(arguments) + ' failed'}")
        runs.append(json.loads(run.stdout))
    return runs


def main():
    args = parse_arguments()
    import plexus

    with tempfile.TemporaryDirectory() as folder:
        path = graph_path(args.graph, args.plexus, folder, weighted=True)
        g = load_graph(path, args.device)
        print(f"{path.name}: {g.num_vertices} vertices, {g.num_edges} edges, device {args.device}, "
              f"OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'unset')}, median of {args.trials}")
        print("| algorithm | command line: run without load | its kernel | Python: call | its kernel | overhead |")
        print("| --- | --- | --- | --- | --- | --- |")
        source = int(np.argmax(g.degrees()))  # the command line's default source: a vertex of maximum degree
        calls = python_calls(plexus, g, args.device, source)
        failed = False
        for algorithm in args.algorithms:
            call, summary = calls[algorithm]
            # The two sides alternate, so that a change in the machine's load reaches both.
            runs, walls, kernels = [], [], []
            for _ in range(args.trials):
                if args.order == "alternate":
                    runs += command_line_runs(args.plexus, algorithm, path, args.device, source, 1)
                start = time.perf_counter()
                result = call()
                walls.append(time.perf_counter() - start)
                kernels.append(result.seconds)
            if args.order == "blocks":
                runs = command_line_runs(args.plexus, algorithm, path, args.device, source, args.trials)
            expected = runs[0].get(CLI_SUMMARY[algorithm])
            if summary(result) != expected:
                print(f"{algorithm}: Python's {summary(result)} against the command line's {expected}", file=sys.stderr)
                failed = True
                continue
            cli = statistics.median(r["total_seconds"] - r["load_seconds"] for r in runs)
            cli_kernel = statistics.median(r["seconds"] for r in runs)
            wall, kernel = statistics.median(walls), statistics.median(kernels)
            print(f"| {algorithm} | {cli * 1e3:.1f} ms | {cli_kernel * 1e3:.1f} ms | {wall * 1e3:.1f} ms | "
                  f"{kernel * 1e3:.1f} ms | {100 * (wall / cli - 1):+.1f}% |")
        return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
