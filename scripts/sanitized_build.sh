# Sourced by scripts/fuzz.sh and scripts/sanitize.sh: the one build of Plexus instrumented with
# AddressSanitizer and UndefinedBehaviorSanitizer (clang, host back end only, ./build-sanitize)
# that both use, so that CI compiles the library under the sanitizers once. Coverage for
# libFuzzer (fuzzer-no-link) instruments the library too; outside a fuzzer its callbacks are the
# sanitizer runtime's no-ops.
# sanitized_build TARGET...: configures the build once and builds the targets named.
sanitized_build_dir=build-sanitize
sanitizer_flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# The compiler and flags come from the environment rather than the cache, so that whatever a
# test builds against this tree with CMake (the installed package's consumer, the programs
# `plexus dsl run --device host` compiles) is instrumented and linked the same way. The build
# type names no flags of its own, which would override -O1. Line tables are all a report needs
# (function, file and line of every frame), and compile about 30% faster than full debug
# information.
export CC=clang CXX=clang++ LDFLAGS="$sanitizer_flags"
export CXXFLAGS="-O1 -gline-tables-only -fsanitize=fuzzer-no-link $sanitizer_flags"
sanitized_build() {
  if [ ! -f "$sanitized_build_dir/CMakeCache.txt" ]; then
    local launcher=()
    command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    cmake -S . -B "$sanitized_build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Sanitize "${launcher[@]}" \
      -DPLEXUS_ENABLE_CUDA=OFF -DPLEXUS_ENABLE_HIP=OFF -DPLEXUS_BUILD_BENCHMARKS=OFF -DPLEXUS_BUILD_FUZZERS=ON
  fi
  cmake --build "$sanitized_build_dir" --parallel "$(nproc)" --target "$@"
}
