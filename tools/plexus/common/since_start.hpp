// The wall time since the program started: the Total Time `plexus run` reports, what the user
// waited, so that no cost (reading, building, uploading, verifying, writing the output) hides
// outside the figures the report shows.
#pragma once

namespace plexus::cli {

/// Seconds since the program's static initialisation, which runs before main.
double seconds_since_start();

}  // namespace plexus::cli
