#!/usr/bin/env bash
# Signals through the real binary: SIGINT and SIGTERM while the output is being written. See
# README.md for what each case asserts. Usage: cases_signals.sh PLEXUS_BINARY
source "$(dirname "$0")/lib.sh" "$@"

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

finish
