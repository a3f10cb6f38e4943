#pragma once

// One request and response of a redirect chain, as libcurl performs it. libcurl calls back here for
// the socket it would open, for each header line and for each chunk of the body; the callbacks
// record what they saw in a Hop and decide, as soon as the headers are complete, whether the body
// is read at all. judge_hop() then says what the hop came to. The fetcher (curl_fetcher.cpp) sets
// the callbacks, follows the redirects and keeps the handles.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "pagemd/core/result.hpp"
#include "pagemd/fetch/address_policy.hpp"
#include "pagemd/fetch/curl_handle.hpp"
#include "pagemd/fetch/ip_address.hpp"
#include "response/content_type.hpp"

namespace pagemd::fetch::detail {

// What one request/response of a redirect chain saw; the callbacks write it, judge_hop() judges it.
struct Hop {
  const AddressPolicy* policy = nullptr;
  CURL* handle = nullptr;
  std::size_t max_body_bytes = 0;
  std::size_t max_pdf_bytes = 0;
  bool any_resource = false;     // a browser's request: every status and content type is an answer
  BodyAdmission admission;       // a page's: its cap, and whether it is a PDF
  std::size_t refused_over = 0;  // the cap a too_large body went over

  std::optional<IpAddress> refused_address;  // a connection the policy refused
  bool refused_unknown_family = false;
  std::size_t header_bytes = 0;
  bool headers_too_large = false;
  long status = 0;                              // of the final (non-1xx) response, once its headers are complete
  std::string content_type;                     // raw header value of that response
  std::string location;                         // raw Location header of that response
  std::string content_language;                 // raw Content-Language header of that response
  std::optional<std::uint64_t> content_length;  // declared length when the body is not encoded
  bool encoded = false;                         // a Content-Encoding other than identity
  std::vector<std::pair<std::string, std::string>> cors_headers;  // any_resource only
  std::vector<std::pair<std::string, std::string>> wall_headers;  // of kWallHeaders
  // unsupported_type: sent as a type pagemd does not read as text, and its bytes are not a PDF.
  enum class Body { undecided, keep, discard, too_large, unsupported_type, http_error } body_mode = Body::undecided;
  std::string body;
  std::size_t discarded = 0;
  std::array<char, CURL_ERROR_SIZE> error_text{};
};

// CURLOPT_OPENSOCKETFUNCTION: opens the socket only to an address the hop's policy allows.
curl_socket_t open_socket(void* hop, curlsocktype purpose, curl_sockaddr* address);
// CURLOPT_HEADERFUNCTION: records a header line; at the blank line ending the final response's
// headers, decides what to do with the body.
std::size_t on_header(char* data, std::size_t size, std::size_t count, void* hop);
// CURLOPT_WRITEFUNCTION: keeps, counts or refuses a chunk of the body.
std::size_t on_body(char* data, std::size_t size, std::size_t count, void* hop);

// Settles whether a page's kept body is a PDF, once its first bytes are in or it has ended.
void settle_admission(Hop& hop);

// The hop's outcome: an Error, a redirect's Location as sent, or nullopt for a page.
[[nodiscard]] core::Result<std::optional<std::string>> judge_hop(CURLcode rc, const Hop& hop);

// A fetch_failed error, with the target's HTTP status when one answered.
[[nodiscard]] core::Unexpected fetch_failed(std::string message, std::optional<int> status = std::nullopt);

}  // namespace pagemd::fetch::detail
