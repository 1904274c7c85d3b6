#!/usr/bin/env bash
# Wrong command lines through the real binary: unknown commands and options, values out of
# range, options that do not apply. Each exits with status 2 and one line ending with where to
# read the usage, and standard output empty. See README.md for what each case asserts.
# Usage: cases_options.sh PLEXUS_BINARY
source "$(dirname "$0")/lib.sh" "$@"
make_common_inputs
printf 'function f(Graph g, node src) { }\n' >node.sp
# A refused command prints no report: standard output stays empty, also when the option is
# checked against the input once it is loaded.
before_work=yes

# A delta far below the weights is refused at once with the smallest delta accepted, instead
# of running for ages.
limit=10
expect_failure sssp_tiny_delta 2 "delta 1e-30" "smallest delta accepted" "see 'plexus run sssp --help'" \
  -- run sssp w.wel -s 0 --delta 1e-30
limit=60

expect_failure unknown_option 2 "--bogus" "see 'plexus info --help'" -- info --bogus g.el
expect_failure unknown_command 2 "unknown command 'frobnicate'" "see 'plexus --help'" -- frobnicate g.el
expect_failure trials_zero 2 "--trials" "(got 0)" "see 'plexus bench --help'" -- bench --algorithm bfs --kron 6 --trials 0
expect_failure damping_out_of_range 2 "damping 2" "see 'plexus run pagerank --help'" -- run pagerank g.el --damping 2
expect_failure option_not_applying 2 "--damping does not apply to bfs" "see 'plexus run bfs --help'" \
  -- run bfs g.el --damping 0.5

# Unsigned options take decimal digits within 64 bits: no sign wraps, no huge value saturates.
expect_failure source_minus_one 2 "--source must be a non-negative integer (got -1)" -- run bfs g.el -s -1
expect_failure seed_past_64_bits 2 "--seed must be a non-negative integer (got 99999999999999999999)" \
  -- bench --algorithm bfs --kron 4 --seed 99999999999999999999

# Options that have no effect in the chosen mode are refused, not silently dropped.
expect_failure cdlp_tolerance 2 "--tolerance does not apply to lp --variant cdlp" \
  -- run lp g.el --variant cdlp --tolerance 0.1
expect_failure synchronous_seed 2 "--seed does not apply to lp --variant synchronous" \
  -- run lp g.el --variant synchronous --seed 3
expect_failure graphalytics_stop 2 "--stop does not apply to pagerank --variant graphalytics" \
  -- run pagerank g.el --variant graphalytics --stop networkx
expect_failure graphalytics_tolerance 2 "--tolerance does not apply to pagerank --variant graphalytics" \
  -- run pagerank g.el --variant graphalytics --tolerance 1e-3
expect_failure vertex_file_without_e_input 2 "--vertex-file applies only to Graphalytics .e" \
  -- run bfs g.el --vertex-file none

# Options checked against the loaded input: the lines printed after the load are held back, so a
# refusal leaves standard output empty (with --out -, the lines bound for standard error too).
expect_failure source_not_a_vertex 2 "g.el: source 9 is not a vertex of the graph" "(0..3 here)" \
  -- run bfs g.el -s 9
expect_failure source_not_a_vertex_out_stdout 2 "source 9 is not a vertex" -- run sssp w.wel -s 9 --out -
expect_failure bc_source_not_a_vertex 2 "source 9 is not a vertex" -- run bc g.el --sources 0,9
expect_failure hyper_source_not_a_vertex 2 "source 99 is not a vertex of the hypergraph" \
  -- run hyper-bfs hyper:0.001 -s 99
expect_failure unknown_balance 2 "unknown load balance 'bogus'" -- run bfs g.el --balance bogus
expect_failure unknown_pagerank_variant 2 "--variant bogus" -- run pagerank g.el --variant bogus
expect_failure engine_not_streaming 2 "--engine out-of-core: tc runs in memory only" \
  -- run tc g.el --undirected --engine out-of-core
expect_failure dsl_node_not_a_vertex 2 "--arg src: 9 is not a vertex" -- dsl run node.sp g.el --arg src=9
# Every input of a bench is checked before the first is loaded and benched.
expect_failure bench_later_input_malformed 2 "kron:99: SCALE 99 exceeds 31" \
  -- bench --algorithm bfs --trials 1 --graph g.el --graph kron:99
expect_failure bench_later_input_other_kind 2 "hyper:1: a generated hypergraph" \
  -- bench --algorithm bfs --trials 1 --graph g.el --graph hyper:1

# A text-reading option given with a .plx input says where it applies, whatever the command.
expect_failure plx_reading_option_hint 2 "good.plx" "give it when converting the text source" \
  -- convert good.plx -o again.el --undirected

finish
