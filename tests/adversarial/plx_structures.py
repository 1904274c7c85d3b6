#!/usr/bin/python3
"""Crafted .plx graphs and hypergraphs whose header and checksums are valid but whose structure
is not: undirected graphs whose lists are not symmetric, unsorted or repeated neighbours, a
reverse CSR that is not the forward one's transpose, weights that are NaN, infinite or
negative, repeated original ids, hypergraphs whose two incidences disagree, and random
mutations of valid structures, re-checksummed. Each file goes through `plexus info`, every
algorithm that takes it (`plexus run ... --validate --out`) and `plexus convert`, and every run
must pass the checks of harness.py: refused in one error line, or accepted and verified.

First it checks its own writer (plx_file.py): the files it writes for a few small inputs must
equal, byte for byte, what `plexus convert` writes for them.

Usage: plx_structures.py PLEXUS_BINARY [--seed N] [--case TEXT]
Deterministic for a seed; --case runs only the cases whose name holds TEXT. Exits 1 if any
run failed (one FAIL line each, with a reproducer per case: harness.py).
"""

import sys

sys.dont_write_bytecode = True

import copy  # noqa: E402

import plx_file as plx  # noqa: E402
from harness import start  # noqa: E402

GRAPH_ALGORITHMS = ["bfs", "sssp", "cc", "pagerank", "lp", "tc", "jaccard", "bc", "kcore", "lcc"]
HYPERGRAPH_ALGORITHMS = ["hyper-lp", "hyper-bfs", "hyper-cc"]
# tc, jaccard and kcore refuse a directed graph as a wrong command line (exit status 2).
UNDIRECTED_ONLY = ("needs an undirected graph",)
NAN, INF = float("nan"), float("inf")


def check_writer(suite):
    """Writes small inputs as text, converts them with plexus, and compares the .plx files with
    the ones plx_file writes from the model of the builder; False when one differs."""
    references = [
        ("directed.el", "0 1\n1 2\n2 0\n2 3\n", [], plx.build_graph([(0, 1), (1, 2), (2, 0), (2, 3)], True)),
        ("weighted.wel", "1 2 1.5\n2 4 2\n4 1 0.5\n4 1 0.25\n4 9 3\n9 9 1\n", [],
         plx.build_graph([(1, 2), (2, 4), (4, 1), (4, 1), (4, 9), (9, 9)], True, [1.5, 2, 0.5, 0.25, 3, 1])),
        ("undirected.wel", "5 9 1.5\n9 12 2\n12 5 0.5\n", ["--undirected"],
         plx.build_graph([(5, 9), (9, 12), (12, 5)], False, [1.5, 2, 0.5])),
        ("plain.hyp", "7 3 5\n3 9\n\n9 3 9 1\n", [],
         plx.build_hypergraph([[7, 3, 5], [3, 9], [], [9, 3, 9, 1]])),
    ]
    good = True
    for name, text, options, model in references:
        case = suite.case("writer_" + name, {name: text.encode()})
        outcome = case.check(["convert", name, "-o", "converted.plx"] + options, name, output="converted.plx")
        if outcome.status != 0:
            good = False
        elif outcome.written != model.to_bytes():
            case.fail(["convert", name, "-o", "converted.plx"] + options,
                      "plexus wrote other bytes than plx_file.py; the generator's writer is wrong")
            good = False
    return good


def exercise_graph(suite, name, graph):
    case = suite.case(name, {"g.plx": graph.to_bytes()})
    case.check(["info", "g.plx"], "g.plx")
    runs = [[algorithm] for algorithm in GRAPH_ALGORITHMS]
    if graph.out.weights is not None:
        runs.append(["pagerank", "--weighted"])
    for run in runs:
        case.check(["run"] + run + ["g.plx", "--validate", "--out", "out.tsv"], "g.plx", output="out.tsv",
                   usage_errors=UNDIRECTED_ONLY)
    case.check(["convert", "g.plx", "-o", "converted.mtx"], "g.plx", output="converted.mtx")


def exercise_hypergraph(suite, name, hypergraph):
    case = suite.case(name, {"h.plx": hypergraph.to_bytes()})
    case.check(["info", "h.plx"], "h.plx")
    for algorithm in HYPERGRAPH_ALGORITHMS:
        case.check(["run", algorithm, "h.plx", "--validate", "--out", "out.tsv"], "h.plx", output="out.tsv")
    case.check(["convert", "h.plx", "-o", "converted.hyp"], "h.plx", output="converted.hyp")


# ---------------------------------------------------------------------------------------------
# Valid structures to start from.

def random_graph(rng, directed, weighted, n=None):
    n = n or rng.randint(4, 10)
    ids = rng.sample(range(0, 4 * n), n)
    arcs = [(rng.choice(ids), rng.choice(ids)) for _ in range(rng.randint(n, 3 * n))]
    weights = [rng.choice([0.5, 1, 2, 3.25, 7]) for _ in arcs] if weighted else None
    return plx.build_graph(arcs, directed, weights)


def random_hypergraph(rng, weighted):
    n = rng.randint(4, 10)
    ids = rng.sample(range(0, 4 * n), n)
    hyperedges = [rng.sample(ids, rng.randint(1, min(4, n))) for _ in range(rng.randint(2, 6))]
    h = plx.build_hypergraph(hyperedges)
    if weighted:
        h.edge_weights = [rng.choice([1, 2, 0.5]) for _ in hyperedges]
        h.vertex_weights = [rng.choice([1, 3]) for _ in range(len(h.ids))]
    return h


def set_rows(csr, rows, weights=None):
    fresh = plx.Csr.from_lists(rows, weights)
    csr.offsets, csr.indices, csr.weights = fresh.offsets, fresh.indices, fresh.weights


def weight_rows(csr):
    if csr.weights is None:
        return None
    return [csr.weights[csr.offsets[v]:csr.offsets[v + 1]] for v in range(len(csr.offsets) - 1)]


def arcs_of(csr):
    """(u, v, position) of every arc."""
    return [(u, csr.indices[p], p)
            for u in range(len(csr.offsets) - 1) for p in range(csr.offsets[u], csr.offsets[u + 1])]


def longest_row(csr):
    rows = csr.rows()
    return max(range(len(rows)), key=lambda v: (len(rows[v]), -v))


def replace_first_entry(csr, candidates, pick):
    """The first entry of the first row that can take another value becomes pick(the values of
    candidates(row) the row lacks); the row is sorted again, every count unchanged."""
    rows = csr.rows()
    for u, row in enumerate(rows):
        others = [x for x in candidates(u) if x not in row]
        if row and others:
            row[0] = pick(others)
            row.sort()
            set_rows(csr, rows, weight_rows(csr))
            return
    raise AssertionError("no entry to replace")


def reverse_longest_row(csr):
    v = longest_row(csr)
    lo, hi = csr.offsets[v], csr.offsets[v + 1]
    csr.indices[lo:hi] = reversed(csr.indices[lo:hi])
    if csr.weights is not None:
        csr.weights[lo:hi] = reversed(csr.weights[lo:hi])


def repeat_in_longest_row(csr):
    """The longest row's second entry becomes a copy of its first."""
    lo = csr.offsets[longest_row(csr)]
    csr.indices[lo + 1] = csr.indices[lo]


def changing(field, change):
    """A craft that applies change to one CSR of the structure, its attribute field."""
    def craft(structure):
        change(getattr(structure, field))
        return structure
    return craft


def add_loop(csr):
    """Vertex 0 lists itself (weight 1 where there are weights)."""
    rows, weights = csr.rows(), weight_rows(csr)
    rows[0] = sorted(rows[0] + [0])
    if weights:
        weights[0] = weights[0] + [1.0]
    set_rows(csr, rows, weights)


# ---------------------------------------------------------------------------------------------
# Crafted graphs: each takes a valid graph and returns one broken in one way.

def asymmetric_dropped_arc(g):
    """An undirected graph missing one direction of an edge (odd arc count)."""
    u, v, p = next((u, v, p) for u, v, p in arcs_of(g.out) if u < v)
    rows, weights = g.out.rows(), weight_rows(g.out)
    i = rows[u].index(v)
    del rows[u][i]
    if weights:
        del weights[u][i]
    set_rows(g.out, rows, weights)
    return g


def asymmetric_same_degrees(g):
    """An undirected graph where u lists v but v does not list u; every degree unchanged."""
    replace_first_entry(g.out, lambda u: [x for x in range(g.n) if x != u], min)
    return g


def self_loop(g):
    add_loop(g.out)
    if g.reverse is not None:
        add_loop(g.reverse)
    return g


def reverse_other_arcs(g):
    """The reverse CSR with the in-degrees of the transpose but one arc's source changed."""
    replace_first_entry(g.reverse, lambda v: [x for x in range(g.n) if x != v], max)
    return g


def reverse_other_degrees(g):
    """The reverse CSR with one in-arc moved to another vertex's list: the same arc count,
    other in-degrees."""
    rows, weights = g.reverse.rows(), weight_rows(g.reverse)
    v = longest_row(g.reverse)
    target = next(x for x in range(g.n) if x != v and rows[v][0] not in rows[x] and rows[v][0] != x)
    rows[target] = sorted(rows[target] + [rows[v][0]])
    del rows[v][0]
    if weights:
        weights[target].append(weights[v].pop(0))
    set_rows(g.reverse, rows, weights)
    return g


def reverse_other_weight(g):
    g.reverse.weights[0] = g.reverse.weights[0] + 100
    return g


def reverse_on_undirected(g):
    g.reverse = copy.deepcopy(g.out)
    return g


def reverse_weights_only(g):
    """Reverse weights on a graph whose forward arcs carry none."""
    g.out.weights = None
    return g


def no_reverse_weights(g):
    g.reverse.weights = None
    return g


def no_reverse(g):
    g.reverse = None
    return g


def weight_value(value):
    """Gives one edge the weight value in every place the graph stores it."""
    def craft(g):
        u, v, p = arcs_of(g.out)[0]
        g.out.weights[p] = value
        if not g.directed:
            q = next(q for x, y, q in arcs_of(g.out) if (x, y) == (v, u))
            g.out.weights[q] = value
        if g.reverse is not None and g.reverse.weights is not None:
            q = next(q for x, y, q in arcs_of(g.reverse) if (x, y) == (v, u))
            g.reverse.weights[q] = value
        return g
    return craft


def repeated_ids(g):
    g.ids[1] = g.ids[0]
    return g


def one_id_for_all(g):
    g.ids = [g.ids[0]] * g.n
    return g


def permuted_ids(g):
    g.ids = list(reversed(g.ids))
    return g


def huge_ids(g):
    g.ids = [(1 << 64) - 1 - i for i in range(g.n)]
    return g


def no_ids(g):
    g.ids = None
    return g


def crafted_graphs(rng):
    directed = random_graph(rng, True, True, 8)
    undirected = random_graph(rng, False, True, 8)
    unweighted = random_graph(rng, False, False, 8)
    cases = [
        ("valid_directed", directed, lambda g: g),
        ("valid_undirected", undirected, lambda g: g),
        ("valid_unweighted", unweighted, lambda g: g),
        ("undirected_asymmetric_dropped_arc", undirected, asymmetric_dropped_arc),
        ("undirected_asymmetric_same_degrees", undirected, asymmetric_same_degrees),
        ("unsorted_neighbours_directed", directed, changing("out", reverse_longest_row)),
        ("unsorted_neighbours_undirected", undirected, changing("out", reverse_longest_row)),
        ("repeated_neighbour_directed", directed, changing("out", repeat_in_longest_row)),
        ("repeated_neighbour_undirected", unweighted, changing("out", repeat_in_longest_row)),
        ("self_loop_directed", directed, self_loop),
        ("self_loop_undirected", undirected, self_loop),
        ("reverse_not_transpose_same_degrees", directed, reverse_other_arcs),
        ("reverse_not_transpose_other_degrees", directed, reverse_other_degrees),
        ("reverse_weight_differs", directed, reverse_other_weight),
        ("reverse_on_undirected", undirected, reverse_on_undirected),
        ("reverse_weights_without_weights", directed, reverse_weights_only),
        ("weights_without_reverse_weights", directed, no_reverse_weights),
        ("directed_without_reverse", directed, no_reverse),
        ("repeated_original_ids", undirected, repeated_ids),
        ("one_original_id_for_all", directed, one_id_for_all),
        ("original_ids_descending", directed, permuted_ids),
        ("original_ids_near_2_64", undirected, huge_ids),
        ("no_original_ids", directed, no_ids),
    ]
    for label, value in [("nan", NAN), ("inf", INF), ("minus_inf", -INF), ("negative", -2.5), ("zero", 0.0),
                         ("minus_zero", -0.0), ("denormal", 1e-45), ("float_max", 3.4028234e38)]:
        cases.append(("weight_%s_directed" % label, directed, weight_value(value)))
        cases.append(("weight_%s_undirected" % label, undirected, weight_value(value)))
    for name, base, craft in cases:
        yield name, craft(copy.deepcopy(base))
    yield "empty_graph", plx.Graph(False, plx.Csr([0], []), None, [])
    no_arcs = plx.Csr([0] * 6, [])
    yield "vertices_without_arcs", plx.Graph(True, no_arcs, copy.deepcopy(no_arcs), [3, 4, 5, 9, 10])


# ---------------------------------------------------------------------------------------------
# Crafted hypergraphs.

def incidence_other_edge(h):
    """A vertex lists a hyperedge whose pins do not hold it; every count unchanged."""
    edges = len(h.edge_pins.offsets) - 1
    replace_first_entry(h.vertex_edges, lambda v: range(edges), min)
    return h


def incidence_other_degrees(h):
    """One incidence moved to another vertex: the same pin count, other vertex degrees."""
    rows = h.vertex_edges.rows()
    v = longest_row(h.vertex_edges)
    target = next(x for x in range(len(rows)) if x != v and rows[v][0] not in rows[x])
    rows[target] = sorted(rows[target] + [rows[v].pop(0)])
    set_rows(h.vertex_edges, rows)
    return h


def repeated_pin(h):
    """A hyperedge lists one vertex twice, and the vertex lists the hyperedge twice: the two
    incidences agree."""
    e = longest_row(h.edge_pins)
    pins, incidence = h.edge_pins.rows(), h.vertex_edges.rows()
    dropped, kept = pins[e][1], pins[e][0]
    pins[e][1] = kept
    incidence[dropped].remove(e)
    incidence[kept] = sorted(incidence[kept] + [e])
    set_rows(h.edge_pins, pins)
    set_rows(h.vertex_edges, incidence)
    return h


def edge_weight(value):
    def craft(h):
        h.edge_weights[0] = value
        return h
    return craft


def vertex_weight(value):
    def craft(h):
        h.vertex_weights[0] = value
        return h
    return craft


def crafted_hypergraphs(rng):
    plain = random_hypergraph(rng, False)
    weighted = random_hypergraph(rng, True)
    cases = [
        ("hyper_valid", plain, lambda h: h),
        ("hyper_valid_weighted", weighted, lambda h: h),
        ("hyper_incidence_other_edge", plain, incidence_other_edge),
        ("hyper_incidence_other_degrees", plain, incidence_other_degrees),
        ("hyper_unsorted_pins", plain, changing("edge_pins", reverse_longest_row)),
        ("hyper_unsorted_incidence", plain, changing("vertex_edges", reverse_longest_row)),
        ("hyper_repeated_pin_both_ways", plain, repeated_pin),
        ("hyper_repeated_pin_one_way", plain, changing("edge_pins", repeat_in_longest_row)),
        ("hyper_repeated_original_ids", plain, repeated_ids),
        ("hyper_no_original_ids", plain, no_ids),
    ]
    for label, value in [("nan", NAN), ("inf", INF), ("minus_inf", -INF), ("negative", -1.0)]:
        cases.append(("hyper_edge_weight_%s" % label, weighted, edge_weight(value)))
        cases.append(("hyper_vertex_weight_%s" % label, weighted, vertex_weight(value)))
    for name, base, craft in cases:
        yield name, craft(copy.deepcopy(base))
    yield "hyper_empty_hyperedges", plx.Hypergraph(plx.Csr([0] * 4, []), plx.Csr([0] * 3, []), ids=[1, 2, 3])


# ---------------------------------------------------------------------------------------------
# Random mutations of valid structures: one array changed, the file re-checksummed.

SPECIAL_WEIGHTS = [NAN, INF, -INF, -1.0, 0.0, 1e-45, 3.4028234e38]


def mutate_csr(rng, csr, bound):
    """Changes csr in place by one random edit that applies to it; returns the edit's kind."""
    m = len(csr.indices)
    kinds = []
    if m:
        kinds += ["index", "range"]
    if m > 1:
        kinds.append("swap")
    if len(csr.offsets) > 2:
        kinds.append("offset")
    if csr.weights is not None and m:
        kinds.append("weight")
    kind = rng.choice(kinds)
    if kind == "index":
        csr.indices[rng.randrange(m)] = rng.randrange(bound)
    elif kind == "range":
        csr.indices[rng.randrange(m)] = bound + rng.choice([0, 1, 1 << 31])
    elif kind == "swap":
        p, q = rng.randrange(m), rng.randrange(m)
        csr.indices[p], csr.indices[q] = csr.indices[q], csr.indices[p]
    elif kind == "offset":
        i = rng.randrange(1, len(csr.offsets) - 1)
        csr.offsets[i] = rng.randint(csr.offsets[i - 1], csr.offsets[i + 1])
    else:
        csr.weights[rng.randrange(m)] = rng.choice(SPECIAL_WEIGHTS)
    return kind


def mutated_graphs(rng, count):
    for k in range(count):
        g = random_graph(rng, rng.random() < 0.5, rng.random() < 0.6)
        choices = [("out", g.out)] + ([("reverse", g.reverse)] if g.reverse is not None else [])
        label, csr = rng.choice(choices)
        if rng.random() < 0.15:
            g.ids[rng.randrange(g.n)] = rng.choice(g.ids)
            yield "mutated_graph_%d_ids" % k, g
        else:
            yield "mutated_graph_%d_%s_%s" % (k, label, mutate_csr(rng, csr, g.n)), g


def mutated_hypergraphs(rng, count):
    for k in range(count):
        h = random_hypergraph(rng, rng.random() < 0.5)
        n, edges = len(h.vertex_edges.offsets) - 1, len(h.edge_pins.offsets) - 1
        if rng.random() < 0.5:
            yield "mutated_hypergraph_%d_incidence_%s" % (k, mutate_csr(rng, h.vertex_edges, edges)), h
        else:
            yield "mutated_hypergraph_%d_pins_%s" % (k, mutate_csr(rng, h.edge_pins, n)), h


def main():
    args, suite, rng = start("plx_structures", __doc__)
    if not check_writer(suite):
        print("the .plx writer of this test disagrees with plexus convert; no structure was tried")
        return suite.finish()
    graphs = list(crafted_graphs(rng)) + list(mutated_graphs(rng, 24))
    hypergraphs = list(crafted_hypergraphs(rng)) + list(mutated_hypergraphs(rng, 12))
    for name, graph in graphs:
        if args.case in name:
            exercise_graph(suite, name, graph)
    for name, hypergraph in hypergraphs:
        if args.case in name:
            exercise_hypergraph(suite, name, hypergraph)
    return suite.finish()


if __name__ == "__main__":
    sys.exit(main())
