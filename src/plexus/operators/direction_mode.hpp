// Which way a traversal step moves information: push (from the frontier along out-arcs) or
// pull (every candidate scans its in-arcs for frontier members), or chosen per step.
#pragma once

namespace plexus {

enum class direction_mode { automatic, push, pull };

}  // namespace plexus
