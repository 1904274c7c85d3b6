#!/usr/bin/env bash
# A rank of `plexus run pagerank GRAPH --distributed --out FILE` killed (SIGKILL) in the middle
# of a run that would otherwise go on for hours: the job must end soon, with a nonzero status
# and a line naming the failure, and leave no --out file, whole or partial. MODE says who ends
# the job:
#   mpirun    mpirun, as it does by default when a rank dies: its line names the killed rank;
#   deadline  the other ranks, mpirun being told to let them run on: each waits in its next
#             collective until --comm-timeout, then ends the job (MPI_Abort) with the line
#             `plexus: error: rank r, STAGE: OPERATION #n did not complete within ...`.
# The killed rank is the last, started with its own copy of the graph, and it is killed once
# it has read its slice of that copy (the copy's access time moves): MPI is up and the ranks
# are connected by then, and they are loading, uploading or iterating. SKIPPED where the file
# system does not record access times.
# Usage: cli_fault_killed_rank.sh PLEXUS MODE LAUNCHER... (mpirun and its flags, ending with
# -np N)
set -u
plexus=$1 mode=$2
shift 2
ranks=${!#}
mpirun=("${@:1:$#-2}")
victim=$((ranks - 1))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/fault_checks.sh"

mkdir "$work/victim" "$work/results"
echo probe >"$work/probe"
touch -a -d @0 "$work/probe"
cat "$work/probe" >/dev/null
[ "$(stat -c %X "$work/probe")" != 0 ] ||
  { echo "SKIPPED: the file system of $work does not record when a file is read (noatime)"; exit 77; }
"$plexus" generate kron --scale 12 -o "$work/g.plx" >/dev/null || exit 1
cp "$work/g.plx" "$work/victim/g.plx"
touch -a -d @0 "$work/victim/g.plx"

# Exactly 10^8 iterations (graphalytics runs --max-iter of them): hours on any machine.
run=(run pagerank --distributed --variant graphalytics --max-iter 100000000 --out "$work/results/ranks.tsv")
case $mode in
  mpirun) ;;
  deadline)
    mpirun+=(--mca orte_abort_on_non_zero_status 0)
    run+=(--comm-timeout 3)
    ;;
  *) echo "unknown mode $mode"; exit 2 ;;
esac
"${mpirun[@]}" -np "$victim" "$plexus" "${run[@]}" "$work/g.plx" : \
  -np 1 "$plexus" "${run[@]}" "$work/victim/g.plx" >"$work/out" 2>"$work/err" &
job=$!

# waited_for CONDITION...: polls until CONDITION holds, for a minute at most.
waited_for() {
  for ((tries = 0; tries < 1200; ++tries)); do
    "$@" && return 0
    sleep 0.05
  done
  return 1
}
read_its_slice() { [ "$(stat -c %X "$work/victim/g.plx")" != 0 ]; }
job_ended() { ! kill -0 "$job" 2>/dev/null; }
# Ends what is left of the job: its ranks, then mpirun.
end_job() {
  kill -KILL $(pgrep -P "$job") "$job" 2>/dev/null
}

if ! waited_for read_its_slice; then
  end_job
  fail "rank $victim never read its slice of the graph"
fi
pid=$(pgrep -P "$job" -f -- "$work/victim/g.plx")
[ -n "$pid" ] || { end_job; fail "no process of rank $victim under mpirun ($job)"; }
kill -KILL "$pid"
if ! waited_for job_ended; then
  end_job
  fail "the job did not end within a minute of rank $victim's death"
fi
wait "$job"
status=$?

[ "$status" != 0 ] || fail "the job exited with status 0"
[ -z "$(ls -A "$work/results")" ] || fail "a rank left a file where --out goes: $(ls -A "$work/results")"
case $mode in
  mpirun)
    grep -q "process rank $victim .*signal 9" "$work/err" || fail "no line names rank $victim's death"
    ;;
  deadline)
    grep -qE "^plexus: error: rank [0-9]+, [^:]+: [a-z_]+ #[0-9]+ did not complete within 3000 ms: " "$work/err" ||
      fail "no rank said which collective rank $victim left unfinished"
    ;;
esac
echo "rank $victim of $ranks killed: the job ended with status $status, naming the failure, leaving no --out file"
