#!/usr/bin/env bash
# scripts/device_backends.sh (what scripts/quickstart.sh configures with) against fake
# nvidia-smi, rocm_agent_enumerator and rocminfo: a GPU back end is built only where its device
# is listed, for that device's architecture alone, and a tool that fails or lists no GPU leaves
# its back end out. Usage: device_backends_test.sh SCRIPT
set -euo pipefail
script=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The tools the script needs, and nothing else of this machine's: a real nvidia-smi or ROCm
# must not answer in place of the fakes.
mkdir "$work/base"
for tool in bash grep tr sort paste cat; do ln -s "$(command -v "$tool")" "$work/base/$tool"; done

failures=0
# expect NAME "EXPECTED OPTIONS" [FAKE=BODY...]: each FAKE is a script of that name on PATH.
expect() {
  local name=$1 expected=$2 got fake
  shift 2
  rm -rf "$work/fakes" && mkdir "$work/fakes"
  for fake in "$@"; do
    printf '#!/usr/bin/env bash\n%s\n' "${fake#*=}" >"$work/fakes/${fake%%=*}"
    chmod +x "$work/fakes/${fake%%=*}"
  done
  got=$(PATH="$work/fakes:$work/base" bash "$script" | paste -sd ' ')
  if [ "$got" = "$expected" ]; then
    echo "PASS $name"
  else
    echo "FAIL $name: expected '$expected', got '$got'"
    failures=$((failures + 1))
  fi
}

none="-DPLEXUS_ENABLE_CUDA=OFF -DPLEXUS_ENABLE_HIP=OFF"
nvidia_smi() {  # nvidia-smi listing one GPU per compute capability given
  local list="" caps="" i=0
  for cap in "$@"; do
    list+="echo 'GPU $i: NVIDIA Test GPU (UUID: GPU-$i)'; "
    caps+="echo '$cap'; "
    i=$((i + 1))
  done
  printf 'nvidia-smi=if [ "$1" = -L ]; then %s else %s fi' "$list" "$caps"
}

expect no_gpu_tools "$none"
expect one_nvidia_gpu "-DPLEXUS_ENABLE_CUDA=AUTO -DCMAKE_CUDA_ARCHITECTURES=90 -DPLEXUS_ENABLE_HIP=OFF" \
  "$(nvidia_smi 9.0)"
expect nvidia_gpus_of_two_kinds \
  "-DPLEXUS_ENABLE_CUDA=AUTO -DCMAKE_CUDA_ARCHITECTURES=80;90 -DPLEXUS_ENABLE_HIP=OFF" \
  "$(nvidia_smi 9.0 8.0 9.0)"
expect nvidia_smi_without_driver "$none" \
  "nvidia-smi=echo 'NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver.'; exit 9"
expect nvidia_smi_listing_nothing "$none" "nvidia-smi=echo 'No devices were found'; exit 6"
expect amd_gpu "-DPLEXUS_ENABLE_CUDA=OFF -DPLEXUS_ENABLE_HIP=AUTO -DPLEXUS_HIP_ARCHITECTURES=gfx90a" \
  "rocm_agent_enumerator=printf 'gfx000\ngfx90a\ngfx90a\n'"
expect amd_gpu_from_rocminfo "-DPLEXUS_ENABLE_CUDA=OFF -DPLEXUS_ENABLE_HIP=AUTO -DPLEXUS_HIP_ARCHITECTURES=gfx1100" \
  "rocm_agent_enumerator=echo 'Traceback (most recent call last):' >&2; exit 1" \
  "rocminfo=printf '  Name:                    AMD EPYC\n  Name:                    gfx1100\n'"
expect amd_cpu_agent_only "$none" "rocm_agent_enumerator=echo gfx000" \
  "rocminfo=echo 'ROCk module is NOT loaded, possibly no GPU devices'; exit 1"
expect both "-DPLEXUS_ENABLE_CUDA=AUTO -DCMAKE_CUDA_ARCHITECTURES=120 -DPLEXUS_ENABLE_HIP=AUTO -DPLEXUS_HIP_ARCHITECTURES=gfx942" \
  "$(nvidia_smi 12.0)" "rocm_agent_enumerator=printf 'gfx000\ngfx942\n'"

[ "$failures" -eq 0 ]
