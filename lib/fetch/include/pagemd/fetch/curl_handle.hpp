#pragma once

#include <curl/curl.h>

#include <memory>
#include <string>

// libcurl for every module that speaks HTTP through it (the fetcher and the CLI's client of the
// daemon): its functions, and owners of its C handles.
namespace pagemd::fetch {

// libcurl's functions, from the library opened on first use rather than linked: libcurl and what it
// links (OpenSSL, GnuTLS, Kerberos, LDAP, SSH, RTMP: some 25 libraries) were a third of the start of
// every `pagemd` run, and `pagemd convert` never fetches. Each member has the type of the function it
// is named after (easy_init is curl_easy_init).
struct Libcurl {
  decltype(&::curl_global_init) global_init;
  decltype(&::curl_easy_init) easy_init;
  decltype(&::curl_easy_cleanup) easy_cleanup;
  decltype(&::curl_easy_reset) easy_reset;
  decltype(&::curl_easy_setopt) easy_setopt;
  decltype(&::curl_easy_getinfo) easy_getinfo;
  decltype(&::curl_easy_perform) easy_perform;
  decltype(&::curl_easy_strerror) easy_strerror;
  decltype(&::curl_easy_header) easy_header;
  decltype(&::curl_slist_append) slist_append;
  decltype(&::curl_slist_free_all) slist_free_all;
  decltype(&::curl_url) url;
  decltype(&::curl_url_cleanup) url_cleanup;
  decltype(&::curl_url_set) url_set;
  decltype(&::curl_url_get) url_get;
  decltype(&::curl_url_strerror) url_strerror;
  decltype(&::curl_free) free;
};

// The soname opened: the one the build was linked against would be, and the package depends on.
inline constexpr const char* kLibcurlSoname = "libcurl.so.4";

// libcurl, opened and initialised (curl_global_init) by the first caller; the function-local static
// orders concurrent first callers. Throws std::runtime_error when the library, one of its functions
// or its initialisation is missing.
const Libcurl& libcurl();

// Opens libcurl now rather than at the first request: a daemon finds a missing library when it
// starts. Throws as libcurl() does.
inline void ensure_curl_initialised() { static_cast<void>(libcurl()); }

struct CurlEasyDeleter {
  void operator()(CURL* handle) const noexcept { libcurl().easy_cleanup(handle); }
};
struct CurlUrlDeleter {
  void operator()(CURLU* url) const noexcept { libcurl().url_cleanup(url); }
};
struct CurlSlistDeleter {
  void operator()(curl_slist* list) const noexcept { libcurl().slist_free_all(list); }
};
struct CurlFreeDeleter {
  void operator()(char* text) const noexcept { libcurl().free(text); }
};

using CurlEasyPtr = std::unique_ptr<CURL, CurlEasyDeleter>;
using CurlUrlPtr = std::unique_ptr<CURLU, CurlUrlDeleter>;
using CurlSlistPtr = std::unique_ptr<curl_slist, CurlSlistDeleter>;
using CurlStringPtr = std::unique_ptr<char, CurlFreeDeleter>;

}  // namespace pagemd::fetch
