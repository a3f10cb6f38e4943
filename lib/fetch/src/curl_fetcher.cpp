#include "pagemd/fetch/fetcher.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <mutex>
#include <new>
#include <optional>

#include "pagemd/fetch/curl_handle.hpp"
#include "response/content_type.hpp"
#include "response/hop.hpp"
#include "pagemd/fetch/pdf_signature.hpp"
#include "url_text.hpp"

namespace pagemd::fetch {
namespace {

using core::ErrorCode;
using detail::fetch_failed;
using detail::Hop;
using Deadline = std::chrono::steady_clock::time_point;

// Idle easy handles kept for reuse (each keeps its connections and DNS cache).
constexpr std::size_t kMaxIdleHandles = 16;
constexpr const char* kAccept =
    "Accept: text/html,application/xhtml+xml,text/plain;q=0.9,application/pdf;q=0.8,*/*;q=0.1";
constexpr const char* kAcceptAnything = "Accept: */*";

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
    core::Result<std::optional<std::string>> outcome = detail::judge_hop(rc, hop);
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
      if (rc == CURLE_OK) detail::settle_admission(hop);  // a body shorter than the header window
      core::Result<std::optional<std::string>> outcome = detail::judge_hop(rc, hop);
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
                    libcurl().easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, &detail::open_socket) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_OPENSOCKETDATA, &hop) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_HEADERFUNCTION, &detail::on_header) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_HEADERDATA, &hop) == CURLE_OK &&
                    libcurl().easy_setopt(handle, CURLOPT_WRITEFUNCTION, &detail::on_body) == CURLE_OK &&
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
