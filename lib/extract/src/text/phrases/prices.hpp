#pragma once

#include <cstddef>
#include <string_view>

namespace pagemd::extract {

// The prices in a text, as shops write them: a currency sign or code next to a digit ("$12",
// "12,99 €", "USD 40").
[[nodiscard]] std::size_t count_prices(std::string_view text);

}  // namespace pagemd::extract
