#!/usr/bin/env bash
# Bad inputs through the real command line: weights out of range, malformed lines, broken
# caches, unreadable and empty inputs, control bytes, a gzip bomb; and the inputs that must
# work at the edges: pipes, a byte order mark, sparse ids. See README.md for what each case
# asserts. Usage: cases_inputs.sh PLEXUS_BINARY
source "$(dirname "$0")/lib.sh" "$@"
make_common_inputs

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
expect_failure sssp_negative_weight 1 negative.wel "1 -> 7" "-3" -- run sssp negative.wel -s 0

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

# Standard input and pipes: read once, to the end; an empty one is an error, never an empty graph.
before=$(snapshot)
status=0
cat g.el | timeout "$limit" "$plexus" info - --format el >"$cap/out" 2>"$cap/err" || status=$?
why=""
if [ "$status" -ne 0 ]; then
  why="exit status $status: '$(shown "$cap/err")'"
elif ! grep -qE '^Vertices: +4$' "$cap/out"; then
  why="not 4 vertices: $(grep '^Vertices' "$cap/out" || true)"
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
elif ! grep -qE '^Edges: +2$' "$cap/out" || ! grep -qE '^Vertices: +3$' "$cap/out"; then
  why="not 3 vertices and 2 edges: $(grep -E '^(Vertices|Edges):' "$cap/out" | tr '\n' ' ' || true)"
else
  why=$(changes_since "$before")
fi
report utf8_bom_snap "$why"

# One vertex id of 300,000,000 in a plain hypergraph costs nothing: only the ids that occur
# become vertices, so the run is quick and small. Needs GNU /usr/bin/time for the memory check.
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
elif ! grep -qE '^Vertices: +4$' "$cap/out"; then
  why="not 4 vertices: $(grep '^Vertices' "$cap/out" || true)"
elif [ -n "$memory" ] && [ "$memory" -gt 200000 ]; then
  why="peak memory ${memory} KB (a dense id array would be over 1 GB; expected under 200 MB)"
else
  why=$(changes_since "$before")
fi
report sparse_hypergraph_ids "$why"
if [ -z "$memory" ]; then skip sparse_hypergraph_memory "no GNU /usr/bin/time to measure the peak memory"; fi

# ---------------------------------------------------------------------------------------------
# Edge lists: one rule for a header (comments, blank lines and at most one line that does not
# start with two numbers, in SNAP and CSV); every other line is data. A file of words, a leading
# negative id and a file of only comments are errors, never an empty or shortened graph.
printf 'alice bob\ncarol dave\n' >words.txt
printf -- '-1 5\n0 1\n1 2\n' >leading_negative.txt
printf '# only\n\n# comments\n' >comments.txt
printf '\n\n\n' >blank.el
expect_failure snap_words_are_not_a_header 1 "words.txt:2:" "'carol'" -- info words.txt
expect_failure snap_leading_negative_id 1 "leading_negative.txt:1:" "'-1'" -- info leading_negative.txt
expect_failure comments_only_is_no_graph 1 "comments.txt" "no edge" -- info comments.txt
expect_failure blank_lines_only_is_no_graph 1 "blank.el" "no edge" -- run bfs blank.el

# METIS: an entry its neighbour does not list back (the totals balanced) and two weights for one
# edge are errors at their lines.
printf '3 3\n2 3\n1 3\n1 1\n' >asymmetric.graph
printf '2 1 1\n2 5\n1 3\n' >two_weights.graph
expect_failure metis_entry_without_mirror 1 "asymmetric.graph:4:" "more than once" -- info asymmetric.graph
expect_failure metis_two_weights_for_one_edge 1 "two_weights.graph:2:" "with weight 5" "with weight 3" \
  -- info two_weights.graph

# A plain numeric edge list on standard input needs no --format: nothing else reads it.
stdin=g.el
expect_success stdin_plain_edge_list_without_format '^Vertices: +4$' -- info -
stdin=/dev/null

# A Benson dataset named by its prefix reads with every command, as info --hypergraph reads it.
mkdir benson
printf '2\n3\n' >benson/tiny-nverts.txt
printf '1\n2\n2\n3\n4\n' >benson/tiny-simplices.txt
expect_success benson_prefix_for_run '^Verification: +PASS' -- run hyper-cc benson/tiny --validate

# Distances are 32-bit floats: weights whose path sums pass their range are refused with the
# bound, not reported as unreached vertices.
printf '0 1 3e38\n1 2 3e38\n2 3 1\n' >float_overflow.wel
expect_failure sssp_sums_past_the_float_range 1 "float_overflow.wel" "past half the float range" \
  -- run sssp float_overflow.wel -s 0

# A personalization whose sum overflows a double is the same distribution scaled, not ignored.
printf '0 1e308\n1 1e308\n2 1\n' >huge_personalization.txt
before=$(snapshot)
run_plexus run pagerank g.el --personalization huge_personalization.txt --validate --out -
why=""
if [ "$status" -ne 0 ]; then
  why="exit status $status: '$(shown "$cap/err")'"
elif ! grep -qE '^Verification: +PASS' "$cap/err"; then
  why="no Verification: PASS: '$(shown "$cap/err")'"
elif [ "$(awk '$2 > 0' "$cap/out" | wc -l)" -eq 0 ]; then
  why="every rank is 0: '$(shown "$cap/out")'"
else
  why=$(changes_since "$before")
fi
report pagerank_personalization_sum_overflows "$why"

# An input the algorithm cannot take is a failure while running (status 1), not a wrong
# command line.
printf '0 1 2\n1 3\n' >tiny.hyp
printf '%%%%MatrixMarket matrix coordinate pattern general\n0 0 0\n' >no_vertices.mtx
expect_failure directed_graph_for_kcore 1 "needs an undirected graph" -- run kcore g.el
expect_failure hypergraph_for_a_graph_algorithm 1 "a hypergraph; the graph algorithms need a graph" -- run bfs tiny.hyp
expect_failure graph_without_vertices 1 "no vertices" -- run bfs no_vertices.mtx

# bench draws its sources where a traversal can start, even when every component is one vertex.
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 1\n3 3\n' >only_loop.mtx
printf '1 4\n3\n' >lonely.hgr
bench_case() {  # NAME ARGUMENTS...
  local name=$1
  shift
  before=$(snapshot)
  run_plexus bench "$@" --trials 2 --quiet
  why=""
  if [ "$status" -ne 0 ]; then
    why="exit status $status: '$(shown "$cap/err")'"
  else
    why=$(changes_since "$before")
  fi
  report "$name" "$why"
}
bench_case bench_sources_when_the_only_arc_is_a_loop --algorithm bfs --graph only_loop.mtx --self-loops keep
bench_case bench_sources_when_most_vertices_lie_in_no_hyperedge --algorithm hyper-bfs --graph lonely.hgr

finish
