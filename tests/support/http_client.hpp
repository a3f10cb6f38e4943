#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace pagemd::testing {

struct HttpResponse {
  long status = 0;                             // 0: no answer (connection refused, reset, timeout)
  std::map<std::string, std::string> headers;  // names lower-case
  std::string body;

  [[nodiscard]] bool has_header(const std::string& lower_name) const { return headers.count(lower_name) > 0; }
  [[nodiscard]] std::string header(const std::string& lower_name) const {
    const auto found = headers.find(lower_name);
    return found == headers.end() ? std::string() : found->second;
  }
  // The body as JSON; a discarded value when it is not JSON.
  [[nodiscard]] nlohmann::json json() const { return nlohmann::json::parse(body, nullptr, false); }
};

// One HTTP request with libcurl, a fresh connection each time (so tests see what a new client sees).
// `headers` are "Name: value" lines; `body` is sent as is, without a Content-Type unless given.
[[nodiscard]] HttpResponse http_request(const std::string& method, const std::string& url,
                                        const std::vector<std::string>& headers = {},
                                        const std::optional<std::string>& body = std::nullopt);

}  // namespace pagemd::testing
