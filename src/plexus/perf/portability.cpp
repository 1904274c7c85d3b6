// Pennycook's performance portability; see portability.hpp.
#include "plexus/perf/portability.hpp"

namespace plexus::perf {

double architectural_efficiency(double achieved, double peak) {
  if (!(achieved > 0) || !(peak > 0)) return 0.0;
  return achieved / peak;
}

double performance_portability(std::span<const double> efficiencies) {
  if (efficiencies.empty()) return 0.0;
  double reciprocals = 0;
  for (const double e : efficiencies) {
    // Also catches NaN: a platform without a number is one the application did not run on.
    if (!(e > 0)) return 0.0;
    reciprocals += 1 / e;
  }
  return static_cast<double>(efficiencies.size()) / reciprocals;
}

}  // namespace plexus::perf
