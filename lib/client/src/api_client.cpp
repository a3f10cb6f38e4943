#include "pagemd/client/api_client.hpp"

#include <curl/curl.h>

#include <array>
#include <charconv>
#include <memory>
#include <stdexcept>
#include <thread>
#include <utility>

#include "pagemd/fetch/curl_handle.hpp"

namespace pagemd::client {
namespace {

// A Retry-After longer than this is not waited out: the caller is told at once instead.
constexpr std::chrono::seconds kLongestRetryWait{120};

using fetch::CurlEasyPtr;
using fetch::CurlSlistPtr;
using fetch::libcurl;

std::size_t append_body(char* data, std::size_t size, std::size_t count, void* user) {
  static_cast<std::string*>(user)->append(data, size * count);
  return size * count;
}

void add_header(CurlSlistPtr& list, const std::string& line) {
  curl_slist* grown = libcurl().slist_append(list.get(), line.c_str());
  if (grown == nullptr) throw std::bad_alloc();
  static_cast<void>(list.release());  // now owned through `grown`
  list.reset(grown);
}

std::optional<std::chrono::seconds> retry_after_of(CURL* handle) {
  curl_header* header = nullptr;
  if (libcurl().easy_header(handle, "Retry-After", 0, CURLH_HEADER, -1, &header) != CURLHE_OK) return std::nullopt;
  const std::string_view value = header->value;
  long long seconds = 0;
  const auto [end, failure] = std::from_chars(value.data(), value.data() + value.size(), seconds);
  if (failure != std::errc{} || end != value.data() + value.size() || seconds < 0) return std::nullopt;
  return std::chrono::seconds{seconds};
}

std::string percent_encode(std::string_view text) {
  static constexpr std::array<char, 16> kHex{'0', '1', '2', '3', '4', '5', '6', '7',
                                             '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    const bool unreserved = (byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
                            (byte >= '0' && byte <= '9') || byte == '-' || byte == '_' || byte == '.' || byte == '~';
    if (unreserved) {
      out += c;
    } else {
      out += '%';
      out += kHex[byte >> 4U];
      out += kHex[byte & 0x0FU];
    }
  }
  return out;
}

core::Error error_of(long status, const std::string& body) {
  const auto parsed = nlohmann::json::parse(body, nullptr, false);
  core::Error error{core::ErrorCode::internal, "the daemon answered HTTP " + std::to_string(status)};
  if (!parsed.is_object()) return error;
  if (const auto code = parsed.find("code"); code != parsed.end() && code->is_string()) {
    error.code = core::error_code_from_string(code->get<std::string>()).value_or(core::ErrorCode::internal);
  }
  if (const auto message = parsed.find("error"); message != parsed.end() && message->is_string()) {
    error.message = message->get<std::string>();
  }
  if (const auto upstream = parsed.find("upstream_status"); upstream != parsed.end() && upstream->is_number_integer()) {
    error.upstream_status = upstream->get<int>();
  }
  for (const auto& [field, text] : {std::pair{"vendor", &error.vendor}, std::pair{"reason", &error.reason}}) {
    if (const auto found = parsed.find(field); found != parsed.end() && found->is_string()) {
      *text = found->get<std::string>();
    }
  }
  return error;
}

}  // namespace

nlohmann::json Reply::json() const { return nlohmann::json::parse(body, nullptr, false); }

struct ApiClient::Handle {
  CurlEasyPtr easy;
};

ApiClient::ApiClient(ClientOptions options, Sleep sleep, RetryNotice on_retry)
    : options_(std::move(options)),
      sleep_(std::move(sleep)),
      on_retry_(std::move(on_retry)),
      handle_(std::make_unique<Handle>()) {
  fetch::ensure_curl_initialised();
  handle_->easy.reset(libcurl().easy_init());
  if (!handle_->easy) throw std::bad_alloc();
  if (!sleep_) sleep_ = [](Duration wait) { std::this_thread::sleep_for(wait); };
  while (options_.server.ends_with('/')) options_.server.pop_back();
}

ApiClient::~ApiClient() = default;

Reply ApiClient::extract(std::string_view url) { return extract_with(nlohmann::json{{"url", url}}); }
Reply ApiClient::extract_with(const nlohmann::json& request) { return call(Method::post, "/extract", request.dump()); }
Reply ApiClient::usage() { return call(Method::get, "/extract/usage", {}); }
Reply ApiClient::create_key() { return call(Method::post, "/extract/keys", {}); }
Reply ApiClient::list_keys() { return call(Method::get, "/extract/keys", {}); }
Reply ApiClient::revoke_key(std::string_view id) {
  return call(Method::del, "/extract/keys/" + percent_encode(id), {});
}

Reply ApiClient::call(Method method, const std::string& path, const std::string& body) {
  for (int attempt = 1;; ++attempt) {
    Reply reply = send_once(method, path, body);
    if (reply.ok() || attempt > options_.retries) return reply;
    const core::ErrorCode code = reply.error->code;
    if (core::kind_of(code).retry == core::Retry::no) return reply;
    const Duration wait = reply.retry_after.value_or(Duration{1});
    if (wait > kLongestRetryWait) return reply;
    if (on_retry_) on_retry_(wait, attempt, options_.retries, code);
    sleep_(wait);
  }
}

Reply ApiClient::send_once(Method method, const std::string& path, const std::string& body) {
  CURL* easy = handle_->easy.get();
  libcurl().easy_reset(easy);  // keeps the connection for the next request, forgets every option
  const std::string url = options_.server + path;
  CurlSlistPtr headers;
  add_header(headers, "Authorization: Bearer " + options_.api_key);
  add_header(headers, "Accept: application/json");
  if (method == Method::post) add_header(headers, "Content-Type: application/json");
  Reply reply;
  const bool configured =
      libcurl().easy_setopt(easy, CURLOPT_URL, url.c_str()) == CURLE_OK &&
      libcurl().easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK &&
      libcurl().easy_setopt(easy, CURLOPT_HTTPHEADER, headers.get()) == CURLE_OK &&
      libcurl().easy_setopt(easy, CURLOPT_NOSIGNAL, 1L) == CURLE_OK &&
      libcurl().easy_setopt(easy, CURLOPT_TIMEOUT_MS, static_cast<long>(options_.timeout.count())) == CURLE_OK &&
      libcurl().easy_setopt(easy, CURLOPT_USERAGENT, "pagemd") == CURLE_OK &&
      libcurl().easy_setopt(easy, CURLOPT_WRITEFUNCTION, append_body) == CURLE_OK &&
      libcurl().easy_setopt(easy, CURLOPT_WRITEDATA, &reply.body) == CURLE_OK &&
      (method != Method::post ||
       (libcurl().easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size())) == CURLE_OK &&
        libcurl().easy_setopt(easy, CURLOPT_COPYPOSTFIELDS, body.c_str()) == CURLE_OK)) &&
      (method != Method::del || libcurl().easy_setopt(easy, CURLOPT_CUSTOMREQUEST, "DELETE") == CURLE_OK);
  if (!configured) {
    reply.error = core::Error{core::ErrorCode::internal, "libcurl refused the request's options"};
    return reply;
  }
  std::array<char, CURL_ERROR_SIZE> error_text{};
  libcurl().easy_setopt(easy, CURLOPT_ERRORBUFFER, error_text.data());
  const CURLcode rc = libcurl().easy_perform(easy);
  libcurl().easy_setopt(easy, CURLOPT_ERRORBUFFER, nullptr);
  if (rc != CURLE_OK) {
    reply.body.clear();
    const std::string detail = error_text[0] != '\0' ? error_text.data() : libcurl().easy_strerror(rc);
    reply.error =
        core::Error{core::ErrorCode::internal, "cannot reach the daemon at " + options_.server + ": " + detail};
    return reply;
  }
  libcurl().easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &reply.http_status);
  reply.retry_after = retry_after_of(easy);
  if (reply.http_status < 200 || reply.http_status > 299) reply.error = error_of(reply.http_status, reply.body);
  return reply;
}

}  // namespace pagemd::client
