#include "pagemd/fetch/url.hpp"

#include <idn2.h>

#include <algorithm>
#include <charconv>
#include <new>
#include <optional>

#include "pagemd/fetch/curl_handle.hpp"
#include "pagemd/core/ascii.hpp"
#include "pagemd/core/runtime/shared_library.hpp"
#include "url_text.hpp"

namespace pagemd::fetch {
namespace {

using core::ErrorCode;

constexpr std::size_t kMaxHostLength = 253;
constexpr std::size_t kMaxLabelLength = 63;

bool is_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::size_t count_code_points(std::string_view text) {
  // Every UTF-8 code point has exactly one byte that is not a continuation byte (10xxxxxx).
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

core::Unexpected invalid(std::string message) { return core::unexpected(ErrorCode::invalid_url, std::move(message)); }
core::Unexpected not_allowed(std::string message) {
  return core::unexpected(ErrorCode::url_not_allowed, std::move(message));
}

std::optional<std::string> get_part(CURLU* url, CURLUPart part, unsigned flags = 0) {
  char* raw = nullptr;
  if (libcurl().url_get(url, part, &raw, flags) != CURLUE_OK || raw == nullptr) {
    return std::nullopt;
  }
  const CurlStringPtr owned(raw);
  return std::string(raw);
}

// libidn2, opened as libcurl is, when a URL is first parsed (libcurl links it too, so it costs
// nothing more then); the package depends on it by name (debian/control).
struct Libidn2 {
  decltype(&::idn2_to_ascii_8z) to_ascii_8z;
  decltype(&::idn2_free) free;
};

const Libidn2& libidn2() {
  static const Libidn2 kLibidn2 = [] {
    const core::SharedLibrary library("libidn2.so.0");
    Libidn2 idn2{};
    library.find("idn2_to_ascii_8z", idn2.to_ascii_8z);
    library.find("idn2_free", idn2.free);
    return idn2;
  }();
  return kLibidn2;
}

// Unicode host names become punycode with the UTS #46 mapping browsers use (which also
// lower-cases and maps full-width digits and dots). libcurl's own conversion depends on the
// process locale, so it is done here.
std::optional<std::string> to_ascii_host(const std::string& host) {
  if (is_ascii(host)) {
    return core::ascii_lower_copy(host);
  }
  char* converted = nullptr;
  if (libidn2().to_ascii_8z(host.c_str(), &converted, IDN2_NONTRANSITIONAL | IDN2_NFC_INPUT) != IDN2_OK) {
    return std::nullopt;
  }
  std::string ascii = core::ascii_lower_copy(converted);
  libidn2().free(converted);
  return ascii;
}

bool is_valid_name(std::string_view host) {
  if (host.empty() || host.size() > kMaxHostLength) {
    return false;
  }
  std::size_t label_length = 0;
  for (const char c : host) {
    if (c == '.') {
      if (label_length == 0) {
        return false;
      }
      label_length = 0;
      continue;
    }
    const bool allowed = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    if (!allowed || ++label_length > kMaxLabelLength) {
      return false;
    }
  }
  return label_length > 0;
}

// `dotted_domain` is written as a suffix, with its leading dot (".local").
bool is_in_domain(std::string_view host, std::string_view dotted_domain) {
  return host.ends_with(dotted_domain) || host == dotted_domain.substr(1);
}

// Names that never lead to a public host, decidable without DNS: this machine, and the
// special-use domains only local networks answer for (mDNS, home networks, ICANN's private-use
// .internal, where cloud metadata services live). A name of a single label is resolved through
// the resolver's search list, i.e. inside the local network, so it counts as one of them.
std::optional<std::string> non_public_name_reason(std::string_view host) {
  if (is_in_domain(host, ".localhost")) {
    return "names this machine (localhost)";
  }
  for (const std::string_view domain : {".local", ".internal", ".localdomain", ".home.arpa"}) {
    if (is_in_domain(host, domain)) {
      return "is in the local-network domain " + std::string(domain);
    }
  }
  if (host.find('.') == std::string_view::npos) {
    return "is a single-label name that only a local network resolves";
  }
  return std::nullopt;
}

// The host as pagemd will use it (see ParsedUrl::host), or the error that refuses the URL.
core::Result<std::string> canonical_host(const std::string& curl_host, const AddressPolicy& policy) {
  if (curl_host.size() >= 2 && curl_host.front() == '[' && curl_host.back() == ']') {
    const std::optional<IpAddress> address =
        parse_ip_address(std::string_view(curl_host).substr(1, curl_host.size() - 2));
    if (!address || address->family != IpAddress::Family::v6) {
      return invalid("The URL's IPv6 host is malformed.");
    }
    if (!policy.allows(*address)) {
      return not_allowed("The URL's host " + address->to_string() + " is not a public address.");
    }
    return address->to_string();
  }
  std::optional<std::string> host = to_ascii_host(curl_host);
  if (!host) {
    return invalid("The URL's host is not a valid internationalised domain name.");
  }
  if (!host->empty() && host->back() == '.') {
    host->pop_back();
  }
  if (!is_valid_name(*host)) {
    return invalid("The URL's host is not a valid host name.");
  }
  const Ipv4HostReading reading = read_ipv4_host(*host);
  if (reading.kind == Ipv4HostKind::invalid) {
    return invalid("The URL's host looks numeric but is not a valid IPv4 address.");
  }
  if (reading.kind == Ipv4HostKind::address) {
    if (!policy.allows(reading.address)) {
      return not_allowed("The URL's host " + reading.address.to_string() + " is not a public address.");
    }
    return reading.address.to_string();
  }
  if (const std::optional<std::string> reason = non_public_name_reason(*host)) {
    return not_allowed("The URL's host " + *reason + ".");
  }
  return std::move(*host);
}

}  // namespace

namespace detail {
std::string percent_encode_unsafe_bytes(std::string_view text) {
  constexpr std::string_view kHex = "0123456789ABCDEF";
  std::string encoded;
  encoded.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte > 0x20 && byte < 0x7F) {
      encoded.push_back(c);
    } else {
      encoded.push_back('%');
      encoded.push_back(kHex[byte >> 4]);
      encoded.push_back(kHex[byte & 0x0F]);
    }
  }
  return encoded;
}

std::string lower_scheme_of(std::string_view url) {
  const std::size_t colon = url.find(':');
  if (colon == std::string_view::npos) {
    return {};
  }
  std::string scheme(url.substr(0, colon));
  for (char& c : scheme) {
    const bool valid =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
    if (!valid) {
      return {};  // no scheme at all: a relative reference
    }
    c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return scheme;
}

std::optional<std::string> resolve_reference(const std::string& base, std::string_view location) {
  const std::string encoded = percent_encode_unsafe_bytes(location);
  const CurlUrlPtr url(libcurl().url());
  char* resolved = nullptr;
  if (!url || libcurl().url_set(url.get(), CURLUPART_URL, base.c_str(), 0) != CURLUE_OK ||
      libcurl().url_set(url.get(), CURLUPART_URL, encoded.c_str(), 0) != CURLUE_OK ||
      libcurl().url_get(url.get(), CURLUPART_URL, &resolved, 0) != CURLUE_OK) {
    return std::nullopt;
  }
  const CurlStringPtr owned(resolved);
  return std::string(resolved);
}

}  // namespace detail

core::Result<ParsedUrl> parse_url(std::string_view raw, const AddressPolicy& policy) {
  if (raw.empty()) {
    return invalid("The URL is empty.");
  }
  if (count_code_points(raw) > kMaxUrlLength) {
    return invalid("The URL is longer than " + std::to_string(kMaxUrlLength) + " characters.");
  }
  if (std::any_of(raw.begin(), raw.end(), [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7F; })) {
    return invalid("The URL contains spaces or control characters.");
  }
  const std::size_t colon = raw.find(':');
  const std::string scheme = core::ascii_lower_copy(raw.substr(0, colon == std::string_view::npos ? 0 : colon));
  if (scheme != "http" && scheme != "https") {
    return invalid("Only http and https URLs can be fetched.");
  }

  ensure_curl_initialised();
  const CurlUrlPtr url(libcurl().url());
  if (!url) {
    throw std::bad_alloc();
  }
  const std::string terminated(raw);
  if (const CURLUcode rc = libcurl().url_set(url.get(), CURLUPART_URL, terminated.c_str(), 0); rc != CURLUE_OK) {
    return invalid(std::string("The URL cannot be parsed: ") + libcurl().url_strerror(rc) + ".");
  }
  if (get_part(url.get(), CURLUPART_USER) || get_part(url.get(), CURLUPART_PASSWORD)) {
    return invalid("URLs with a user name or password are not accepted.");
  }
  if (get_part(url.get(), CURLUPART_ZONEID)) {
    return invalid("URLs with an IPv6 zone id are not accepted.");
  }
  const std::optional<std::string> curl_host = get_part(url.get(), CURLUPART_HOST);
  if (!curl_host || curl_host->empty()) {
    return invalid("The URL has no host.");
  }
  core::Result<std::string> host = canonical_host(*curl_host, policy);
  if (!host) {
    return core::unexpected(host.error());
  }
  const std::optional<std::string> port_text = get_part(url.get(), CURLUPART_PORT, CURLU_DEFAULT_PORT);
  unsigned port = 0;
  if (port_text) {
    std::from_chars(port_text->data(), port_text->data() + port_text->size(), port);
  }
  if (port == 0 || port > 65535) {
    return invalid("The URL's port must be a number from 1 to 65535.");
  }

  const bool is_v6 = host->find(':') != std::string::npos;
  const std::string host_part = is_v6 ? "[" + *host + "]" : *host;
  if (libcurl().url_set(url.get(), CURLUPART_HOST, host_part.c_str(), 0) != CURLUE_OK ||
      libcurl().url_set(url.get(), CURLUPART_FRAGMENT, nullptr, 0) != CURLUE_OK) {
    return invalid("The URL's host cannot be used.");
  }
  const std::optional<std::string> normalized = get_part(url.get(), CURLUPART_URL, CURLU_NO_DEFAULT_PORT);
  if (!normalized) {
    return invalid("The URL cannot be normalised.");
  }
  return ParsedUrl{detail::percent_encode_unsafe_bytes(*normalized), scheme, std::move(*host),
                   static_cast<std::uint16_t>(port)};
}

core::Result<ParsedUrl> parse_url(std::string_view raw) { return parse_url(raw, AddressPolicy{}); }

std::optional<std::string> resolve_reference(std::string_view base, std::string_view reference) {
  const std::string encoded = detail::percent_encode_unsafe_bytes(reference);
  const std::string base_text(base);
  const CurlUrlPtr url(libcurl().url());
  char* resolved = nullptr;
  if (!url || libcurl().url_set(url.get(), CURLUPART_URL, base_text.c_str(), 0) != CURLUE_OK ||
      libcurl().url_set(url.get(), CURLUPART_URL, encoded.c_str(), 0) != CURLUE_OK ||
      libcurl().url_get(url.get(), CURLUPART_URL, &resolved, 0) != CURLUE_OK) {
    return std::nullopt;
  }
  const CurlStringPtr owned(resolved);
  return std::string(resolved);
}

}  // namespace pagemd::fetch
