#pragma once

#include <curl/curl.h>

#include <memory>
#include <string>

// Owners of libcurl's C handles, for every module that speaks HTTP through libcurl (the fetcher and
// the CLI's client of the daemon).
namespace pagemd::fetch {

struct CurlEasyDeleter {
  void operator()(CURL* handle) const noexcept { curl_easy_cleanup(handle); }
};
struct CurlUrlDeleter {
  void operator()(CURLU* url) const noexcept { curl_url_cleanup(url); }
};
struct CurlSlistDeleter {
  void operator()(curl_slist* list) const noexcept { curl_slist_free_all(list); }
};
struct CurlFreeDeleter {
  void operator()(char* text) const noexcept { curl_free(text); }
};

using CurlEasyPtr = std::unique_ptr<CURL, CurlEasyDeleter>;
using CurlUrlPtr = std::unique_ptr<CURLU, CurlUrlDeleter>;
using CurlSlistPtr = std::unique_ptr<curl_slist, CurlSlistDeleter>;
using CurlStringPtr = std::unique_ptr<char, CurlFreeDeleter>;

// Runs curl_global_init once per process, before the first handle; libcurl 7.84+ makes that
// thread-safe, and the function-local static orders concurrent first callers. Throws
// std::runtime_error when libcurl cannot be initialised.
void ensure_curl_initialised();

}  // namespace pagemd::fetch
