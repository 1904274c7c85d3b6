// Serial references for PageRank: NetworkX's variant and the LDBC Graphalytics variant.
//
// References:
//   [1] L. Page, S. Brin, R. Motwani, T. Winograd, "The PageRank citation ranking: bringing
//       order to the web", Stanford InfoLab TR 1999-66.
//   [2] NetworkX 3.x networkx/algorithms/link_analysis/pagerank_alg.py (_pagerank_python).
//   [3] A. Iosup et al., "The LDBC Graphalytics Benchmark", v1.0 specification, section on
//       PageRank (PR).
//
// reference_pagerank follows [2]: x_0 = 1/n; each step
//   x'[v] = d * (sum over arcs u->v of x[u] * P(u, v) + p[v] * sum over sinks s of x[s])
//           + (1 - d) * p[v]
// with p the normalized personalization vector (uniform when empty), until the stopping rule
// holds (pagerank.hpp: d / (1 - d) * ||x' - x||_1 <= tolerance, or NetworkX's
// sum |x' - x| < n * tolerance); failing that within max_iterations, plexus::error
// (invalid_argument), as NetworkX raises PowerIterationFailedConvergence. Unweighted, each
// stored arc has weight 1 and P(u, v) = 1 / outdeg(u) (a self-loop counts in the out-degree
// and feeds its own vertex; undirected edges are stored both ways, as NetworkX's
// G.to_directed()). Weighted, P(u, v) = w(u, v) / W(u) with W(u) the sum of u's out-weights,
// summed in double, and a sink is a vertex with W(u) = 0, as in NetworkX's
// pagerank(G, weight="weight"). The result is normalized to sum 1.
//
// reference_pagerank_graphalytics follows [3]: PR_0 = 1/n, then exactly `iterations` steps of
//   PR'[v] = (1 - d)/n + d * sum over arcs u->v of PR[u] / outdeg(u) + d/n * sum over sinks PR[s]
// with no convergence test and no final normalization.
#pragma once

#include <span>

#include "plexus/algorithms/pagerank/pagerank.hpp"
#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

/// NetworkX pagerank(G, alpha=damping, personalization, max_iter, tol, weight), stopped by
/// `stop`. `personalization` is empty or one non-negative value per vertex with a positive sum;
/// `weighted` reads the graph's weights (an unweighted graph weighs every arc 1).
host_vector<double> reference_pagerank(const csr_graph& graph, double damping = 0.85, double tolerance = 1e-6,
                                       int max_iterations = 100, std::span<const double> personalization = {},
                                       pagerank_stop stop = pagerank_stop::error_bound, bool weighted = false);

/// LDBC Graphalytics PR with a fixed number of iterations.
host_vector<double> reference_pagerank_graphalytics(const csr_graph& graph, double damping = 0.85,
                                                     int iterations = 20);

/// Compares rank vectors entry by entry: |actual - expected| <= tolerance. Both hold one rank
/// per vertex of `graph`, which names the vertex of a difference by its input id.
verdict compare_pagerank(const csr_graph& graph, std::span<const double> expected,
                         std::span<const double> actual, double tolerance = 1e-6);

}  // namespace plexus::verify
