#!/usr/bin/env bash
# Builds every reader fuzzer and the DSL parser's with clang (libFuzzer + AddressSanitizer +
# UBSan, the library instrumented too, in the build scripts/sanitize.sh uses; the host back end
# only, as they need no GPU code) and
# runs each from the test fixtures with a fixed random seed for a fixed number of inputs
# (FUZZ_RUNS, default 5000; the DSL parser FUZZ_DSL_RUNS, default 2000000), so a run here and
# a run in CI explore the same inputs; SECONDS caps each target's time (twice that for the
# DSL parser).
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET]   (default 30)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-30}"
source scripts/sanitized_build.sh
build=$sanitized_build_dir
# shellcheck disable=SC2046 # one target per fuzzer source
sanitized_build $(for source in fuzz/*.cpp; do basename "$source" .cpp | sed 's/^/fuzz_/'; done)

corpus_root="$build/corpus"
failed=0
for fuzzer in "$build"/fuzz/fuzz_*; do
  name="$(basename "$fuzzer")"
  corpus="$corpus_root/$name"
  mkdir -p "$corpus"
  # Seed with the hand-written fixtures so the fuzzer starts from well-formed files.
  find tests/data -type f -size -64k -exec cp -n {} "$corpus"/ \; 2>/dev/null || true
  if [ "$name" = fuzz_dsl_parser ]; then cp -n dsl/examples/*.sp "$corpus"/; fi
  runs="${FUZZ_RUNS:-5000}"
  limit="$seconds"
  # The DSL parser reads no file and runs thousands of inputs a second: it gets many more
  # inputs and twice the time.
  if [ "$name" = fuzz_dsl_parser ]; then
    runs="${FUZZ_DSL_RUNS:-2000000}"
    limit=$((2 * seconds))
  fi
  echo "fuzz: $name for ${limit}s"
  # Leaks are reported by LeakSanitizer; OpenMP's runtime keeps thread pools alive on purpose.
  if ! OMP_NUM_THREADS=1 ASAN_OPTIONS=detect_leaks=0 "$fuzzer" "$corpus" -seed=1 -runs="$runs" -max_total_time="$limit" \
      -rss_limit_mb=2048 -malloc_limit_mb=1024 -max_len=65536 -timeout=10 \
      -artifact_prefix="$build/$name-" -print_final_stats=0 >"$build/$name.log" 2>&1; then
    echo "fuzz: $name FAILED; last lines of $build/$name.log:"
    tail -n 40 "$build/$name.log"
    failed=1
  fi
done
exit "$failed"
