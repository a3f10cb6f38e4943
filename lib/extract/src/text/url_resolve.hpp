#pragma once

// Relative reference resolution (RFC 3986 section 5, with the leniency of the WHATWG URL parser
// that real pages rely on: surrounding whitespace, tabs/newlines inside, backslashes, spaces and
// non-ASCII characters, which are percent-encoded in the result).

#include <optional>
#include <string>
#include <string_view>

namespace pagemd::extract {

class UrlResolver {
 public:
  // `base` should be an absolute URL; it is kept in resolved form (so base() may differ from
  // the argument). When it is not absolute (or empty), only absolute references resolve.
  explicit UrlResolver(std::string_view base);

  [[nodiscard]] bool has_base() const noexcept { return !base_.empty(); }
  [[nodiscard]] const std::string& base() const noexcept { return base_; }

  // The absolute form of `reference`, or nullopt when it cannot be made absolute or is
  // unparsable. For http(s), scheme and host come out lower-case (a non-ASCII host stays UTF-8,
  // no punycode), the default port is dropped, the path has dot segments removed and an empty
  // path becomes "/". An absolute reference of another scheme (mailto:, data:, ...) comes back
  // as written except for its lower-cased scheme.
  [[nodiscard]] std::optional<std::string> resolve(std::string_view reference) const;

  // A resolver whose base is `reference` resolved against this one (for <base href>).
  [[nodiscard]] UrlResolver rebased(std::string_view reference) const;

 private:
  std::string base_;
};

// Whether `url` is an absolute URL with the scheme http or https (case-insensitive), "//" and a
// valid non-empty host and port; false for anything else, including surrounding whitespace.
[[nodiscard]] bool is_http_url(std::string_view url) noexcept;

}  // namespace pagemd::extract
