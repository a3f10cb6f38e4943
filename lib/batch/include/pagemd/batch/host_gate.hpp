#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <unordered_map>

namespace pagemd::batch {

// Politeness per host: at most `per_host` fetches in flight, and successive fetch starts at least
// `delay` apart. Pure bookkeeping over times the caller passes in (no clock, no waiting), so the
// scheduler's rules are tested without sleeping. Not thread-safe: the caller holds its own lock.
class HostGate {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;

  HostGate(std::size_t per_host, std::chrono::milliseconds delay) : per_host_(per_host), delay_(delay) {}

  // When a fetch from `host` may start: `now` if at once, a later time if only the delay holds it
  // back, nullopt while `per_host` fetches from it are in flight (wait for a finish()).
  [[nodiscard]] std::optional<TimePoint> earliest_start(const std::string& host, TimePoint now) const;
  // Records a start at `now`; call only when earliest_start(host, now) == now.
  void start(const std::string& host, TimePoint now);
  // Records that one fetch from `host` ended.
  void finish(const std::string& host);

 private:
  struct HostState {
    std::size_t in_flight = 0;
    std::optional<TimePoint> last_start;
  };
  std::size_t per_host_;
  std::chrono::milliseconds delay_;
  std::unordered_map<std::string, HostState> hosts_;
};

}  // namespace pagemd::batch
