#include "pagemd/api/responses.hpp"

#include <boost/beast/http/field.hpp>
#include <spdlog/spdlog.h>

namespace pagemd::api {

namespace http = boost::beast::http;
using core::ErrorCode;

unsigned http_status_of(ErrorCode code) noexcept { return core::kind_of(code).http_status; }

core::Error for_client(const core::Error& error) {
  // The detail of these names the database's socket, host or user, or the code's insides: it goes
  // to the operator's log, and the client gets a sentence that says what it can do.
  if (error.code == ErrorCode::store_unavailable) {
    spdlog::error("store unavailable: {}", error.message);
    return {error.code, "The service's database cannot be reached; nothing was served or counted. Try again shortly."};
  }
  if (error.code == ErrorCode::internal) {
    spdlog::error("internal error: {}", error.message);
    return {error.code, "The service failed to answer this request; the operator's log says why."};
  }
  return error;
}

nlohmann::json error_body(const core::Error& given) {
  const core::Error error = for_client(given);
  nlohmann::json body{{"error", error.message},
                      {"status", http_status_of(error.code)},
                      {"code", std::string(core::to_string(error.code))}};
  if (error.upstream_status) body["upstream_status"] = *error.upstream_status;
  if (!error.vendor.empty()) body["vendor"] = error.vendor;
  if (!error.reason.empty()) body["reason"] = error.reason;
  return body;
}

Response json_response(const Request& request, unsigned status, const nlohmann::json& body) {
  Response response{static_cast<http::status>(status), request.version()};
  response.set(http::field::content_type, "application/json");
  response.keep_alive(request.keep_alive());
  // Replacement instead of an exception: a page's text may hold invalid UTF-8 that the decoder let through.
  response.body() = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  response.prepare_payload();
  return response;
}

Response error_response(const Request& request, const core::Error& error) {
  Response response = json_response(request, http_status_of(error.code), error_body(error));
  if (response.result_int() == 401) response.set(http::field::www_authenticate, "Bearer");
  if (error.code == ErrorCode::store_unavailable) {
    response.set(http::field::retry_after, std::to_string(kStoreRetrySeconds));
  }
  return response;
}

Response text_response(const Request& request, unsigned status, std::string_view content_type, std::string body) {
  Response response{static_cast<http::status>(status), request.version()};
  response.set(http::field::content_type, content_type);
  response.keep_alive(request.keep_alive());
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

}  // namespace pagemd::api
