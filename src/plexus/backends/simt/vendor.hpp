// What a SIMT back end's vendor supplies, so that backends/simt/ implements the execution
// interface once for every GPU back end, and dist/ its communicator between GPUs.
// backends/cuda/ specialises these with the CUDA runtime, CUB, warp intrinsics and NCCL;
// backends/hip/ with the HIP runtime, rocPRIM and wavefront intrinsics (and no collectives:
// RCCL is not packaged in Debian). Everything in backends/simt/ is a template over the
// execution space, so that the CUDA and the HIP code of one program never share a symbol.
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
//   What the GPU collectives' communicator needs besides (cuda only, for now):
//   select_device(d) (before anything is allocated), device_uuid() of the current device,
//   device_accessible(p): whether a pointer is the device's memory (device or managed) rather
//   than the host's; stream_done(s): whether a stream's work is complete, without waiting.
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
//
// gpu_collectives<Space> (static members; host code; only where the vendor has a collectives
// library, built with PLEXUS_ENABLE_NCCL for cuda): NCCL's model, one rank per GPU, every call
// non-blocking so that the caller can wait with a deadline:
//   load() the library (throws unsupported, saying how to point at it), version();
//   unique_id, create_id(); join(id, ranks, rank) -> comm_type (its state in progress until
//     every rank has joined); state(comm, why): done, in progress or failed (why set);
//   all_reduce(in, out, count, type, op, comm, stream), all_gather(in, out, bytes, comm,
//     stream), broadcast(in, out, bytes, root, comm, stream), group_start() / group_end()
//     around send(p, bytes, peer, comm, stream) and receive(p, bytes, peer, comm, stream);
//     each queues work on `stream` once the comm's state is done again, and throws a failure;
//   finalize(comm) (state done once every rank finalized), destroy(comm); abort(comm), the
//     only way to end a comm after a failure.
#pragma once

#include <source_location>

namespace plexus::backends {

template <class Space>
struct gpu_runtime;

template <class Space>
struct gpu_library;

template <class Space>
struct subgroup;

template <class Space>
struct gpu_collectives;

/// The element types and reductions of gpu_collectives.
enum class collective_type { u8, i32, u32, i64, u64, f32, f64 };
enum class collective_op { sum, min, max };
/// Where a communicator of gpu_collectives stands: its last call complete (or none yet), still
/// in progress, or failed.
enum class collective_state { done, in_progress, failed };

/// Where a runtime call was made, for its error message.
using call_site = std::source_location;

}  // namespace plexus::backends
