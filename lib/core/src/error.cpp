#include "pagemd/core/error.hpp"

namespace pagemd::core {

std::string_view to_string(ErrorCode code) noexcept {
  switch (code) {
    case ErrorCode::unauthorized: return "unauthorized";
    case ErrorCode::key_revoked: return "key_revoked";
    case ErrorCode::invalid_request: return "invalid_request";
    case ErrorCode::invalid_url: return "invalid_url";
    case ErrorCode::url_not_allowed: return "url_not_allowed";
    case ErrorCode::rate_limited: return "rate_limited";
    case ErrorCode::monthly_limit_exceeded: return "monthly_limit_exceeded";
    case ErrorCode::cannot_revoke_current_key: return "cannot_revoke_current_key";
    case ErrorCode::key_not_found: return "key_not_found";
    case ErrorCode::key_limit_reached: return "key_limit_reached";
    case ErrorCode::fetch_failed: return "fetch_failed";
    case ErrorCode::fetch_timeout: return "fetch_timeout";
    case ErrorCode::unsupported_content: return "unsupported_content";
    case ErrorCode::busy: return "busy";
    case ErrorCode::not_found: return "not_found";
    case ErrorCode::method_not_allowed: return "method_not_allowed";
    case ErrorCode::payload_too_large: return "payload_too_large";
    case ErrorCode::headers_too_large: return "headers_too_large";
    case ErrorCode::internal: return "internal";
  }
  return "internal";
}

}  // namespace pagemd::core
