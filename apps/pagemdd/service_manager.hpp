#pragma once

#include <chrono>
#include <optional>
#include <string>

namespace pagemd::daemon {

// Tells systemd about the daemon's state ("READY=1", "STOPPING=1", ...); a no-op outside systemd.
void notify_service_manager(const std::string& state);

// How often to send WATCHDOG=1 (half the unit's WatchdogSec), or nothing when the watchdog is off.
[[nodiscard]] std::optional<std::chrono::milliseconds> watchdog_interval();

// Logs go to stderr: the journal collects them under systemd, where the journal adds its own
// timestamps and the level becomes the entry's priority.
void set_up_logging(const std::string& level);

}  // namespace pagemd::daemon
