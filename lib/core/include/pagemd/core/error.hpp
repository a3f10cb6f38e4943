#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace pagemd::core {

// pagemd's failure kinds. Each value is one stable wire `code` of DESIGN.md; the API layer owns the
// mapping to HTTP statuses, so the library never needs to know about HTTP.
enum class ErrorCode {
  // The Authorization header is missing, not Bearer, or names no key.
  unauthorized,
  // The presented key exists but has been revoked.
  key_revoked,
  // The request body is not JSON, lacks a required field, or has a field of the wrong type.
  invalid_request,
  // The URL is not http(s), cannot be parsed, or is longer than 2048 characters.
  invalid_url,
  // The URL's host is, or resolves to, a non-public address (also after a redirect).
  url_not_allowed,
  // More than the allowed requests in the rolling minute.
  rate_limited,
  // The account has used its monthly pages.
  monthly_limit_exceeded,
  // The caller tried to revoke the key it authenticated with.
  cannot_revoke_current_key,
  // The key to revoke is unknown, belongs to another account, or is already revoked.
  key_not_found,
  // The account already has the maximum number of active keys.
  key_limit_reached,
  // The target could not be reached, or answered with an HTTP error.
  fetch_failed,
  // The target did not answer within the total timeout.
  fetch_timeout,
  // The target is not HTML/XHTML/plain text, is over the size cap, or could not be converted.
  unsupported_content,
  // The global upstream queue is full.
  busy,
  not_found,
  method_not_allowed,
  payload_too_large,
  headers_too_large,
  // A bug or broken infrastructure; details go to the log only.
  internal,
};

// The wire string of a code, e.g. "invalid_url".
[[nodiscard]] std::string_view to_string(ErrorCode code) noexcept;

struct Error {
  ErrorCode code;
  std::string message;  // a human sentence, safe to show to the client
  // fetch_failed only: the target's HTTP status when it answered with one (the wire's `upstream_status`).
  std::optional<int> upstream_status{};
};

}  // namespace pagemd::core
