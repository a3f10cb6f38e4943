#include "parse/tokenizer/html_tokenizer.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <iterator>

#include "markup/script_data.hpp"
#include "text/text_util.hpp"
#include "text/utf8.hpp"

// The tokenizer's driver: which state reads what comes next, text with its character references
// (html_references.cpp), comments, and the raw text of a <script>, <style> or <title>; tags and
// doctypes are read in tag_tokens.cpp.

namespace pagemd::extract::html {

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
