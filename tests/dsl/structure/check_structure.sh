#!/usr/bin/env bash
# check_structure.sh PLEXUS FILECHECK PROGRAM CHECKS: the IR and the generated header of
# PROGRAM against the IR: and CPP: lines of CHECKS (LLVM FileCheck), and the header against
# vendor code (it must build for every back end from the same text).
set -euo pipefail
plexus=$1 filecheck=$2 program=$3 checks=$4
header=$(mktemp)
trap 'rm -f "$header"' EXIT
"$plexus" dsl compile "$program" --emit ir | "$filecheck" --check-prefix=IR "$checks"
"$plexus" dsl compile "$program" -o "$header"
if grep -q "CPP:" "$checks"; then "$filecheck" --check-prefix=CPP "$checks" < "$header"; fi
if grep -nEi "cuda|hip|__global__|<<<|__device__" "$header"; then
  echo "$program: the generated header names a vendor" >&2
  exit 1
fi
