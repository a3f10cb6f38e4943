// libFuzzer target for pagemd::extract::extract(): any bytes must be accepted as HTML, without
// crashes, sanitizer reports, or output that later breaks the JSON encoder.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "pagemd/extract/extractor.hpp"

namespace {

using pagemd::extract::ContentScope;
using pagemd::extract::Extraction;
using pagemd::extract::ExtractOptions;

// Charset labels an HTTP header might carry: common, legacy multi-byte, UTF-16 (the riskiest for
// a byte-oriented tokenizer), spelling variants, and junk.
constexpr std::array<std::string_view, 16> kCharsets = {
    "",     "utf-8",  "UTF8",     "windows-1252", "iso-8859-1", "shift_jis",      "euc-jp",          "gb18030",
    "big5", "euc-kr", "utf-16le", "utf-16be",     "koi8-r",     "x-user-defined", "no-such-charset", " Utf-8 ;",
};

// Valid selectors only: extract() may refuse a malformed selector, but never a valid one.
constexpr std::array<std::string_view, 8> kSelectors = {
    "article", ".content", "#main", "div > p", "[data-role]", "[lang=en]", "nav a", "main section p",
};

bool valid_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t extra = 0;
    std::uint32_t min = 0;
    std::uint32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    }
    if ((c & 0xE0) == 0xC0) {
      extra = 1, min = 0x80, cp = c & 0x1Fu;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2, min = 0x800, cp = c & 0x0Fu;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3, min = 0x10000, cp = c & 0x07u;
    } else {
      return false;
    }
    if (extra >= s.size() - i) return false;
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3Fu);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += extra + 1;
  }
  return true;
}

// Everything extract() returns ends up in JSON (`convert --json`, the daemon), whose encoder
// throws on invalid UTF-8, so invalid text is a bug even when nothing crashes.
// extract() may only fail for a malformed selector, and the selectors used here are all valid.
void check(const pagemd::core::Result<Extraction>& result) {
  if (!result) std::abort();
  const pagemd::extract::Metadata& m = result->metadata;
  for (const std::string* s : {&result->markdown, &m.title, &m.language, &m.description, &m.author, &m.published_time,
                               &m.site_name, &m.image, &m.canonical_url}) {
    if (!valid_utf8(*s)) std::abort();
  }
  for (const std::string& link : m.links) {
    if (!valid_utf8(link)) std::abort();
  }
  if (result->warning && !valid_utf8(*result->warning)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);

  ExtractOptions options;
  options.page_url = "https://fuzz.example/dir/page.html?q=1#frag";
  check(pagemd::extract::extract(bytes, options));

  if (size == 0) return 0;
  // The first byte picks the variant so the fuzzer can steer it; the rest is the page.
  const auto selector = static_cast<std::uint8_t>(data[0]);
  const std::string_view page = bytes.substr(1);
  ExtractOptions variant;
  variant.page_url = (selector & 0x80) != 0 ? "" : "http://h.example:8080/a/b/";
  variant.declared_charset = kCharsets[selector % kCharsets.size()];
  variant.scope = (selector & 0x40) != 0 ? ContentScope::main_content : ContentScope::whole_body;
  if ((selector & 0x20) != 0) {
    variant.include_selectors.emplace_back(kSelectors[(selector >> 2) % kSelectors.size()]);
    variant.exclude_selectors.emplace_back(kSelectors[(selector + 3u) % kSelectors.size()]);
  }
  check(pagemd::extract::extract(page, variant));
  return 0;
}
