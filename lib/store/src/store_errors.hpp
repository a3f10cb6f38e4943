#pragma once

// The errors both stores give in the same words.

#include <string>
#include <string_view>

#include "pagemd/core/error.hpp"

namespace pagemd::store::detail {

[[nodiscard]] inline core::Error account_not_found(std::string_view account_id) {
  return core::Error{core::ErrorCode::not_found, "there is no account " + std::string(account_id)};
}

[[nodiscard]] inline core::Error key_not_of_account(std::string_view account_id, std::string_view key_id) {
  return core::Error{core::ErrorCode::not_found,
                     "key " + std::string(key_id) + " is not a key of account " + std::string(account_id)};
}

// A page asked for with a key revoked since the request was authenticated (by another node, or
// within the daemon's short memory of identities): it is not counted, and so not served.
[[nodiscard]] inline core::Error key_revoked() {
  return core::Error{core::ErrorCode::key_revoked, "this API key has been revoked"};
}

}  // namespace pagemd::store::detail
