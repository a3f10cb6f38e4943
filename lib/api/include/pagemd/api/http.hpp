#pragma once

#include <chrono>
#include <optional>
#include <string>

#include <boost/asio/awaitable.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace pagemd::api {

using Request = boost::beast::http::request<boost::beast::http::string_body>;
using Response = boost::beast::http::response<boost::beast::http::string_body>;

// What the server knows about a request beyond its bytes.
struct RequestInfo {
  std::string request_id;      // also sent back as X-Request-Id
  std::string remote_address;  // for logs only
  std::chrono::steady_clock::time_point received_at;
  bool draining = false;  // the server is shutting down (GET /readyz answers 503)
};

// Answers one request. The server runs it on its request pool, a few threads per CPU and never an I/O
// thread, so short blocking work (SQLite) is fine. Work that may wait for seconds (an upstream fetch, a
// converter process) must be awaited on a pool of its own: a few slow origins must not hold the
// threads that answer everyone else. Throwing is a bug; the server turns it into a 500 with the
// details only in the log.
class Handler {
 public:
  virtual ~Handler() = default;
  [[nodiscard]] virtual boost::asio::awaitable<Response> handle(const Request& request, const RequestInfo& info) = 0;

  // Asked, on the request pool, before the server reads a body over its ordinary limit (on a path that takes
  // large ones): the answer that refuses the request on its headers alone, or nullopt to read the body. A
  // caller without a valid key must not make the server hold megabytes for it. `headers` has no body yet.
  [[nodiscard]] virtual std::optional<Response> refuse_before_body(const Request& /*headers*/,
                                                                   const RequestInfo& /*info*/) {
    return std::nullopt;
  }
};

}  // namespace pagemd::api
