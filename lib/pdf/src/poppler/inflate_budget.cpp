#include "inflate_budget.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>

namespace pagemd::pdf {
namespace {

bool is_pdf_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0'; }

// How far back from its `stream` keyword a stream's dictionary is looked for: dictionaries are short,
// and a bound keeps the scan linear in the file's size.
constexpr std::size_t kDictionaryReach = 16 * 1024;

bool is_pdf_delimiter(char c) {
  return c == '/' || c == '[' || c == ']' || c == '<' || c == '>' || c == '(' || c == ')';
}

// The dictionary before a `stream` keyword at `at`, white space next to a delimiter removed and any
// other run of it one space ("/Subtype /Image" and "/Subtype/Image" alike, "/Length 1" not
// "/Length1"), or empty when the keyword follows no dictionary (text that says "stream").
std::string dictionary_before(std::string_view pdf, std::size_t at) {
  std::size_t end = at;
  while (end > 0 && is_pdf_space(pdf[end - 1])) --end;
  if (end < 2 || pdf.substr(end - 2, 2) != ">>") return {};
  const std::size_t from = end > kDictionaryReach ? end - kDictionaryReach : 0;
  const std::size_t obj = pdf.substr(from, end - from).rfind("obj");
  const std::size_t start = obj == std::string_view::npos ? from : from + obj;
  std::string compact;
  compact.reserve(end - start);
  bool space = false;
  for (const char c : pdf.substr(start, end - start)) {
    if (is_pdf_space(c)) {
      space = true;
      continue;
    }
    if (space && !compact.empty() && !is_pdf_delimiter(compact.back()) && !is_pdf_delimiter(c)) compact += ' ';
    space = false;
    compact += c;
  }
  return compact;
}

// Whether the stream's first filter is Flate (poppler takes the abbreviation too). A filter chain
// that starts with another filter is left to poppler's own limits.
bool flate_first(const std::string& dictionary) {
  const std::size_t filter = dictionary.find("/Filter");
  if (filter == std::string::npos) return false;
  std::string_view rest = std::string_view(dictionary).substr(filter + 7);
  if (rest.starts_with("[")) rest.remove_prefix(1);
  return rest.starts_with("/FlateDecode") || rest.starts_with("/Fl/") || rest.starts_with("/Fl>") ||
         rest.starts_with("/Fl]");
}

enum class StreamUse { skipped, font_program, read };

// What poppler does with a stream when it reads the text layer. An image's samples it never
// decodes. A font program (FontFile, FontFile2 and FontFile3 streams, which alone carry /Length1 or a
// font /Subtype) it reads whole into memory, quickly: a CJK font embedded whole inflates to tens of
// megabytes by right, so font programs have a bound of their own. The rest (content streams, forms,
// object streams) it lexes a byte at a time.
StreamUse use_of(const std::string& dictionary) {
  if (dictionary.find("/Subtype/Image") != std::string::npos) return StreamUse::skipped;
  for (const char* font : {"/Length1", "/Subtype/Type1C", "/Subtype/CIDFontType0C", "/Subtype/OpenType"}) {
    if (dictionary.find(font) != std::string::npos) return StreamUse::font_program;
  }
  return StreamUse::read;
}

// Inflates the zlib stream at the start of `data` into a scratch buffer, counting, until it ends,
// turns out to be damaged, or passes `budget`. Returns the bytes it inflated (budget + 1 at most).
std::size_t inflated_size(std::string_view data, std::size_t budget) {
  z_stream z{};
  if (inflateInit(&z) != Z_OK) return 0;
  std::array<unsigned char, 64 * 1024> scratch{};
  std::size_t total = 0;
  // zlib counts its input in uInt; a file is fed in pieces that fit.
  std::size_t fed = 0;
  int status = Z_OK;
  while (status == Z_OK && total <= budget) {
    if (z.avail_in == 0 && fed < data.size()) {
      const std::size_t piece = std::min<std::size_t>(data.size() - fed, 1U << 20);
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data() + fed));
      z.avail_in = static_cast<uInt>(piece);
      fed += piece;
    }
    z.next_out = scratch.data();
    z.avail_out = static_cast<uInt>(scratch.size());
    status = inflate(&z, Z_NO_FLUSH);
    total += scratch.size() - z.avail_out;
    if (status == Z_BUF_ERROR && z.avail_in == 0 && fed == data.size()) break;  // the file ends mid-stream
    if (status == Z_BUF_ERROR) status = Z_OK;
  }
  inflateEnd(&z);
  return std::min(total, budget + 1);
}

// Deflate's densest code spends two bits on a 258-byte match, so no zlib stream inflates to more
// than 1032 times its own size (plus the few bytes of its last partial match).
constexpr std::size_t kMostInflatedPerByte = 1033;

std::string mebibytes(std::size_t bytes) {
  return bytes % (1U << 20) == 0 ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}

}  // namespace

core::Result<void> check_inflated_size(std::string_view pdf, std::size_t max_bytes) {
  // Font programs are read at zlib's speed, not lexed: four times the bound, in a budget of their own.
  const std::size_t max_font_bytes = max_bytes > SIZE_MAX / 4 ? SIZE_MAX : max_bytes * 4;
  // The streams are parts of the file: a file this small cannot hold enough of them to pass the
  // bound, and most PDFs are spared inflating every stream twice (here and in poppler).
  if (pdf.size() <= max_bytes / kMostInflatedPerByte) return {};
  std::size_t used = 0;
  std::size_t used_by_fonts = 0;
  std::size_t at = 0;
  while ((at = pdf.find("stream", at)) != std::string_view::npos) {
    const std::size_t keyword = at;
    at += 6;
    if (keyword >= 3 && pdf.substr(keyword - 3, 3) == "end") continue;
    // The data starts after the keyword's end of line: CR LF or LF (a lone CR is read too, as poppler does).
    std::size_t data = at;
    if (data < pdf.size() && pdf[data] == '\r') ++data;
    if (data < pdf.size() && pdf[data] == '\n') ++data;
    if (data == at) continue;
    const std::string dictionary = dictionary_before(pdf, keyword);
    if (dictionary.empty() || !flate_first(dictionary)) continue;
    const StreamUse use = use_of(dictionary);
    if (use == StreamUse::skipped) continue;
    const bool font = use == StreamUse::font_program;
    std::size_t& counter = font ? used_by_fonts : used;
    const std::size_t bound = font ? max_font_bytes : max_bytes;
    counter += inflated_size(pdf.substr(data), bound - counter);
    if (counter > bound) {
      return core::unexpected(core::ErrorCode::unsupported_content,
                              std::string("This PDF's compressed ") + (font ? "font programs" : "streams") +
                                  " inflate to more than " + mebibytes(bound) +
                                  " (a compression bomb?); pagemd reads no further.");
    }
  }
  return {};
}

}  // namespace pagemd::pdf
