#!/usr/bin/env bash
# `plexus bench --distributed` under mpirun at the launcher's rank count: every distributed
# algorithm's report (the rank lines, the statistics of the time, compute and communication
# time, bytes, rounds and bytes per round, the single run's time and the speedup), every trial
# equal to the single run's and passing --validate; the JSON rows with those fields and sane
# numbers (bytes exchanged over more than one rank, compute plus communication the time, bytes
# per round the bytes over the rounds); the same sources as a single bench; --no-baseline
# without single run; a directed Kronecker graph; and errors as a distributed run gives them:
# a problem every rank meets (a missing file, a negative weight) is one line, the single
# bench's where it has one, a wrong command line one usage line, and a problem one rank meets
# (its file missing) one line naming the rank.
# Usage: cli_bench_distributed.sh PLEXUS LAUNCHER... (mpirun and its flags, ending with the rank count)
set -u
plexus=$1
shift
source "$(dirname "${BASH_SOURCE[0]}")/script_setup.sh"

"$plexus" generate kron --scale 10 -o "$work/kron.plx" >/dev/null || exit 1
"$plexus" generate kron --scale 9 --weighted -o "$work/weighted.plx" >/dev/null || exit 1
printf '0 1 2\n1 2 3\n2 3 -1\n3 4 1\n' >"$work/negative.wel"
"$plexus" convert "$work/negative.wel" -o "$work/negative.plx" >/dev/null || exit 1

# bench NAME [OPTIONS...]: the distributed bench, its lines in $work/NAME.log (both streams).
bench() {
  local name=$1
  shift
  "${launcher[@]}" "$plexus" bench --distributed "$@" >"$work/$name.log" 2>&1 ||
    { fail "$name: the bench failed"; cat "$work/$name.log"; return 1; }
}

# The report of every algorithm, checked, with its JSON.
if bench all --graph "$work/kron.plx" --trials 3 --validate --json "$work/all.json"; then
  grep -q "^Ranks: *$ranks\$" "$work/all.log" || fail "no Ranks: $ranks line"
  grep -q '^Transport: ' "$work/all.log" || fail "no Transport: line"
  for algorithm in bfs sssp cc pagerank; do
    grep -q "^Algorithm: *$algorithm\$" "$work/all.log" || fail "$algorithm: not benched"
  done
  [ "$(grep -c '^Verification: *PASS (3 trials, each the single run.s answer and passing the serial verifier)$' \
    "$work/all.log")" = 4 ] || fail "not four Verification: PASS lines, each trial the single run's answer and verified"
  for label in Time 'Compute Time' 'Communication Time' 'Bytes Exchanged' 'Exchange Rounds' 'Bytes Per Round' \
    'Single Time' Speedup; do
    [ "$(grep -c "^$label: .* $ranks ranks\?, 3 trials\|^$label: .* one rank, 3 trials" "$work/all.log")" = 4 ] ||
      fail "not four $label: lines naming what they measured"
  done
  python3 - "$work/all.json" "$ranks" <<'PY' || fail "the JSON rows"
import json, sys
rows = json.load(open(sys.argv[1]))["results"]
ranks = int(sys.argv[2])
problems = []
if [r["algorithm"] for r in rows] != ["bfs", "sssp", "cc", "pagerank"]:
    problems.append("rows %s" % [r["algorithm"] for r in rows])
for r in rows:
    a = r["algorithm"]
    if r["ranks"] != ranks or not r["transport"]:
        problems.append("%s: ranks %s, transport %r" % (a, r["ranks"], r["transport"]))
    if not r.get("speedup", 0) > 0:
        problems.append("%s: no speedup" % a)
    for key in ("seconds", "compute_seconds", "communication_seconds", "bytes_exchanged", "exchange_rounds",
                "round_bytes", "single_seconds"):
        if r["statistics"][key]["count"] != 3:
            problems.append("%s: statistics of %s over %s trials" % (a, key, r["statistics"][key]["count"]))
    for t in r["trials"]:
        if not (t["same_as_single"] and t["verified"]):
            problems.append("%s: a trial not the single run's or not verified: %s" % (a, t))
        if abs(t["compute_seconds"] + t["communication_seconds"] - t["seconds"]) > 1e-9 * max(1, t["seconds"]):
            problems.append("%s: compute and communication are not the time: %s" % (a, t))
        if ranks > 1 and not (t["bytes_exchanged"] > 0 and t["exchange_rounds"] > 0 and t["communication_seconds"] > 0):
            problems.append("%s: nothing exchanged over %d ranks: %s" % (a, ranks, t))
        if ranks == 1 and (t["bytes_exchanged"] != 0 or t["communication_seconds"] != 0):
            problems.append("%s: one rank exchanged: %s" % (a, t))
        expected = t["bytes_exchanged"] / t["exchange_rounds"] if t["exchange_rounds"] else 0
        if abs(t["round_bytes"] - expected) > 1e-9 * max(1, expected):
            problems.append("%s: bytes per round %s, not bytes over rounds" % (a, t["round_bytes"]))
        if t["single_seconds"] <= 0 or t["seconds"] <= 0:
            problems.append("%s: a time of 0: %s" % (a, t))
    if (a in ("bfs", "sssp")) != ("sources" in r) or (a in ("bfs", "sssp")) != all("source" in t for t in r["trials"]):
        problems.append("%s: sources where there are none, or none where there are" % a)
print("\n".join(problems))
sys.exit(1 if problems else 0)
PY
fi

# The sources are the single bench's: the same Source: lines, trial by trial.
"$plexus" bench --algorithm bfs,sssp --graph "$work/weighted.plx" --device host --trials 5 --sources 3 --verbose \
  >"$work/single-sources.log" 2>&1 || fail "the single bench failed"
if bench sources --algorithm bfs,sssp --graph "$work/weighted.plx" --trials 5 --sources 3 --verbose; then
  [ "$(grep -E '^Sources?:' "$work/sources.log")" = "$(grep -E '^Sources?:' "$work/single-sources.log")" ] ||
    fail "the sources are not the single bench's"
  grep -q '^Source: ' "$work/sources.log" || fail "no Source: lines"
fi

# --no-baseline: no single run, no speedup, nothing to compare with; a directed graph drawn per rank.
if bench alone --graph kron:9 --directed --algorithm bfs,pagerank --trials 2 --no-baseline --json "$work/alone.json"; then
  ! grep -qE '^(Single Time|Speedup|Whole Graph Load Time):' "$work/alone.log" || fail "--no-baseline: a single run"
  [ "$(grep -c '^Verification: *SKIPPED: no single run' "$work/alone.log")" = 2 ] ||
    fail "--no-baseline: not two Verification: SKIPPED lines"
  grep -q '^Direction: *directed (--directed)$' "$work/alone.log" || fail "--no-baseline: not directed"
  python3 -c "import json, sys; rows = json.load(open(sys.argv[1]))['results']; \
sys.exit(any('speedup' in r or 'single_seconds' in r['statistics'] for r in rows))" "$work/alone.json" ||
    fail "--no-baseline: a speedup in the JSON"
fi

# expect_error NAME STATUS LINE OPTIONS...: one error line, LINE (a grep pattern), and STATUS.
expect_error() {
  local name=$1 status=$2 line=$3
  shift 3
  "${launcher[@]}" "$plexus" bench --distributed "$@" >"$work/$name.out" 2>"$work/$name.err"
  local got=$?
  [ "$got" = "$status" ] || fail "$name: exit status $got, not $status"
  [ "$(grep -c '^plexus: error: ' "$work/$name.err")" = 1 ] || { fail "$name: not one error line"; cat "$work/$name.err"; }
  grep -q "$line" "$work/$name.err" || { fail "$name: the error line"; cat "$work/$name.err"; }
}
expect_error missing 1 "^plexus: error: $work/missing.plx: cannot open: No such file or directory\$" \
  --graph "$work/missing.plx" --trials 1
"$plexus" bench --algorithm sssp --graph "$work/negative.plx" --trials 1 >/dev/null 2>"$work/negative.single.err"
expect_error negative 1 "^$(grep '^plexus: error: ' "$work/negative.single.err")\$" \
  --algorithm sssp --graph "$work/negative.plx" --trials 1
expect_error undistributed 2 \
  "^plexus: error: --distributed: tc does not run distributed yet; bfs, sssp, cc, pagerank do; see 'plexus bench --help'\$" \
  --algorithm bfs,tc --trials 1
[ -s "$work/undistributed.out" ] && fail "undistributed: a refused bench printed lines"

# One rank's problem names the rank: the last rank is given a file that does not exist (an
# mpirun job of two programs, each rank recording its exit status, as mpirun lets every rank
# end on its own), and the job prints one line naming it and the stage; every rank exits with 1.
if [ "$ranks" -gt 1 ]; then
  mpirun=("${launcher[@]:0:${#launcher[@]}-2}")
  record='dir=$1; shift; "$@"; s=$?; echo $s >"$dir/status.$OMPI_COMM_WORLD_RANK"; exit $s'
  "${mpirun[@]}" --mca orte_abort_on_non_zero_status 0 \
    -np $((ranks - 1)) bash -c "$record" _ "$work" "$plexus" bench --distributed --graph "$work/kron.plx" \
    --trials 1 --comm-timeout 30 : \
    -np 1 bash -c "$record" _ "$work" "$plexus" bench --distributed --graph "$work/missing.plx" \
    --trials 1 --comm-timeout 30 >"$work/one-rank.out" 2>"$work/one-rank.err"
  for ((r = 0; r < ranks; ++r)); do
    [ "$(cat "$work/status.$r" 2>/dev/null)" = 1 ] || fail "one rank's missing file: rank $r did not exit with 1"
  done
  [ "$(grep -c '^plexus: error: ' "$work/one-rank.err")" = 1 ] &&
    grep -q "^plexus: error: rank $((ranks - 1)), loading kron.plx: $work/missing.plx: cannot open" \
      "$work/one-rank.err" || { fail "one rank's missing file: not one line naming the rank"; cat "$work/one-rank.err"; }
fi

[ "$failures" = 0 ] || exit 1
echo "bench --distributed at $ranks ranks: every algorithm's report, JSON, sources and errors"
