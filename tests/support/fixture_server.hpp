#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pagemd::testing {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

struct HttpRequest {
  std::string method;
  std::string target;  // as sent: path and query
  std::string path;    // the target without its query
  HeaderList headers;  // names lower-case, values trimmed, in order
  // The first value of header `lower_name`, "" when absent.
  [[nodiscard]] std::string header(std::string_view lower_name) const;
};

// A whole HTTP/1.1 response with a Content-Length, as bytes: for handlers that send it in parts.
[[nodiscard]] std::string make_response(int status, std::string_view content_type, std::string_view body,
                                        const HeaderList& extra_headers = {});

// The connection a handler answers on. Handlers write raw bytes, so any response can be built:
// slow headers, slow or chunked bodies, lying lengths, compressed bombs, any status.
class Responder {
 public:
  // Writes `bytes` as they are. Returns false once the client has gone (later writes do nothing).
  bool write(std::string_view bytes);
  // Waits `how_long`, or less if the server is being destroyed. Returns false in that case.
  bool pause(std::chrono::milliseconds how_long);
  // Writes make_response(...) and keeps the connection open for the client's next request.
  void send(int status, std::string_view content_type, std::string_view body, const HeaderList& extra_headers = {});
  // After raw writes: keep the connection for another request (the response must be self-delimiting).
  void keep_alive() { keep_alive_ = true; }

 private:
  friend class FixtureServer;
  struct Connection;
  Responder(Connection& connection, const HttpRequest& request) : connection_(connection), request_(request) {}

  Connection& connection_;
  const HttpRequest& request_;
  bool keep_alive_ = false;
};

using Handler = std::function<void(const HttpRequest&, Responder&)>;

// A local HTTP/1.1 origin for tests: listens on a loopback address (127.0.0.1 unless told another,
// such as 127.0.0.2 to stand for a second host), port chosen by the system, on threads of its own
// (one per connection, so a handler may take its time without holding up others). Unregistered
// paths get 404. Every request is counted by path. Thread-safe.
class FixtureServer {
 public:
  explicit FixtureServer(std::string address = "127.0.0.1");
  ~FixtureServer();
  FixtureServer(const FixtureServer&) = delete;
  FixtureServer& operator=(const FixtureServer&) = delete;

  [[nodiscard]] std::uint16_t port() const;
  // "http://<address>:<port>" + path (which starts with '/').
  [[nodiscard]] std::string url(std::string_view path) const;

  // Answers requests for exactly `path` (query ignored); replaces an earlier handler of it.
  void handle(std::string path, Handler handler);
  // Answers GET `prefix` + relative path with that file of `directory` (Content-Type from the
  // extension), 404 for missing files and for paths with "..".
  void serve_directory(std::string prefix, std::filesystem::path directory);

  // TCP connections accepted, whether or not a request came on them.
  [[nodiscard]] std::size_t connection_count() const;
  // Requests received for `path` (query ignored), handled or not.
  [[nodiscard]] std::size_t request_count(std::string_view path) const;

 private:
  struct State;
  std::shared_ptr<State> state_;
};

}  // namespace pagemd::testing
