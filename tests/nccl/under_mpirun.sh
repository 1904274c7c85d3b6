#!/usr/bin/env bash
# Runs the NCCL tests under mpirun, one rank per GPU, unless this machine cannot: then the
# reason is reported as SKIPPED (status 77), as the tests do when started through the launcher.
# Usage: under_mpirun.sh TESTS RANKS LAUNCHER... (mpirun and its flags, ending with the rank count)
set -u
tests=$1 ranks=$2
shift 2
"$tests" --can-run "$ranks" || exit $?
exec "$@" "$tests" --mpi
