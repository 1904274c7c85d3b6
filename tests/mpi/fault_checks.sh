# The checks of an mpirun job in which one rank met a fault, sourced by the fault tests: the
# job's output is in $work/out and $work/err, and each rank wrote its exit status to
# $work/status.RANK.

fail() {
  echo "FAIL: $*"
  echo "--- stdout"; cat "$work/out"
  echo "--- stderr"; cat "$work/err"
  exit 1
}

# expect_every_rank_failed RANKS: every rank exited with status 1.
expect_every_rank_failed() {
  for ((r = 0; r < $1; ++r)); do
    [ -f "$work/status.$r" ] || fail "rank $r wrote no status"
    [ "$(cat "$work/status.$r")" = 1 ] || fail "rank $r exited with status $(cat "$work/status.$r")"
  done
}

# expect_one_error_line LINE WHAT: the job printed one error line, LINE (a grep pattern),
# which says WHAT.
expect_one_error_line() {
  local errors
  errors=$(grep -c '^plexus: error: ' "$work/err")
  [ "$errors" = 1 ] || fail "$errors error lines instead of one"
  grep -q "$1" "$work/err" || fail "the error line does not name $2"
}
