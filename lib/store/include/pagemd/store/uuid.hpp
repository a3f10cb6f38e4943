#pragma once

#include <string>
#include <string_view>

namespace pagemd::store {

// A random (version 4, RFC 9562) UUID in lower-case 8-4-4-4-12 form, from OpenSSL's CSPRNG.
// Throws std::runtime_error when the CSPRNG fails: that is broken infrastructure, not an outcome.
[[nodiscard]] std::string new_uuid_v4();

// True for any UUID in 8-4-4-4-12 hex form (either case); the API's test for a well-formed key id.
[[nodiscard]] bool is_uuid(std::string_view text) noexcept;

}  // namespace pagemd::store
