// Plexus public API: include this one header.
#pragma once

#include "plexus/core/error.hpp"
#include "plexus/core/progress.hpp"
#include "plexus/core/timer.hpp"
#include "plexus/core/types.hpp"
#include "plexus/generators/kronecker.hpp"
#include "plexus/generators/random_hypergraph.hpp"
#include "plexus/generators/uniform.hpp"
#include "plexus/graph/builder.hpp"
#include "plexus/graph/csr_graph.hpp"
#include "plexus/graph/degree_stats.hpp"
#include "plexus/graph/hypergraph.hpp"
#include "plexus/graph/relabel.hpp"
#include "plexus/io/plx.hpp"
#include "plexus/io/read_graph.hpp"
#include "plexus/io/read_hypergraph.hpp"
