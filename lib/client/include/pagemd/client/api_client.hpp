#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "pagemd/core/error.hpp"

namespace pagemd::client {

// The daemon's API base when neither --server nor $PAGEMD_URL names one.
inline constexpr std::string_view kDefaultServer = "http://127.0.0.1:8787/api/v1";

// One answer of the daemon, or the failure to get one.
struct Reply {
  long http_status = 0;  // 0: no HTTP answer (daemon unreachable, timeout, broken connection)
  std::string body;      // the body exactly as received
  // Retry-After of a 429 or 503, in whole seconds.
  std::optional<std::chrono::seconds> retry_after;
  // Set unless the status is 2xx: `code` is the body's wire code (ErrorCode::internal for an
  // unreachable daemon and for an error body that names no known code), `message` its "error"
  // sentence, or what went wrong on the way.
  std::optional<core::Error> error;

  [[nodiscard]] bool ok() const { return !error.has_value(); }
  // The body parsed as JSON; a discarded value when it is not JSON.
  [[nodiscard]] nlohmann::json json() const;
};

struct ClientOptions {
  std::string server = std::string(kDefaultServer);  // up to and including /api/v1
  std::string api_key;
  std::chrono::milliseconds timeout{120'000};  // a whole request; an uncached extract takes up to 15 s
  // Extra tries after a 429 rate_limited or a 503 busy, each after the answer's Retry-After.
  int retries = 3;
};

// The client of pagemdd's REST API (libcurl). Not thread-safe: one per thread.
class ApiClient {
 public:
  using Duration = std::chrono::seconds;
  // Called before each retry with the wait, the retry's number (1-based), the retries allowed and
  // why (rate_limited or busy).
  using RetryNotice = std::function<void(Duration wait, int attempt, int retries, core::ErrorCode why)>;
  // Waits; tests pass one that records instead of sleeping.
  using Sleep = std::function<void(Duration)>;

  // An empty `sleep` means std::this_thread::sleep_for.
  explicit ApiClient(ClientOptions options, Sleep sleep = {}, RetryNotice on_retry = {});
  ~ApiClient();
  ApiClient(const ApiClient&) = delete;
  ApiClient& operator=(const ApiClient&) = delete;

  // POST /extract {"url": url}.
  [[nodiscard]] Reply extract(std::string_view url);
  // POST /extract with a whole request body ({"url", "max_age", "include_selectors", ...}).
  [[nodiscard]] Reply extract_with(const nlohmann::json& request);
  // GET /extract/usage.
  [[nodiscard]] Reply usage();
  // POST /extract/keys.
  [[nodiscard]] Reply create_key();
  // GET /extract/keys.
  [[nodiscard]] Reply list_keys();
  // DELETE /extract/keys/{id}; `id` is percent-encoded into the path.
  [[nodiscard]] Reply revoke_key(std::string_view id);

 private:
  enum class Method { get, post, del };
  [[nodiscard]] Reply call(Method method, const std::string& path, const std::string& body);
  [[nodiscard]] Reply send_once(Method method, const std::string& path, const std::string& body);

  struct Handle;
  ClientOptions options_;
  Sleep sleep_;
  RetryNotice on_retry_;
  std::unique_ptr<Handle> handle_;
};

}  // namespace pagemd::client
