#!/usr/bin/env bash
# Prints, one a line, the CMake options that build a GPU back end only where its device is
# present, for that device's architecture alone: CUDA when nvidia-smi lists a GPU (compute
# capability 9.0 -> CMAKE_CUDA_ARCHITECTURES=90), HIP when rocm_agent_enumerator (or rocminfo)
# names a gfx target; each back end without a device is left out. scripts/quickstart.sh
# configures with them.
set -euo pipefail

# The compute capabilities of the NVIDIA GPUs present, as CMake architectures, ';'-separated.
cuda_architectures() {
  command -v nvidia-smi >/dev/null || return 0
  # Read whole first: grep -q would stop reading at the first GPU, and nvidia-smi then fail on
  # a closed pipe.
  local listed
  listed=$(nvidia-smi -L 2>/dev/null || true)
  grep -q '^GPU ' <<<"$listed" || return 0
  nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null |
    tr -d ' .' | { grep -x '[0-9]\+' || true; } | sort -u | paste -sd ';'
}

# The gfx targets of the AMD GPUs present, ';'-separated; gfx000 is the CPU agent.
hip_architectures() {
  local agents=""
  if command -v rocm_agent_enumerator >/dev/null; then
    agents=$(rocm_agent_enumerator 2>/dev/null || true)
  fi
  if ! grep -qx 'gfx[0-9a-f]\+' <<<"$agents" && command -v rocminfo >/dev/null; then
    agents=$(rocminfo 2>/dev/null | grep -o 'gfx[0-9a-f]\+' || true)
  fi
  grep -x 'gfx[0-9a-f]\+' <<<"$agents" | { grep -vx gfx000 || true; } | sort -u | paste -sd ';'
}

cuda=$(cuda_architectures || true)
if [ -n "$cuda" ]; then
  # AUTO, not ON: without nvcc the build goes on without CUDA, and plexus says so.
  printf '%s\n' -DPLEXUS_ENABLE_CUDA=AUTO "-DCMAKE_CUDA_ARCHITECTURES=$cuda"
else
  printf '%s\n' -DPLEXUS_ENABLE_CUDA=OFF
fi
hip=$(hip_architectures || true)
if [ -n "$hip" ]; then
  printf '%s\n' -DPLEXUS_ENABLE_HIP=AUTO "-DPLEXUS_HIP_ARCHITECTURES=$hip"
else
  printf '%s\n' -DPLEXUS_ENABLE_HIP=OFF
fi
