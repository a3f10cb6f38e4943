#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

#include "pagemd/api/http.hpp"
#include "pagemd/core/error.hpp"

namespace pagemd::api {

// Retry-After of an answer that the shared database's absence made (store_unavailable, /readyz):
// long enough for a restart of the database, short enough to notice its return.
inline constexpr int kStoreRetrySeconds = 5;

// The HTTP status of a failure kind, from the error table (core/error_codes.def).
[[nodiscard]] unsigned http_status_of(core::ErrorCode code) noexcept;

// The error as a client may see it: store_unavailable and internal get a fixed sentence, their
// detail (paths, hosts, users, the code's insides) is logged instead.
[[nodiscard]] core::Error for_client(const core::Error& error);

// `{"error": message, "status": n, "code": "..."}` plus `upstream_status`, `vendor` and `reason` when the error has
// them; the message as for_client() gives it.
[[nodiscard]] nlohmann::json error_body(const core::Error& error);

// A response with a JSON body and `Content-Type: application/json`, echoing the request's HTTP version
// and keep-alive wish.
[[nodiscard]] Response json_response(const Request& request, unsigned status, const nlohmann::json& body);

// The response for `error`: its status, its body, and the headers the status calls for
// (`WWW-Authenticate: Bearer` on 401).
[[nodiscard]] Response error_response(const Request& request, const core::Error& error);

// A plain-text response (the health and metrics endpoints).
[[nodiscard]] Response text_response(const Request& request, unsigned status, std::string_view content_type,
                                     std::string body);

}  // namespace pagemd::api
