#include "parse/tokenizer/html_tokenizer.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "text/text_util.hpp"

// The tokenizer's tag states: a start or end tag, its name and attributes, and the doctype with
// what it says of the document's quirks mode. html_tokenizer.cpp finds where each begins.

namespace pagemd::extract::html {
namespace {

// What a byte is to the names of a tag: every tag's name and attributes' names are read through this
// table, a lookup a byte rather than seven comparisons, and lowered only when a letter is upper-case.
enum NameByte : std::uint8_t { kEndsTagName = 1, kEndsAttributeName = 2, kUpperCase = 4 };
constexpr std::array<std::uint8_t, 256> kNameBytes = [] {
  std::array<std::uint8_t, 256> bytes{};
  for (std::size_t byte = 0; byte < bytes.size(); ++byte) {
    const char c = static_cast<char>(byte);
    if (Tokenizer::ends_name(c)) bytes[byte] = kEndsTagName | kEndsAttributeName;
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

}  // namespace pagemd::extract::html
