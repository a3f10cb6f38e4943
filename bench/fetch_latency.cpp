// pagemd's fetch path against a raw libcurl GET of the same page from the local fixture server:
// median and p99 of each, and what pagemd adds (URL validation, the connect-time guard, header
// and size checks, the handle pool; plus coalescing and the limiter for UpstreamFetcher).
//
//   fetch_latency [--requests N] [--page-bytes N]
//
// The three clients take turns request by request (who goes first rotates), so drift in the
// machine's load hits all alike.
// Each keeps its connection alive, as pagemd's handle pool does.
#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fixture_server.hpp"
#include "pagemd/core/clock.hpp"
#include "pagemd/fetch/fetcher.hpp"
#include "pagemd/fetch/upstream_fetcher.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct Samples {
  const char* name;
  std::vector<double> micros;
  double percentile(double p) {
    std::sort(micros.begin(), micros.end());
    const auto rank = static_cast<std::size_t>(p * static_cast<double>(micros.size()) + 0.999999);
    return micros[std::clamp<std::size_t>(rank, 1, micros.size()) - 1];
  }
};

std::size_t append_body(char* data, std::size_t size, std::size_t count, void* user) {
  static_cast<std::string*>(user)->append(data, size * count);
  return size * count;
}

// A raw easy handle with the options pagemd sets that change what goes over the wire.
class RawCurl {
 public:
  explicit RawCurl(const std::string& url) : handle_(curl_easy_init(), curl_easy_cleanup) {
    curl_easy_setopt(handle_.get(), CURLOPT_URL, url.c_str());
    curl_easy_setopt(handle_.get(), CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(handle_.get(), CURLOPT_PROXY, "");
    curl_easy_setopt(handle_.get(), CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(handle_.get(), CURLOPT_USERAGENT, "pagemd-bench");
    curl_easy_setopt(handle_.get(), CURLOPT_WRITEFUNCTION, &append_body);
    curl_easy_setopt(handle_.get(), CURLOPT_WRITEDATA, &body_);
  }
  std::size_t get() {
    body_.clear();
    if (curl_easy_perform(handle_.get()) != CURLE_OK) {
      std::fprintf(stderr, "raw GET failed\n");
      std::exit(1);
    }
    return body_.size();
  }

 private:
  std::unique_ptr<CURL, void (*)(CURL*)> handle_;
  std::string body_;
};

std::size_t flag_value(int argc, char** argv, const char* flag, std::size_t fallback) {
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], flag) == 0) {
      return std::strtoul(argv[i + 1], nullptr, 10);
    }
  }
  return fallback;
}

std::string make_page(std::size_t bytes) {
  std::string page = "<!DOCTYPE html><html><head><title>Bench</title></head><body><article>";
  for (int i = 0; page.size() < bytes; ++i) {
    page += "<p>Paragraph " + std::to_string(i) + " of the benchmark page, with some ordinary words in it.</p>\n";
  }
  return page + "</article></body></html>";
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t requests = std::max<std::size_t>(flag_value(argc, argv, "--requests", 3000), 10);
  const std::size_t page_bytes = flag_value(argc, argv, "--page-bytes", 50 * 1024);
  const std::size_t warmup = 200;

  pagemd::testing::FixtureServer server;
  const std::string page = make_page(page_bytes);
  server.handle("/page", [&](const pagemd::testing::HttpRequest&, pagemd::testing::Responder& responder) {
    responder.send(200, "text/html; charset=utf-8", page);
  });
  const std::string url = server.url("/page");

  const auto policy = pagemd::fetch::AddressPolicy::from_cidrs({"127.0.0.0/8"});
  pagemd::fetch::CurlFetcherOptions options;
  options.user_agent = "pagemd-bench";
  auto curl_fetcher = std::make_shared<pagemd::fetch::CurlFetcher>(pagemd::fetch::FetchLimits{}, *policy, options);
  const pagemd::core::SystemClock clock;
  // A limiter that never throttles: what it costs is measured, not what it is for.
  auto limiter = std::make_shared<pagemd::fetch::UpstreamLimiter>(
      clock, pagemd::fetch::LimiterOptions{requests * 10 + warmup * 10, std::chrono::milliseconds(1000), 0});
  pagemd::fetch::UpstreamFetcher upstream(curl_fetcher, limiter);
  RawCurl raw(url);

  Samples raw_samples{"raw libcurl GET", {}};
  Samples fetcher_samples{"parse_url + CurlFetcher", {}};
  Samples upstream_samples{"parse_url + UpstreamFetcher", {}};
  const auto time = [&](Samples& samples, bool record, auto&& run) {
    const auto start = Clock::now();
    const std::size_t size = run();
    const auto elapsed = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
    if (size < page.size()) {
      std::fprintf(stderr, "%s: short body (%zu bytes)\n", samples.name, size);
      std::exit(1);
    }
    if (record) {
      samples.micros.push_back(elapsed);
    }
  };
  const auto via = [&](pagemd::fetch::Fetcher& fetcher) {
    return [&] {
      const auto parsed = pagemd::fetch::parse_url(url, *policy);
      const auto fetched =
          parsed ? fetcher.fetch(*parsed)
                 : pagemd::core::Result<pagemd::fetch::FetchedPage>(pagemd::core::unexpected(parsed.error()));
      return fetched ? fetched->body.size() : std::size_t{0};
    };
  };
  for (std::size_t i = 0; i < warmup + requests; ++i) {
    const bool record = i >= warmup;
    for (std::size_t turn = 0; turn < 3; ++turn) {  // who goes first rotates
      switch ((i + turn) % 3) {
        case 0: time(raw_samples, record, [&] { return raw.get(); }); break;
        case 1: time(fetcher_samples, record, via(*curl_fetcher)); break;
        default: time(upstream_samples, record, via(upstream)); break;
      }
    }
  }

  const double raw_median = raw_samples.percentile(0.5);
  const double raw_p99 = raw_samples.percentile(0.99);
  std::printf("fetch_latency: %zu requests each, page %zu bytes, 127.0.0.1 keep-alive\n", requests, page.size());
  std::printf("%-30s %12s %12s %14s %14s\n", "client", "median us", "p99 us", "added median", "added p99");
  for (Samples* samples : {&raw_samples, &fetcher_samples, &upstream_samples}) {
    const double median = samples->percentile(0.5);
    const double p99 = samples->percentile(0.99);
    std::printf("%-30s %12.1f %12.1f %11.1f us %11.1f us\n", samples->name, median, p99, median - raw_median,
                p99 - raw_p99);
  }
  const double added = upstream_samples.percentile(0.5) - raw_median;
  std::printf("goal: < 1000 us added before extraction: %s (median %.1f us added, ratio %.3f)\n",
              added < 1000.0 ? "met" : "MISSED", added, upstream_samples.percentile(0.5) / raw_median);
  return 0;
}
