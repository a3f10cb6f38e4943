#include "math/tex_delimiters.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <string>

#include "math/tex_environments.hpp"
#include "text/text_util.hpp"

namespace pagemd::extract {
namespace {

// Scans a text once; each kind of closing delimiter, once looked for in vain from some point, is
// known to be absent after it, so hostile text ("\( \( \( …") costs one pass, not one per opening.
class TexScanner {
 public:
  TexScanner(std::string_view text, const TexDelimiters& delimiters) : text_(text), delimiters_(delimiters) {}

  std::vector<TexSpan> run() {
    std::vector<TexSpan> spans;
    std::size_t at = 0;
    while (at < text_.size()) {
      at = text_.find_first_of(delimiters_.single_dollar || dollars_may_close_ ? "\\$" : "\\", at);
      if (at == std::string_view::npos) break;
      if (text_[at] == '\\') {
        at = backslash(at, spans);
      } else {
        at = dollar(at, spans);
      }
    }
    return spans;
  }

 private:
  std::size_t backslash(std::size_t at, std::vector<TexSpan>& spans) {
    if (at + 1 >= text_.size()) return text_.size();
    const char next = text_[at + 1];
    if (next == '(') return closed_by(at, 2, "\\)", false, inline_may_close_, spans);
    if (next == '[') return closed_by(at, 2, "\\]", true, display_may_close_, spans);
    if (text_.substr(at).starts_with("\\begin{")) return environment(at, spans);
    // "\\" and "\$" are escapes: the character after the backslash opens nothing.
    return at + 2;
  }

  std::size_t dollar(std::size_t at, std::vector<TexSpan>& spans) {
    if (at + 1 < text_.size() && text_[at + 1] == '$') {
      return closed_by(at, 2, "$$", true, dollars_may_close_, spans);
    }
    if (!delimiters_.single_dollar || !single_may_close_ || at + 1 >= text_.size() || is_ascii_space(text_[at + 1])) {
      return at + 1;
    }
    for (std::size_t close = text_.find('$', at + 1); close != std::string_view::npos;
         close = text_.find('$', close + 1)) {
      if (text_[close - 1] == '\\' || is_ascii_space(text_[close - 1])) continue;
      if (close + 1 < text_.size() && (is_ascii_digit(text_[close + 1]) || text_[close + 1] == '$')) continue;
      spans.push_back({at, close + 1, text_.substr(at + 1, close - at - 1), false});
      return close + 1;
    }
    single_may_close_ = false;
    return at + 1;
  }

  // A formula from `at` whose opening delimiter is `open_size` long and that `closing` ends.
  std::size_t closed_by(std::size_t at, std::size_t open_size, std::string_view closing, bool display, bool& may_close,
                        std::vector<TexSpan>& spans) {
    const std::size_t content = at + open_size;
    const std::size_t close = may_close ? text_.find(closing, content) : std::string_view::npos;
    if (close == std::string_view::npos) {
      may_close = false;
      return content;
    }
    const std::string_view latex = trim(text_.substr(content, close - content));
    if (latex.empty()) return close + closing.size();
    spans.push_back({at, close + closing.size(), latex, display});
    return close + closing.size();
  }

  std::size_t environment(std::size_t at, std::vector<TexSpan>& spans) {
    constexpr std::string_view kBegin = "\\begin{";
    const std::size_t name_start = at + kBegin.size();
    const std::size_t name_end = text_.find('}', name_start);
    if (name_end == std::string_view::npos || !environments_may_close_) return name_start;
    const std::string_view name = text_.substr(name_start, name_end - name_start);
    if (find_tex_environment(name) == nullptr) return name_end + 1;
    const std::string closing = std::string("\\end{").append(name) += '}';
    const std::size_t close = text_.find(closing, name_end + 1);
    if (close == std::string_view::npos) {
      // Environments are few and short-named; one left open makes the rest of the text plain.
      environments_may_close_ = false;
      return name_end + 1;
    }
    const std::size_t end = close + closing.size();
    spans.push_back({at, end, text_.substr(at, end - at), true});
    return end;
  }

  std::string_view text_;
  TexDelimiters delimiters_;
  bool inline_may_close_ = true;
  bool display_may_close_ = true;
  bool dollars_may_close_ = true;
  bool single_may_close_ = true;
  bool environments_may_close_ = true;
};

constexpr std::array<char, 256> kLoweredSignBytes = [] {
  std::array<char, 256> lowered{};
  for (std::size_t byte = 0; byte < lowered.size(); ++byte) lowered[byte] = ascii_lower(static_cast<char>(byte));
  return lowered;
}();
constexpr std::array<std::uint8_t, 256> kKeptSignBytes = [] {
  std::array<std::uint8_t, 256> kept{};
  for (std::size_t byte = 0; byte < kept.size(); ++byte) kept[byte] = is_ascii_space(static_cast<char>(byte)) ? 0 : 1;
  return kept;
}();

}  // namespace

TexDelimiters tex_delimiters_of(std::string_view script_signs) {
  // The signs run to megabytes on script-heavy pages and every page asks: they are lowered and
  // unspaced through a table without a branch per byte, and searched with a skip table rather than
  // from every occurrence of the needle's first letter.
  TexDelimiters found;
  std::string signs(script_signs.size(), '\0');
  char* written = signs.data();
  for (const char c : script_signs) {
    *written = kLoweredSignBytes[static_cast<unsigned char>(c)];
    written += kKeptSignBytes[static_cast<unsigned char>(c)];
  }
  signs.resize(static_cast<std::size_t>(written - signs.data()));
  const auto holds = [&signs](std::string_view needle) {
    return std::search(signs.begin(), signs.end(), std::boyer_moore_horspool_searcher(needle.begin(), needle.end())) !=
           signs.end();
  };
  found.typeset = holds("mathjax") || holds("auto-render") || holds("rendermathinelement");
  if (!found.typeset) return found;
  for (const std::string_view single : {"['$'", "[\"$\"", "left:'$'", "left:\"$\""}) {
    if (holds(single)) found.single_dollar = true;
  }
  return found;
}

std::vector<TexSpan> tex_spans(std::string_view text, const TexDelimiters& delimiters) {
  if (!delimiters.typeset) return {};
  return TexScanner(text, delimiters).run();
}

}  // namespace pagemd::extract
