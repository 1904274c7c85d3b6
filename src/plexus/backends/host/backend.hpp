// The host back end (OpenMP): every file of its implementation of the execution interface
// (backends/interface.hpp). Every translation unit builds it.
#pragma once

#include "plexus/backends/host/buffer.hpp"
#include "plexus/backends/host/compact.hpp"
#include "plexus/backends/host/for_each.hpp"
#include "plexus/backends/host/memory_cap.hpp"
#include "plexus/backends/host/queue.hpp"
#include "plexus/backends/host/reduce.hpp"
#include "plexus/backends/host/scan.hpp"
#include "plexus/backends/host/segmented_reduce.hpp"
#include "plexus/backends/host/space.hpp"
#include "plexus/backends/host/stopwatch.hpp"
