#!/usr/bin/env bash
# One rank of an mpirun job given a file that does not exist (dist/agree.hpp):
# every rank must end with status 1, and the job must print exactly one error line, naming
# that rank and the file. Nothing waits for the collectives' deadline: the ranks agree on the
# error before the first collective that needs the file.
# Usage: fault_missing_file.sh PLEXUS DRIVER RANK LAUNCHER... (mpirun and its flags, ending
# with the rank count)
set -u
plexus=$1 driver=$2 missing=$3
shift 3
ranks=${!#}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$plexus" generate kron --scale 8 --edge-factor 4 -o "$work/g.plx" >/dev/null || exit 1

"$@" "$driver" "$work/g.plx" --missing-on "$missing" --status-dir "$work" >"$work/out" 2>"$work/err"
launcher_status=$?
source "$(dirname "$0")/fault_checks.sh"
[ "$launcher_status" -ne 0 ] || fail "the job exited with status 0"
expect_every_rank_failed "$ranks"
expect_one_error_line "^plexus: error: rank $missing: $work/g.plx.missing: cannot open: No such file or directory\$" \
  "rank $missing and its file"
echo "every rank of $ranks exited with status 1; one error line"
