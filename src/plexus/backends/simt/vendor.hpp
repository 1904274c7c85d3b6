// What a SIMT back end's vendor supplies, so that backends/simt/ implements the execution
// interface once for every GPU back end. backends/cuda/ specialises these with the CUDA
// runtime, CUB and warp intrinsics; backends/hip/ with the HIP runtime, rocPRIM and wavefront
// intrinsics. Everything in backends/simt/ is a template over the execution space, so that
// the CUDA and the HIP code of one program never share a symbol.
//
// gpu_runtime<Space> (static members):
//   stream_type, event_type; default_stream();
//   check(status, call, where): throws plexus::error(device) naming the call and the call
//     site; allocation failures are error_kind::out_of_memory with the free memory;
//   allocate(bytes) / release(p), allocate_pinned(bytes) / release_pinned(p);
//   copy(to, from, bytes) synchronous, copy_async(to, from, bytes, stream),
//   zero_async(p, bytes, stream), synchronize(stream);
//   create_stream() (non-blocking) / destroy_stream(s);
//   create_event(timing) / destroy_event(e), record(e, s), wait(s, e), elapsed_seconds(a, b);
//   check_launch(where): the error of the last kernel launch, if any;
//   limits(): multiprocessors, shared memory and threads per multiprocessor;
//   memory_info(): free and total bytes of the device;
//   register_host(p, bytes) -> device pointer / unregister_host(p): page-lock and map existing
//     host memory; allocate_managed(bytes) / release_managed(p), advise_read_mostly(p, bytes);
//   synchronize_event(e): the host waits for the work recorded before e;
//   prefer_l1(kernel), allow_dynamic_shared(kernel, bytes): per-kernel cache attributes.
//
// gpu_library<Space> (static members; temporary storage from the space's scratch):
//   transform_reduce(space, n, init, f, op, result, scratch_offset): result = init op f(0) op
//     ... op f(n-1), left in device memory;
//   exclusive_sum(space, in, out, n);
//   select_indices / select(space, in, n, out, pred) -> the number kept (read back).
//
// subgroup<Space> (device functions over the lanes of one warp or wavefront):
//   width (32 on NVIDIA, 64 on AMD), mask_type (a bit per lane), lane(), lanes_below();
//   ballot(lanes, p), active(), shuffle(lanes, v, src[, tile]), shuffle_xor(lanes, v, m[,
//   tile]), shuffle_up(lanes, v, d), match_any(lanes, x), tile_max / tile_min(lanes, v),
//   sync(lanes), count(mask), first(mask) (-1 when empty), last(mask).
#pragma once

#include <source_location>

namespace plexus::backends {

template <class Space>
struct gpu_runtime;

template <class Space>
struct gpu_library;

template <class Space>
struct subgroup;

/// Where a runtime call was made, for its error message.
using call_site = std::source_location;

}  // namespace plexus::backends
