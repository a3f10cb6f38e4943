#include "pagemd/fetch/curl_handle.hpp"

#include <stdexcept>

#include "pagemd/core/runtime/shared_library.hpp"

namespace pagemd::fetch {
namespace {

Libcurl open_libcurl() {
  const core::SharedLibrary library(kLibcurlSoname);
  Libcurl curl{};
  library.find("curl_global_init", curl.global_init);
  library.find("curl_easy_init", curl.easy_init);
  library.find("curl_easy_cleanup", curl.easy_cleanup);
  library.find("curl_easy_reset", curl.easy_reset);
  library.find("curl_easy_setopt", curl.easy_setopt);
  library.find("curl_easy_getinfo", curl.easy_getinfo);
  library.find("curl_easy_perform", curl.easy_perform);
  library.find("curl_easy_strerror", curl.easy_strerror);
  library.find("curl_easy_header", curl.easy_header);
  library.find("curl_slist_append", curl.slist_append);
  library.find("curl_slist_free_all", curl.slist_free_all);
  library.find("curl_url", curl.url);
  library.find("curl_url_cleanup", curl.url_cleanup);
  library.find("curl_url_set", curl.url_set);
  library.find("curl_url_get", curl.url_get);
  library.find("curl_url_strerror", curl.url_strerror);
  library.find("curl_free", curl.free);
  // libcurl 7.84+ makes curl_global_init thread-safe; the caller's static orders first callers anyway.
  if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) throw std::runtime_error("libcurl could not be initialised");
  return curl;
}

}  // namespace

const Libcurl& libcurl() {
  static const Libcurl kLibcurl = open_libcurl();
  return kLibcurl;
}

}  // namespace pagemd::fetch
