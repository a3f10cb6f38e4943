#include "markdown/image_source.hpp"

#include <cstdlib>
#include <string_view>

#include "text/text_util.hpp"

namespace pagemd::extract {

using namespace std::string_view_literals;
namespace {

bool is_placeholder_image(std::string_view src) {
  if (src.empty()) return true;
  if (src.size() >= 5 && equals_ignore_case(src.substr(0, 5), "data:")) return true;
  const std::string lower = ascii_lower_copy(src);
  for (std::string_view word : {"spacer.gif"sv, "blank.gif"sv, "pixel.gif"sv, "1x1."sv, "transparent.gif"sv,
                                "placeholder"sv, "lazy-load"sv, "lazyload"sv}) {
    if (lower.find(word) != std::string::npos) return true;
  }
  return false;
}

// The widest candidate of a srcset ("a.jpg 480w, b.jpg 1080w" -> "b.jpg"), or its first URL.
std::string best_from_srcset(std::string_view srcset) {
  std::string best;
  double best_width = -1;
  while (!srcset.empty()) {
    const std::size_t comma = srcset.find(", ");
    std::string_view candidate = trim(srcset.substr(0, comma));
    srcset = comma == std::string_view::npos ? std::string_view{} : srcset.substr(comma + 2);
    if (candidate.empty()) continue;
    const std::size_t space = candidate.find_first_of(" \t\n");
    const std::string_view url = candidate.substr(0, space);
    double width = 0;
    if (space != std::string_view::npos) {
      const std::string descriptor(trim(candidate.substr(space)));
      width = std::strtod(descriptor.c_str(), nullptr);
    }
    if (url.empty() || is_placeholder_image(url)) continue;
    if (width > best_width) {
      best_width = width;
      best = std::string(url);
    }
  }
  return best;
}

}  // namespace

std::string image_source(const Document& doc, NodeId id) {
  const std::string_view* src = doc.attribute(id, "src");
  if (src && !is_placeholder_image(trim(*src))) return std::string(trim(*src));
  for (std::string_view attr :
       {"data-src"sv, "data-lazy-src"sv, "data-original"sv, "data-lazy"sv, "data-url"sv, "data-hi-res-src"sv}) {
    if (const std::string_view* v = doc.attribute(id, attr); v && !is_placeholder_image(trim(*v))) {
      return std::string(trim(*v));
    }
  }
  for (std::string_view attr : {"srcset"sv, "data-srcset"sv, "data-lazy-srcset"sv}) {
    if (const std::string_view* v = doc.attribute(id, attr)) {
      if (std::string best = best_from_srcset(*v); !best.empty()) return best;
    }
  }
  return {};
}

}  // namespace pagemd::extract
