#include "pagemd/api/responses.hpp"

#include <boost/beast/http/field.hpp>

namespace pagemd::api {

namespace http = boost::beast::http;
using core::ErrorCode;

unsigned http_status_of(ErrorCode code) noexcept { return core::kind_of(code).http_status; }

nlohmann::json error_body(const core::Error& error) {
  nlohmann::json body{{"error", error.message},
                      {"status", http_status_of(error.code)},
                      {"code", std::string(core::to_string(error.code))}};
  if (error.upstream_status) body["upstream_status"] = *error.upstream_status;
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
