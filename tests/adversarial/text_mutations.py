#!/usr/bin/python3
"""Random byte mutations of small valid inputs in every text format plexus reads (README,
"Reading input"): bits flipped, bytes inserted or deleted, lines repeated, numbers made huge or
negative, control bytes, truncation, CRLF line ends, a byte order mark. Each input, unmutated
first, goes through `plexus info` and one or two `plexus run ... --validate --out`, and every run
must pass the checks of harness.py: refused in one error line naming the input, or accepted and
verified.

Usage: text_mutations.py PLEXUS_BINARY [--seed N] [--mutations N] [--case TEXT]
Deterministic for a seed; --mutations is the count per input (default 16); --case runs only
the cases whose name holds TEXT. Exits 1 if any run failed (one FAIL line each, with a
reproducer per case: harness.py).
"""

import sys

sys.dont_write_bytecode = True

import os  # noqa: E402
import re  # noqa: E402

from harness import start  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data")


def fixture(path):
    with open(os.path.join(DATA, path), "rb") as f:
        return f.read()


class Input:
    """A valid input: its files (name -> bytes), the path plexus is given, the text every error
    line must name, and the algorithms run on it."""

    def __init__(self, name, files, path, algorithms, needle=None):
        self.name = name
        self.files = files
        self.path = path
        self.algorithms = algorithms
        self.needle = needle or path


GRAPH = ["bfs"]
WEIGHTED = ["bfs", "sssp"]
HYPERGRAPH = ["hyper-bfs", "hyper-cc"]


def inputs():
    gml = (b'graph [\n  directed 0\n  node [ id 0 label "a" ]\n  node [ id 1 ]\n  node [ id 2 ]\n'
           b'  node [ id 7 ]\n  edge [ source 0 target 1 weight 2 ]\n  edge [ source 1 target 2 weight 1.5 ]\n'
           b'  edge [ source 2 target 0 weight 1 ]\n  edge [ source 2 target 7 weight 4 ]\n]\n')
    return [
        Input("mtx_pattern", {"input.mtx": fixture("cli/bowtie.mtx")}, "input.mtx", ["bfs", "tc"]),
        Input("mtx_real", {"input.mtx": b"%%MatrixMarket matrix coordinate real general\n% weighted\n4 4 5\n"
                                        b"1 2 1.5\n2 3 2\n3 1 0.5\n3 4 0\n4 4 1\n"}, "input.mtx", WEIGHTED),
        Input("snap", {"input.txt": b"# Directed graph: tiny\n# Nodes: 5 Edges: 5\n# FromNodeId\tToNodeId\n"
                                    b"0\t1\n1\t2\n2\t0\n2\t3\n3\t70\n"}, "input.txt", GRAPH),
        Input("el", {"input.el": b"0 1\n1 2\n2 0\n2 3\n3 7\n"}, "input.el", GRAPH),
        Input("wel", {"input.wel": b"# weighted\n0 1 1.5\n1 2 2\n2 0 0.5\n2 3 0\n3 7 1e3\n"}, "input.wel",
              WEIGHTED),
        Input("gr", {"input.gr": b"c tiny\np sp 4 5\na 1 2 3\na 2 3 1\na 3 1 2\na 3 4 0\na 4 1 7\n"},
              "input.gr", WEIGHTED),
        Input("metis", {"input.graph": b"% tiny\n5 4\n2 3\n1 3\n1 2 4\n3\n\n"}, "input.graph",
              ["bfs", "kcore"]),
        Input("konect", {"input.konect": b"% sym unweighted\n% 4 4 4\n1 2\n2 3\n3 1\n3 4\n"}, "input.konect",
              ["bfs", "cc"]),
        Input("konect_bipartite", {"input.konect": b"% bip unweighted\n% 4 3 2\n1 1\n2 1\n3 2\n1 2\n"},
              "input.konect", ["cc"]),
        Input("csv", {"input.csv": b"source,target,weight\n0,1,2\n1,2,0.5\n2,0,1\n2,5,3\n"}, "input.csv",
              WEIGHTED),
        Input("gml", {"input.gml": gml}, "input.gml", WEIGHTED),
        Input("graphalytics", {"input.e": b"1 2 0.5\n2 3 1\n3 1 2\n3 5 1\n", "input.v": b"1\n2\n3\n4\n5\n"},
              "input.e", WEIGHTED, needle="input."),
        Input("benson", {"tiny/tiny-nverts.txt": fixture("hypergraphs/tiny-nverts.txt"),
                         "tiny/tiny-simplices.txt": fixture("hypergraphs/tiny-simplices.txt")},
              "tiny", HYPERGRAPH),
        Input("chodrow", {"hyperedges-tiny.txt": fixture("hypergraphs/hyperedges-tiny.txt")},
              "hyperedges-tiny.txt", HYPERGRAPH),
        Input("hmetis", {"input.hgr": fixture("hypergraphs/tiny.hgr")}, "input.hgr", HYPERGRAPH),
        Input("hmetis_unweighted", {"input.hgr": fixture("cli/tiny.hgr")}, "input.hgr", HYPERGRAPH),
        Input("json_hif", {"input.json": fixture("hypergraphs/tiny.hif.json")}, "input.json", HYPERGRAPH),
        Input("json_xgi", {"input.json": fixture("hypergraphs/tiny_xgi.json")}, "input.json", HYPERGRAPH),
        Input("plain", {"input.hyp": fixture("hypergraphs/tiny.hyp")}, "input.hyp", HYPERGRAPH),
    ]


# ---------------------------------------------------------------------------------------------
# Mutations: each takes the bytes and a random generator and returns new bytes.

INTERESTING_BYTES = b"0123456789 \t\n-+.eE#%,;:[]{}\"'\\\x00\x01\x1b\x7f\x80\xff\r"
HUGE_NUMBERS = [b"4294967295", b"4294967296", b"2147483648", b"18446744073709551615",
                b"18446744073709551616", b"99999999999999999999999999", b"1e39", b"1e308", b"-1e308",
                b"1e-320", b"nan", b"-inf", b"0x10"]
CONTROL_BYTES = [b"\x00", b"\x01", b"\x07", b"\x08", b"\x1b", b"\x7f", b"\x80", b"\xc3", b"\xff", b"\r",
                 b"\x0b"]
NUMBER = re.compile(rb"-?[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?")


def flip(data, rng):
    if not data:
        return data
    p = rng.randrange(len(data))
    return data[:p] + bytes([data[p] ^ (1 << rng.randrange(8))]) + data[p + 1:]


def insert(data, rng):
    p = rng.randint(0, len(data))
    run = bytes(rng.choice(INTERESTING_BYTES) for _ in range(rng.randint(1, 4)))
    return data[:p] + run + data[p:]


def delete(data, rng):
    if not data:
        return data
    p = rng.randrange(len(data))
    return data[:p] + data[p + rng.randint(1, 8):]


def duplicate_lines(data, rng):
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    j = min(len(lines), i + rng.randint(1, 3))
    return b"\n".join(lines[:j] + lines[i:j] * rng.randint(1, 3) + lines[j:])


def number_tokens(data):
    return list(NUMBER.finditer(data))


def replace_number(data, rng, replacement):
    tokens = number_tokens(data)
    if not tokens:
        return insert(data, rng)
    t = rng.choice(tokens)
    return data[:t.start()] + replacement + data[t.end():]


def huge_number(data, rng):
    return replace_number(data, rng, rng.choice(HUGE_NUMBERS))


def negative_id(data, rng):
    return replace_number(data, rng, rng.choice([b"-1", b"-0", b"-2147483649"]))


def control_bytes(data, rng):
    p = rng.randint(0, len(data))
    return data[:p] + rng.choice(CONTROL_BYTES) + data[p:]


def truncate(data, rng):
    return data[:rng.randrange(len(data))] if data else data


def crlf(data, rng):
    if rng.random() < 0.5:
        return data.replace(b"\n", b"\r\n")
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    lines[i] += b"\r"
    return b"\n".join(lines)


def byte_order_mark(data, rng):
    return rng.choice([b"\xef\xbb\xbf", b"\xef\xbb", b"\xff\xfe", b"\xef\xbb\xbf\xef\xbb\xbf"]) + data


MUTATIONS = [flip, insert, delete, duplicate_lines, huge_number, negative_id, control_bytes, truncate, crlf,
             byte_order_mark]


def mutate(data, rng):
    """One to three mutations; returns the new bytes and their names."""
    names = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        mutation = rng.choice(MUTATIONS)
        data = mutation(data, rng)
        names.append(mutation.__name__)
    return data, names


def exercise(suite, name, source, files):
    case = suite.case(name, files)
    case.check(["info", source.path], source.needle)
    for algorithm in source.algorithms:
        case.check(["run", algorithm, source.path, "--validate", "--out", "out.tsv"], source.needle,
                   output="out.tsv", usage_errors=("needs an undirected graph",))


def main():
    args, suite, rng = start("text_mutations", __doc__, {"mutations": 16})
    for source in inputs():
        if args.case in source.name + "_valid":
            exercise(suite, source.name + "_valid", source, source.files)
        for k in range(args.mutations):
            target = rng.choice(sorted(source.files))
            data, names = mutate(source.files[target], rng)
            name = "%s_%d_%s" % (source.name, k, "_".join(names))
            if args.case in name:
                exercise(suite, name, source, dict(source.files, **{target: data}))
    return suite.finish()


if __name__ == "__main__":
    sys.exit(main())
