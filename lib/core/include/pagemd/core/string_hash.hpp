#pragma once

#include <cstddef>
#include <functional>
#include <string_view>

namespace pagemd::core {

// A hash for unordered containers keyed by std::string that also takes string_views (with
// std::equal_to<>), so a lookup by a view does not build a string first.
struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>{}(text); }
};

}  // namespace pagemd::core
