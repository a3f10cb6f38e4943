#include "pagemd/fetch/fetcher.hpp"

#include <netinet/in.h>
#include <sys/socket.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <mutex>
#include <new>
#include <optional>

#include "pagemd/fetch/curl_handle.hpp"
#include "content_type.hpp"
#include "pagemd/core/ascii.hpp"
#include "pagemd/fetch/pdf_signature.hpp"
#include "url_text.hpp"

namespace pagemd::fetch {
namespace {

using core::ErrorCode;
using Deadline = std::chrono::steady_clock::time_point;

// Header bytes one response may carry; real sites stay far below, hostile ones do not.
constexpr std::size_t kMaxHeaderBytes = std::size_t{64} * 1024;
// A redirect's own body is read (to keep the connection reusable) up to this size, then dropped.
constexpr std::size_t kMaxRedirectBodyBytes = std::size_t{64} * 1024;
// Idle easy handles kept for reuse (each keeps its connections and DNS cache).
constexpr std::size_t kMaxIdleHandles = 16;
constexpr const char* kAccept =
    "Accept: text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.1";
constexpr const char* kAcceptAnything = "Accept: */*";

// What one request/response of a redirect chain saw; the callbacks write it, fetch() judges it.
struct Hop {
  const AddressPolicy* policy = nullptr;
  CURL* handle = nullptr;
  std::size_t max_body_bytes = 0;
  std::size_t max_pdf_bytes = 0;
  bool any_resource = false;        // a browser's request: every status and content type is an answer
  detail::BodyAdmission admission;  // a page's: its cap, and whether it is a PDF
  std::size_t refused_over = 0;     // the cap a too_large body went over

  std::optional<IpAddress> refused_address;  // a connection the policy refused
  bool refused_unknown_family = false;
  std::size_t header_bytes = 0;
  bool headers_too_large = false;
  long status = 0;                              // of the final (non-1xx) response, once its headers are complete
  std::string content_type;                     // raw header value of that response
  std::string location;                         // raw Location header of that response
  std::string content_language;                 // raw Content-Language header of that response
  std::optional<std::uint64_t> content_length;  // declared length when the body is not encoded
  bool encoded = false;                         // a Content-Encoding other than identity
  std::vector<std::pair<std::string, std::string>> cors_headers;  // any_resource only
  std::vector<std::pair<std::string, std::string>> wall_headers;  // of kWallHeaders
  // unsupported_type: sent as a type pagemd does not read as text, and its bytes are not a PDF.
  enum class Body { undecided, keep, discard, too_large, unsupported_type, http_error } body_mode = Body::undecided;
  std::string body;
  std::size_t discarded = 0;
  std::array<char, CURL_ERROR_SIZE> error_text{};
};

// The trimmed value when `line` is the header `lower_name` ("content-type"), else nullopt.
std::optional<std::string_view> header_value(std::string_view line, std::string_view lower_name) {
  if (line.size() <= lower_name.size() || line[lower_name.size()] != ':' ||
      !core::equals_ignore_case(line.substr(0, lower_name.size()), lower_name)) {
    return std::nullopt;
  }
  return core::trim(line.substr(lower_name.size() + 1));
}

std::optional<IpAddress> to_ip_address(const curl_sockaddr& address) {
  IpAddress ip;
  if (address.family == AF_INET && address.addrlen >= sizeof(sockaddr_in)) {
    sockaddr_in v4{};
    std::memcpy(&v4, &address.addr, sizeof v4);
    ip.family = IpAddress::Family::v4;
    std::memcpy(ip.bytes.data(), &v4.sin_addr, 4);
    return ip;
  }
  if (address.family == AF_INET6 && address.addrlen >= sizeof(sockaddr_in6)) {
    sockaddr_in6 v6{};
    std::memcpy(&v6, &address.addr, sizeof v6);
    ip.family = IpAddress::Family::v6;
    std::memcpy(ip.bytes.data(), &v6.sin6_addr, 16);
    return ip;
  }
  return std::nullopt;
}

// libcurl asks here for every socket it would connect, after DNS and for each address it tries:
// the one place where the address judged is the address used. Once one address is refused, the
// rest of the hop is refused too, so a name with any non-public address never yields a page.
curl_socket_t open_socket(void* user, curlsocktype purpose, curl_sockaddr* address) {
  auto& hop = *static_cast<Hop*>(user);
  if (purpose != CURLSOCKTYPE_IPCXN || hop.refused_address || hop.refused_unknown_family) {
    return CURL_SOCKET_BAD;
  }
  const std::optional<IpAddress> ip = to_ip_address(*address);
  if (!ip) {
    hop.refused_unknown_family = true;
    return CURL_SOCKET_BAD;
  }
  if (!hop.policy->allows(*ip)) {
    hop.refused_address = ip;
    return CURL_SOCKET_BAD;
  }
  return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

std::size_t body_cap(const Hop& hop) { return hop.any_resource ? hop.max_body_bytes : hop.admission.cap(); }

Hop::Body too_large(Hop& hop, std::size_t cap) {
  hop.refused_over = cap;
  return Hop::Body::too_large;
}

// Settles whether a page's kept body is a PDF, once its first bytes are in or it has ended.
void settle_admission(Hop& hop) {
  if (hop.any_resource || hop.admission.settled() || hop.body_mode != Hop::Body::keep) return;
  if (!hop.admission.settle(hop.body)) {
    hop.body_mode = Hop::Body::unsupported_type;
  } else if (hop.body.size() > hop.admission.cap()) {
    hop.body_mode = too_large(hop, hop.admission.cap());
  }
}

// Decides, once a response's headers are complete, what to do with its body.
Hop::Body judge_headers(Hop& hop) {
  if (hop.any_resource) {
    if (hop.status >= 300 && hop.status < 400) return Hop::Body::discard;
    if (!hop.encoded && hop.content_length && *hop.content_length > hop.max_body_bytes) {
      return too_large(hop, hop.max_body_bytes);
    }
    return Hop::Body::keep;
  }
  if (hop.status >= 400) {
    // A challenge or block page is read for the conversion to recognise; other error pages are not.
    const detail::ContentType type = detail::parse_content_type(hop.content_type);
    const bool html = type.media_type == "text/html" || type.media_type == "application/xhtml+xml";
    if (!may_be_wall_status(static_cast<int>(hop.status)) || !html) return Hop::Body::http_error;
    if (!hop.encoded && hop.content_length && *hop.content_length > hop.max_body_bytes) return Hop::Body::http_error;
    // Held to the page cap, whatever its bytes turn out to be: an error page is no document.
    hop.admission = detail::BodyAdmission(type.media_type, hop.max_body_bytes, hop.max_body_bytes);
    return Hop::Body::keep;
  }
  if (hop.status >= 300) {
    return Hop::Body::discard;
  }
  // A PDF is known by its bytes, whatever it is served as: a type pagemd does not read as text is
  // read as far as the PDF header may lie (kPdfHeaderWindow), and refused there unless it is one.
  hop.admission = detail::BodyAdmission(detail::parse_content_type(hop.content_type).media_type, hop.max_body_bytes,
                                        hop.max_pdf_bytes);
  if (!hop.encoded && hop.content_length && *hop.content_length > hop.admission.declared_cap()) {
    return too_large(hop, hop.admission.declared_cap());  // refused before a byte of it is read
  }
  return Hop::Body::keep;
}

// Keeps `line` when it is one of kWallHeaders; whether it was.
bool keep_wall_header(Hop& hop, std::string_view line) {
  for (const std::string_view name : kWallHeaders) {
    if (const auto value = header_value(line, name)) {
      hop.wall_headers.emplace_back(name, *value);
      return true;
    }
  }
  return false;
}

std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
  auto& hop = *static_cast<Hop*>(user);
  const std::size_t bytes = size * count;
  hop.header_bytes += bytes;
  if (hop.header_bytes > kMaxHeaderBytes) {
    hop.headers_too_large = true;
    return 0;
  }
  const std::string_view line(data, bytes);
  if (line.starts_with("HTTP/")) {  // a new response (after 1xx): forget the previous one's headers
    hop.content_type.clear();
    hop.location.clear();
    hop.content_language.clear();
    hop.content_length.reset();
    hop.encoded = false;
    hop.cors_headers.clear();
    hop.wall_headers.clear();
  } else if (constexpr std::string_view kCors = "access-control-";
             hop.any_resource && line.size() > kCors.size() &&
             core::equals_ignore_case(line.substr(0, kCors.size()), kCors) &&
             line.find(':') != std::string_view::npos) {
    const std::size_t colon = line.find(':');
    hop.cors_headers.emplace_back(core::trim(line.substr(0, colon)), core::trim(line.substr(colon + 1)));
  } else if (const auto length = header_value(line, "content-length")) {
    std::uint64_t declared = 0;
    if (std::from_chars(length->data(), length->data() + length->size(), declared).ec == std::errc{}) {
      hop.content_length = declared;
    }
  } else if (const auto encoding = header_value(line, "content-encoding")) {
    hop.encoded = !encoding->empty() && !core::equals_ignore_case(*encoding, "identity");
  } else if (const auto type = header_value(line, "content-type")) {
    hop.content_type = *type;
  } else if (const auto location = header_value(line, "location")) {
    hop.location = *location;
  } else if (const auto language = header_value(line, "content-language")) {
    hop.content_language = *language;
  } else if (!hop.any_resource && keep_wall_header(hop, line)) {
    // a vendor's mark, kept for the wall judges
  } else if (core::trim(line).empty()) {
    long status = 0;
    libcurl().easy_getinfo(hop.handle, CURLINFO_RESPONSE_CODE, &status);
    // Trailers of a chunked body end with a blank line too; only the first decision counts.
    if (status >= 200 && hop.body_mode == Hop::Body::undecided) {
      hop.status = status;
      hop.body_mode = judge_headers(hop);
      const bool read_body = hop.body_mode == Hop::Body::keep || hop.body_mode == Hop::Body::discard;
      return read_body ? bytes : 0;
    }
  }
  return bytes;
}

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto& hop = *static_cast<Hop*>(user);
  const std::size_t bytes = size * count;
  switch (hop.body_mode) {
    case Hop::Body::keep:
      if (bytes > body_cap(hop) - hop.body.size()) {
        hop.body_mode = too_large(hop, body_cap(hop));
        return 0;
      }
      hop.body.append(data, bytes);
      if (hop.body.size() >= kPdfHeaderWindow) settle_admission(hop);
      return hop.body_mode == Hop::Body::keep ? bytes : 0;
    case Hop::Body::discard: hop.discarded += bytes; return hop.discarded > kMaxRedirectBodyBytes ? 0 : bytes;
    case Hop::Body::undecided:
    case Hop::Body::too_large:
    case Hop::Body::unsupported_type:
    case Hop::Body::http_error: return 0;
  }
  return 0;
}

core::Unexpected fetch_failed(std::string message, std::optional<int> status = std::nullopt) {
  return core::unexpected(core::Error{ErrorCode::fetch_failed, std::move(message), status});
}

long remaining_ms(Deadline deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
  return static_cast<long>(left.count());
}

}  // namespace

class CurlFetcher::Impl {
 public:
  Impl(FetchLimits limits, AddressPolicy policy, CurlFetcherOptions options)
      : limits_(limits), policy_(std::move(policy)), options_(std::move(options)) {
    ensure_curl_initialised();
    // spdlog's registry is a function-local static inside libspdlog, whose lazy creation
    // ThreadSanitizer cannot see; creating it here, before any fetch thread, keeps that quiet.
    static_cast<void>(spdlog::default_logger_raw());
    headers_ = append(nullptr, kAccept);
    resource_headers_ = append(nullptr, kAcceptAnything);
    for (const std::string& entry : options_.resolve) {
      resolve_ = append(std::move(resolve_), entry.c_str());
    }
  }

  core::Result<FetchedPage> fetch(const ParsedUrl& start) {
    CurlEasyPtr handle = take_handle();
    core::Result<FetchedPage> page = follow_chain(handle.get(), start);
    give_back(std::move(handle));
    return page;
  }

  core::Result<FetchedResource> fetch_resource(std::string_view text, std::size_t max_body_bytes, Deadline deadline) {
    core::Result<ParsedUrl> parsed = parse_url(text, policy_);
    if (!parsed) return core::unexpected(parsed.error());
    const ParsedUrl& url = *parsed;
    deadline = std::min(deadline, std::chrono::steady_clock::now() + limits_.total_timeout);
    CurlEasyPtr handle = take_handle();
    Hop hop;
    hop.any_resource = true;
    const CURLcode rc = perform(handle.get(), url, deadline, hop, std::min(max_body_bytes, limits_.max_body_bytes), 0);
    give_back(std::move(handle));
    core::Result<std::optional<std::string>> outcome = judge(rc, hop);
    if (!outcome) return core::unexpected(outcome.error());
    FetchedResource resource{static_cast<int>(hop.status),
                             std::move(hop.content_type),
                             {},
                             std::move(hop.body),
                             std::move(hop.cors_headers)};
    if (outcome->has_value()) {
      resource.body.clear();
      std::optional<std::string> target = detail::resolve_reference(url.normalized, **outcome);
      if (!target) return fetch_failed("The target redirected to an invalid URL.", resource.http_status);
      resource.location = std::move(*target);
    }
    return resource;
  }

 private:
  core::Result<FetchedPage> follow_chain(CURL* handle, const ParsedUrl& start) {
    const Deadline deadline = std::chrono::steady_clock::now() + limits_.total_timeout;
    std::vector<std::string> visited{start.normalized};
    ParsedUrl current = start;
    for (int redirects = 0;; ++redirects) {
      Hop hop;
      const CURLcode rc = perform(handle, current, deadline, hop);
      if (rc == CURLE_OK) settle_admission(hop);  // a body shorter than the header window
      core::Result<std::optional<std::string>> outcome = judge(rc, hop);
      if (!outcome) {
        return core::unexpected(outcome.error());
      }
      if (!outcome->has_value()) {
        return finish(std::move(current), std::move(hop));
      }
      core::Result<ParsedUrl> next = follow(current, **outcome, hop, redirects, visited);
      if (!next) {
        return core::unexpected(next.error());
      }
      current = std::move(*next);
    }
  }

  static CurlSlistPtr append(CurlSlistPtr list, const char* entry) {
    curl_slist* grown = libcurl().slist_append(list.get(), entry);
    if (grown == nullptr) {
      throw std::bad_alloc();
    }
    static_cast<void>(list.release());  // now owned through `grown`
    return CurlSlistPtr(grown);
  }

  CurlEasyPtr take_handle() {
    {
      const std::lock_guard lock(mutex_);
      if (!idle_.empty()) {
        CurlEasyPtr handle = std::move(idle_.back());
        idle_.pop_back();
        return handle;
      }
    }
    CurlEasyPtr handle(libcurl().easy_init());
    if (!handle) {
      throw std::bad_alloc();
    }
    return handle;
  }

  void give_back(CurlEasyPtr handle) {
    const std::lock_guard lock(mutex_);
    if (idle_.size() < kMaxIdleHandles) {
      idle_.push_back(std::move(handle));
    }
  }

  CURLcode perform(CURL* handle, const ParsedUrl& url, Deadline deadline, Hop& hop) {
    return perform(handle, url, deadline, hop, limits_.max_body_bytes, limits_.max_pdf_bytes);
  }

  CURLcode perform(CURL* handle, const ParsedUrl& url, Deadline deadline, Hop& hop, std::size_t max_body_bytes,
                   std::size_t max_pdf_bytes) {
    const long left = remaining_ms(deadline);
    if (left <= 0) {
      return CURLE_OPERATION_TIMEDOUT;
    }
    hop.policy = &policy_;
    hop.handle = handle;
    hop.max_body_bytes = max_body_bytes;
    hop.max_pdf_bytes = max_pdf_bytes;
    // reset keeps the handle's connection pool and DNS cache but forgets every option, so nothing
    // of an earlier fetch leaks into this one.
    libcurl().easy_reset(handle);
    const long connect_ms = std::min(left, static_cast<long>(limits_.connect_timeout.count()));
    const bool ok = libcurl().easy_setopt(handle, CURLOPT_URL, url.normalized.c_str()) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_PROXY, "") == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_NOSIGNAL, 1L) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "") == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_USERAGENT, options_.user_agent.c_str()) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_HTTPHEADER,
                                          hop.any_resource ? resource_headers_.get() : headers_.get()) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_RESOLVE, resolve_.get()) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, connect_ms) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_TIMEOUT_MS, left) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, &open_socket) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_OPENSOCKETDATA, &hop) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_HEADERFUNCTION, &on_header) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_HEADERDATA, &hop) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_WRITEFUNCTION, &on_body) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_WRITEDATA, &hop) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_ERRORBUFFER, hop.error_text.data()) == CURLE_OK;
    if (!ok) {
      return CURLE_FAILED_INIT;
    }
    spdlog::debug("fetch: GET {}", url.normalized);
    const CURLcode rc = libcurl().easy_perform(handle);
    libcurl().easy_setopt(handle, CURLOPT_ERRORBUFFER, nullptr);  // hop.error_text dies with the hop
    return rc;
  }

  // The hop's outcome: an Error, a redirect's Location as sent, or nullopt for a page.
  static core::Result<std::optional<std::string>> judge(CURLcode rc, const Hop& hop) {
    if (hop.refused_address) {
      spdlog::info("fetch: refused to connect to non-public address {}", hop.refused_address->to_string());
      return core::unexpected(ErrorCode::url_not_allowed, "The URL's host resolves to a non-public address (" +
                                                              hop.refused_address->to_string() + ").");
    }
    if (hop.refused_unknown_family) {
      return core::unexpected(ErrorCode::url_not_allowed, "The URL's host resolves to a non-IP address.");
    }
    if (hop.headers_too_large) {
      return fetch_failed("The target sent more than 64 KiB of headers.");
    }
    // An error page read for its walls that is over the cap is still the error it answered with.
    if (hop.body_mode == Hop::Body::http_error || (hop.status >= 400 && hop.body_mode == Hop::Body::too_large)) {
      return fetch_failed("The target answered with HTTP status " + std::to_string(hop.status) + ".",
                          static_cast<int>(hop.status));
    }
    if (hop.body_mode == Hop::Body::unsupported_type) {
      return core::unexpected(ErrorCode::unsupported_content,
                              "The target's content type (" + detail::parse_content_type(hop.content_type).media_type +
                                  ") is not HTML, XHTML or plain text, and its bytes are not a PDF.");
    }
    if (hop.body_mode == Hop::Body::too_large) {
      return core::unexpected(ErrorCode::unsupported_content, hop.admission.too_large_message(hop.refused_over));
    }
    if (rc == CURLE_OPERATION_TIMEDOUT) {
      return core::unexpected(ErrorCode::fetch_timeout, "The target did not answer in time.");
    }
    const bool redirect = hop.body_mode == Hop::Body::discard;
    // A redirect whose body was cut short (over kMaxRedirectBodyBytes) is still a redirect.
    if (rc != CURLE_OK && !(redirect && rc == CURLE_WRITE_ERROR)) {
      const std::string detail = hop.error_text[0] != '\0' ? hop.error_text.data() : libcurl().easy_strerror(rc);
      return fetch_failed("The target could not be fetched: " + detail);
    }
    if (hop.body_mode == Hop::Body::undecided) {
      return fetch_failed("The target sent no complete HTTP response.");
    }
    if (!redirect) {
      return std::optional<std::string>{};
    }
    if (!hop.location.empty()) {
      return std::optional<std::string>{hop.location};
    }
    return fetch_failed(
        "The target answered with a redirect (HTTP " + std::to_string(hop.status) + ") that names no location.",
        static_cast<int>(hop.status));
  }

  core::Result<ParsedUrl> follow(const ParsedUrl& from, const std::string& location, const Hop& hop, int redirects,
                                 std::vector<std::string>& visited) const {
    const std::string scheme = detail::lower_scheme_of(location);
    if (!scheme.empty() && scheme != "http" && scheme != "https") {
      return core::unexpected(ErrorCode::url_not_allowed, "The target redirected to a URL that is not http or https.");
    }
    const std::optional<std::string> target = detail::resolve_reference(from.normalized, location);
    if (!target) {
      return fetch_failed("The target redirected to an invalid URL.", static_cast<int>(hop.status));
    }
    core::Result<ParsedUrl> next = parse_url(*target, policy_);
    if (!next) {
      if (next.error().code == ErrorCode::url_not_allowed) {
        return core::unexpected(ErrorCode::url_not_allowed,
                                "The target redirected to a non-public address: " + next.error().message);
      }
      return fetch_failed("The target redirected to an invalid URL: " + next.error().message,
                          static_cast<int>(hop.status));
    }
    if (options_.redirect_allowed && !options_.redirect_allowed(*next)) {
      return fetch_failed("The target redirected to " + next->normalized + ", outside the pages asked for.",
                          static_cast<int>(hop.status));
    }
    if (std::find(visited.begin(), visited.end(), next->normalized) != visited.end()) {
      return fetch_failed("The target's redirects form a loop.", static_cast<int>(hop.status));
    }
    if (redirects >= limits_.max_redirects) {
      return fetch_failed("The target redirected more than " + std::to_string(limits_.max_redirects) + " times.",
                          static_cast<int>(hop.status));
    }
    visited.push_back(next->normalized);
    return next;
  }

  static core::Result<FetchedPage> finish(ParsedUrl url, Hop hop) {
    detail::ContentType type = detail::parse_content_type(hop.content_type);
    if (hop.admission.is_pdf()) {
      type = {std::string(kPdfMediaType), {}};
    } else if (type.media_type.empty()) {
      std::optional<std::string> sniffed = detail::sniff_media_type(hop.body);
      if (!sniffed) {
        return core::unexpected(ErrorCode::unsupported_content,
                                "The target sent binary content without a content type.");
      }
      type.media_type = std::move(*sniffed);
    }
    return FetchedPage{std::move(url.normalized),  static_cast<int>(hop.status), std::move(type.media_type),
                       std::move(type.charset),    std::move(hop.body),          std::move(hop.content_language),
                       std::move(hop.wall_headers)};
  }

  FetchLimits limits_;
  AddressPolicy policy_;
  CurlFetcherOptions options_;
  CurlSlistPtr headers_;
  CurlSlistPtr resource_headers_;
  CurlSlistPtr resolve_;
  std::mutex mutex_;
  std::vector<CurlEasyPtr> idle_;
};

CurlFetcher::CurlFetcher(FetchLimits limits, AddressPolicy policy, CurlFetcherOptions options)
    : impl_(std::make_unique<Impl>(limits, std::move(policy), std::move(options))) {}

CurlFetcher::CurlFetcher(FetchLimits limits, AddressPolicy policy, std::string user_agent)
    : CurlFetcher(limits, std::move(policy), CurlFetcherOptions{std::move(user_agent), {}, {}}) {}

CurlFetcher::~CurlFetcher() = default;

core::Result<FetchedPage> CurlFetcher::fetch(const ParsedUrl& url) { return impl_->fetch(url); }

core::Result<FetchedResource> CurlFetcher::fetch_resource(std::string_view url, std::size_t max_body_bytes,
                                                          std::chrono::steady_clock::time_point deadline) {
  return impl_->fetch_resource(url, max_body_bytes, deadline);
}

}  // namespace pagemd::fetch
