// Mapping a fresh host allocation over many threads before one thread fills it.
//
// A GPU read-back into pageable memory is one driver thread copying through its staging
// buffer; where the destination was just allocated, every page it reaches faults first, and on
// a virtual machine a fault costs microseconds: half a gigabyte of scores took longer to read
// back than to compute. Touching the pages over the host's threads first leaves the copy only
// the copying.
#pragma once

#include <cstddef>

namespace plexus {

/// Writes a zero to one byte of every page of [data, data + bytes), over the host's threads.
void touch_pages(void* data, std::size_t bytes);

/// Below this many bytes a copy is left to fault its own pages: the threads cost more.
inline constexpr std::size_t touch_pages_threshold = std::size_t{4} << 20;

}  // namespace plexus
