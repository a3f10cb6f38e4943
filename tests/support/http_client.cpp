#include "http_client.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <memory>

namespace pagemd::testing {
namespace {

std::size_t collect_body(char* data, std::size_t size, std::size_t count, void* target) {
  static_cast<std::string*>(target)->append(data, size * count);
  return size * count;
}

std::size_t collect_header(char* data, std::size_t size, std::size_t count, void* target) {
  auto& headers = *static_cast<std::map<std::string, std::string>*>(target);
  std::string line(data, size * count);
  const auto colon = line.find(':');
  if (colon != std::string::npos) {
    std::string name = line.substr(0, colon);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    std::string value = line.substr(colon + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    value.erase(value.find_last_not_of(" \t\r\n") + 1);
    headers[name] = value;
  }
  return size * count;
}

}  // namespace

HttpResponse http_request(const std::string& method, const std::string& url, const std::vector<std::string>& headers,
                          const std::optional<std::string>& body) {
  HttpResponse response;
  std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  curl_slist* header_list = nullptr;
  // An explicit empty Expect keeps curl from waiting for "100 Continue" on larger bodies.
  header_list = curl_slist_append(header_list, "Expect:");
  for (const auto& header : headers) header_list = curl_slist_append(header_list, header.c_str());
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> header_guard(header_list, curl_slist_free_all);

  curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_CUSTOMREQUEST, method.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_PROXY, "");
  curl_easy_setopt(curl.get(), CURLOPT_HTTPHEADER, header_list);
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, 60L);
  curl_easy_setopt(curl.get(), CURLOPT_FORBID_REUSE, 1L);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, collect_body);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &response.body);
  curl_easy_setopt(curl.get(), CURLOPT_HEADERFUNCTION, collect_header);
  curl_easy_setopt(curl.get(), CURLOPT_HEADERDATA, &response.headers);
  if (body) {
    curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDS, body->data());
    curl_easy_setopt(curl.get(), CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body->size()));
  }
  if (curl_easy_perform(curl.get()) == CURLE_OK) {
    curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &response.status);
  }
  return response;
}

}  // namespace pagemd::testing
