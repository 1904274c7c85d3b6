// segmented_reduce_push(space, plan, keep, value, init, op, finish, list): exec::segmented_reduce_if
// whose last step also decides membership: s joins the sparse frontier `list` (a view) when
// finish(s, reduced value) returns true. Pull steps that find the next level's vertices (BC's
// path counts, SSSP's pull rounds) build their frontier this way.
//
// The host stages each thread's ids and appends them a batch at a time with one atomic
// (queue_writer): an atomic per id on the frontier's shared count, from every thread, cost a
// 16-core host more than the pull's reads. GPUs push each id with their subgroup-aggregated
// atomic.
#pragma once

#include "plexus/backends/target.hpp"
#include "plexus/exec/exec.hpp"
#include "plexus/frontier/sparse_frontier.hpp"

#include "plexus/frontier/host/segmented_push.hpp"
#if PLEXUS_SIMT_COMPILER
#include "plexus/frontier/simt/segmented_push.hpp"
#endif
