#include "math/tex_delimiters.hpp"

#include <algorithm>
#include <array>
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

}  // namespace

TexDelimiters tex_delimiters_of(std::string_view script_signs) {
  TexDelimiters found;
  std::string signs;
  signs.reserve(script_signs.size());
  for (const char c : script_signs) {
    if (!is_ascii_space(c)) signs.push_back(core::ascii_lower(c));
  }
  const bool mathjax = signs.find("mathjax") != std::string::npos;
  const bool katex_reads_text =
      signs.find("auto-render") != std::string::npos || signs.find("rendermathinelement") != std::string::npos;
  found.typeset = mathjax || katex_reads_text;
  if (!found.typeset) return found;
  for (const std::string_view single : {"['$'", "[\"$\"", "left:'$'", "left:\"$\""}) {
    if (signs.find(single) != std::string::npos) found.single_dollar = true;
  }
  return found;
}

std::vector<TexSpan> tex_spans(std::string_view text, const TexDelimiters& delimiters) {
  if (!delimiters.typeset) return {};
  return TexScanner(text, delimiters).run();
}

}  // namespace pagemd::extract
