#!/usr/bin/env bash
# `plexus run bfs GRAPH --distributed` where the last rank is given a file that does not exist
# (an mpirun job of two programs: the others read GRAPH, the last one its missing copy): every
# rank must end with status 1, soon (the ranks agree on the error before the first collective
# that needs the file, so nothing waits for a deadline), and the job must print exactly one
# error line, naming the rank, the stage and the file.
# Usage: cli_fault_missing_file.sh PLEXUS LAUNCHER... (mpirun and its flags, ending with -np N)
set -u
plexus=$1
shift
ranks=${!#}
mpirun=("${@:1:$#-2}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$plexus" generate kron --scale 8 --edge-factor 4 -o "$work/g.plx" >/dev/null || exit 1

# Each rank records its exit status in $work/status.RANK; mpirun lets every rank end on its
# own rather than killing the others at the first non-zero status.
record='dir=$1; shift; "$@"; s=$?; echo $s >"$dir/status.$OMPI_COMM_WORLD_RANK"; exit $s'
missing=$((ranks - 1))
"${mpirun[@]}" --mca orte_abort_on_non_zero_status 0 \
  -np "$missing" bash -c "$record" _ "$work" "$plexus" run bfs "$work/g.plx" --distributed --comm-timeout 30 : \
  -np 1 bash -c "$record" _ "$work" "$plexus" run bfs "$work/missing.plx" --distributed --comm-timeout 30 \
  >"$work/out" 2>"$work/err"
source "$(dirname "$0")/fault_checks.sh"
expect_every_rank_failed "$ranks"
expect_one_error_line \
  "^plexus: error: rank $missing, loading g.plx: $work/missing.plx: cannot open: No such file or directory\$" \
  "rank $missing, the stage and the file"
echo "every rank of $ranks exited with status 1; one error line"
