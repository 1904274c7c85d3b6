#!/usr/bin/env bash
# Fault injection for the plexus command line: every bad input, option and output path below
# goes through the real binary, and each case checks
#   (a) the exit status: 2 for a wrong command line, 1 for any failure while running;
#   (b) standard error: exactly one line starting "plexus: error:" that names the file (or
#       option) concerned and the problem, with no raw control byte or invalid byte in it;
#   (c) the files: every input and every pre-existing output keeps its checksum, and no new
#       file (no "*.tmp*", no partial output) is left behind, except what the case expects.
# It also checks the paths that must work at the edges: pipes, a BOM, sparse ids, symbolic
# links, FIFOs and "--out -".
#
# Usage: fault_injection.sh PLEXUS_BINARY
# Prints "PASS name", "FAIL name: why" or "SKIP name: why" per case; exits 1 if any case failed.
# Needs bash, coreutils, grep and gzip; /usr/bin/time (GNU) for the memory check, else skipped.
set -euo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 PLEXUS_BINARY" >&2
  exit 2
fi
plexus=$1
case $plexus in /*) ;; *) plexus=$PWD/$plexus ;; esac
if [ ! -x "$plexus" ]; then
  echo "$0: $plexus is not an executable file" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/plexus-fault-injection.XXXXXX")
cleanup() {
  chmod -R u+rwx "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# Cases run in $run, which holds only the inputs and outputs; stdout and stderr of each run
# are kept apart in $cap so that they never count as files a case left behind.
run=$work/run
cap=$work/cap
mkdir "$run" "$cap"
cd "$run"

failures=0
report() {  # NAME WHY: PASS when WHY is empty
  if [ -z "$2" ]; then
    echo "PASS $1"
  else
    echo "FAIL $1: $2"
    failures=$((failures + 1))
  fi
}
skip() { echo "SKIP $1: $2"; }
same_content() { [ "$(sha256sum <"$1")" = "$(sha256sum <"$2")" ]; }
# The first 300 bytes of FILE on one line, control bytes made visible.
shown() { head -c 300 "$1" | cat -v | tr '\n' '|' || true; }

# Every path under $run with its kind and content: "PATH<TAB>file SHA256", "PATH<TAB>link ->
# TARGET", "PATH<TAB>fifo", "PATH<TAB>dir MODE".
snapshot() {
  local path
  find . -mindepth 1 | LC_ALL=C sort | while IFS= read -r path; do
    if [ -L "$path" ]; then
      printf '%s\tlink -> %s\n' "$path" "$(readlink "$path")"
    elif [ -p "$path" ]; then
      printf '%s\tfifo\n' "$path"
    elif [ -d "$path" ]; then
      printf '%s\tdir %s\n' "$path" "$(stat -c %a "$path")"
    else
      printf '%s\tfile %s\n' "$path" "$(sha256sum <"$path" | cut -d' ' -f1)"
    fi
  done
}

# What changed under $run since snapshot BEFORE, leaving out the paths named after it (which the
# case expects to change or appear); empty when nothing else changed.
changes_since() {
  local before=$1
  shift
  local now path filter=()
  now=$(snapshot)
  for path in "$@"; do filter+=(-e "^./$path	"); done
  if [ ${#filter[@]} -gt 0 ]; then
    before=$(printf '%s\n' "$before" | grep -v "${filter[@]}" || true)
    now=$(printf '%s\n' "$now" | grep -v "${filter[@]}" || true)
  fi
  local gone added
  gone=$(LC_ALL=C comm -23 <(printf '%s\n' "$before" | LC_ALL=C sort) <(printf '%s\n' "$now" | LC_ALL=C sort))
  added=$(LC_ALL=C comm -13 <(printf '%s\n' "$before" | LC_ALL=C sort) <(printf '%s\n' "$now" | LC_ALL=C sort))
  local temporaries
  temporaries=$(printf '%s\n' "$added" | cut -f1 | grep -F '.tmp' | tr '\n' ' ' || true)
  if [ -n "$temporaries" ]; then
    echo "temporary files left behind: $temporaries"
  elif [ -n "$gone$added" ]; then
    echo "files changed or left behind: was '$(printf '%s' "$gone" | tr '\t\n' ' |' | cut -c1-300)'," \
      "now '$(printf '%s' "$added" | tr '\t\n' ' |' | cut -c1-300)'"
  fi
  return 0
}

# Runs plexus with the arguments, standard input from $stdin, stdout and stderr into $cap,
# killed after $limit seconds; sets $status.
stdin=/dev/null
limit=60
run_plexus() {
  status=0
  timeout "$limit" "$plexus" "$@" <"$stdin" >"$cap/out" 2>"$cap/err" || status=$?
}

# Why $cap/err is not exactly one "plexus: error:" line holding every NEEDLE and no raw control
# byte or invalid byte (0x00-0x1f, 0x7f, 0xff); empty when it is.
error_line_problem() {
  local err=$cap/err text
  text=$(shown "$err")
  local lines
  lines=$(wc -l <"$err")
  if [ "$lines" -ne 1 ] || [ -n "$(tail -c 1 "$err")" ]; then
    echo "stderr is not exactly one line: '$text'"
  elif [ "$(head -c 15 "$err")" != "plexus: error: " ]; then
    echo "stderr does not start with 'plexus: error: ': '$text'"
  elif [ "$(head -c -1 "$err" | tr -d '\040-\176\200-\376' | wc -c)" -ne 0 ]; then
    echo "stderr holds raw control bytes: '$text'"
  else
    local needle
    for needle in "$@"; do
      if ! grep -qF -- "$needle" "$err"; then
        echo "stderr does not name '$needle': '$text'"
        return 0
      fi
    done
  fi
  return 0
}

# expect_failure NAME STATUS NEEDLE... -- ARGUMENTS...
# plexus ARGUMENTS must exit with STATUS and one error line naming every NEEDLE, and leave the
# files as they were. With $before_work set, standard output must stay empty as well (the
# failure comes before any report line).
before_work=""
expect_failure() {
  local name=$1 want=$2
  shift 2
  local needles=()
  while [ "$1" != -- ]; do
    needles+=("$1")
    shift
  done
  shift
  local before why=""
  before=$(snapshot)
  run_plexus "$@"
  if [ "$status" -ne "$want" ]; then
    why="exit status $status, expected $want (stderr: '$(shown "$cap/err")')"
  fi
  if [ -z "$why" ]; then why=$(error_line_problem "${needles[@]}"); fi
  if [ -z "$why" ] && [ -n "$before_work" ] && [ -s "$cap/out" ]; then
    why="printed a report before failing: '$(shown "$cap/out")'"
  fi
  if [ -z "$why" ]; then why=$(changes_since "$before"); fi
  report "$name" "$why"
}

# ---------------------------------------------------------------------------------------------
# Inputs, all crafted here.
printf '0 1\n1 2\n2 3\n' >g.el                        # 4 vertices, 3 edges
printf '0 1 1.5\n1 2 2\n2 3 0.5\n' >w.wel              # weighted, weights 0.5..2
printf '0 1\n1 x\n' >malformed.el                      # bad at line 2
"$plexus" convert g.el -o good.plx >/dev/null 2>&1 || { echo "FAIL setup: cannot convert g.el to .plx"; exit 1; }

# ---------------------------------------------------------------------------------------------
# Weights that overflow a 32-bit float, or are not finite, are refused with file:line, in every
# weighted format (the line counts comments and the header).
printf '# weights\n0 1 1\n1 2 1e39\n' >over_1e39.wel
printf '# weights\n0 1 inf\n' >over_inf.wel
printf '# weights\n0 1 1\n\n1 2 NaN\n' >over_nan.wel
printf '%%%%MatrixMarket matrix coordinate real general\n%% comment\n3 3 2\n1 2 1\n2 3 1e39\n' >over_1e39.mtx
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 2\n2 3 -inf\n' >over_inf.mtx
printf 'c lengths\np sp 3 2\na 1 2 1\nc between\na 2 3 1e39\n' >over_1e39.gr
printf 'c lengths\np sp 3 2\na 1 2 nan\n' >over_nan.gr
expect_failure weight_1e39_wel 1 over_1e39.wel:3: 1e39 -- info over_1e39.wel
expect_failure weight_inf_wel 1 over_inf.wel:2: inf -- info over_inf.wel
expect_failure weight_nan_wel 1 over_nan.wel:4: NaN -- info over_nan.wel
expect_failure weight_1e39_mtx 1 over_1e39.mtx:5: 1e39 -- info over_1e39.mtx
expect_failure weight_inf_mtx 1 over_inf.mtx:3: inf -- info over_inf.mtx
expect_failure weight_1e39_gr 1 over_1e39.gr:5: 1e39 -- info over_1e39.gr
expect_failure weight_nan_gr 1 over_nan.gr:3: nan -- info over_nan.gr

# SSSP refuses a negative weight naming the input and the edge in the input's own ids (7 is
# not a dense id: the graph renumbers it inside).
printf '# signed\n0 1 1\n1 7 -3\n' >negative.wel
expect_failure sssp_negative_weight 1 negative.wel "1 -> 7" "-3" -- run sssp negative.wel -s 0

# A delta far below the weights is refused at once with the smallest delta accepted, instead
# of running for ages.
limit=10
expect_failure sssp_tiny_delta 2 "delta 1e-30" "smallest delta accepted" "see 'plexus run sssp --help'" \
  -- run sssp w.wel -s 0 --delta 1e-30
limit=60

# A bad line after comments is reported with its own line number.
printf 'c comment\nc another\np sp 3 2\na 1 2 1\nc between\na 2 x 1\n' >bad_line.gr
printf '# comment\n# another\n\n0 1 1\n1 2 oops\n' >bad_line.wel
expect_failure bad_line_gr 1 "bad_line.gr:6:" "'x'" -- info bad_line.gr
expect_failure bad_line_wel 1 "bad_line.wel:5:" "oops" -- info bad_line.wel

# Broken caches and unreadable inputs: one line naming the file and what to do.
head -c 100 good.plx >truncated.plx
{ printf 'XXXX'; tail -c +5 good.plx; } >wrong_magic.plx
: >empty.el
printf '0 1\n' >g.xyz
mkdir adir
expect_failure plx_truncated 1 truncated.plx "truncated" "plexus convert" -- info truncated.plx
expect_failure plx_wrong_magic 1 wrong_magic.plx "not a .plx file" "plexus convert" -- info wrong_magic.plx
expect_failure empty_file 1 empty.el "empty input" -- info empty.el
expect_failure unknown_extension 1 g.xyz "unknown format" "--format" -- info g.xyz
expect_failure missing_file 1 absent.el "No such file" -- info absent.el
expect_failure directory_input 1 "adir: a folder" "name a graph or hypergraph file" -- run bfs adir

# A wrong command line: exit status 2 and where to read the usage.
expect_failure unknown_option 2 "--bogus" "see 'plexus info --help'" -- info --bogus g.el
expect_failure unknown_command 2 "unknown command 'frobnicate'" "see 'plexus --help'" -- frobnicate g.el
expect_failure trials_zero 2 "--trials" "(got 0)" "see 'plexus bench --help'" -- bench --algorithm bfs --kron 6 --trials 0
expect_failure damping_out_of_range 2 "damping 2" "see 'plexus run pagerank --help'" -- run pagerank g.el --damping 2
expect_failure option_not_applying 2 "--damping does not apply to bfs" "see 'plexus run bfs --help'" \
  -- run bfs g.el --damping 0.5

# Bytes of a malformed line that the message quotes are escaped: no raw 0x01, 0xff or stray
# continuation byte reaches the terminal.
printf '0 1\n1 \001x\377y\200 2\n' >control.el
expect_failure control_bytes_escaped 1 "control.el:2:" '\x01' '\xff' '\x80' -- info control.el

# A gzip bomb (300 MB of zeros in about 300 KB) stops at the inflate limit, whether set by
# --max-inflate or by default (100 times the compressed size plus 256 MiB), naming the file,
# the limit and --max-inflate.
head -c 300M /dev/zero | gzip >bomb.el.gz
expect_failure gzip_bomb_max_inflate 1 bomb.el.gz "1.0 MiB" "--max-inflate" -- info bomb.el.gz --max-inflate 1M
expect_failure gzip_bomb_default_limit 1 bomb.el.gz "MiB" "limit" "--max-inflate" -- info bomb.el.gz

# A GPU back end without its device (or left out of the build) fails in one line saying to
# use --device host.
version=$("$plexus" --version)
for device in cuda hip; do
  upper=$(printf '%s' "$device" | tr a-z A-Z)
  state=$(printf '%s\n' "$version" | grep -E "^ +$device " || true)
  case $state in
    *" available") skip "device_$device" "this machine has a $upper device" ;;
    *"left out of this build")
      expect_failure "device_$device" 1 "--device $device" "PLEXUS_ENABLE_$upper" "--device host" \
        -- run bfs g.el --device "$device" ;;
    *)
      expect_failure "device_$device" 1 "--device $device" "no $upper device" "--device host" \
        -- run bfs g.el --device "$device" ;;
  esac
done

# ---------------------------------------------------------------------------------------------
# --out is checked before any work: the input here is malformed, so a message naming the output
# path (and an empty standard output) shows the output was checked first.
before_work=yes
if [ "$(id -u)" -eq 0 ]; then
  skip out_unwritable_dir "running as root, so a mode 0555 folder is writable"
else
  mkdir -m 0555 readonly
  expect_failure out_unwritable_dir 1 "readonly" "cannot create" -- run bfs malformed.el --out readonly/x.tsv
fi
expect_failure out_missing_dir 1 "nodir" "does not exist" -- run bfs malformed.el --out nodir/x.tsv
mkdir outdir
expect_failure out_is_directory 1 "outdir" "is a directory" -- run bfs malformed.el --out outdir
before_work=""

# A failed run leaves an existing output file exactly as it was, whether the input is malformed
# or the algorithm refuses it after reading.
printf 'previous result\n' >existing.tsv
expect_failure out_existing_kept_on_failure 1 "malformed.el:2:" -- run bfs malformed.el -s 0 --out existing.tsv
expect_failure out_existing_kept_on_refusal 1 "negative.wel" "1 -> 7" -- run sssp negative.wel -s 0 --out existing.tsv

# --out - writes the result alone to standard output and the report lines to standard error;
# it is the reference for the cases below.
before=$(snapshot)
run_plexus run bfs g.el -s 0 --out -
cp "$cap/out" "$work/expected.tsv"
why=""
if [ "$status" -ne 0 ]; then
  why="exit status $status: '$(shown "$cap/err")'"
elif [ "$(wc -l <"$cap/out")" -ne 4 ] || grep -qvE '^[0-9]+	-?[0-9]+	-?[0-9]+$' "$cap/out"; then
  why="standard output is not 4 result lines: '$(shown "$cap/out")'"
elif ! grep -q '^Graph:' "$cap/err"; then
  why="the report lines are not on standard error: '$(shown "$cap/err")'"
else
  why=$(changes_since "$before")
fi
report out_stdout "$why"

# --out through a symbolic link replaces the file it names and keeps the link.
printf 'old\n' >real.tsv
ln -s real.tsv link.tsv
before=$(snapshot)
run_plexus run bfs g.el -s 0 --out link.tsv --quiet
why=""
if [ "$status" -ne 0 ]; then
  why="exit status $status: '$(shown "$cap/err")'"
elif [ ! -L link.tsv ] || [ "$(readlink link.tsv)" != real.tsv ]; then
  why="link.tsv is no longer a link to real.tsv"
elif [ ! -s "$work/expected.tsv" ]; then
  why="no result to compare with (out_stdout failed)"
elif ! same_content real.tsv "$work/expected.tsv"; then
  why="real.tsv does not hold the result"
else
  why=$(changes_since "$before" real.tsv)
fi
report out_through_symlink "$why"

# --out to a FIFO writes in place, to the reader at the other end.
mkfifo pipe.tsv
cat pipe.tsv >"$cap/got" &
reader=$!
before=$(snapshot)
run_plexus run bfs g.el -s 0 --out pipe.tsv --quiet
if kill -0 "$reader" 2>/dev/null; then
  # plexus never opened the FIFO: open it once so that the reader ends.
  timeout 5 bash -c ': >pipe.tsv' || true
fi
wait "$reader" || true
why=""
if [ "$status" -ne 0 ]; then
  why="exit status $status: '$(shown "$cap/err")'"
elif [ ! -p pipe.tsv ]; then
  why="pipe.tsv is no longer a FIFO"
elif [ ! -s "$work/expected.tsv" ]; then
  why="no result to compare with (out_stdout failed)"
elif ! same_content "$cap/got" "$work/expected.tsv"; then
  why="the reader did not get the result"
else
  why=$(changes_since "$before")
fi
report out_to_fifo "$why"

# SIGINT and SIGTERM while the output is being written remove its temporary, keep the file it
# would have replaced, and end the process by the signal (status 128 + signal). The signal is
# sent once the temporary exists; a graph that finishes first is retried larger.
printf 'previous result\n' >big.tsv
interrupt_case() {  # NAME SIGNAL STATUS
  local name=$1 signal=$2 want=$3 scale pid seen why="" before
  before=$(snapshot)
  for scale in 19 20 21 22; do
    # A background job of a script ignores SIGINT; give plexus the default disposition.
    env --default-signal=INT "$plexus" run bfs "kron:$scale:16" --out big.tsv --quiet \
      </dev/null >"$cap/out" 2>"$cap/err" &
    pid=$!
    seen=""
    for _ in $(seq 1 6000); do
      if compgen -G 'big.tsv.tmp*' >/dev/null; then seen=yes; break; fi
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.01
    done
    if [ -z "$seen" ] && ! kill -0 "$pid" 2>/dev/null; then
      wait "$pid" || true
      printf 'previous result\n' >big.tsv
      if [ "$scale" = 22 ]; then why="every run finished before its output was being written"; fi
      continue
    fi
    kill "-$signal" "$pid"
    status=0
    wait "$pid" || status=$?
    if [ -z "$seen" ]; then why="no temporary output appeared in 60 s"; fi
    break
  done
  if [ -z "$why" ] && [ "$status" -ne "$want" ]; then
    why="exit status $status, expected $want (stderr: '$(shown "$cap/err")')"
  fi
  if [ -z "$why" ]; then why=$(changes_since "$before"); fi
  report "$name" "$why"
}
interrupt_case sigint_removes_temporary INT 130
interrupt_case sigterm_removes_temporary TERM 143

# ---------------------------------------------------------------------------------------------
# Standard input and pipes: read once, to the end; an empty one is an error, never an empty graph.
before=$(snapshot)
status=0
cat g.el | timeout "$limit" "$plexus" info - --format el >"$cap/out" 2>"$cap/err" || status=$?
why=""
if [ "$status" -ne 0 ]; then
  why="exit status $status: '$(shown "$cap/err")'"
elif ! grep -qE '^vertices: +4$' "$cap/out"; then
  why="not 4 vertices: $(grep '^vertices' "$cap/out" || true)"
else
  why=$(changes_since "$before")
fi
report stdin_pipe "$why"
expect_failure stdin_empty 1 "standard input" "empty input" -- info -

# A UTF-8 byte order mark before the first edge of a SNAP file does not lose that edge.
printf '\357\273\2770\t1\n1\t2\n' >bom.txt
before=$(snapshot)
run_plexus info bom.txt
why=""
if [ "$status" -ne 0 ]; then
  why="exit status $status: '$(shown "$cap/err")'"
elif ! grep -qE '^edges: +2$' "$cap/out" || ! grep -qE '^vertices: +3$' "$cap/out"; then
  why="not 3 vertices and 2 edges: $(grep -E '^(vertices|edges):' "$cap/out" | tr '\n' ' ' || true)"
else
  why=$(changes_since "$before")
fi
report utf8_bom_snap "$why"

# One vertex id of 300,000,000 in a plain hypergraph costs nothing: only the ids that occur
# become vertices, so the run is quick and small.
printf '0 1 2\n1 300000000\n' >sparse.hyp
before=$(snapshot)
limit=10
memory=""
if /usr/bin/time -f %M -o "$cap/rss" true 2>/dev/null; then
  run_plexus_timed() {
    status=0
    timeout "$limit" /usr/bin/time -f %M -o "$cap/rss" "$plexus" "$@" \
      <"$stdin" >"$cap/out" 2>"$cap/err" || status=$?
  }
  run_plexus_timed info sparse.hyp
  memory=$(tail -n 1 "$cap/rss")
else
  run_plexus info sparse.hyp
fi
limit=60
why=""
if [ "$status" -ne 0 ]; then
  why="exit status $status: '$(shown "$cap/err")'"
elif ! grep -qE '^vertices: +4$' "$cap/out"; then
  why="not 4 vertices: $(grep '^vertices' "$cap/out" || true)"
elif [ -n "$memory" ] && [ "$memory" -gt 200000 ]; then
  why="peak memory ${memory} KB (a dense id array would be over 1 GB; expected under 200 MB)"
else
  why=$(changes_since "$before")
fi
report sparse_hypergraph_ids "$why"
if [ -z "$memory" ]; then skip sparse_hypergraph_memory "no GNU /usr/bin/time to measure the peak memory"; fi

# ---------------------------------------------------------------------------------------------
# A run estimated past the device's memory is refused before the upload, with the need and the
# limit, and writes nothing; an existing output keeps its content.
printf 'kept\n' >memory_out.tsv
expect_failure memory_refused_up_front 1 "bfs on kron-14-16 needs about" "--device-memory-limit" "a smaller input" \
  -- run bfs kron:14 --device-memory-limit 100K --out memory_out.tsv

# ---------------------------------------------------------------------------------------------
if [ "$failures" -gt 0 ]; then
  echo "$failures case(s) failed"
  exit 1
fi
echo "all cases passed"
