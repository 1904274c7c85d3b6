#!/usr/bin/env bash
# Usage: scripts/quickstart_python.sh BUILD_DIR
#
# The last step of scripts/quickstart.sh: installs what the Python package needs
# (scripts/setup.sh --python), builds it in BUILD_DIR (configured already), runs a one-line
# example with it and prints the line, so that it can be copied.
# A build that fails says where its log is and exits 0: the command line built before it
# stands on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
build=$1
python=/usr/bin/python3
[ -x "$python" ] || python=python3
log="$build/python-build.log"

echo
echo "Python: building the package in $build/python ..."
if ! { bash scripts/setup.sh --python && cmake -S . -B "$build" &&
  cmake --build "$build" --target plexus_python --parallel "$(nproc)"; } >"$log" 2>&1; then
  echo "Python: the package did not build (see $log); the plexus command above is unaffected." >&2
  exit 0
fi
example='import numpy as np, plexus; src, dst = np.random.default_rng(1).integers(0, 1000, (2, 8000)); g = plexus.Graph.from_edges(src, dst); r = plexus.pagerank(g); print(g, "top vertex", r.rank.argmax(), "after", r.iterations, "iterations")'
echo "Python: try it (the package's README section has more):"
echo "  PYTHONPATH=$build/python $python -c '$example'"
PYTHONPATH="$build/python" "$python" -c "$example"
