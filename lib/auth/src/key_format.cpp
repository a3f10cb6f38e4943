#include "pagemd/auth/key_format.hpp"

#include "base62.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <memory>
#include <stdexcept>

namespace pagemd::auth {
namespace {

constexpr std::string_view kLivePrefix = "sk_live_";
constexpr std::string_view kTestPrefix = "sk_test_";
static_assert(kLivePrefix.size() + kKeyRandomLength == kKeyLength);

std::string_view mode_prefix(store::KeyMode mode) noexcept {
  return mode == store::KeyMode::live ? kLivePrefix : kTestPrefix;
}

bool is_base62(char c) noexcept { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

struct EvpMdFree {
  void operator()(EVP_MD* md) const noexcept { EVP_MD_free(md); }
};

// Fetched once: OpenSSL 3's implicit fetch in EVP_sha256() costs a lookup on every digest.
const EVP_MD& sha256_algorithm() {
  static const std::unique_ptr<EVP_MD, EvpMdFree> algorithm{EVP_MD_fetch(nullptr, "SHA256", nullptr)};
  if (!algorithm) throw std::runtime_error("OpenSSL has no SHA-256");
  return *algorithm;
}

}  // namespace

std::string generate_key(store::KeyMode mode) {
  std::string key{mode_prefix(mode)};
  key.reserve(kKeyLength);
  std::array<unsigned char, 64> pool{};
  while (key.size() < kKeyLength) {
    // 64 bytes give 48 digits unless more than 16 are rejected (each is, with probability 8/256).
    if (RAND_bytes(pool.data(), static_cast<int>(pool.size())) != 1) {
      throw std::runtime_error("the system's random number generator failed");
    }
    for (const unsigned char byte : pool) {
      if (key.size() == kKeyLength) break;
      if (const auto digit = detail::base62_digit(byte)) key.push_back(*digit);
    }
  }
  OPENSSL_cleanse(pool.data(), pool.size());
  return key;
}

std::optional<store::KeyMode> well_formed_key_mode(std::string_view key) noexcept {
  if (key.size() != kKeyLength) return std::nullopt;
  std::optional<store::KeyMode> mode;
  if (key.starts_with(kLivePrefix)) mode = store::KeyMode::live;
  if (key.starts_with(kTestPrefix)) mode = store::KeyMode::test;
  if (!mode) return std::nullopt;
  for (const char c : key.substr(kLivePrefix.size())) {
    if (!is_base62(c)) return std::nullopt;
  }
  return mode;
}

std::string key_prefix(std::string_view key) { return std::string(key.substr(0, kKeyPrefixLength)); }

std::string sha256_hex(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, &sha256_algorithm(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(std::size_t{2} * length);
  for (unsigned int i = 0; i < length; ++i) {
    hex.push_back(kHex[digest[i] >> 4]);
    hex.push_back(kHex[digest[i] & 0x0Fu]);
  }
  return hex;
}

}  // namespace pagemd::auth
