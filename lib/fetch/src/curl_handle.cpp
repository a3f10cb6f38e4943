#include "pagemd/fetch/curl_handle.hpp"

#include <stdexcept>
#include <string>

#include <dlfcn.h>

namespace pagemd::fetch {
namespace {

template <typename Function>
void find(void* library, const char* name, Function& function) {
  void* address = ::dlsym(library, name);
  if (address == nullptr) throw std::runtime_error(std::string(kLibcurlSoname) + " lacks " + name);
  function = reinterpret_cast<Function>(address);
}

Libcurl open_libcurl() {
  // Never closed: handles and the global state live as long as the process.
  void* library = ::dlopen(kLibcurlSoname, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* why = ::dlerror();
    throw std::runtime_error(std::string("libcurl cannot be loaded: ") + (why != nullptr ? why : kLibcurlSoname));
  }
  Libcurl curl{};
  find(library, "curl_global_init", curl.global_init);
  find(library, "curl_easy_init", curl.easy_init);
  find(library, "curl_easy_cleanup", curl.easy_cleanup);
  find(library, "curl_easy_reset", curl.easy_reset);
  find(library, "curl_easy_setopt", curl.easy_setopt);
  find(library, "curl_easy_getinfo", curl.easy_getinfo);
  find(library, "curl_easy_perform", curl.easy_perform);
  find(library, "curl_easy_strerror", curl.easy_strerror);
  find(library, "curl_easy_header", curl.easy_header);
  find(library, "curl_slist_append", curl.slist_append);
  find(library, "curl_slist_free_all", curl.slist_free_all);
  find(library, "curl_url", curl.url);
  find(library, "curl_url_cleanup", curl.url_cleanup);
  find(library, "curl_url_set", curl.url_set);
  find(library, "curl_url_get", curl.url_get);
  find(library, "curl_url_strerror", curl.url_strerror);
  find(library, "curl_free", curl.free);
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
