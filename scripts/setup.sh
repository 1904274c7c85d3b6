#!/usr/bin/env bash
# Installs every build and test dependency of Plexus from Debian packages (hipcc and rocPRIM
# build the HIP back end; no AMD GPU is needed to compile it; llvm-14-tools brings FileCheck, which
# the DSL compiler's structure tests read; Python 3 runs the adversarial suite's generators, and
# with NetworkX, NumPy and SciPy its differential test; Open MPI builds and runs the distributed
# module's multi-process tests under mpirun; Python's headers, pybind11 and pytest build and
# test the Python package, igraph and graph-tool are what bench/python/compare.py measures it
# against, matplotlib draws plexus.plot's pictures and compare.py's --plot chart).
# Safe to run again: packages already present are left alone.
#
# Usage: scripts/setup.sh [--core | --python]
#   --core    only what the library and the plexus command need (scripts/quickstart.sh): a
#             compiler, CMake, Ninja and five header libraries, a few minutes' download at most
#             instead of the test tools and the HIP compiler.
#   --python  what the Python package adds to --core: Python's headers, pybind11 and NumPy
#             (scripts/quickstart_python.sh, after the first command has shown its result).
set -euo pipefail

core=(
  build-essential cmake ninja-build pkg-config git
  libcli11-dev libfmt-dev zlib1g-dev nlohmann-json3-dev libfast-float-dev
)
python_package=(python3-dev python3-pybind11 pybind11-dev python3-numpy)
packages=(
  "${core[@]}"
  "${python_package[@]}"
  libgtest-dev libgmock-dev libbenchmark-dev
  libomp-dev clang libclang-rt-14-dev
  hipcc librocprim-dev
  llvm-14-tools
  openmpi-bin libopenmpi-dev
  python3 python3-networkx python3-scipy
  python3-pytest python3-igraph python3-graph-tool
  python3-matplotlib
)

case "${1:-}" in
  --core) packages=("${core[@]}") ;;
  --python) packages=("${core[@]}" "${python_package[@]}") ;;
  "") ;;
  *)
    echo "plexus setup: unknown option '$1' (usage: scripts/setup.sh [--core | --python])" >&2
    exit 2
    ;;
esac

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "plexus setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
