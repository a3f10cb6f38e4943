// What of a PostgreSQL database URL may be shown: the URL is written into logs, `pagemdd config`
// and error messages, and its password must never be.

#include <string>
#include <string_view>

#include "pagemd/store/postgres_store.hpp"
#include "postgres/pg_connection.hpp"

namespace pagemd::store {

namespace {

constexpr std::string_view kHidden = "***";

// Every `password=` parameter of the URL's query with its value hidden.
std::string hide_password_parameters(std::string url) {
  const std::size_t query = url.find('?');
  if (query == std::string::npos) return url;
  for (std::size_t at = query; at < url.size();) {
    const std::size_t start = at + 1;
    std::size_t end = url.find('&', start);
    if (end == std::string::npos) end = url.size();
    constexpr std::string_view kKey = "password=";
    if (std::string_view(url).substr(start, end - start).starts_with(kKey)) {
      url.replace(start + kKey.size(), end - start - kKey.size(), kHidden);
      end = start + kKey.size() + kHidden.size();
    }
    at = end;
  }
  return url;
}

}  // namespace

std::string redacted_database_url(std::string_view url) {
  const std::string given(url);
  const auto password = detail::pg::password_in(given);
  // A URL that libpq cannot read may still hold a secret somewhere: none of it is shown.
  if (!password) return "(a database URL that cannot be parsed)";
  if (password->empty()) return given;
  // postgresql://user:secret@host/db?password=secret -> postgresql://user:***@host/db?password=***
  std::string redacted = hide_password_parameters(given);
  const std::size_t scheme = redacted.find("://");
  const std::size_t authority_end = redacted.find_first_of("/?", scheme == std::string::npos ? 0 : scheme + 3);
  const std::size_t at = redacted.rfind('@', authority_end);
  if (scheme != std::string::npos && at != std::string::npos && at > scheme) {
    const std::size_t colon = redacted.find(':', scheme + 3);
    if (colon != std::string::npos && colon < at) redacted.replace(colon + 1, at - colon - 1, kHidden);
  }
  // Whatever form the password took (an encoded key, a second parameter), the result must not hold it.
  const auto left = detail::pg::password_in(redacted);
  if (!left || (!left->empty() && *left != kHidden)) return "(a database URL with its password hidden)";
  return redacted;
}

bool is_postgres_url(std::string_view url) noexcept {
  return url.starts_with("postgresql://") || url.starts_with("postgres://");
}

}  // namespace pagemd::store
