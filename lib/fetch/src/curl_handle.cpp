#include "pagemd/fetch/curl_handle.hpp"

#include <stdexcept>

namespace pagemd::fetch {

void ensure_curl_initialised() {
  static const CURLcode kInit = curl_global_init(CURL_GLOBAL_DEFAULT);
  if (kInit != CURLE_OK) {
    throw std::runtime_error("libcurl could not be initialised");
  }
}

}  // namespace pagemd::fetch
