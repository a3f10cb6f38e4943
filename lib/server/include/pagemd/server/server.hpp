#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "pagemd/api/http.hpp"
#include "pagemd/api/metrics.hpp"
#include "pagemd/core/result.hpp"

namespace pagemd::server {

struct ServerOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8787;  // 0 picks a free port (tests)
  std::size_t max_connections = 1024;
  // Of those, at most this many from one client address, so that one client cannot hold them all.
  std::size_t max_connections_per_address = 256;
  // A client gets this long to send a request's headers, and again its body, so a slow sender cannot
  // hold a connection; an idle keep-alive connection is closed after it too.
  std::chrono::milliseconds read_timeout{10'000};
  std::chrono::milliseconds write_timeout{30'000};
  std::size_t max_header_bytes = std::size_t{8} * 1024;
  std::size_t max_body_bytes = std::size_t{64} * 1024;
  // Paths whose requests may carry bodies up to max_large_body_bytes instead (MCP's endpoint, where
  // convert_html brings a whole page).
  std::vector<std::string> large_body_paths;
  std::size_t max_large_body_bytes = 0;
  // Threads that read requests and write answers. Each connection keeps to its own strand.
  unsigned io_threads = 1;
  // Threads that run the handlers (see api::Handler): CPU and database work, so about the CPU count.
  unsigned request_threads = 4;
  // After SIGTERM, requests in flight get this long to finish before the server stops anyway.
  std::chrono::milliseconds drain_timeout{10'000};
};

// What the program around the server does at the moments of a daemon's life (sd_notify, reloading).
// Each runs on an I/O thread and must not block for long.
struct Lifecycle {
  std::function<void()> on_ready;              // listening, about to serve
  std::function<void()> on_stopping;           // SIGTERM/SIGINT: draining starts
  std::function<void()> on_reload;             // SIGHUP
  std::function<void()> on_tick;               // every tick_interval while serving (watchdog)
  std::chrono::milliseconds tick_interval{0};  // 0: no ticks
};

// The HTTP/1.1 listener: one coroutine per connection, keep-alive, size caps (431/413), read
// timeouts, a connection cap, and a graceful drain on SIGTERM/SIGINT. Requests are answered by the
// Handler on a separate worker pool; the I/O threads only move bytes.
class Server {
 public:
  // Binds and listens. Fails with `internal` and the system's reason when the address cannot be used.
  [[nodiscard]] static core::Result<std::unique_ptr<Server>> listen(ServerOptions options, api::Handler& handler,
                                                                    api::Metrics& metrics);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // The bound port (useful with port 0).
  [[nodiscard]] std::uint16_t port() const;

  // Serves until a drain completes (or its timeout passes). Returns true when every request in flight
  // finished, false when the drain timed out.
  bool run(const Lifecycle& lifecycle);

  // Starts the drain that SIGTERM starts; callable from any thread, idempotent.
  void drain();

 private:
  struct Impl;
  explicit Server(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace pagemd::server
