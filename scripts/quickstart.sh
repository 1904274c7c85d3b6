#!/usr/bin/env bash
# Installs dependencies, builds, and runs plexus on its built-in generated graph.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
./build/bin/plexus "$@"
