# The comparison the distributed run's tests make, sourced by them with the launcher as its
# arguments (mpirun and its flags, ending with the rank count), once the sourcing script has set
# plexus (the binary): the single run and the run under mpirun write the same --out file. Sets
# what script_setup.sh sets.
source "$(dirname "${BASH_SOURCE[0]}")/script_setup.sh"

# same_output NAME GRAPH ALGORITHM [OPTIONS...]: the single run and the distributed run (with
# --validate), their --out files compared byte for byte.
same_output() {
  local name=$1 graph=$2
  shift 2
  "$plexus" run "$@" "$graph" --out "$work/$name.single" >"$work/$name.single.log" 2>&1 ||
    { fail "$name: the single run failed"; cat "$work/$name.single.log"; return; }
  "${launcher[@]}" "$plexus" run "$@" "$graph" --distributed --validate --out "$work/$name.dist" \
    >"$work/$name.dist.log" 2>&1 || { fail "$name: the distributed run failed"; cat "$work/$name.dist.log"; return; }
  grep -qE '^Verification: +PASS$' "$work/$name.dist.log" || fail "$name: no Verification: PASS"
  grep -q "^Ranks: *$ranks\$" "$work/$name.dist.log" || fail "$name: no Ranks: $ranks line"
  cmp -s "$work/$name.single" "$work/$name.dist" || fail "$name: --out differs from the single run's"
}
