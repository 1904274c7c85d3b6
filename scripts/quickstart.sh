#!/usr/bin/env bash
# Usage: ./scripts/quickstart.sh [PLEXUS ARGUMENTS...]
#
# Installs what the build needs (scripts/setup.sh --core), builds the library and the plexus command alone
# into ./build-quickstart, and runs build-quickstart/bin/plexus with the arguments given (none:
# the default job on a generated Kronecker graph). The arguments go to plexus, not to the
# build. Build options go in PLEXUS_CMAKE_ARGS (split at spaces), e.g.
#   PLEXUS_CMAKE_ARGS="-DCMAKE_BUILD_TYPE=Debug" ./scripts/quickstart.sh
# They come after the options chosen here, so they override them, and they stay in
# build-quickstart/CMakeCache.txt for later runs (remove the folder to start over).
#
# After the default job (no arguments), the Python package is built into
# build-quickstart/python and a one-line Python example is run and printed, so that the next
# step from Python is one copy away; a failed Python build says where its log is and changes
# nothing else.
#
# A GPU back end is built only where its device is present, for its architecture alone
# (scripts/device_backends.sh). Tests, benchmarks and every back end whose compiler is found
# are scripts/test.sh's, in ./build: the two folders share nothing, so either script may run
# first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --core

mapfile -t options < <(bash scripts/device_backends.sh)
read -r -a extra <<<"${PLEXUS_CMAKE_ARGS:-}"
generator=()
if [ ! -f build-quickstart/CMakeCache.txt ] && command -v ninja >/dev/null; then
  generator=(-G Ninja)
fi
cmake -S . -B build-quickstart "${generator[@]}" -DCMAKE_BUILD_TYPE=Release -DPLEXUS_BUILD_TESTS=OFF \
  -DPLEXUS_BUILD_BENCHMARKS=OFF "${options[@]}" "${extra[@]}"
cmake --build build-quickstart --target plexus_cli --parallel "$(nproc)"
if [ $# -gt 0 ]; then
  exec ./build-quickstart/bin/plexus "$@"
fi
./build-quickstart/bin/plexus
bash scripts/quickstart_python.sh build-quickstart
