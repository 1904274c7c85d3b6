# The setup every mpirun test script shares, sourced with the launcher as its arguments (mpirun
# and its flags, ending with the rank count): sets launcher, ranks, work (a scratch folder,
# removed on exit), failures (a count, from 0) and fail MESSAGE (prints it, counts it); one
# OpenMP thread per rank.
launcher=("$@")
ranks=${!#}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=1
failures=0

fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
