// The shared implementation of the execution interface for SIMT back ends (see vendor.hpp).
// A vendor's backend.hpp includes its runtime, library, subgroup and space first, then this.
#pragma once

#include "plexus/backends/simt/buffer.hpp"
#include "plexus/backends/simt/compact.hpp"
#include "plexus/backends/simt/for_each.hpp"
#include "plexus/backends/simt/memory_cap.hpp"
#include "plexus/backends/simt/queue.hpp"
#include "plexus/backends/simt/reduce.hpp"
#include "plexus/backends/simt/scan.hpp"
#include "plexus/backends/simt/segment_plan.hpp"
#include "plexus/backends/simt/segmented_reduce.hpp"
#include "plexus/backends/simt/small_copy.hpp"
#include "plexus/backends/simt/space.hpp"
#include "plexus/backends/simt/stopwatch.hpp"
#include "plexus/backends/simt/stream_fork.hpp"
