#include "devtools_pipe.hpp"

#include <sys/socket.h>
#include <unistd.h>

#include <array>
#include <cerrno>

#include <spdlog/spdlog.h>

namespace pagemd::render::detail {
namespace {

core::Unexpected browser_failed(std::string message) {
  return core::unexpected(core::ErrorCode::fetch_failed, std::move(message));
}

bool write_all(int fd, std::string_view data) {
  while (!data.empty()) {
    // send() with MSG_NOSIGNAL: a browser gone must be an error to handle, not a SIGPIPE.
    const ssize_t written = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<std::size_t>(written));
  }
  return true;
}

}  // namespace

DevToolsPipe::DevToolsPipe(int socket, std::size_t max_message_bytes)
    : socket_(socket), max_message_bytes_(max_message_bytes) {
  reader_ = std::thread([this] { read_loop(); });
}

DevToolsPipe::~DevToolsPipe() {
  // The reader sees the end of the stream; the browser, reading its end, sees it too and exits.
  ::shutdown(socket_, SHUT_RDWR);
  reader_.join();
  ::close(socket_);
}

int DevToolsPipe::send_command(std::string_view method, nlohmann::json params, std::string_view session_id,
                               bool awaited) {
  nlohmann::json message{{"method", method}, {"params", std::move(params)}};
  if (!session_id.empty()) message["sessionId"] = session_id;
  int id = 0;
  {
    const std::lock_guard lock(mutex_);
    if (broken_) return 0;
    id = next_id_++;
    if (awaited) awaited_.insert(id);
  }
  message["id"] = id;
  std::string text = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  text.push_back('\0');
  bool written = false;
  {
    const std::lock_guard lock(write_mutex_);
    written = write_all(socket_, text);
  }
  if (!written) {
    break_pipe();
    return 0;
  }
  return id;
}

bool DevToolsPipe::send(std::string_view method, nlohmann::json params, std::string_view session_id) {
  return send_command(method, std::move(params), session_id, false) != 0;
}

core::Result<nlohmann::json> DevToolsPipe::call(std::string_view method, nlohmann::json params,
                                                std::string_view session_id, Clock::time_point deadline) {
  const int id = send_command(method, std::move(params), session_id, true);
  if (id == 0) return browser_failed("The browser is gone.");
  std::unique_lock lock(mutex_);
  const bool answered = changed_.wait_until(lock, deadline, [&] { return broken_ || replies_.contains(id); });
  awaited_.erase(id);
  if (!answered) return core::unexpected(core::ErrorCode::fetch_timeout, "The browser did not answer in time.");
  const auto reply = replies_.find(id);
  if (reply == replies_.end()) return browser_failed("The browser is gone.");
  nlohmann::json message = std::move(reply->second);
  replies_.erase(reply);
  lock.unlock();
  if (const auto error = message.find("error"); error != message.end()) {
    return browser_failed("The browser refused " + std::string(method) + ": " + error->value("message", "no reason"));
  }
  return std::move(message["result"]);
}

std::optional<DevToolsEvent> DevToolsPipe::next_event(Clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  changed_.wait_until(lock, deadline, [&] { return broken_ || !events_.empty(); });
  if (events_.empty()) return std::nullopt;
  DevToolsEvent event = std::move(events_.front());
  events_.pop_front();
  return event;
}

void DevToolsPipe::set_event_handler(EventHandler handler) {
  const std::lock_guard lock(handler_mutex_);
  handler_ = std::move(handler);
}

void DevToolsPipe::discard_events() {
  const std::lock_guard lock(mutex_);
  events_.clear();
}

bool DevToolsPipe::broken() const {
  const std::lock_guard lock(mutex_);
  return broken_;
}

void DevToolsPipe::break_pipe() {
  {
    const std::lock_guard lock(mutex_);
    broken_ = true;
  }
  changed_.notify_all();
}

void DevToolsPipe::read_loop() {
  std::string pending;
  std::array<char, 65536> chunk{};
  for (;;) {
    const ssize_t got = ::read(socket_, chunk.data(), chunk.size());
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) break;
    std::size_t scanned = pending.size();
    pending.append(chunk.data(), static_cast<std::size_t>(got));
    std::size_t start = 0;
    for (std::size_t end = pending.find('\0', scanned); end != std::string::npos; end = pending.find('\0', start)) {
      dispatch(std::string_view(pending).substr(start, end - start));
      start = end + 1;
    }
    pending.erase(0, start);
    if (pending.size() > max_message_bytes_) {
      spdlog::warn("render: the browser sent a message over {} bytes; it is stopped", max_message_bytes_);
      break;
    }
  }
  break_pipe();
}

void DevToolsPipe::dispatch(std::string_view text) {
  nlohmann::json message = nlohmann::json::parse(text, nullptr, false);
  if (!message.is_object()) return;
  const auto id = message.find("id");
  if (id != message.end() && id->is_number_integer()) {
    const int number = id->get<int>();
    const std::lock_guard lock(mutex_);
    if (!awaited_.contains(number)) return;
    replies_.emplace(number, std::move(message));
  } else if (const auto method = message.find("method"); method != message.end() && method->is_string()) {
    DevToolsEvent event{method->get<std::string>(), std::move(message["params"]), message.value("sessionId", "")};
    {
      const std::lock_guard lock(handler_mutex_);
      if (handler_ && handler_(event)) return;
    }
    const std::lock_guard lock(mutex_);
    events_.push_back(std::move(event));
  } else {
    return;
  }
  changed_.notify_all();
}

}  // namespace pagemd::render::detail
