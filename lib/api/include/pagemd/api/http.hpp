#pragma once

#include <chrono>
#include <string>

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
  bool draining = false;       // the server is shutting down (GET /readyz answers 503)
};

// Answers one request. Implementations may block (SQLite, libcurl, converter processes): the server
// calls them on its worker pool, never on an I/O thread. Throwing is a bug; the server turns it into a
// 500 with the details only in the log.
class Handler {
 public:
  virtual ~Handler() = default;
  [[nodiscard]] virtual Response handle(const Request& request, const RequestInfo& info) = 0;
};

}  // namespace pagemd::api
