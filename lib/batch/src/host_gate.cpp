#include "pagemd/batch/host_gate.hpp"

namespace pagemd::batch {

std::optional<HostGate::TimePoint> HostGate::earliest_start(const std::string& host, TimePoint now) const {
  const auto found = hosts_.find(host);
  if (found == hosts_.end()) return now;
  const HostState& state = found->second;
  if (state.in_flight >= per_host_) return std::nullopt;
  if (state.last_start && *state.last_start + delay_ > now) return *state.last_start + delay_;
  return now;
}

void HostGate::start(const std::string& host, TimePoint now) {
  HostState& state = hosts_[host];
  ++state.in_flight;
  state.last_start = now;
}

void HostGate::finish(const std::string& host) {
  const auto found = hosts_.find(host);
  if (found == hosts_.end() || found->second.in_flight == 0) return;
  --found->second.in_flight;
}

}  // namespace pagemd::batch
