#include "parse/html_tokenizer.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <iterator>

#include "markup/script_data.hpp"
#include "text/text_util.hpp"
#include "text/utf8.hpp"

namespace pagemd::extract::html {
namespace {

// Ends a tag or attribute name.
constexpr bool ends_name(char c) { return is_ascii_space(c) || c == '/' || c == '>'; }

// What a byte is to the names of a tag: every tag's name and attributes' names are read through this
// table, a lookup a byte rather than seven comparisons, and lowered only when a letter is upper-case.
enum NameByte : std::uint8_t { kEndsTagName = 1, kEndsAttributeName = 2, kUpperCase = 4 };
constexpr std::array<std::uint8_t, 256> kNameBytes = [] {
  std::array<std::uint8_t, 256> bytes{};
  for (std::size_t byte = 0; byte < bytes.size(); ++byte) {
    const char c = static_cast<char>(byte);
    if (ends_name(c)) bytes[byte] = kEndsTagName | kEndsAttributeName;
    if (c == '=') bytes[byte] = kEndsAttributeName;
    if (c != ascii_lower(c)) bytes[byte] = kUpperCase;
  }
  return bytes;
}();

// The end of the name that starts at `i` (the first byte from `i` that is one of `ends`, or the end
// of `in`), and whether an upper-case letter comes before it.
std::size_t name_end(std::string_view in, std::size_t i, std::uint8_t ends, bool& upper_case) {
  std::uint8_t seen = 0;
  for (; i < in.size(); ++i) {
    const std::uint8_t byte = kNameBytes[static_cast<unsigned char>(in[i])];
    if ((byte & ends) != 0) break;
    seen |= byte;
  }
  upper_case = (seen & kUpperCase) != 0;
  return i;
}

void append_lower(std::string& out, std::string_view text) {
  for (const char c : text) out.push_back(ascii_lower(c));
}

// Whether a doctype's public identifier names an HTML version before 4.01 (or 4.01 without its
// system identifier), which the standard renders in quirks mode. The standard lists some sixty
// identifiers; they share these prefixes.
bool is_quirks_public_id(std::string_view id, bool has_system_id) {
  static constexpr std::array<std::string_view, 21> kPrefixes = {
      "+//silmaril//",
      "-//as//",
      "-//advasoft ltd//",
      "-//ietf//dtd html",
      "-//metrius//",
      "-//microsoft//",
      "-//netscape comm. corp.//",
      "-//o'reilly and associates//",
      "-//sq//",
      "-//softquad software//",
      "-//softquad//",
      "-//spyglass//",
      "-//sun microsystems corp.//",
      "-//w3c//dtd html 3",
      "-//w3c//dtd html 4.0 frameset//",
      "-//w3c//dtd html 4.0 transitional//",
      "-//w3c//dtd html experimental",
      "-//w3c//dtd w3 html//",
      "-//w3o//dtd w3 html 3.0//",
      "-//webtechs//",
      "-/w3c/dtd html 4.0 transitional/en",
  };
  const std::string lower = core::ascii_lower_copy(id);
  if (lower == "html" || lower == "-//w3o//dtd w3 html strict 3.0//en//") return true;
  for (const std::string_view prefix : kPrefixes) {
    if (std::string_view(lower).starts_with(prefix)) return true;
  }
  return !has_system_id && (std::string_view(lower).starts_with("-//w3c//dtd html 4.01 frameset//") ||
                            std::string_view(lower).starts_with("-//w3c//dtd html 4.01 transitional//"));
}

}  // namespace

bool quirks_mode(const Token& doctype) {
  if (doctype.force_quirks || doctype.name != "html") return true;
  if (doctype.has_system_id &&
      core::equals_ignore_case(doctype.system_id, "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd")) {
    return true;
  }
  return doctype.has_public_id && is_quirks_public_id(doctype.public_id, doctype.has_system_id);
}

const Token& Tokenizer::next() {
  const std::size_t start = pos_;
  const bool in_markup = mode_ == TextMode::data;
  next_raw();
  if (has_nul_ && token_.kind != TokenKind::end_of_file &&
      std::memchr(in_.data() + start, '\0', pos_ - start) != nullptr) {
    replace_nul_in_token(in_markup);
  }
  return token_;
}

void Tokenizer::replace_nul_in_token(bool in_markup) {
  rewritten_.clear();
  switch (token_.kind) {
    case TokenKind::characters:
      if (!in_markup || !nul_kept_in_text_) token_.text = without_nul(token_.text, in_markup);
      break;
    case TokenKind::comment: token_.text = without_nul(token_.text, false); break;
    case TokenKind::doctype: token_.name = without_nul(token_.name, false); break;
    case TokenKind::start_tag:
    case TokenKind::end_tag:
      if (const std::string_view name = without_nul(token_.name, false); name.data() != token_.name.data()) {
        token_.name = name;
        token_.tag = tag_from_name(name);
      }
      for (TokenAttribute& attribute : token_.attributes) {
        attribute.name = without_nul(attribute.name, false);
        attribute.value = without_nul(attribute.value, false);
      }
      break;
    case TokenKind::end_of_file: break;
  }
}

std::string_view Tokenizer::without_nul(std::string_view text, bool drop) {
  if (text.find('\0') == std::string_view::npos) return text;
  std::string& out = rewritten_.emplace_back();
  for (const char c : text) {
    if (c != '\0') {
      out.push_back(c);
    } else if (!drop) {
      out.append("\xEF\xBF\xBD");
    }
  }
  return out;
}

void Tokenizer::next_raw() {
  token_.attributes.clear();
  token_.self_closing = false;
  token_.text = {};
  while (true) {
    if (pos_ >= in_.size()) {
      token_.kind = TokenKind::end_of_file;
      return;
    }
    switch (mode_) {
      case TextMode::plaintext: characters(in_.size(), false); return;
      case TextMode::rcdata:
      case TextMode::rawtext:
      case TextMode::script: raw_text(); return;
      case TextMode::data: break;
    }
    if (in_[pos_] != '<') {
      const void* lt = std::memchr(in_.data() + pos_, '<', in_.size() - pos_);
      characters(lt == nullptr ? in_.size() : static_cast<std::size_t>(static_cast<const char*>(lt) - in_.data()),
                 true);
      return;
    }
    if (markup()) return;
  }
}

void Tokenizer::switch_to(TextMode mode, std::string_view element_name) {
  mode_ = mode;
  end_tag_name_.assign(element_name);
}

void Tokenizer::characters(std::size_t end, bool references) {
  token_.kind = TokenKind::characters;
  const std::string_view run = in_.substr(pos_, end - pos_);
  if (!references || run.find('&') == std::string_view::npos) {
    token_.text = run;
    pos_ = end;
    return;
  }
  text_.clear();
  while (pos_ < end) {
    const std::size_t amp = in_.find('&', pos_);
    if (amp == std::string_view::npos || amp >= end) {
      text_.append(in_.substr(pos_, end - pos_));
      break;
    }
    text_.append(in_.substr(pos_, amp - pos_));
    pos_ = amp;
    reference(text_, false);
  }
  pos_ = end;
  token_.text = text_;
}

bool Tokenizer::markup() {
  const std::size_t lt = pos_;
  const std::size_t n = in_.size();
  auto text_from = [&](std::size_t from) {
    // A '<' that starts nothing is text, up to the next '<'.
    const std::size_t next_lt = in_.find('<', from);
    characters(next_lt == std::string_view::npos ? n : next_lt, true);
    return true;
  };
  // A bogus comment: its text runs from `from` to the next '>'.
  auto skip_to_gt = [&](std::size_t from) {
    const std::size_t gt = in_.find('>', from);
    return gt == std::string_view::npos ? comment(from, n, n) : comment(from, gt, gt + 1);
  };
  if (lt + 1 >= n) return text_from(lt + 1);
  const char c = in_[lt + 1];
  if (is_ascii_alpha(c)) return tag(lt + 1, false);
  if (c == '/') {
    if (lt + 2 >= n) return text_from(lt + 2);
    if (is_ascii_alpha(in_[lt + 2])) return tag(lt + 2, true);
    if (in_[lt + 2] == '>') {
      pos_ = lt + 3;
      return false;
    }
    return skip_to_gt(lt + 2);  // a bogus comment
  }
  if (c == '!') {
    const std::string_view rest = in_.substr(lt + 2);
    if (rest.starts_with("--")) {
      const std::size_t from = lt + 4;
      // "<!-->" and "<!--->" are complete, empty comments.
      if (at(from, '>')) return comment(from, from, from + 1);
      if (at(from, '-') && at(from + 1, '>')) return comment(from, from, from + 2);
      for (std::size_t p = from;;) {
        const std::size_t dashes = in_.find("--", p);
        if (dashes == std::string_view::npos) {
          // At the end of the input the comment ends, without the dashes (and '!') that began to close it.
          std::string_view text = in_.substr(from);
          if (text.ends_with("--!")) {
            text.remove_suffix(3);
          } else if (text.ends_with("--")) {
            text.remove_suffix(2);
          } else if (text.ends_with('-')) {
            text.remove_suffix(1);
          }
          return comment(from, from + text.size(), n);
        }
        if (at(dashes + 2, '>')) return comment(from, dashes, dashes + 3);
        if (at(dashes + 2, '!') && at(dashes + 3, '>')) return comment(from, dashes, dashes + 4);
        p = dashes + 1;
      }
    }
    if (cdata_allowed_ && rest.starts_with("[CDATA[")) {
      const std::size_t close = in_.find("]]>", lt + 9);
      const std::size_t end = close == std::string_view::npos ? n : close;
      token_.kind = TokenKind::characters;
      token_.text = in_.substr(lt + 9, end - lt - 9);
      pos_ = close == std::string_view::npos ? n : close + 3;
      if (token_.text.empty()) return false;
      return true;
    }
    if (rest.size() >= 7 && core::equals_ignore_case(rest.substr(0, 7), "doctype")) {
      const std::size_t gt = in_.find('>', lt + 9);
      doctype(lt + 9, gt == std::string_view::npos ? n : gt);
      pos_ = gt == std::string_view::npos ? n : gt + 1;
      return true;
    }
    return skip_to_gt(lt + 2);
  }
  if (c == '?') return skip_to_gt(lt + 1);
  return text_from(lt + 1);
}

bool Tokenizer::comment(std::size_t begin, std::size_t end, std::size_t next) {
  pos_ = next;
  if (!comments_) return false;
  token_.kind = TokenKind::comment;
  token_.text = in_.substr(begin, end - begin);
  return true;
}

bool Tokenizer::tag(std::size_t name_begin, bool end_tag) {
  const std::size_t n = in_.size();
  buffer_.clear();
  pending_.clear();
  bool name_lowered = false;
  std::size_t i = name_end(in_, name_begin, kEndsTagName, name_lowered);
  if (i >= n) {
    pos_ = n;  // the input ends inside the tag: no token
    return false;
  }
  const std::string_view raw_name = in_.substr(name_begin, i - name_begin);
  if (name_lowered) append_lower(buffer_, raw_name);

  enum class State : std::uint8_t { before_name, after_name, before_value, after_quoted, self_closing };
  State state = State::before_name;
  bool self_closing = false;
  // Past the bound, attributes are read (the tag must still end where it ends) but not kept.
  std::size_t written_attributes = 0;
  // Starts an attribute whose name begins at `begin`; the name runs to whitespace, '/', '>' or '='.
  auto attribute_name = [&](std::size_t begin) {
    // The first character may be '='.
    bool upper_case = in_[begin] != ascii_lower(in_[begin]);
    bool upper_case_after_first = false;
    const std::size_t j = name_end(in_, begin + 1, kEndsAttributeName, upper_case_after_first);
    if (++written_attributes > kMaxAttributes) return j;
    const std::string_view name = in_.substr(begin, j - begin);
    PendingAttribute attribute{begin, name.size(), 0, 0, false, false};
    if (upper_case || upper_case_after_first) {
      attribute.name_begin = buffer_.size();
      attribute.name_in_buffer = true;
      append_lower(buffer_, name);
    }
    pending_.push_back(attribute);
    return j;
  };
  // Reads a value from `begin` to `end` (exclusive), decoding references when it holds any.
  auto set_value = [&](std::size_t begin, std::size_t end) {
    if (written_attributes > kMaxAttributes) return;
    PendingAttribute& attribute = pending_.back();
    const std::string_view value = in_.substr(begin, end - begin);
    if (value.find('&') == std::string_view::npos) {
      attribute.value_begin = begin;
      attribute.value_size = value.size();
      return;
    }
    attribute.value_in_buffer = true;
    attribute.value_begin = buffer_.size();
    const std::size_t saved = pos_;
    pos_ = begin;
    while (pos_ < end) {
      if (in_[pos_] == '&') {
        reference(buffer_, true);
      } else {
        buffer_.push_back(in_[pos_++]);
      }
    }
    pos_ = saved;
    attribute.value_size = buffer_.size() - attribute.value_begin;
  };

  bool complete = false;
  while (!complete) {
    if (i >= n) {
      pos_ = n;
      return false;
    }
    const char c = in_[i];
    switch (state) {
      case State::before_name:
        if (is_ascii_space(c)) {
          ++i;
        } else if (c == '/') {
          state = State::self_closing;
          ++i;
        } else if (c == '>') {
          ++i;
          complete = true;
        } else {
          i = attribute_name(i);
          state = State::after_name;
        }
        break;
      case State::after_name:
        if (is_ascii_space(c)) {
          ++i;
        } else if (c == '=') {
          state = State::before_value;
          ++i;
        } else if (c == '/') {
          state = State::self_closing;
          ++i;
        } else if (c == '>') {
          ++i;
          complete = true;
        } else {
          i = attribute_name(i);
        }
        break;
      case State::before_value:
        if (is_ascii_space(c)) {
          ++i;
        } else if (c == '"' || c == '\'') {
          const std::size_t close = in_.find(c, i + 1);
          if (close == std::string_view::npos) {
            pos_ = n;
            return false;
          }
          set_value(i + 1, close);
          i = close + 1;
          state = State::after_quoted;
        } else if (c == '>') {
          ++i;
          complete = true;
        } else {
          std::size_t j = i;
          while (j < n && !is_ascii_space(in_[j]) && in_[j] != '>') ++j;
          if (j >= n) {
            pos_ = n;
            return false;
          }
          set_value(i, j);
          i = j;
          state = State::before_name;
        }
        break;
      case State::after_quoted:
        state = State::before_name;  // "missing whitespace between attributes" reconsumes
        break;
      case State::self_closing:
        if (c == '>') {
          self_closing = true;
          ++i;
          complete = true;
        }
        state = State::before_name;
        break;
    }
  }
  pos_ = i;
  token_.kind = end_tag ? TokenKind::end_tag : TokenKind::start_tag;
  token_.name = name_lowered ? std::string_view(buffer_).substr(0, raw_name.size()) : raw_name;
  token_.tag = tag_from_name(token_.name);
  token_.self_closing = self_closing;
  if (end_tag) return true;
  const std::string_view buffer = buffer_;
  for (const PendingAttribute& attribute : pending_) {
    const std::string_view name =
        (attribute.name_in_buffer ? buffer : in_).substr(attribute.name_begin, attribute.name_size);
    const bool duplicate = std::any_of(token_.attributes.begin(), token_.attributes.end(),
                                       [&](const TokenAttribute& earlier) { return earlier.name == name; });
    if (duplicate) continue;
    token_.attributes.push_back(
        {name, (attribute.value_in_buffer ? buffer : in_).substr(attribute.value_begin, attribute.value_size)});
  }
  return true;
}

void Tokenizer::doctype(std::size_t body_begin, std::size_t end) {
  token_ = Token{};
  token_.kind = TokenKind::doctype;
  buffer_.clear();
  std::size_t i = body_begin;
  auto skip_space = [&] {
    while (i < end && is_ascii_space(in_[i])) ++i;
  };
  skip_space();
  const std::size_t name_begin = i;
  while (i < end && !is_ascii_space(in_[i])) ++i;
  append_lower(buffer_, in_.substr(name_begin, i - name_begin));
  token_.name = buffer_;
  token_.force_quirks = buffer_.empty() || end >= in_.size();
  skip_space();
  // A quoted identifier at `i`; false (quirks) when there is none or it runs to the end.
  auto quoted = [&](std::string_view& id) {
    if (i >= end || (in_[i] != '"' && in_[i] != '\'')) return false;
    const std::size_t close = in_.find(in_[i], i + 1);
    if (close == std::string_view::npos || close > end) {
      id = in_.substr(i + 1, end - i - 1);
      i = end;
      return false;
    }
    id = in_.substr(i + 1, close - i - 1);
    i = close + 1;
    return true;
  };
  if (i >= end) return;
  const std::string_view keyword = in_.substr(i, std::min<std::size_t>(6, end - i));
  if (core::equals_ignore_case(keyword, "public")) {
    i += 6;
    skip_space();
    token_.has_public_id = true;
    if (!quoted(token_.public_id)) {
      token_.force_quirks = true;
      return;
    }
    skip_space();
    if (i < end) {
      token_.has_system_id = true;
      if (!quoted(token_.system_id)) token_.force_quirks = true;
    }
  } else if (core::equals_ignore_case(keyword, "system")) {
    i += 6;
    skip_space();
    token_.has_system_id = true;
    if (!quoted(token_.system_id)) token_.force_quirks = true;
  } else {
    token_.force_quirks = true;
  }
}

std::size_t Tokenizer::raw_text_end(std::string_view lower_name) const {
  const std::size_t n = in_.size();
  for (std::size_t p = pos_;;) {
    const std::size_t lt = in_.find("</", p);
    if (lt == std::string_view::npos) return n;
    const std::size_t after = lt + 2 + lower_name.size();
    if (after < n && ends_name(in_[after]) &&
        core::equals_ignore_case(in_.substr(lt + 2, lower_name.size()), lower_name)) {
      return lt;
    }
    p = lt + 2;
  }
}

std::string_view Tokenizer::raw_text_ahead(std::string_view lower_name) const {
  return in_.substr(pos_, raw_text_end(lower_name) - pos_);
}

void Tokenizer::raw_text() {
  const std::size_t n = in_.size();
  const std::size_t close =
      mode_ == TextMode::script ? std::min(script_data_end(in_, pos_), n) : raw_text_end(end_tag_name_);
  if (close > pos_) {
    characters(close, mode_ == TextMode::rcdata);
    return;
  }
  mode_ = TextMode::data;
  if (!tag(close + 2, true)) token_.kind = TokenKind::end_of_file;
}

}  // namespace pagemd::extract::html
