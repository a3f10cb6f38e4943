#include "inflate_budget.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <string>

namespace pagemd::pdf {
namespace {

bool is_pdf_space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0'; }

// How far back from its `stream` keyword a stream's dictionary is looked for: dictionaries are short,
// and a bound keeps the scan linear in the file's size.
constexpr std::size_t kDictionaryReach = 16 * 1024;

// The dictionary before a `stream` keyword at `at`, white space removed ("/Subtype /Image" and
// "/Subtype/Image" alike), or empty when the keyword follows no dictionary (text that says "stream").
std::string dictionary_before(std::string_view pdf, std::size_t at) {
  std::size_t end = at;
  while (end > 0 && is_pdf_space(pdf[end - 1])) --end;
  if (end < 2 || pdf.substr(end - 2, 2) != ">>") return {};
  const std::size_t from = end > kDictionaryReach ? end - kDictionaryReach : 0;
  const std::size_t obj = pdf.substr(from, end - from).rfind("obj");
  const std::size_t start = obj == std::string_view::npos ? from : from + obj;
  std::string compact;
  compact.reserve(end - start);
  for (const char c : pdf.substr(start, end - start)) {
    if (!is_pdf_space(c)) compact += c;
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

std::string mebibytes(std::size_t bytes) {
  return bytes % (1U << 20) == 0 ? std::to_string(bytes >> 20) + " MiB" : std::to_string(bytes) + " bytes";
}

}  // namespace

core::Result<void> check_inflated_size(std::string_view pdf, std::size_t max_bytes) {
  std::size_t used = 0;
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
    if (dictionary.find("/Subtype/Image") != std::string::npos) continue;
    used += inflated_size(pdf.substr(data), max_bytes - used);
    if (used > max_bytes) {
      return core::unexpected(core::ErrorCode::unsupported_content,
                              "This PDF's compressed streams inflate to more than " + mebibytes(max_bytes) +
                                  " (a compression bomb?); pagemd reads no further.");
    }
  }
  return {};
}

}  // namespace pagemd::pdf
