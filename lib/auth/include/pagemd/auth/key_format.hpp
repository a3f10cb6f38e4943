#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "pagemd/store/plan.hpp"

namespace pagemd::auth {

// `sk_live_` or `sk_test_` followed by 48 base62 characters: 56 in all (DESIGN.md).
inline constexpr std::size_t kKeyLength = 56;
inline constexpr std::size_t kKeyRandomLength = 48;
// What the key list shows of a key: `sk_live_` and 4 characters.
inline constexpr std::size_t kKeyPrefixLength = 12;

// A new key of the given mode whose 48 characters come from OpenSSL's CSPRNG, each uniform over
// [0-9A-Za-z]. Throws std::runtime_error when the CSPRNG fails (broken infrastructure).
[[nodiscard]] std::string generate_key(store::KeyMode mode);

// The key's mode when it has the exact shape of a key (prefix, length, alphabet); else empty.
[[nodiscard]] std::optional<store::KeyMode> well_formed_key_mode(std::string_view key) noexcept;

// The first kKeyPrefixLength characters (all of a shorter string).
[[nodiscard]] std::string key_prefix(std::string_view key);

// The lower-case hex SHA-256 of the bytes: how a key is stored and looked up.
// Throws std::runtime_error only if OpenSSL cannot compute a digest (broken infrastructure).
[[nodiscard]] std::string sha256_hex(std::string_view bytes);

}  // namespace pagemd::auth
