#include "pagemd/core/time.hpp"

#include <ctime>

namespace pagemd::core {

std::string format_rfc3339(std::chrono::system_clock::time_point when) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[32];
  const std::size_t length = std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return std::string(buffer, length);
}

}  // namespace pagemd::core
