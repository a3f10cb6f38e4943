#pragma once

// The Chrome DevTools protocol over --remote-debugging-pipe: the browser reads commands on its fd 3
// and writes replies and events on its fd 4, each message one JSON text ended by a NUL byte. Both are
// one end of a Unix socket pair here, so that shutting down our end wakes a reader that waits on a
// browser that hangs. One
// reader thread splits what the browser writes; callers wait for the reply of their own command, and
// one consumer (the page being rendered) takes the events.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include <nlohmann/json.hpp>

#include "pagemd/core/result.hpp"

namespace pagemd::render::detail {

using Clock = std::chrono::steady_clock;

struct DevToolsEvent {
  std::string method;
  nlohmann::json params;
  std::string session_id;  // empty: the browser's own session
};

class DevToolsPipe {
 public:
  // Takes the socket. A message over `max_message_bytes` (a DOM too large to carry) breaks the
  // pipe as a crash would.
  DevToolsPipe(int socket, std::size_t max_message_bytes);
  ~DevToolsPipe();
  DevToolsPipe(const DevToolsPipe&) = delete;
  DevToolsPipe& operator=(const DevToolsPipe&) = delete;

  // Sends a command and waits for its reply until `deadline`: the reply's "result" object, or
  // fetch_failed when the browser answered with an error or the pipe broke, fetch_timeout at the deadline.
  [[nodiscard]] core::Result<nlohmann::json> call(std::string_view method, nlohmann::json params,
                                                  std::string_view session_id, Clock::time_point deadline);
  // Sends a command whose reply nobody waits for. False when the pipe is broken.
  bool send(std::string_view method, nlohmann::json params, std::string_view session_id = {});

  // Called on the reader thread with each event before it is queued; true consumes it. It must not
  // block: it hands work on. Cleared with an empty function, after which it is never called again.
  using EventHandler = std::function<bool(DevToolsEvent&)>;
  void set_event_handler(EventHandler handler);

  // The next event, waiting until `deadline`; nullopt at the deadline or once the pipe is broken.
  [[nodiscard]] std::optional<DevToolsEvent> next_event(Clock::time_point deadline);
  void discard_events();

  // The browser closed its end, wrote something that is not the protocol, or a write failed.
  [[nodiscard]] bool broken() const;

 private:
  int send_command(std::string_view method, nlohmann::json params, std::string_view session_id, bool awaited);
  void read_loop();
  void dispatch(std::string_view text);
  void break_pipe();

  int socket_;
  std::size_t max_message_bytes_;

  std::mutex write_mutex_;
  std::mutex handler_mutex_;
  EventHandler handler_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  int next_id_ = 1;
  std::set<int> awaited_;
  std::map<int, nlohmann::json> replies_;
  std::deque<DevToolsEvent> events_;
  bool broken_ = false;
  std::thread reader_;
};

}  // namespace pagemd::render::detail
