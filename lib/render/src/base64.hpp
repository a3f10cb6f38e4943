#pragma once

#include <string>
#include <string_view>

namespace pagemd::render::detail {

// RFC 4648 base64 with padding: how the DevTools protocol carries response bodies.
[[nodiscard]] std::string base64_encode(std::string_view bytes);

}  // namespace pagemd::render::detail
