#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "pagemd/core/result.hpp"
#include "pagemd/fetch/address_policy.hpp"
#include "pagemd/fetch/url.hpp"

namespace pagemd::fetch {

struct FetchLimits {
  std::chrono::milliseconds connect_timeout{5000};
  std::chrono::milliseconds total_timeout{15000};             // the whole redirect chain, body included
  std::size_t max_body_bytes{std::size_t{10} * 1024 * 1024};  // counted on decoded (decompressed) bytes
  // The cap on a body whose bytes are a PDF (looks_like_pdf), whatever its Content-Type.
  std::size_t max_pdf_bytes{std::size_t{32} * 1024 * 1024};
  int max_redirects{5};
};

struct FetchedPage {
  std::string final_url;  // ParsedUrl::normalized of the last hop
  int http_status = 0;
  // Media type, lower-case, no parameters ("text/html"); "application/pdf" for a body whose bytes are
  // a PDF, whatever the server called it.
  std::string content_type;
  std::string charset;  // from the Content-Type header, lower-case; empty if none
  // Decoded (decompressed) bytes, at most FetchLimits::max_body_bytes (a PDF: max_pdf_bytes).
  std::string body;
  std::string content_language;  // the Content-Language header as sent; empty if none
  // The headers bot-protection services mark their answers with (kWallHeaders), lower-case names,
  // as sent: the signs of a challenge or block page besides its body.
  std::vector<std::pair<std::string, std::string>> wall_headers{};
};

// The headers FetchedPage::wall_headers keeps.
inline constexpr std::string_view kWallHeaders[] = {
    "server",      "cf-mitigated",   "x-datadome", "x-dd-b", "x-amzn-waf-action", "x-kpsdk-ct", "x-kpsdk-r",
    "x-sucuri-id", "x-sucuri-block", "x-iinfo",    "x-cdn",  "x-px-blocked"};

// Whether an answer with this status may be a bot challenge or block page (401, 403, 405, 428, 429,
// 503): its HTML comes as a FetchedPage with that status, for the conversion to judge (a page that
// is no wall then fails there with fetch_failed). Other 4xx and 5xx are fetch_failed at once.
[[nodiscard]] constexpr bool may_be_wall_status(int status) noexcept {
  return status == 401 || status == 403 || status == 405 || status == 428 || status == 429 || status == 503;
}

// URL -> page. Implementations are blocking and thread-safe.
class Fetcher {
 public:
  virtual ~Fetcher() = default;
  // The page at `url` after redirects, or an Error: fetch_failed (unreachable, DNS or TLS failure,
  // HTTP 4xx/5xx with Error::upstream_status set, too many redirects, a loop; an HTML answer with a
  // status may_be_wall_status() is a page instead), fetch_timeout,
  // unsupported_content (neither HTML/XHTML/plain text nor bytes that are a PDF, or over the size
  // cap of what it is, with the cap in the message), url_not_allowed (a
  // non-public address connected to or redirected to, a redirect to a non-http(s) URL), busy.
  [[nodiscard]] virtual core::Result<FetchedPage> fetch(const ParsedUrl& url) = 0;
};

// One response to what a browser asked for, as the network gave it: a single hop (a redirect is
// answered as such, for the browser to follow with a new, again checked request), any status, any
// content type.
struct FetchedResource {
  int http_status = 0;
  std::string content_type;  // the Content-Type header as sent; empty if none
  std::string location;      // a redirect's target, resolved against the URL asked for; else empty
  std::string body;          // decoded (decompressed) bytes; empty for a redirect
  // The Access-Control-* headers (name, value), without which a browser keeps cross-origin answers
  // from the page's scripts.
  std::vector<std::pair<std::string, std::string>> cors_headers;
};

// The fetcher behind a browser's requests (src/render): the same address policy, timeouts and
// caps as Fetcher, without its judgement of what a page must be. Thread-safe.
class ResourceFetcher {
 public:
  virtual ~ResourceFetcher() = default;
  // The response at `url` (GET), or an Error: invalid_url (not http(s) or unparsable),
  // url_not_allowed (a non-public address named or connected to), fetch_failed (unreachable, DNS or
  // TLS failure), fetch_timeout (past `deadline` or the fetch timeout), unsupported_content (a body
  // over `max_body_bytes`).
  [[nodiscard]] virtual core::Result<FetchedResource> fetch_resource(
      std::string_view url, std::size_t max_body_bytes, std::chrono::steady_clock::time_point deadline) = 0;
};

// How CurlFetcher reaches hosts. The default resolves names through the system resolver.
struct CurlFetcherOptions {
  std::string user_agent = "pagemd";
  // "host:port:address" entries that bypass DNS, as libcurl's CURLOPT_RESOLVE (and curl --resolve).
  // Each connection is still judged by the AddressPolicy: a name mapped to 127.0.0.1 is refused
  // unless the policy allows 127.0.0.1. Meant for tests and pinned intranet hosts.
  std::vector<std::string> resolve;
  // When set, a page's redirect is followed only to a URL it accepts; any other target fails the
  // fetch (fetch_failed) before a request is sent there. A crawl keeps to its site with it.
  std::function<bool(const ParsedUrl&)> redirect_allowed;
};

// The libcurl fetcher: HTTP(S) only, no proxy (environment variables ignored), each redirect
// hop re-validated with parse_url, and every socket's address checked against the policy just
// before libcurl connects it, so a name that resolves (or re-resolves) to a non-public address is
// refused (url_not_allowed) with no packet sent to it. Bodies stream through the size cap after
// decompression (gzip, deflate, br, zstd). Reuses connections across calls; thread-safe.
class CurlFetcher final : public Fetcher, public ResourceFetcher {
 public:
  CurlFetcher(FetchLimits limits, AddressPolicy policy, CurlFetcherOptions options = {});
  CurlFetcher(FetchLimits limits, AddressPolicy policy, std::string user_agent);
  ~CurlFetcher() override;
  CurlFetcher(const CurlFetcher&) = delete;
  CurlFetcher& operator=(const CurlFetcher&) = delete;

  [[nodiscard]] core::Result<FetchedPage> fetch(const ParsedUrl& url) override;
  [[nodiscard]] core::Result<FetchedResource> fetch_resource(std::string_view url, std::size_t max_body_bytes,
                                                             std::chrono::steady_clock::time_point deadline) override;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pagemd::fetch
