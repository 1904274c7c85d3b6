# What every cases_*.sh file shares: sourced as `source lib.sh PLEXUS_BINARY` (README.md).
#
# It checks the binary, makes a work folder removed on exit, and enters $run, which holds only
# the case's inputs and outputs; stdout and stderr of each run are kept apart in $cap so that
# they never count as files a case left behind. It defines
#   report NAME WHY, skip NAME WHY, finish         one line per case, the summary, the status;
#   snapshot, changes_since BEFORE [PATH...]        what a run changed or left behind;
#   run_plexus ARGUMENTS...                         one run, $status, $cap/out and $cap/err;
#   error_line_problem NEEDLE...                    whether stderr is one clean error line;
#   expect_failure NAME STATUS NEEDLE... -- ARGS... the whole check of a failing run;
#   make_common_inputs                              g.el, w.wel, malformed.el, negative.wel, good.plx.
# Needs bash, coreutils, grep and findutils.
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

work=$(mktemp -d "${TMPDIR:-/tmp}/plexus-adversarial.XXXXXX")
cleanup() {
  chmod -R u+rwx "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
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
# The summary line; the status is 1 when a case failed.
finish() {
  if [ "$failures" -gt 0 ]; then
    echo "$failures case(s) failed"
    exit 1
  fi
  echo "all cases passed"
}
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

# expect_success NAME PATTERN -- ARGUMENTS...
# plexus ARGUMENTS (standard input from $stdin) must exit 0 with a line of standard output
# matching the extended regular expression PATTERN, and leave the files as they were.
expect_success() {
  local name=$1 pattern=$2
  shift 3
  local before why=""
  before=$(snapshot)
  run_plexus "$@"
  if [ "$status" -ne 0 ]; then
    why="exit status $status: '$(shown "$cap/err")'"
  elif ! grep -qE -- "$pattern" "$cap/out"; then
    why="no line matches '$pattern': '$(shown "$cap/out")'"
  else
    why=$(changes_since "$before")
  fi
  report "$name" "$why"
}

# The inputs several files use: a 4-vertex path, the same weighted, a line that does not parse,
# a negative weight on an arc to a sparse id, and the path's .plx cache.
make_common_inputs() {
  printf '0 1\n1 2\n2 3\n' >g.el                        # 4 vertices, 3 edges
  printf '0 1 1.5\n1 2 2\n2 3 0.5\n' >w.wel              # weighted, weights 0.5..2
  printf '0 1\n1 x\n' >malformed.el                      # bad at line 2
  printf '# signed\n0 1 1\n1 7 -3\n' >negative.wel       # 7 is not a dense id
  "$plexus" convert g.el -o good.plx >/dev/null 2>&1 || { echo "FAIL setup: cannot convert g.el to .plx"; exit 1; }
}
