#!/usr/bin/env bash
# Devices through the real binary: a GPU back end without its device (or left out of the
# build), and a run estimated past the device's memory. See README.md for what each case
# asserts. Usage: cases_devices.sh PLEXUS_BINARY
source "$(dirname "$0")/lib.sh" "$@"
make_common_inputs

# A GPU back end without its device (or left out of the build) fails in one line saying to
# use --device host.
version=$("$plexus" --version)
for device in cuda hip; do
  upper=$(printf '%s' "$device" | tr a-z A-Z)
  state=$(printf '%s\n' "$version" | grep -E "^ +$device " || true)
  case $state in
    *" available") skip "device_$device" "this machine has a $upper device" ;;
    *"left out of this build")
      expect_failure "device_$device" 1 "--device $device" "PLEXUS_ENABLE_$upper" "--device host" \
        -- run bfs g.el --device "$device" ;;
    *)
      expect_failure "device_$device" 1 "--device $device" "no $upper device" "--device host" \
        -- run bfs g.el --device "$device" ;;
  esac
done

# A bench skips a GPU back end that cannot run here with one line saying why and benches the
# host; named alone, it fails in one line before any work.
for device in cuda hip; do
  upper=$(printf '%s' "$device" | tr a-z A-Z)
  state=$(printf '%s\n' "$version" | grep -E "^ +$device " || true)
  case $state in
    *" available") skip "bench_skips_$device" "this machine has a $upper device"; continue ;;
    *"left out of this build") why="not built \\(rebuild with -DPLEXUS_ENABLE_$upper=ON\\)" ;;
    *) why="no $upper device found" ;;
  esac
  expect_success "bench_skips_$device" "^$device: skipped: $why\$" \
    -- bench --algorithm bfs --graph g.el --trials 1 --device "host,$device"
  expect_failure "bench_only_$device" 1 "--device $device: no back end named can run here: $device: " \
    "--device host" -- bench --algorithm bfs --graph g.el --trials 1 --device "$device"
done

# A run estimated past the device's memory is refused before the upload, with the need and the
# limit, and writes nothing; an existing output keeps its content.
printf 'kept\n' >memory_out.tsv
expect_failure memory_refused_up_front 1 "bfs on kron-14-16 needs about" "--device-memory-limit" "a smaller input" \
  -- run bfs kron:14 --device-memory-limit 100K --out memory_out.tsv

finish
