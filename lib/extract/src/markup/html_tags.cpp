#include "markup/html_tags.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace pagemd::extract {
namespace {

constexpr auto kNames = std::to_array<std::string_view>({
#define PAGEMD_TAG(id, name) name,
#include "markup/html_tag_list.inc"
#undef PAGEMD_TAG
});
static_assert(kNames.size() == static_cast<std::size_t>(HtmlTag::unknown));
static_assert(std::is_sorted(kNames.begin(), kNames.end()));
static_assert(kNames.size() < 255, "Node::tag is 8 bits wide");

// Every name is at least one letter: the tokenizer only reads a tag whose name starts with one.
constexpr std::size_t kLongestName = std::ranges::max(kNames, {}, &std::string_view::size).size();

// Where the names starting with each letter begin in kNames: a lookup compares the handful that
// share the first letter, not the whole list (the tokenizer asks once per tag of a page).
constexpr auto kFirstLetter = [] {
  std::array<std::uint8_t, 27> starts{};
  std::size_t t = 0;
  for (std::size_t letter = 0; letter < 26; ++letter) {
    while (t < kNames.size() && kNames[t][0] < static_cast<char>('a' + letter)) ++t;
    starts[letter] = static_cast<std::uint8_t>(t);
  }
  starts[26] = static_cast<std::uint8_t>(kNames.size());
  return starts;
}();

}  // namespace

std::string_view tag_name(HtmlTag tag) noexcept {
  const auto index = static_cast<std::size_t>(tag);
  return index < kNames.size() ? kNames[index] : std::string_view{};
}

HtmlTag tag_from_name(std::string_view lower_name) noexcept {
  if (lower_name.empty() || lower_name.size() > kLongestName || lower_name[0] < 'a' || lower_name[0] > 'z') {
    return HtmlTag::unknown;
  }
  const auto letter = static_cast<std::size_t>(lower_name[0] - 'a');
  const auto* first = kNames.begin() + kFirstLetter[letter];
  const auto* last = kNames.begin() + kFirstLetter[letter + 1];
  const auto* found = std::lower_bound(first, last, lower_name);
  return found != last && *found == lower_name ? static_cast<HtmlTag>(found - kNames.begin()) : HtmlTag::unknown;
}

}  // namespace pagemd::extract
