#!/usr/bin/env bash
# Wrong command lines through the real binary: unknown commands and options, values out of
# range, options that do not apply. Each exits with status 2 and one line ending with where to
# read the usage. See README.md for what each case asserts.
# Usage: cases_options.sh PLEXUS_BINARY
source "$(dirname "$0")/lib.sh" "$@"
make_common_inputs

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

finish
