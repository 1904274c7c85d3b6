// One GPU per rank: two ranks driving one GPU hang or fail inside NCCL (from 2.5 on it refuses
// them at joining, with a message naming neither process's view), so every rank all-gathers the
// UUID of the device it selected and the run is refused before NCCL is asked, with one error
// naming both ranks and the GPU. UUIDs, not ordinals: ordinals depend on each process's
// CUDA_VISIBLE_DEVICES.
#pragma once

#include <array>
#include <span>
#include <string>

namespace plexus::dist {

/// A device's 16-byte UUID, as the vendor runtime reports it.
using device_uuid = std::array<unsigned char, 16>;

/// "GPU-1d2e3f40-5a6b-7c8d-9e0f-a1b2c3d4e5f6", as nvidia-smi writes it.
std::string to_string(const device_uuid& uuid);

/// Throws plexus::error(invalid_argument) "ranks 0 and 2 both drive GPU-...: one GPU per rank"
/// for the first two ranks of `per_rank` (indexed by rank) that share a device; returns when
/// every rank has its own.
void refuse_shared_devices(std::span<const device_uuid> per_rank);

}  // namespace plexus::dist
