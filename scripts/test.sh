#!/usr/bin/env bash
# Installs dependencies, builds, and runs every test. Tests of a GPU back end report SKIPPED
# without its GPU, and tests of the third-party datasets without the datasets folder; after
# ctest's summary, the skipped tests are counted by reason (scripts/skipped_tests.py). The exit
# status is ctest's. Extra arguments go to the CMake configure step (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh "$@"
junit=build/Testing/ctest-junit.xml
rm -f "$junit"
status=0
ctest --test-dir build --output-on-failure --parallel "$(nproc)" --timeout 900 \
  --output-junit "$PWD/$junit" || status=$?
python3 scripts/skipped_tests.py "$junit" || echo "test.sh: no count of the skipped tests (above)" >&2
exit "$status"
