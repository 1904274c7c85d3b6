// What the command does when it is interrupted: SIGINT (Ctrl-C), SIGTERM and SIGHUP remove
// the temporary of every output not yet written (io::remove_temporary_files), then end the
// process by the same signal, so that the shell sees the conventional status 128 + signal and
// a script that runs plexus stops as it would for any other program.
#pragma once

namespace plexus::cli {

/// Installs the handlers; call once, before any output file is opened.
void remove_outputs_on_interrupt();

}  // namespace plexus::cli
