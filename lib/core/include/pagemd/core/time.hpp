#pragma once

#include <chrono>
#include <string>

namespace pagemd::core {

// RFC 3339 in UTC with a `Z`, whole seconds: the one timestamp format of the wire contract.
[[nodiscard]] std::string format_rfc3339(std::chrono::system_clock::time_point when);

}  // namespace pagemd::core
