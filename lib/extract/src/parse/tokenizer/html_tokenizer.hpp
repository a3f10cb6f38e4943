#pragma once

// Stage 2, parse: the HTML tokenizer of the WHATWG standard ("13.2.5 Tokenization"), over UTF-8
// HTML with line breaks normalised to LF by the caller (Document::build, which for a page removes
// NUL as well). The tree builder (parse/tree_builder.hpp) pulls tokens
// and says when an element's content is raw text.
//
// Tokens are views: into the input where it can be taken as written, otherwise into buffers of
// the tokenizer, valid until the next call. A page is tokenized without an allocation per tag.

#include "markup/html_tags.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "parse/dom.hpp"
#include "text/text_util.hpp"

namespace pagemd::extract::html {

enum class TokenKind : std::uint8_t { characters, start_tag, end_tag, doctype, comment, end_of_file };

// Name lower-case, value with character references decoded.
using TokenAttribute = Attribute;

struct Token {
  TokenKind kind = TokenKind::end_of_file;
  std::string_view text;  // characters: a run of text, character references decoded; comment: its text
  std::string_view name;  // tags: the lower-case tag name; doctype: its name
  HtmlTag tag = HtmlTag::unknown;
  std::vector<TokenAttribute> attributes;  // the first of each name, as the standard keeps
  bool self_closing = false;
  // Doctype only: what decides the document's quirks mode.
  bool force_quirks = false;
  bool has_public_id = false;
  bool has_system_id = false;
  std::string_view public_id;
  std::string_view system_id;
};

// Attributes an element keeps; the rest of its start tag is read but dropped. No real page comes
// near, and each attribute is checked against the ones before it (the first of a name counts): a
// hostile element with 300,000 attributes would take minutes.
inline constexpr std::size_t kMaxAttributes = 256;

// How the content of the element just opened is read.
enum class TextMode : std::uint8_t {
  data,       // markup
  rcdata,     // <title>, <textarea>: text with character references, up to the end tag
  rawtext,    // <xmp>, <iframe>, <noembed>, <noframes>, <style>: text as written, up to the end tag
  script,     // <script>: as rawtext, but a "</script>" inside "<!--<script>" does not end it
  plaintext,  // <plaintext>: the rest of the document is text
};

// Whether a doctype puts the document in quirks mode (where, for one, <table> leaves an open <p>
// open). Limited-quirks mode builds the same trees as no-quirks and counts as it.
[[nodiscard]] bool quirks_mode(const Token& doctype);

class Tokenizer {
 public:
  // Comments are skipped unless `comments` asks for comment tokens.
  explicit Tokenizer(std::string_view html, bool comments = false)
      : in_(html), comments_(comments), has_nul_(html.find('\0') != std::string_view::npos) {}

  // The next token; its views last until the next call. After the end, always end_of_file.
  const Token& next();

  // Whether a byte ends a tag's or an attribute's name, and so a raw-text element's end tag.
  static constexpr bool ends_name(char c) { return is_ascii_space(c) || c == '/' || c == '>'; }

  // Whether "<![CDATA[" starts a CDATA section (the current node is foreign) rather than a bogus comment.
  void allow_cdata(bool allowed) { cdata_allowed_ = allowed; }

  // Whether NUL in text is left in for the tree builder, which reads text in foreign content as
  // U+FFFD where HTML's own drops it.
  void keep_nul_in_text(bool kept) { nul_kept_in_text_ = kept; }

  // Reads what follows the start tag just returned in `mode`, up to "</name" for rcdata and rawtext.
  void switch_to(TextMode mode, std::string_view element_name);

  // What follows the start tag just returned, up to "</name" (or the end) as raw text would read
  // it: the tree builder looks ahead to decide how to read a <noscript>.
  [[nodiscard]] std::string_view raw_text_ahead(std::string_view lower_name) const;

 private:
  struct PendingAttribute {
    std::size_t name_begin, name_size;
    std::size_t value_begin, value_size;
    bool name_in_buffer, value_in_buffer;
  };

  void next_raw();
  void characters(std::size_t end, bool references);
  bool markup();
  // A comment (or a bogus one) whose text runs from `begin` to `end`, the whole ending before `next`.
  bool comment(std::size_t begin, std::size_t end, std::size_t next);
  bool tag(std::size_t name_begin, bool end_tag);
  void doctype(std::size_t body_begin, std::size_t end);
  void raw_text();
  // Where raw text from the current position ends: the '<' of the first "</name" followed by
  // whitespace, '/' or '>', or the input's end.
  [[nodiscard]] std::size_t raw_text_end(std::string_view lower_name) const;
  // The standard's handling of NUL, which a page's parse removes but the tokenizer may
  // still meet (the conformance suite): dropped from markup's text, U+FFFD everywhere else.
  void replace_nul_in_token(bool in_markup);
  [[nodiscard]] std::string_view without_nul(std::string_view text, bool drop);
  // Appends the text of the character reference at `pos_` ('&') to `out` and moves past it.
  void reference(std::string& out, bool in_attribute);
  [[nodiscard]] bool at(std::size_t i, char c) const { return i < in_.size() && in_[i] == c; }

  std::string_view in_;
  std::size_t pos_ = 0;
  bool comments_ = false;
  bool has_nul_ = false;
  bool cdata_allowed_ = false;
  bool nul_kept_in_text_ = false;
  Token token_;
  TextMode mode_ = TextMode::data;
  std::string end_tag_name_;  // what ends rcdata or rawtext
  std::string text_;          // decoded text
  std::string buffer_;        // lower-cased names and decoded attribute values of one tag
  std::vector<PendingAttribute> pending_;
  // The text of a token that held NUL, rewritten; a deque, so that views into it stay valid.
  std::deque<std::string> rewritten_;
};

}  // namespace pagemd::extract::html
