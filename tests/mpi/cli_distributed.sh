#!/usr/bin/env bash
# `plexus run ALGORITHM GRAPH --distributed` under mpirun at the launcher's rank count: the
# --out file of every distributed algorithm is the single-process run's, byte for byte, on a
# Kronecker graph undirected, directed and weighted (for SSSP also directed and weighted; a
# .plx file each rank reads its slice of), on a graph with fewer vertices than ranks, and on
# kron:SCALE drawn per rank; --validate passes; a problem every rank meets (a source that is
# no vertex, and a negative weight, which one rank finds, for SSSP) is the single run's error
# line; --out-per-rank files hold, together, the lines of the single file; and, at one rank,
# the same run without mpirun (the self communicator).
# Usage: cli_distributed.sh PLEXUS LAUNCHER... (mpirun and its flags, ending with the rank count)
set -u
plexus=$1
shift
source "$(dirname "$0")/same_output.sh" "$@"

"$plexus" generate kron --scale 12 -o "$work/kron.plx" >/dev/null || exit 1
"$plexus" generate kron --scale 11 --directed -o "$work/directed.plx" >/dev/null || exit 1
"$plexus" generate kron --scale 10 --weighted -o "$work/weighted.plx" >/dev/null || exit 1
"$plexus" generate kron --scale 10 --directed --weighted -o "$work/directed-weighted.plx" >/dev/null || exit 1
printf '0 1 2\n1 2 3\n2 3 -1\n3 4 1\n' >"$work/negative.wel"
"$plexus" convert "$work/negative.wel" -o "$work/negative.plx" >/dev/null || exit 1
printf '0 1\n1 2\n' >"$work/tiny.el"
"$plexus" convert "$work/tiny.el" -o "$work/tiny.plx" >/dev/null || exit 1

for algorithm in bfs pagerank cc sssp; do
  same_output "$algorithm-kron" "$work/kron.plx" "$algorithm"
  same_output "$algorithm-directed" "$work/directed.plx" "$algorithm"
  same_output "$algorithm-tiny" "$work/tiny.plx" "$algorithm"
  same_output "$algorithm-generated" kron:10 "$algorithm"
done
same_output pagerank-weighted "$work/weighted.plx" pagerank --weighted
same_output pagerank-graphalytics "$work/kron.plx" pagerank --variant graphalytics --max-iter 5
same_output bfs-source "$work/kron.plx" bfs -s 7 --direction push
same_output sssp-weighted "$work/weighted.plx" sssp
same_output sssp-directed-weighted "$work/directed-weighted.plx" sssp
same_output sssp-source "$work/weighted.plx" sssp -s 7 --delta 16

# same_error NAME ALGORITHM GRAPH [OPTIONS...]: a problem every rank meets alike is the single
# run's one line and exit status, naming no rank.
same_error() {
  local name=$1
  shift
  "$plexus" run "$@" >/dev/null 2>"$work/$name.single.err"
  local single=$?
  "${launcher[@]}" "$plexus" run "$@" --distributed >/dev/null 2>"$work/$name.dist.err"
  local distributed=$?
  [ "$single" != 0 ] || { fail "$name: the single run did not fail"; return; }
  [ "$distributed" = "$single" ] || fail "$name: exit status $distributed, the single run's $single"
  [ "$(grep -c '^plexus: ' "$work/$name.dist.err")" = 1 ] || fail "$name: not one error line"
  [ "$(grep '^plexus: ' "$work/$name.dist.err")" = "$(cat "$work/$name.single.err")" ] ||
    { fail "$name: the error is not the single run's"; cat "$work/$name.single.err" "$work/$name.dist.err"; }
}
same_error bfs-bad-source bfs "$work/kron.plx" -s 99999
same_error bfs-bad-generated-source bfs kron:8 -s 99999
same_error sssp-bad-source sssp "$work/weighted.plx" -s 99999
same_error sssp-negative-weight sssp "$work/negative.plx"

# Every rank's own file: together, the single run's lines.
"${launcher[@]}" "$plexus" run bfs "$work/kron.plx" --distributed --out-per-rank "$work/part" >/dev/null 2>&1 ||
  fail "--out-per-rank: the run failed"
"${launcher[@]}" "$plexus" run cc "$work/kron.plx" --distributed --out-per-rank "$work/cc-part" >/dev/null 2>&1 ||
  fail "cc --out-per-rank: the run failed"
"${launcher[@]}" "$plexus" run sssp "$work/weighted.plx" --distributed --out-per-rank "$work/sssp-part" \
  >/dev/null 2>&1 || fail "sssp --out-per-rank: the run failed"
if [ "$(cat "$work"/sssp-part.rank* | grep -v '^#' | sort)" != "$(grep -v '^#' "$work/sssp-weighted.single" | sort)" ]; then
  fail "sssp --out-per-rank: the ranks' files together are not the single run's lines"
fi
if [ "$(cat "$work"/cc-part.rank* | grep -v '^#' | sort)" != "$(grep -v '^#' "$work/cc-kron.single" | sort)" ]; then
  fail "cc --out-per-rank: the ranks' files together are not the single run's lines"
fi
for ((r = 0; r < ranks; ++r)); do
  [ -f "$work/part.rank$r" ] || fail "--out-per-rank: no part.rank$r"
done
if [ "$(cat "$work"/part.rank* | grep -v '^#' | sort)" != "$(grep -v '^#' "$work/bfs-kron.single" | sort)" ]; then
  fail "--out-per-rank: the ranks' lines are not the single run's"
fi

if [ "$ranks" = 1 ]; then
  "$plexus" run pagerank "$work/kron.plx" --distributed --out "$work/self" >/dev/null 2>&1 ||
    fail "without mpirun: the run failed"
  cmp -s "$work/self" "$work/pagerank-kron.single" || fail "without mpirun: --out differs from the single run's"
fi

[ "$failures" = 0 ] || exit 1
echo "every distributed --out at $ranks ranks is the single run's"
