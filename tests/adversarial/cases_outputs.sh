#!/usr/bin/env bash
# --out through the real binary: paths checked before any work, an existing output kept when a
# run fails, and the paths that must work: standard output, a symbolic link, a FIFO. See
# README.md for what each case asserts. Usage: cases_outputs.sh PLEXUS_BINARY
source "$(dirname "$0")/lib.sh" "$@"
make_common_inputs

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

finish
