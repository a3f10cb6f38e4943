#pragma once

// Markup: where a <script> element's content ends, by the "script data" states of the
// WHATWG tokenizer (13.2.5.4 to 13.2.5.27). Old pages wrap scripts in "<!--" and write scripts from
// them, `<!-- document.write('<script src=x></script>'); //--></script>`: the first "</script>"
// there is inside a double-escaped run and does not end the element. The tokenizer
// (parse/tokenizer/html_tokenizer.cpp) reads script content by it.

#include <cstddef>
#include <string_view>

namespace pagemd::extract::html {

// The position of the '<' of the "</script" that ends the script content starting at `from`
// (followed by whitespace, '/' or '>'), or std::string_view::npos when the content runs to the end.
// Linear in the content's length.
[[nodiscard]] std::size_t script_data_end(std::string_view in, std::size_t from) noexcept;

}  // namespace pagemd::extract::html
