#!/usr/bin/env bash
# Installs dependencies, builds, and runs every test. Tests of a GPU back end report SKIPPED
# without its GPU. Extra arguments go to the CMake configure step (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh "$@"
ctest --test-dir build --output-on-failure --parallel "$(nproc)" --timeout 900
