// PLEXUS_FORCE_INLINE: inline a small function into every caller, whatever the optimiser's
// size heuristics say. For the per-byte and per-arc helpers of the text readers and the
// per-lane helpers of kernels, whose call overhead would exceed their work.
#pragma once

#define PLEXUS_FORCE_INLINE inline __attribute__((always_inline))
