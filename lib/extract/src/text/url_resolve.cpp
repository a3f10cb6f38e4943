#include "text/url_resolve.hpp"
#include "text/text_util.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <iterator>

// The shape follows the WHATWG URL parser rather than RFC 3986's strict grammar because hrefs in
// real pages are written for browsers: "http:foo" on an http page, backslashes, raw spaces and
// UTF-8 all have to come out the way a browser would resolve them. Only http and https get the
// browser's "special scheme" treatment; every other absolute reference (mailto:, javascript:,
// data:, ftp:, ...) is passed through with just its scheme lower-cased, because rewriting the
// body of such a URL can only break it.
//
// Hosts are not run through IDNA: a non-ASCII host stays UTF-8 (percent-encoded bytes in the
// host are decoded to it), with ASCII letters lower-cased. Punycode would be unreadable in
// Markdown, and the fetcher does its own name resolution. Numeric IPv4 shorthands ("0x7f.1")
// are not rewritten either; the SSRF guard checks addresses after resolution, not spellings.

namespace pagemd::extract {
namespace {

enum class Scheme : std::uint8_t { other, http, https };

// Which bytes a component percent-encodes: the WHATWG percent-encode sets. Each includes the C0
// controls, DEL and every non-ASCII byte, so UTF-8 comes out as %XX per byte.
using EncodeSet = std::array<bool, 256>;

constexpr EncodeSet make_encode_set(std::string_view extra) {
  EncodeSet set{};
  for (std::size_t byte = 0; byte < set.size(); ++byte) set[byte] = byte < 0x20 || byte > 0x7E;
  for (const char c : extra) set[static_cast<unsigned char>(c)] = true;
  return set;
}

constexpr EncodeSet kFragmentSet = make_encode_set(" \"<>`");
constexpr EncodeSet kQuerySet = make_encode_set(" \"#<>");
constexpr EncodeSet kSpecialQuerySet = make_encode_set(" \"#<>'");
constexpr EncodeSet kPathSet = make_encode_set(" \"#<>?^`{}");
constexpr EncodeSet kUserinfoSet = make_encode_set(" \"#<>?^`{}/:;=@[\\]|");

constexpr std::uint32_t kMaxPort = 65535;

[[nodiscard]] unsigned char byte_of(char c) noexcept { return static_cast<unsigned char>(c); }

[[nodiscard]] Scheme scheme_of(std::string_view name) noexcept {
  if (equals_ignore_case(name, "http")) return Scheme::http;
  if (equals_ignore_case(name, "https")) return Scheme::https;
  return Scheme::other;
}

[[nodiscard]] std::uint32_t default_port(Scheme scheme) noexcept { return scheme == Scheme::https ? 443U : 80U; }

// The index of the ':' ending a leading scheme (ALPHA *(ALPHA / DIGIT / "+" / "-" / ".")), or npos.
[[nodiscard]] std::size_t scheme_length(std::string_view text) noexcept {
  if (text.empty() || !is_ascii_alpha(text[0])) return std::string_view::npos;
  for (std::size_t i = 1; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ':') return i;
    if (!is_ascii_alpha(c) && !is_ascii_digit(c) && c != '+' && c != '-' && c != '.') break;
  }
  return std::string_view::npos;
}

// Special schemes accept '\' wherever '/' delimits.
[[nodiscard]] bool is_slash(char c, bool special) noexcept { return c == '/' || (special && c == '\\'); }

[[nodiscard]] bool starts_with_two_slashes(std::string_view text, bool special) noexcept {
  return text.size() >= 2 && is_slash(text[0], special) && is_slash(text[1], special);
}

// Hand-written scans: std::string_view::find_first_of calls memchr once per byte, which showed up
// as a third of resolve()'s time.
template <typename Stop>
[[nodiscard]] std::size_t scan_until(std::string_view text, std::size_t from, Stop stop) noexcept {
  while (from < text.size() && !stop(text[from])) ++from;
  return from;
}

// Where the authority at the start of `text` ends, or text.size().
[[nodiscard]] std::size_t authority_length(std::string_view text, bool special) noexcept {
  return scan_until(text, 0, [special](char c) { return c == '/' || c == '?' || c == '#' || (special && c == '\\'); });
}

// Where the path starting at `from` ends ('?', '#'), or text.size().
[[nodiscard]] std::size_t path_end_of(std::string_view text, std::size_t from = 0) noexcept {
  return scan_until(text, from, [](char c) { return c == '?' || c == '#'; });
}

[[nodiscard]] std::string_view trim_c0_and_space(std::string_view text) noexcept {
  while (!text.empty() && byte_of(text.front()) <= 0x20) text.remove_prefix(1);
  while (!text.empty() && byte_of(text.back()) <= 0x20) text.remove_suffix(1);
  return text;
}

void append_lower(std::string& out, std::string_view text) {
  for (const char c : text) out.push_back(ascii_lower(c));
}

void append_encoded(std::string& out, std::string_view text, const EncodeSet& set) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::size_t run = 0;  // start of the pending stretch that needs no encoding
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char byte = byte_of(text[i]);
    if (!set[byte]) continue;
    out.append(text, run, i - run);
    const char escaped[3] = {'%', kHex[byte >> 4U], kHex[byte & 0x0FU]};
    out.append(escaped, sizeof escaped);
    run = i + 1;
  }
  out.append(text, run, text.size() - run);
}

[[nodiscard]] bool is_single_dot(std::string_view segment) noexcept {
  return segment == "." || equals_ignore_case(segment, "%2e");
}

[[nodiscard]] bool is_double_dot(std::string_view segment) noexcept {
  return segment == ".." || equals_ignore_case(segment, ".%2e") || equals_ignore_case(segment, "%2e.") ||
         equals_ignore_case(segment, "%2e%2e");
}

// Drops the last "/segment" of the path that starts at `path_start` in `out`; at the root this
// does nothing, which is how "../../../g" stays inside the host.
void pop_segment(std::string& out, std::size_t path_start) {
  const std::size_t slash = out.rfind('/');
  if (slash != std::string::npos && slash >= path_start) out.resize(slash);
}

// Appends `path` (no leading slash) segment by segment as "/segment", resolving dot segments
// against what `out` already holds after `path_start`. A trailing "." or ".." leaves a trailing
// slash, as remove_dot_segments does.
void append_segments(std::string& out, std::size_t path_start, std::string_view path, bool special) {
  std::size_t start = 0;
  for (;;) {
    std::size_t end = start;
    while (end < path.size() && !is_slash(path[end], special)) ++end;
    const std::string_view segment = path.substr(start, end - start);
    const bool last = end == path.size();
    if (is_double_dot(segment)) {
      pop_segment(out, path_start);
      if (last) out.push_back('/');
    } else if (is_single_dot(segment)) {
      if (last) out.push_back('/');
    } else {
      out.push_back('/');
      append_encoded(out, segment, kPathSet);
    }
    if (last) return;
    start = end + 1;
  }
}

// `rest` is empty or starts with '?' or '#'.
void append_query_and_fragment(std::string& out, std::string_view rest, bool special) {
  if (!rest.empty() && rest[0] == '?') {
    const std::size_t hash = rest.find('#');
    const std::string_view query = rest.substr(1, hash == std::string_view::npos ? rest.npos : hash - 1);
    out.push_back('?');
    append_encoded(out, query, special ? kSpecialQuerySet : kQuerySet);
    rest = hash == std::string_view::npos ? std::string_view{} : rest.substr(hash);
  }
  if (!rest.empty()) {
    out.push_back('#');
    append_encoded(out, rest.substr(1), kFragmentSet);
  }
}

// Checks the host as a UTF-8 domain after percent-decoding and appends it lower-cased when `out`
// is given. Fails on the WHATWG forbidden domain code points and on malformed UTF-8.
[[nodiscard]] bool check_domain(std::string_view raw, std::string* out) {
  int pending = 0;  // continuation bytes still expected in the current UTF-8 sequence
  unsigned char low = 0x80;
  unsigned char high = 0xBF;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    unsigned char byte = byte_of(raw[i]);
    if (byte == '%' && i + 2 < raw.size() && hex_digit_value(raw[i + 1]) >= 0 && hex_digit_value(raw[i + 2]) >= 0) {
      byte = static_cast<unsigned char>(hex_digit_value(raw[i + 1]) * 16 + hex_digit_value(raw[i + 2]));
      i += 2;
    }
    if (pending > 0) {
      if (byte < low || byte > high) return false;
      --pending;
      low = 0x80;
      high = 0xBF;
    } else if (byte >= 0x80) {
      if (byte >= 0xC2 && byte <= 0xDF) {
        pending = 1;
      } else if (byte >= 0xE0 && byte <= 0xEF) {
        pending = 2;
        if (byte == 0xE0) low = 0xA0;   // overlong
        if (byte == 0xED) high = 0x9F;  // surrogates
      } else if (byte >= 0xF0 && byte <= 0xF4) {
        pending = 3;
        if (byte == 0xF0) low = 0x90;   // overlong
        if (byte == 0xF4) high = 0x8F;  // above U+10FFFF
      } else {
        return false;
      }
    } else {
      switch (byte) {
        case '#':
        case '%':
        case '/':
        case ':':
        case '<':
        case '>':
        case '?':
        case '@':
        case '[':
        case '\\':
        case ']':
        case '^':
        case '|':
        case 0x7F: return false;
        default:
          if (byte <= 0x20) return false;
      }
    }
    if (out != nullptr) out->push_back(ascii_lower(static_cast<char>(byte)));
  }
  return pending == 0;
}

// "[...]": only the characters of an IPv6 address (or its IPv4-mapped tail) are accepted.
[[nodiscard]] bool check_ipv6(std::string_view bracketed, std::string* out) {
  const std::string_view inner = bracketed.substr(1, bracketed.size() - 2);
  if (inner.find(':') == std::string_view::npos) return false;
  for (const char c : inner) {
    if (hex_digit_value(c) < 0 && c != ':' && c != '.') return false;
  }
  if (out != nullptr) append_lower(*out, bracketed);
  return true;
}

// Validates the authority of an http(s) URL and, when `out` is given, appends its canonical
// form: userinfo kept (encoded), host lower-cased, default port dropped. No allocation happens
// when `out` is null, which is what lets is_http_url be noexcept.
[[nodiscard]] bool check_special_authority(std::string_view authority, Scheme scheme, std::string* out) {
  std::string_view userinfo;
  bool has_userinfo = false;
  // The last '@' separates: an earlier one belongs to the password and gets encoded.
  if (const std::size_t at = authority.rfind('@'); at != std::string_view::npos) {
    userinfo = authority.substr(0, at);
    authority.remove_prefix(at + 1);
    has_userinfo = true;
  }

  std::string_view host;
  std::string_view port;
  if (!authority.empty() && authority[0] == '[') {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return false;
    host = authority.substr(0, close + 1);
    const std::string_view after = authority.substr(close + 1);
    if (!after.empty()) {
      if (after[0] != ':') return false;
      port = after.substr(1);
    }
  } else {
    const std::size_t colon = authority.find(':');
    host = authority.substr(0, colon);
    if (colon != std::string_view::npos) port = authority.substr(colon + 1);
  }
  if (host.empty()) return false;

  std::uint32_t port_value = 0;
  for (const char c : port) {
    if (!is_ascii_digit(c)) return false;
    port_value = port_value * 10 + static_cast<std::uint32_t>(c - '0');
    if (port_value > kMaxPort) return false;
  }

  if (out != nullptr && has_userinfo) {
    const std::size_t colon = userinfo.find(':');
    const std::string_view user = userinfo.substr(0, colon);
    const std::string_view password = colon == std::string_view::npos ? std::string_view{} : userinfo.substr(colon + 1);
    if (!user.empty() || !password.empty()) {
      append_encoded(*out, user, kUserinfoSet);
      if (!password.empty()) {
        out->push_back(':');
        append_encoded(*out, password, kUserinfoSet);
      }
      out->push_back('@');
    }
  }

  if (!(host[0] == '[' ? check_ipv6(host, out) : check_domain(host, out))) return false;

  if (out != nullptr && !port.empty() && port_value != default_port(scheme)) {
    char digits[8];
    const auto converted = std::to_chars(std::begin(digits), std::end(digits), port_value);
    out->push_back(':');
    out->append(digits, converted.ptr);
  }
  return true;
}

// Appends "//authority/path?query#fragment" for a reference whose authority starts at `rest`
// (the slashes before it already consumed); `out` already ends with "scheme:".
[[nodiscard]] bool append_from_authority(std::string& out, Scheme scheme, std::string_view rest) {
  const bool special = scheme != Scheme::other;
  const std::size_t authority_end = authority_length(rest, special);
  out.append("//");
  const std::string_view authority = rest.substr(0, authority_end);
  if (special) {
    if (!check_special_authority(authority, scheme, &out)) return false;
  } else {
    out.append(authority);
  }
  rest.remove_prefix(authority_end);

  const std::size_t path_end = path_end_of(rest);
  std::string_view path = rest.substr(0, path_end);
  if (path.empty()) {
    if (special) out.push_back('/');
  } else {
    path.remove_prefix(1);  // the slash that ended the authority
    append_segments(out, out.size(), path, special);
  }
  append_query_and_fragment(out, rest.substr(path_end), special);
  return true;
}

// Offsets into an already-normalised absolute URL (a resolver's base).
struct BaseView {
  std::string_view url;
  Scheme scheme = Scheme::other;
  std::size_t scheme_end = 0;      // the ':'
  std::size_t path_begin = 0;      // after the authority, if any
  std::size_t path_end = 0;        // '?', '#' or the end
  std::size_t fragment_begin = 0;  // '#' or the end
  bool opaque = false;             // "mailto:x", "data:...": no hierarchy to resolve against
};

[[nodiscard]] BaseView view_of(std::string_view url) noexcept {
  BaseView view;
  view.url = url;
  view.scheme_end = url.find(':');
  view.scheme = scheme_of(url.substr(0, view.scheme_end));
  const std::size_t after_scheme = view.scheme_end + 1;
  const bool has_authority = url.substr(after_scheme, 2) == "//";
  view.path_begin =
      has_authority ? after_scheme + 2 + authority_length(url.substr(after_scheme + 2), false) : after_scheme;
  view.path_end = path_end_of(url, view.path_begin);
  view.fragment_begin = std::min(url.find('#', view.path_end), url.size());
  view.opaque = !has_authority && (view.path_begin == view.path_end || url[view.path_begin] != '/');
  return view;
}

[[nodiscard]] std::optional<std::string> resolve_relative(const BaseView& base, std::string_view reference) {
  const bool special = base.scheme != Scheme::other;
  std::string out;
  if (base.opaque) {
    if (reference.empty() || reference[0] != '#') return std::nullopt;
    out.reserve(base.fragment_begin + reference.size());
    out.append(base.url, 0, base.fragment_begin);
    append_query_and_fragment(out, reference, special);
    return out;
  }
  out.reserve(base.url.size() + reference.size() + 8);

  if (starts_with_two_slashes(reference, special)) {
    out.append(base.url, 0, base.scheme_end + 1);
    reference.remove_prefix(2);
    // Browsers skip any number of slashes before an http(s) authority.
    while (special && !reference.empty() && is_slash(reference[0], special)) reference.remove_prefix(1);
    if (!append_from_authority(out, base.scheme, reference)) return std::nullopt;
    return out;
  }
  if (reference.empty()) {
    out.append(base.url, 0, base.fragment_begin);
    return out;
  }
  if (reference[0] == '#') {
    out.append(base.url, 0, base.fragment_begin);
    append_query_and_fragment(out, reference, special);
    return out;
  }
  if (reference[0] == '?') {
    out.append(base.url, 0, base.path_end);
    append_query_and_fragment(out, reference, special);
    return out;
  }

  const std::size_t path_end = path_end_of(reference);
  std::string_view path = reference.substr(0, path_end);
  out.append(base.url, 0, base.path_begin);
  const std::size_t path_start = out.size();
  if (is_slash(path[0], special)) {
    path.remove_prefix(1);
  } else {
    // Merge: keep the base path up to its last segment, which the reference replaces.
    const std::string_view base_path = base.url.substr(base.path_begin, base.path_end - base.path_begin);
    const std::size_t last_slash = base_path.rfind('/');
    if (last_slash != std::string_view::npos) out.append(base_path.substr(0, last_slash));
  }
  append_segments(out, path_start, path, special);
  append_query_and_fragment(out, reference.substr(path_end), special);
  return out;
}

// `base` is empty or already the output of this function.
[[nodiscard]] std::optional<std::string> resolve_against(std::string_view base, std::string_view reference) {
  reference = trim_c0_and_space(reference);
  std::string without_tabs;  // allocated only for the rare reference that needs it
  const auto is_tab_or_newline = [](char c) { return c == '\t' || c == '\n' || c == '\r'; };
  if (scan_until(reference, 0, is_tab_or_newline) != reference.size()) {
    without_tabs.reserve(reference.size());
    for (const char c : reference) {
      if (!is_tab_or_newline(c)) without_tabs.push_back(c);
    }
    reference = without_tabs;
  }

  if (const std::size_t colon = scheme_length(reference); colon != std::string_view::npos) {
    const std::string_view scheme_text = reference.substr(0, colon);
    const Scheme scheme = scheme_of(scheme_text);
    std::string_view rest = reference.substr(colon + 1);
    std::string out;
    if (scheme == Scheme::other) {
      out.reserve(reference.size());
      append_lower(out, scheme_text);
      out.push_back(':');
      out.append(rest);
      return out;
    }
    // "http:foo" on an http page is relative to the page (WHATWG), unlike RFC 3986.
    const bool relative =
        !base.empty() && scheme_of(base.substr(0, base.find(':'))) == scheme && !starts_with_two_slashes(rest, true);
    if (!relative) {
      out.reserve(reference.size() + 1);
      append_lower(out, scheme_text);
      out.push_back(':');
      while (!rest.empty() && is_slash(rest[0], true)) rest.remove_prefix(1);
      if (!append_from_authority(out, scheme, rest)) return std::nullopt;
      return out;
    }
    reference = rest;
  }
  if (base.empty()) return std::nullopt;
  return resolve_relative(view_of(base), reference);
}

}  // namespace

UrlResolver::UrlResolver(std::string_view base) : base_(resolve_against({}, base).value_or(std::string{})) {}

std::optional<std::string> UrlResolver::resolve(std::string_view reference) const {
  return resolve_against(base_, reference);
}

UrlResolver UrlResolver::rebased(std::string_view reference) const {
  if (std::optional<std::string> resolved = resolve(reference)) return UrlResolver(*resolved);
  return *this;
}

bool is_http_url(std::string_view url) noexcept {
  const std::size_t colon = scheme_length(url);
  if (colon == std::string_view::npos) return false;
  const Scheme scheme = scheme_of(url.substr(0, colon));
  if (scheme == Scheme::other) return false;
  std::string_view rest = url.substr(colon + 1);
  if (rest.substr(0, 2) != "//") return false;
  rest.remove_prefix(2);
  return check_special_authority(rest.substr(0, authority_length(rest, true)), scheme, nullptr);
}

}  // namespace pagemd::extract
