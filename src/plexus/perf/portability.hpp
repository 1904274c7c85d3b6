// Pennycook's performance-portability metric [1], as the hypergraph label propagation study
// of De Caro et al. [2] applies it: the harmonic mean of an application's efficiencies over a
// set of platforms H, and 0 when it fails to run on any of them.
//
//   PP(a, p, H) = |H| / sum over i in H of 1 / e_i(a, p)   if a runs on every i in H,
//                 0                                          otherwise.
//
// Plexus takes as e_i the architectural efficiency on back end i: the bandwidth an algorithm
// achieves (bytes_moved.hpp over the run's time) as a fraction of the bandwidth the device
// sustains on a plain copy (copy_bandwidth.hpp). The harmonic mean is dominated by the worst
// platform, so one back end left far behind drags PP towards 0, which is the point of it [1].
//
// [1] S. J. Pennycook, J. D. Sewall, V. W. Lee, "Implications of a metric for performance
//     portability", Future Generation Computer Systems 92, 2019; revisited in S. J.
//     Pennycook, J. D. Sewall, "Revisiting a metric for performance portability", P3HPC 2021.
// [2] A. De Caro, D. De Maio, F. Monzillo, A. Antelmi, B. Cosenza, "Evaluating Portable
//     Programming Models for Hypergraph Label Propagation on GPUs", section VI.C.
#pragma once

#include <span>

namespace plexus::perf {

/// achieved / peak: the fraction of the device's bandwidth a run achieved; 0 when either is
/// not a positive number (nothing was measured, or the run did no timed work).
double architectural_efficiency(double achieved, double peak);

/// PP over the efficiencies of the platforms of H, one entry per platform: their harmonic
/// mean, or 0 when any entry is not positive (that platform failed, or its back end cannot
/// run the algorithm) or H is empty.
double performance_portability(std::span<const double> efficiencies);

}  // namespace plexus::perf
