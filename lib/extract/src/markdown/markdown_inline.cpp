#include "markdown/markdown_writer.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "text/text_util.hpp"

// The text stream and the inline spans: text as it flows into the open buffer (whitespace,
// pending breaks, escaping for where each character stands, the word count and the language
// sample), and the emphasis, code spans, links and images wrapped around it. The block containers
// are in markdown_writer.cpp.

namespace pagemd::extract {
namespace {

constexpr std::size_t kTextSampleLimit = std::size_t{64} * 1024;

// A link or image destination that cmark reads back unchanged.
std::string escape_destination(std::string_view url) {
  std::string out;
  out.reserve(url.size() + 8);
  for (char c : url) {
    switch (c) {
      case ' ': out += "%20"; break;
      case '<': out += "%3C"; break;
      case '>': out += "%3E"; break;
      case '(': out += "\\("; break;
      case ')': out += "\\)"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::string escape_label(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '[' || c == ']' || c == '\\' || c == '*' || c == '_' || c == '`') out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

// Whether the current line consists of one to nine digits only.
bool follows_line_start_digits(std::string_view out) {
  std::size_t digits = 0;
  while (digits < out.size() && is_ascii_digit(out[out.size() - 1 - digits])) ++digits;
  if (digits == 0 || digits > 9) return false;
  return digits == out.size() || out[out.size() - 1 - digits] == '\n';
}

// Whether link text (as escaped Markdown) spells out the target, so `<target>` says it all.
bool is_autolink(std::string_view escaped_text, std::string_view target) {
  if (target.find_first_of(" <>") != std::string_view::npos) return false;
  if (target.substr(0, 7) != "http://" && target.substr(0, 8) != "https://") return false;
  std::string text;
  for (std::size_t i = 0; i < escaped_text.size(); ++i) {
    if (escaped_text[i] == '\\' && i + 1 < escaped_text.size()) ++i;
    text.push_back(escaped_text[i]);
  }
  return text == target;
}

// The bytes of an invisible character at text[i] that only guides a browser's line breaking: a
// soft hyphen (U+00AD), a zero-width space (U+200B), a word joiner (U+2060), a byte-order mark
// (U+FEFF). Written out they split words for search and comparison. 0 when there is none.
std::size_t invisible_break_at(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0U; };
  if (byte(0) == 0xC2 && byte(1) == 0xAD) return 2;
  if (byte(0) == 0xE2 && byte(1) == 0x80 && byte(2) == 0x8B) return 3;
  if (byte(0) == 0xE2 && byte(1) == 0x81 && byte(2) == 0xA0) return 3;
  if (byte(0) == 0xEF && byte(1) == 0xBB && byte(2) == 0xBF) return 3;
  return 0;
}

// Bytes written as they are wherever they stand: no whitespace, nothing Markdown could read as
// syntax at a line's start or inside a line, and no lead byte of a no-break space or an invisible
// character. Most of a page's text is runs of them.
constexpr std::array<bool, 256> kPlainBytes = [] {
  std::array<bool, 256> plain{};
  for (std::size_t byte = 0; byte < plain.size(); ++byte) plain[byte] = !is_ascii_space(static_cast<char>(byte));
  for (const char c : std::string_view("#>=-+.)\\`*[]~_<&|")) plain[static_cast<unsigned char>(c)] = false;
  for (const std::size_t lead : {std::size_t{0xC2}, std::size_t{0xE2}, std::size_t{0xEF}}) plain[lead] = false;
  return plain;
}();

// How many bytes from text[i] on are plain.
std::size_t plain_run(std::string_view text, std::size_t i) {
  std::size_t end = i;
  while (end < text.size() && kPlainBytes[static_cast<unsigned char>(text[end])]) ++end;
  return end - i;
}

}  // namespace

void MarkdownWriter::write_plain(Buffer& b, std::string_view run) {
  words_.feed_within_word(run);
  last_text_char_ = run.back();
  if (code_depth_ == 0 && preformatted_depth_ == 0 && text_sample_.size() < kTextSampleLimit) {
    text_sample_.append(run.substr(0, kTextSampleLimit - text_sample_.size()));
  }
  b.out.append(run);
}

void MarkdownWriter::sample_char(char c) {
  last_text_char_ = c;
  if (code_depth_ > 0 || preformatted_depth_ > 0 || text_sample_.size() >= kTextSampleLimit) return;
  if (is_ascii_space(c)) {
    if (!text_sample_.empty() && text_sample_.back() != ' ') text_sample_.push_back(' ');
  } else {
    text_sample_.push_back(c);
  }
}

void MarkdownWriter::flush_pending(Buffer& b) {
  if (b.out.empty()) {
    b.pending_break = 0;
    b.pending_hard_break = false;
    b.pending_space = false;
    return;
  }
  if (b.pending_break > 0) {
    b.out += b.pending_break >= 2 ? "\n\n" : "\n";
    b.last_was_list = false;
  } else if (b.pending_hard_break) {
    b.out += cell_depth_ > 0 ? "<br>" : "\\\n";
  } else if (b.pending_space && b.out.back() != ' ' && b.out.back() != '\n') {
    b.out.push_back(' ');
  }
  b.pending_break = 0;
  b.pending_hard_break = false;
  b.pending_space = false;
}

void MarkdownWriter::text(std::string_view text) {
  Buffer& b = top();
  if (b.kind == BufferKind::table || b.kind == BufferKind::table_row) return;  // whitespace between cells
  if (b.kind == BufferKind::preformatted || preformatted_depth_ > 0) {
    raw_text(text);
    return;
  }
  if (space_before_word_ && !text.empty()) {
    space_before_word_ = false;
    if (is_ascii_alnum(text.front())) space(b, ' ');
  }
  if (word_gap_ && !text.empty()) {
    word_gap_ = false;
    if (is_ascii_alnum(last_text_char_) && is_ascii_alnum(text.front()) && !continues_number(text)) space(b, ' ');
  }
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    // A no-break space lays text out like any other space; in Markdown it only hides as a blank.
    const bool nbsp = c == '\xC2' && i + 1 < text.size() && text[i + 1] == '\xA0';
    if (nbsp) ++i;
    if (is_ascii_space(c) || nbsp) {
      space(b, c);
      ++i;
      continue;
    }
    if (const std::size_t invisible = invisible_break_at(text, i); invisible > 0) {
      i += invisible;
      continue;
    }
    flush_pending(b);
    // A run of plain bytes at once: escaping them one by one cost more than the rest of the writing.
    if (const std::size_t plain = plain_run(text, i); plain > 0) {
      write_plain(b, text.substr(i, plain));
      i += plain;
      continue;
    }
    escape_into(b, text, i);
  }
}

// Whether `text` goes on with the number just written: its cents ("19" "99") or an ordinal's
// ending ("1" "st").
bool MarkdownWriter::continues_number(std::string_view text) const {
  if (!is_ascii_digit(last_text_char_)) return false;
  if (is_ascii_digit(text.front())) return true;
  const std::string_view ending = text.substr(0, 2);
  const bool ordinal = ending == "st" || ending == "nd" || ending == "rd" || ending == "th";
  return ordinal && (text.size() == 2 || !is_ascii_alnum(text[2]));
}

void MarkdownWriter::space(Buffer& b, char c) {
  if (b.out.empty() && b.pending_break == 0) b.leading_space = true;
  b.pending_space = true;
  words_.boundary();
  sample_char(c);
}

void MarkdownWriter::separate_words() { word_gap_ = code_depth_ == 0; }

// Writes text[i] (and advances i), escaped for where it stands.
void MarkdownWriter::escape_into(Buffer& b, std::string_view text, std::size_t& i) {
  const char c = text[i];
  words_.feed(c);
  sample_char(c);
  if (literal_text()) {
    b.out.push_back(c);
    ++i;
    return;
  }
  const bool line_start = b.out.empty() || b.out.back() == '\n';
  const char next = i + 1 < text.size() ? text[i + 1] : '\0';
  if (line_start) {
    // Characters that would open a block construct at the start of a line.
    if (c == '#' || c == '>' || c == '=' ||
        ((c == '-' || c == '+') && (next == '\0' || next == ' ' || next == c || next == '\t'))) {
      b.out.push_back('\\');
      b.out.push_back(c);
      ++i;
      return;
    }
  }
  if ((c == '.' || c == ')') && (next == '\0' || next == ' ' || next == '\t') && follows_line_start_digits(b.out)) {
    // "1. " and "1) " would start an ordered list, also when the digits came in an earlier chunk.
    b.out.push_back('\\');
    b.out.push_back(c);
    ++i;
    return;
  }
  switch (c) {
    case '\\':
    case '`':
    case '*':
    case '[':
    case ']':
    case '~': b.out.push_back('\\'); break;
    case '_': {
      const bool inside_word = !b.out.empty() && is_ascii_alnum(b.out.back()) && is_ascii_alnum(next);
      if (!inside_word) b.out.push_back('\\');
      break;
    }
    case '<':
      if ((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || next == '/' || next == '!' || next == '?') {
        b.out.push_back('\\');
      }
      break;
    case '&':
      if (is_ascii_alnum(next) || next == '#') b.out.push_back('\\');
      break;
    case '|':
      if (cell_depth_ > 0) b.out.push_back('\\');
      break;
    default: break;
  }
  b.out.push_back(c);
  ++i;
}

void MarkdownWriter::raw_text(std::string_view text) {
  Buffer& b = top();
  if (b.line_pending && !text.empty()) {
    b.line_pending = false;
    // A line already begun only by the page's indentation (newlines and spaces between the lines'
    // elements) is where the next one starts.
    const std::size_t line_start = b.out.find_last_of('\n') + 1;  // 0 when there is none
    const bool only_indented = b.out.find_first_not_of(" \t", line_start) == std::string::npos;
    if (!only_indented && text.front() != '\n') {
      b.out.push_back('\n');
      words_.boundary();
    }
  }
  words_.feed(text);
  b.out.append(text);
}

void MarkdownWriter::preformatted_line() { top().line_pending = true; }

void MarkdownWriter::block_break() {
  Buffer& b = top();
  b.pending_break = std::max(b.pending_break, 2);
  b.pending_hard_break = false;
  words_.boundary();
  sample_char(' ');
}

void MarkdownWriter::hard_break() {
  Buffer& b = top();
  if (b.kind == BufferKind::table || b.kind == BufferKind::table_row) return;
  words_.boundary();
  sample_char(' ');
  if (b.out.empty()) return;
  if (b.pending_hard_break) {
    b.pending_hard_break = false;
    b.pending_break = std::max(b.pending_break, 2);
    return;
  }
  if (b.pending_break == 0) b.pending_hard_break = true;
}

void MarkdownWriter::image(std::string_view alt, std::string_view url) {
  Buffer& b = top();
  if (b.kind == BufferKind::table || b.kind == BufferKind::table_row) return;
  flush_pending(b);
  b.out += "![";
  b.out += escape_label(alt);
  b.out += "](";
  b.out += escape_destination(url);
  b.out += ')';
}

void MarkdownWriter::formula(std::string_view latex, bool display) {
  Buffer& b = top();
  if (b.kind == BufferKind::table || b.kind == BufferKind::table_row) return;
  if (literal_text() || preformatted_depth_ > 0) {
    text(latex);
    return;
  }
  std::string tex;
  for (const char c : collapse_whitespace(latex)) {
    if (c == '|' && cell_depth_ > 0) tex.push_back('\\');
    tex.push_back(c);
  }
  if (tex.empty()) return;
  word_gap_ = false;
  words_.boundary();
  words_.feed(tex);
  words_.boundary();
  last_text_char_ = '$';
  if (display && cell_depth_ == 0 && b.kind != BufferKind::inline_span) {
    append_block(b, "$$\n" + tex + "\n$$");
    return;
  }
  const std::string_view delimiter = display ? "$$" : "$";
  flush_pending(b);
  b.out.append(delimiter).append(tex).append(delimiter);
}

// Emphasis delimiters next to a letter open or close a span only when the span's text does not
// begin or end with punctuation ("a**[b](…)**c" shows its asterisks): a space keeps the words
// apart where the text would otherwise join them.
void MarkdownWriter::keep_delimiters_flanking(Buffer& parent, std::string_view content) {
  const auto punctuation = [](char c) {
    return !is_ascii_alnum(c) && !is_ascii_space(c) && static_cast<unsigned char>(c) < 0x80;
  };
  if (punctuation(content.front()) && !parent.out.empty() && is_ascii_alnum(parent.out.back())) {
    parent.pending_space = true;
  }
  space_before_word_ = punctuation(content.back());
}

void MarkdownWriter::append_inline(Buffer& parent, const Buffer& child, std::string_view rendered) {
  // A space just inside a span goes outside it, into the span around it too when that is empty so
  // far: "with<b><a> one</a></b>" is "with **[one](…)**", not "with**[one](…)**".
  if (child.leading_space) {
    if (parent.out.empty() && parent.pending_break == 0) parent.leading_space = true;
    parent.pending_space = true;
  }
  if (!rendered.empty()) {
    flush_pending(parent);
    parent.out.append(rendered);
  }
  if (child.pending_space) parent.pending_space = true;
  if (child.pending_hard_break && !parent.out.empty()) parent.pending_hard_break = true;
  if (child.pending_break > 0) parent.pending_break = std::max(parent.pending_break, child.pending_break);
  if (child.has_block) parent.has_block = true;
}

void MarkdownWriter::open_inline(InlineKind kind) {
  Buffer b;
  b.kind = BufferKind::inline_span;
  b.inline_kind = kind;
  const auto index = static_cast<std::size_t>(kind);
  // Nested spans of one kind, and any span inside code, add no meaning and would break the syntax.
  b.wrap = inline_depth_[index] == 0 && code_depth_ == 0;
  ++inline_depth_[index];
  if (kind == InlineKind::code) ++code_depth_;
  buffers_.push_back(std::move(b));
}

void MarkdownWriter::close_inline(InlineKind kind, std::string_view target) {
  --inline_depth_[static_cast<std::size_t>(kind)];
  if (kind == InlineKind::code) --code_depth_;
  Buffer child = pop();
  Buffer& parent = top();
  const std::string_view content = child.out;
  const bool blocks_inside = child.has_block || content.find("\n\n") != std::string_view::npos;
  if (blocks_inside) {
    // Emphasis or a link around whole blocks cannot be written in Markdown: keep the blocks.
    append_block(parent, trim(content));
    return;
  }
  if (!child.wrap || content.empty()) {
    append_inline(parent, child, content);
    return;
  }
  const bool delimited =
      kind == InlineKind::emphasis || kind == InlineKind::strong || kind == InlineKind::strikethrough;
  if (delimited) keep_delimiters_flanking(parent, content);
  std::string rendered;
  switch (kind) {
    case InlineKind::emphasis: rendered = "*" + child.out + "*"; break;
    case InlineKind::strong: rendered = "**" + child.out + "**"; break;
    case InlineKind::strikethrough: rendered = "~~" + child.out + "~~"; break;
    case InlineKind::code: {
      std::string code;
      for (char c : content) {
        if (c == '\n') {
          code.push_back(' ');
          continue;
        }
        if (c == '|' && cell_depth_ > 0) code.push_back('\\');
        code.push_back(c);
      }
      const std::string fence(longest_run(code, '`') + 1, '`');
      const bool pad = code.front() == '`' || code.back() == '`' || (code.front() == ' ' && code.back() == ' ');
      rendered = fence + (pad ? " " : "") + code + (pad ? " " : "") + fence;
      break;
    }
    case InlineKind::link:
      if (target.empty()) {
        rendered = child.out;
      } else if (is_autolink(child.out, target)) {
        // A link whose text is its own address reads best as an autolink.
        rendered = '<';
        rendered += target;
        rendered += '>';
      } else {
        rendered = "[" + child.out + "](" + escape_destination(target) + ")";
      }
      break;
  }
  append_inline(parent, child, rendered);
}

}  // namespace pagemd::extract
