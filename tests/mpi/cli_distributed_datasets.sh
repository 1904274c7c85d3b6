#!/usr/bin/env bash
# `plexus run ALGORITHM GRAPH --distributed` on real graphs under mpirun at the launcher's rank
# count: BFS, SSSP, PageRank and CC write the single-process run's --out file, byte for byte,
# and pass --validate, on five graphs of the datasets folder (each converted once to .plx) and
# on Kronecker scale 16, drawn per rank (kron:16) and read from its .plx file. The graphs
# differ where a distributed run could go wrong: direction, ids that start at 1 or skip
# numbers (the output names the input's ids), weights, components, and sizes from 1,589 to
# 65,536 vertices; on the datasets, BFS and SSSP start from a source other than the default.
# SKIPPED when the datasets folder or one of its graphs is missing.
# Usage: cli_distributed_datasets.sh PLEXUS DATASETS LAUNCHER... (mpirun and its flags, ending
# with the rank count)
set -u
plexus=$1
datasets=$(realpath -ms "$2")  # spelled as the GoogleTest dataset tests spell it in their skips
shift 2
source "$(dirname "$0")/same_output.sh" "$@"

# NAME FILE SOURCE CONVERT-OPTIONS: BFS and SSSP start from SOURCE, in the input's ids, rather
# than from the default source (a vertex of maximum degree), which the Kronecker graphs use.
graphs=(
  "wiki-vote graphs/Wiki-Vote.txt 30"             # SNAP, directed; ids 3..8297 with gaps
  "ca-grqc graphs/CA-GrQc.txt 3466 --undirected"  # SNAP, undirected; ids 13..26196 with gaps
  "netscience graphs/netscience.mtx 1085"         # MatrixMarket, 1-based, weighted; 396 components
  "rome99 graphs/rome99.gr 100"                   # DIMACS road graph, 1-based, directed, weighted
  "p2p-31 graphs/p2p-31.e 1"                      # Graphalytics .e and .v, directed, weighted
)

[ -d "$datasets" ] || { echo "SKIPPED: datasets not found at $datasets"; exit 77; }
for graph in "${graphs[@]}"; do
  read -r name file source options <<<"$graph"
  [ -f "$datasets/$file" ] || { echo "SKIPPED: dataset not found: $datasets/$file"; exit 77; }
done

# every_algorithm NAME GRAPH [SOURCE]: the four algorithms, BFS and SSSP from SOURCE if given.
every_algorithm() {
  local name=$1 graph=$2 from=()
  [ $# -lt 3 ] || from=(-s "$3")
  same_output "$name-bfs" "$graph" bfs "${from[@]}"
  same_output "$name-sssp" "$graph" sssp "${from[@]}"
  same_output "$name-pagerank" "$graph" pagerank
  same_output "$name-cc" "$graph" cc
}

for graph in "${graphs[@]}"; do
  read -r name file source options <<<"$graph"
  # shellcheck disable=SC2086 # the options are words
  "$plexus" convert "$datasets/$file" $options -o "$work/$name.plx" >"$work/$name.convert.log" 2>&1 ||
    { fail "$name: plexus convert failed"; cat "$work/$name.convert.log"; continue; }
  every_algorithm "$name" "$work/$name.plx" "$source"
done

"$plexus" generate kron --scale 16 -o "$work/kron16.plx" >/dev/null || exit 1
every_algorithm kron16-plx "$work/kron16.plx"
every_algorithm kron16 kron:16

[ "$failures" = 0 ] || exit 1
echo "every distributed --out at $ranks ranks is the single run's, on ${#graphs[@]} datasets and kron:16"
