// Serial reference for connected components, with canonical labels.
//
// Directed graphs get weakly connected components (arc directions ignored), which is what
// LAGraph's ConnectedComponents and the "components" column of the dataset MANIFEST count.
// The reference uses union-find over every stored arc (Tarjan, "Efficiency of a good but not
// linear set union algorithm", J. ACM 22(2), 1975) and so needs no reverse CSR. Labels are
// canonical: label[v] is the vertex of smallest original id (the input's id) in v's
// component, so two correct runs give equal vectors whatever the vertex order, and an
// isolated vertex is its own component.
//
// compare_components accepts any labelling that induces the same partition (parallel
// algorithms such as Afforest or FastSV may pick other representatives): equal labels must
// mean the same reference component and vice versa. compare_component_labels also requires
// the canonical labels, as connected_components gives them.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "plexus/core/host_vector.hpp"
#include "plexus/core/types.hpp"
#include "plexus/core/verdict.hpp"
#include "plexus/graph/csr_graph.hpp"

namespace plexus::verify {

/// label[v] = the vertex of smallest original id in the (weakly) connected component of v.
host_vector<vertex_t> reference_components(const csr_graph& graph);

/// Number of distinct labels (components, isolated vertices included).
std::uint64_t component_count(std::span<const vertex_t> labels);

/// Size of every component, largest first.
std::vector<std::uint64_t> component_sizes(std::span<const vertex_t> labels);

/// (size, number of components of that size) pairs, by increasing size.
std::vector<std::pair<std::uint64_t, std::uint64_t>> component_size_histogram(std::span<const vertex_t> labels);

/// Checks that `labels` partitions the vertices exactly as the reference components do.
verdict compare_components(const csr_graph& graph, std::span<const vertex_t> labels);

/// compare_components, and every component labelled by its vertex of smallest original id.
verdict compare_component_labels(const csr_graph& graph, std::span<const vertex_t> labels);

}  // namespace plexus::verify
