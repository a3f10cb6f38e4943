#include "response/hop.hpp"

#include <netinet/in.h>
#include <sys/socket.h>
#include <spdlog/spdlog.h>

#include <charconv>
#include <cstring>

#include "pagemd/core/ascii.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/fetch/pdf_signature.hpp"

namespace pagemd::fetch::detail {
namespace {

using core::ErrorCode;

// Header bytes one response may carry; real sites stay far below, hostile ones do not.
constexpr std::size_t kMaxHeaderBytes = std::size_t{64} * 1024;
// A redirect's own body is read (to keep the connection reusable) up to this size, then dropped.
constexpr std::size_t kMaxRedirectBodyBytes = std::size_t{64} * 1024;

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

std::size_t body_cap(const Hop& hop) { return hop.any_resource ? hop.max_body_bytes : hop.admission.cap(); }

Hop::Body too_large(Hop& hop, std::size_t cap) {
  hop.refused_over = cap;
  return Hop::Body::too_large;
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
    const ContentType type = parse_content_type(hop.content_type);
    const bool html = type.media_type == "text/html" || type.media_type == "application/xhtml+xml";
    if (!may_be_wall_status(static_cast<int>(hop.status)) || !html) return Hop::Body::http_error;
    if (!hop.encoded && hop.content_length && *hop.content_length > hop.max_body_bytes) return Hop::Body::http_error;
    // Held to the page cap, whatever its bytes turn out to be: an error page is no document.
    hop.admission = BodyAdmission(type.media_type, hop.max_body_bytes, hop.max_body_bytes);
    return Hop::Body::keep;
  }
  if (hop.status >= 300) {
    return Hop::Body::discard;
  }
  // A PDF is known by its bytes, whatever it is served as: a type pagemd does not read as text is
  // read as far as the PDF header may lie (kPdfHeaderWindow), and refused there unless it is one.
  hop.admission = BodyAdmission(parse_content_type(hop.content_type).media_type, hop.max_body_bytes, hop.max_pdf_bytes);
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

}  // namespace

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

void settle_admission(Hop& hop) {
  if (hop.any_resource || hop.admission.settled() || hop.body_mode != Hop::Body::keep) return;
  if (!hop.admission.settle(hop.body)) {
    hop.body_mode = Hop::Body::unsupported_type;
  } else if (hop.body.size() > hop.admission.cap()) {
    hop.body_mode = too_large(hop, hop.admission.cap());
  }
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

core::Unexpected fetch_failed(std::string message, std::optional<int> status) {
  return core::unexpected(core::Error{ErrorCode::fetch_failed, std::move(message), status});
}

// The hop's outcome: an Error, a redirect's Location as sent, or nullopt for a page.
core::Result<std::optional<std::string>> judge_hop(CURLcode rc, const Hop& hop) {
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
                            "The target's content type (" + parse_content_type(hop.content_type).media_type +
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

}  // namespace pagemd::fetch::detail
