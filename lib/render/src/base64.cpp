#include "base64.hpp"

#include <cstdint>

namespace pagemd::render::detail {

std::string base64_encode(std::string_view bytes) {
  static constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t group = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16U |
                                static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8U |
                                static_cast<unsigned char>(bytes[i + 2]);
    for (const unsigned shift : {18U, 12U, 6U, 0U}) out.push_back(kAlphabet[(group >> shift) & 0x3FU]);
  }
  const std::size_t left = bytes.size() - i;
  if (left > 0) {
    std::uint32_t group = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16U;
    if (left == 2) group |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8U;
    out.push_back(kAlphabet[(group >> 18U) & 0x3FU]);
    out.push_back(kAlphabet[(group >> 12U) & 0x3FU]);
    out.push_back(left == 2 ? kAlphabet[(group >> 6U) & 0x3FU] : '=');
    out.push_back('=');
  }
  return out;
}

}  // namespace pagemd::render::detail
