#!/usr/bin/env bash
# Builds Plexus for the host back end with AddressSanitizer and UndefinedBehaviorSanitizer
# (clang, -O1, no GPU back end, no benchmarks) into ./build-sanitize, and runs the host tests
# under them: ctest -L host, the GoogleTest programs, the DSL's structure checks and the
# adversarial suite (tests/adversarial/), but for the few left out below. A sanitizer report
# fails the test that hit it: AddressSanitizer ends the process, and -fno-sanitize-recover
# makes UBSan do the same.
# Usage: scripts/sanitize.sh [CTEST_ARGUMENTS...]   (e.g. -R adversarial)
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-sanitize
sanitizers="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# The compiler and flags come from the environment rather than the cache, so that whatever a
# test builds against this tree with CMake (the installed package's consumer, the programs
# `plexus dsl run --device host` compiles) is instrumented and linked the same way. The build
# type names no flags of its own, which would override -O1. Line tables are all a report needs
# (function, file and line of every frame), and compile about 30% faster than full debug
# information.
export CC=clang CXX=clang++ CXXFLAGS="-O1 -gline-tables-only $sanitizers" LDFLAGS="$sanitizers"
if [ ! -f "$build/CMakeCache.txt" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Sanitize "${launcher[@]}" \
    -DPLEXUS_ENABLE_CUDA=OFF -DPLEXUS_ENABLE_HIP=OFF -DPLEXUS_BUILD_BENCHMARKS=OFF
fi
cmake --build "$build" --parallel "$(nproc)"

# Leaks are not checked: OpenMP's runtime keeps its thread pools alive on purpose. An allocation
# too large for the sanitizer's allocator throws std::bad_alloc, as it does without it, since
# Plexus turns that into its out-of-memory error. Exit code 86 tells a sanitizer's report from
# plexus's own failures (1, 2) in the adversarial suite's output.
export ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1:strict_string_checks=1:exitcode=86
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86

# Left out, each several minutes under the sanitizers on two cores:
# - the DSL's generated code on Kronecker scale 18: the same kernels run under the sanitizers on
#   the small graphs of the generated-code suites;
# - adversarial.text_mutations: scripts/fuzz.sh fuzzes every reader under the same sanitizers,
#   and the inputs that parse are small valid graphs like those the host tests run;
# - adversarial.networkx_differential: valid random graphs, whose worth is the comparison with
#   NetworkX, made in the normal build.
excluded='kronecker_18_gives_the_library_answer|^adversarial\.(text_mutations|networkx_differential)$'
ctest --test-dir "$build" -L host -E "$excluded" --output-on-failure --parallel "$(nproc)" --timeout 1800 "$@"
