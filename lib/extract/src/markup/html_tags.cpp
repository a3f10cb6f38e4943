#include "markup/html_tags.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

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

constexpr std::size_t kLongestName = std::ranges::max(kNames, {}, &std::string_view::size).size();

// A hash of a name, cheap for the short names of tags (FNV-1a).
constexpr std::uint32_t hash(std::string_view name) {
  std::uint32_t h = 2166136261U;
  for (const char c : name) h = (h ^ static_cast<unsigned char>(c)) * 16777619U;
  return h;
}

// An open-addressing table of the names, built at compile time: the tokenizer asks once per tag of
// a page, and a search of the sorted names cost a string comparison per step.
constexpr std::size_t kSlots = 512;
static_assert(kSlots >= 2 * kNames.size());
constexpr std::uint8_t kEmpty = 0xFF;
constexpr auto kTable = [] {
  std::array<std::uint8_t, kSlots> slots{};
  slots.fill(kEmpty);
  for (std::size_t t = 0; t < kNames.size(); ++t) {
    std::size_t at = hash(kNames[t]) % kSlots;
    while (slots[at] != kEmpty) at = (at + 1) % kSlots;
    slots[at] = static_cast<std::uint8_t>(t);
  }
  return slots;
}();

}  // namespace

std::string_view tag_name(HtmlTag tag) noexcept {
  const auto index = static_cast<std::size_t>(tag);
  return index < kNames.size() ? kNames[index] : std::string_view{};
}

HtmlTag tag_from_name(std::string_view lower_name) noexcept {
  if (lower_name.empty() || lower_name.size() > kLongestName) return HtmlTag::unknown;
  for (std::size_t at = hash(lower_name) % kSlots; kTable[at] != kEmpty; at = (at + 1) % kSlots) {
    if (kNames[kTable[at]] == lower_name) return static_cast<HtmlTag>(kTable[at]);
  }
  return HtmlTag::unknown;
}

}  // namespace pagemd::extract
