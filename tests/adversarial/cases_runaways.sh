#!/usr/bin/env bash
# Work without bound: options that size memory or time by themselves are bounded by the graph or
# refused, and generations whose memory need exceeds the machine's are refused before they
# start, with both figures. Each case runs under a short time limit. See README.md for what
# each case asserts.
# Usage: cases_runaways.sh PLEXUS_BINARY
source "$(dirname "$0")/lib.sh" "$@"
make_common_inputs

# Afforest's neighbour rounds past the largest degree and samples past the vertex count cannot
# change the components: bounded by the graph, they cost nothing.
limit=10
for option in "--samples 2000000000" "--rounds 2147483647"; do
  # shellcheck disable=SC2086 # the option and its value are two words
  expect_success "cc_${option#--}_bounded_by_the_graph" '^Verification: +PASS' -- run cc g.el $option --validate
done

# Generations that cannot fit are refused at once with the need and the memory available.
expect_failure generate_kron_past_memory 1 "needs about" "available" -- generate kron --scale 31 --edge-factor 1048576
expect_failure generate_uniform_2_64_arcs 1 "18446744073709551615 arcs needs about" \
  -- generate uniform --vertices 10 --edges 18446744073709551615
expect_failure generate_hypergraph_past_memory 1 "needs about" \
  -- generate hypergraph --vertices 1000 --hyperedges 4000000000 --min-size 1000 --max-size 1000
expect_failure kron_spec_past_memory 1 "kron:31:1048576" "needs about" -- run bfs kron:31:1048576
expect_failure hyper_spec_past_memory 1 "needs about" -- run hyper-bfs hyper:30000
limit=60

finish
