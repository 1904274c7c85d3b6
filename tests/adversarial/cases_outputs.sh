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
elif [ "$(head -n 1 "$cap/out")" != "# vertex	depth	parent" ]; then
  why="standard output does not start with the header line: '$(shown "$cap/out")'"
elif [ "$(wc -l <"$cap/out")" -ne 5 ] || tail -n +2 "$cap/out" | grep -qvE '^[0-9]+	-?[0-9]+	-?[0-9]+$'; then
  why="standard output is not the header and 4 result lines: '$(shown "$cap/out")'"
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

# An output is never one of the run's inputs, however it is spelled: the file itself, another
# path to it, a symbolic or hard link, the vertex file beside a Graphalytics .e file. Refused
# before any work (standard output stays empty), and the input keeps its content.
before_work=yes
ln -s g.el g_link.el
ln g.el g_hard.el
mkdir -p ga
printf '1 2\n2 3\n' >ga/g.e
printf '1\n2\n3\n' >ga/g.v
expect_failure out_is_the_input 1 "g.el" "is an input of this run" -- run bfs g.el --out g.el
expect_failure out_is_the_input_by_another_path 1 "./g.el" "is the input g.el" -- run bfs g.el --out ./g.el
expect_failure out_is_a_link_to_the_input 1 "g_link.el" "is the input g.el" -- run bfs g.el --out g_link.el
expect_failure out_is_a_hard_link_to_the_input 1 "g_hard.el" "is the input g.el" -- run bfs g.el --out g_hard.el
expect_failure out_is_the_vertex_file 1 "ga/g.v" "is an input of this run" -- run bfs ga/g.e --out ga/g.v
expect_failure convert_over_its_input 1 "g.el" "is an input of this run" -- convert g.el -o g.el
expect_failure bench_json_over_an_input 1 "good.plx" "is an input of this run" -- bench --algorithm bfs --graph good.plx --json good.plx
before_work=""

# A read-only file is kept, also when running as root (for whom access(2) grants everything).
printf 'kept\n' >read_only.tsv
chmod 0444 read_only.tsv
expect_failure out_read_only_file 1 "read_only.tsv" "so it is not replaced" -- run bfs g.el --out read_only.tsv
chmod 0644 read_only.tsv

# A name the folder takes can be written, however close to NAME_MAX (255 bytes): the temporary's
# suffix does not push it past the limit.
long=$(printf 'n%.0s' $(seq 1 251)).tsv
before=$(snapshot)
run_plexus run bfs g.el -s 0 --out "$long" --quiet
why=""
if [ "$status" -ne 0 ]; then
  why="exit status $status: '$(shown "$cap/err")'"
elif [ ! -s "$long" ]; then
  why="the output was not written"
else
  why=$(changes_since "$before" "$long")
fi
report out_name_near_name_max "$why"

# generate and convert check their output before generating or reading: a missing folder fails
# at once, not after seconds of work.
limit=5
before_work=yes
expect_failure generate_missing_folder 1 "nodir/x.plx" "does not exist" -- generate kron --scale 22 -o nodir/x.plx
expect_failure convert_missing_folder 1 "nodir/x.plx" "does not exist" -- convert g.el -o nodir/x.plx
before_work=""
limit=60

finish
