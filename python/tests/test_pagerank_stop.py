"""PageRank's two stopping rules from Python: NetworkX's test gives NetworkX's ranks, the error
bound (the default, as the command line's) ranks within the bound of the fixed point."""

import networkx as nx
import numpy as np
import pytest

import plexus


@pytest.fixture(scope="module")
def graphs():
    G = nx.gnm_random_graph(400, 2400, seed=3)
    return G, plexus.Graph.from_networkx(G)


def test_networkx_rule_is_networkxs_pagerank(graphs):
    G, g = graphs
    expected = nx.pagerank(G, tol=1e-8)
    found = plexus.pagerank(g, stop="networkx", tolerance=1e-8)
    np.testing.assert_allclose(found.rank, [expected[v] for v in g.labels], rtol=1e-6)


def test_error_bound_reaches_the_fixed_point_within_the_tolerance(graphs):
    G, g = graphs
    fixed_point = plexus.pagerank(g, stop="networkx", tolerance=1e-14, max_iterations=1000).rank
    loose = plexus.pagerank(g, tolerance=1e-4)
    assert np.abs(loose.rank - fixed_point).sum() <= 1e-4
    assert loose.iterations > plexus.pagerank(g, stop="networkx", tolerance=1e-4).iterations


def test_unknown_rule_is_a_value_error(graphs):
    with pytest.raises(ValueError, match="error-bound or networkx"):
        plexus.pagerank(graphs[1], stop="never")
