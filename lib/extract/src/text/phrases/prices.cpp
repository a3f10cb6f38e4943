#include "text/phrases/prices.hpp"

#include <array>

#include "text/byte_scan.hpp"
#include "text/text_util.hpp"

namespace pagemd::extract {

std::size_t count_prices(std::string_view text) {
  std::size_t prices = 0;
  // Every byte of the page's text passes here: the first byte decides whether a sign can start.
  constexpr std::array<char, 6> kSignStarts{'$', '\xC2', '\xE2', 'U', 'E', 'G'};
  for (std::size_t i = find_first_byte_of(text, 0, kSignStarts); i < text.size();
       i = find_first_byte_of(text, i + 1, kSignStarts)) {
    std::size_t sign = 0;
    switch (text[i]) {
      case '$': sign = 1; break;
      case '\xC2':  // £ ¥
        if (text.substr(i, 2) == "\xC2\xA3" || text.substr(i, 2) == "\xC2\xA5") sign = 2;
        break;
      case '\xE2':  // € ₹
        if (text.substr(i, 3) == "\xE2\x82\xAC" || text.substr(i, 3) == "\xE2\x82\xB9") sign = 3;
        break;
      case 'U':
      case 'E':
      case 'G':
        if ((text.substr(i, 3) == "USD" || text.substr(i, 3) == "EUR" || text.substr(i, 3) == "GBP")) sign = 3;
        break;
      default: break;
    }
    if (sign == 0) continue;
    std::size_t after = i + sign;
    while (after < text.size() && text[after] == ' ') ++after;
    std::size_t before = i;
    while (before > 0 && text[before - 1] == ' ') --before;
    if ((after < text.size() && is_ascii_digit(text[after])) || (before > 0 && is_ascii_digit(text[before - 1]))) {
      ++prices;
    }
    i += sign - 1;
  }
  return prices;
}

}  // namespace pagemd::extract
