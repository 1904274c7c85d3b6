#!/usr/bin/env bash
# Installs dependencies, builds, and runs every test. CUDA tests report SKIPPED without a GPU.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
ctest --test-dir build --output-on-failure --parallel "$(nproc)" --timeout 900
