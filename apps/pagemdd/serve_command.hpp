#pragma once

#include "daemon_config.hpp"

namespace pagemd::daemon {

// Runs the daemon until SIGTERM/SIGINT. Returns the exit status.
int run_serve(const ConfigSources& sources, const server::DaemonConfig& config);

}  // namespace pagemd::daemon
