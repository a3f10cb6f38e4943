#include "decode/prepass.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "decode/open_elements.hpp"
#include "markup/script_data.hpp"
#include "text/text_util.hpp"

// Where a construct begins and ends follows the WHATWG tokenizer, so that every byte this scan
// keeps is tokenized by gumbo exactly as it would have been in the original document. How deep
// the kept tags would nest is for the model of the tree builder (open_elements.hpp) to say.

namespace pagemd::extract {
namespace {

using namespace prepass_detail;

// Where the names starting with each letter begin in kTags: a tag lookup then compares a handful
// of names of the right length instead of binary-searching all of them.
constexpr auto kFirstLetter = [] {
  std::array<std::uint8_t, 27> starts{};
  std::size_t t = 0;
  for (std::size_t letter = 0; letter < 26; ++letter) {
    while (t < kTags.size() && kTags[t].name[0] < static_cast<char>('a' + letter)) ++t;
    starts[letter] = static_cast<std::uint8_t>(t);
  }
  starts[26] = static_cast<std::uint8_t>(kTags.size());
  return starts;
}();

// `name` starts with an ASCII letter, as every tag name does.
std::uint16_t lookup(std::string_view name) {
  if (name.size() > kLongestTagName) return 0;
  std::array<char, kLongestTagName> lower{};
  for (std::size_t i = 0; i < name.size(); ++i) lower[i] = to_lower(name[i]);
  const std::string_view key(lower.data(), name.size());
  const auto letter = static_cast<std::size_t>(key[0] - 'a');
  for (std::size_t t = kFirstLetter[letter]; t < kFirstLetter[letter + 1]; ++t) {
    if (kTags[t].name == key) return static_cast<std::uint16_t>(t + 1);
  }
  return 0;
}

bool is_ld_json(std::string_view type) {
  type = type.substr(0, type.find(';'));
  return core::equals_ignore_case(core::trim(type), "application/ld+json");
}

// A script type a browser runs (module, text/javascript and its aliases), rather than data.
bool is_script_type(std::string_view type) {
  const std::string lower = core::ascii_lower_copy(core::trim(type.substr(0, type.find(';'))));
  const std::string_view name = lower;
  return name.empty() || name == "module" || name.ends_with("javascript") || name.ends_with("ecmascript");
}

// MathJax's scripts: "math/tex", "math/tex; mode=display", "math/mml".
enum class MathScript : std::uint8_t { none, tex, tex_display, mathml };
MathScript math_script_of(std::string_view type) {
  const std::string lower = core::ascii_lower_copy(core::trim(type));
  const std::string_view name = core::trim(std::string_view(lower).substr(0, lower.find(';')));
  if (name == "math/mml") return MathScript::mathml;
  if (name != "math/tex" && name != "math/latex") return MathScript::none;
  return lower.find("mode=display") != std::string::npos ? MathScript::tex_display : MathScript::tex;
}

// A formula's markup beyond this size is dropped with the rest: no page writes one formula that long.
constexpr std::size_t kMaxFormulaBytes = std::size_t{256} * 1024;

// Appends <span attribute="value"[ display-attribute]></span>, the value escaped for the attribute.
void append_formula_span(std::string& out, std::string_view attribute, std::string_view value, bool display) {
  out.append("<span ").append(attribute).append("=\"");
  for (const char c : value) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      case '<': out += "&lt;"; break;
      default: out.push_back(c);
    }
  }
  out.append(display ? "\" " : "\"");
  if (display) out.append(kTexDisplayAttribute);
  out.append("></span>");
}

bool mentions_javascript(std::string_view text) {
  constexpr std::string_view kWord = "javascript";
  for (std::size_t i = 0; i + kWord.size() <= text.size(); ++i) {
    if (core::equals_ignore_case(text.substr(i, kWord.size()), kWord)) return true;
  }
  return false;
}

// Dropping a template/object/svg/math subtree: only nesting of the same element ends it.
struct Drop {
  bool active = false;
  bool foreign = false;
  std::uint16_t root = 0;
  std::size_t nesting = 0;
  std::uint16_t integration = 0;  // element that switched foreign content back to HTML rules
  std::size_t integration_nesting = 0;
};

class Scanner {
 public:
  Scanner(std::string_view in, std::size_t max_open, PrepassResult& result)
      : in_(in), out_(result.html), json_ld_(result.json_ld), result_(result), tree_(max_open) {}

  void run() {
    out_.reserve(in_.size());
    const std::size_t n = in_.size();
    while (pos_ < n) {
      const void* hit = std::memchr(in_.data() + pos_, '<', n - pos_);
      if (hit == nullptr) {
        text(pos_, n);
        break;
      }
      const auto lt = static_cast<std::size_t>(static_cast<const char*>(hit) - in_.data());
      text(pos_, lt);
      pos_ = lt;
      markup();
    }
    if (drop_.active) end_drop(n);
  }

 private:
  void emit(std::size_t from, std::size_t to) {
    if (!drop_.active && to > from) out_.append(in_.data() + from, to - from);
  }

  // Text reopens the formatting elements that a closed block cut off ("<p><b>x</p>y"), and
  // text other than whitespace ends a head or column group.
  void text(std::size_t from, std::size_t to) {
    if (drop_.active || to == from) return;
    tree_.before_text(in_.substr(from, to - from));
    out_.append(in_.data() + from, to - from);
  }

  [[nodiscard]] bool at(std::size_t i, char c) const { return i < in_.size() && in_[i] == c; }

  void markup() {
    const std::size_t lt = pos_;
    const std::size_t n = in_.size();
    if (lt + 1 >= n) {
      text(lt, n);
      pos_ = n;
      return;
    }
    const char c = in_[lt + 1];
    if (c == '!') {
      declaration();
    } else if (c == '?') {
      pos_ = bogus_comment_end(lt + 2);
    } else if (c == '/') {
      if (lt + 2 >= n) {
        text(lt, n);  // "</" at EOF is text
        pos_ = n;
      } else if (is_alpha(in_[lt + 2])) {
        end_tag();
      } else if (in_[lt + 2] == '>') {
        pos_ = lt + 3;
      } else {
        pos_ = bogus_comment_end(lt + 2);
      }
    } else if (is_alpha(c)) {
      start_tag();
    } else {
      // A literal '<'. When another '<' follows, that construct may be cut out, and whatever
      // comes after it must not join this '<' into a tag: the reference keeps it text. (A cut can
      // still join a character reference, as in "&am<!---->p;", which changes text only.)
      if (!drop_.active) {
        tree_.before_text("<");
        out_.append(c == '<' ? "&lt;" : "<");
      }
      pos_ = lt + 1;
    }
  }

  [[nodiscard]] std::size_t bogus_comment_end(std::size_t from) const {
    const std::size_t gt = in_.find('>', from);
    return gt == npos ? in_.size() : gt + 1;
  }

  void declaration() {
    const std::size_t lt = pos_;
    const std::size_t n = in_.size();
    const std::string_view rest = in_.substr(lt + 2);
    if (rest.starts_with("--")) {
      pos_ = comment_end(lt + 4);
    } else if (rest.size() >= 7 && core::equals_ignore_case(rest.substr(0, 7), "doctype")) {
      pos_ = bogus_comment_end(lt + 9);
      if (!drop_.active) {
        // Only the first token gumbo sees, apart from whitespace, sets the mode.
        if (!seen_doctype_ && out_.find_first_not_of(" \t\n\f\r") == std::string::npos) {
          tree_.set_standards_mode(is_html5_doctype(in_.substr(lt + 9, pos_ - lt - 9)));
        }
        seen_doctype_ = true;
        emit(lt, pos_);
      }
    } else if (drop_.active && drop_.foreign && drop_.integration_nesting == 0 && rest.starts_with("[CDATA[")) {
      // Foreign content treats "</svg>" inside a CDATA section as text.
      const std::size_t close = in_.find("]]>", lt + 9);
      pos_ = close == npos ? n : close + 3;
    } else {
      pos_ = bogus_comment_end(lt + 2);
    }
  }

  // `from` is just past "<!--"; "<!-->" and "<!--->" are complete (empty) comments.
  [[nodiscard]] std::size_t comment_end(std::size_t from) const {
    const std::size_t n = in_.size();
    if (at(from, '>')) return from + 1;
    if (at(from, '-') && at(from + 1, '>')) return from + 2;
    std::size_t p = from;
    while (true) {
      const std::size_t dashes = in_.find("--", p);
      if (dashes == npos) return n;
      if (at(dashes + 2, '>')) return dashes + 3;
      if (at(dashes + 2, '!') && at(dashes + 3, '>')) return dashes + 4;
      p = dashes + 1;
    }
  }

  // Only "<!DOCTYPE html>" is certain to select no-quirks mode, where <table> closes an open <p>.
  static bool is_html5_doctype(std::string_view body) {
    if (!body.empty() && body.back() == '>') body.remove_suffix(1);
    return core::equals_ignore_case(core::trim(body), "html");
  }

  // Tokenizes the tag whose '<' is at `lt` and whose name starts at `name_begin`; false when the
  // input ends inside it, in which case the tokenizer emits nothing.
  bool parse_tag(std::size_t lt, std::size_t name_begin, Tag& tag) const {
    const std::size_t n = in_.size();
    tag.begin = lt;
    std::size_t i = name_begin;
    while (i < n && !is_delimiter(in_[i])) ++i;
    if (i >= n) return false;
    tag.name = in_.substr(name_begin, i - name_begin);
    tag.id = lookup(tag.name);

    enum class State { before_name, name, after_name, before_value, unquoted, after_quoted, self_closing };
    State state = State::before_name;
    std::size_t attr_begin = 0;
    std::size_t attr_end = 0;
    std::size_t value_begin = 0;
    std::size_t attribute_count = 0;
    auto finish = [&](std::size_t v_begin, std::size_t v_end) {
      const std::string_view attr = in_.substr(attr_begin, attr_end - attr_begin);
      if (!tag.has_type && core::equals_ignore_case(attr, "type")) {
        tag.has_type = true;
        tag.type = in_.substr(v_begin, v_end - v_begin);
      } else if (tag.element_id.empty() && core::equals_ignore_case(attr, "id")) {
        tag.element_id = in_.substr(v_begin, v_end - v_begin);
      } else if (core::equals_ignore_case(attr, "color") || core::equals_ignore_case(attr, "face") ||
                 core::equals_ignore_case(attr, "size")) {
        tag.font_attribute = true;
      }
    };
    while (i < n) {
      const char c = in_[i];
      switch (state) {
        case State::before_name:
          if (c == '/') {
            state = State::self_closing;
          } else if (c == '>') {
            tag.end = i + 1;
            return true;
          } else if (!is_space(c)) {
            attr_begin = i;  // a leading '=' belongs to the name
            if (++attribute_count == kMaxAttributes + 1) tag.attributes_cut = i;
            state = State::name;
          }
          ++i;
          break;
        case State::name:
          while (i < n && !is_delimiter(in_[i]) && in_[i] != '=') ++i;
          attr_end = i;
          if (i < n && in_[i] == '=') {
            state = State::before_value;
            ++i;
          } else {
            state = State::after_name;
          }
          break;
        case State::after_name:
          if (is_space(c)) {
            ++i;
          } else if (c == '=') {
            state = State::before_value;
            ++i;
          } else {
            finish(i, i);
            state = State::before_name;  // handles '/', '>' and the next attribute's first byte
          }
          break;
        case State::before_value:
          if (is_space(c)) {
            ++i;
          } else if (c == '"' || c == '\'') {
            const std::size_t close = in_.find(c, i + 1);
            if (close == npos) return false;
            finish(i + 1, close);
            i = close + 1;
            state = State::after_quoted;
          } else if (c == '>') {
            finish(i, i);
            tag.end = i + 1;
            return true;
          } else {
            value_begin = i;
            state = State::unquoted;
          }
          break;
        case State::unquoted:
          while (i < n && !is_space(in_[i]) && in_[i] != '>') ++i;
          if (i < n) {
            finish(value_begin, i);
            state = State::before_name;  // a '/' ending an unquoted value belongs to the value
          }
          break;
        case State::after_quoted:
          state = State::before_name;  // "missing whitespace between attributes" reconsumes
          break;
        case State::self_closing:
          if (c == '>') {
            tag.self_closing = true;
            tag.end = i + 1;
            return true;
          }
          state = State::before_name;
          break;
      }
    }
    return false;
  }

  // Where the raw text or RCDATA content that starts at `from` ends: the '<' of the first
  // "</name" followed by whitespace, '/' or '>' (npos if none). Each byte is looked at a bounded
  // number of times, so this stays linear however many false "</" the content holds.
  [[nodiscard]] std::size_t raw_text_end(std::size_t from, std::string_view lower_name) const {
    const std::size_t n = in_.size();
    std::size_t p = from;
    while (true) {
      const std::size_t lt = in_.find("</", p);
      if (lt == npos) return npos;
      const std::size_t name_begin = lt + 2;
      const std::size_t after = name_begin + lower_name.size();
      if (after < n && is_delimiter(in_[after]) &&
          core::equals_ignore_case(in_.substr(name_begin, lower_name.size()), lower_name)) {
        return lt;
      }
      p = lt + 2;
    }
  }

  // Whether the markup of a <noscript> holds text worth reading: Discourse and other script-built
  // sites serve the page itself there, while most hold a tracking pixel, a lazy image's fallback or an
  // "enable JavaScript" line.
  static bool holds_a_page(std::string_view markup) {
    constexpr std::size_t kPageChars = 200;
    std::size_t chars = 0;
    bool in_tag = false;
    for (const char c : markup) {
      if (c == '<') {
        in_tag = true;
      } else if (c == '>') {
        in_tag = false;
      } else if (!in_tag && !is_ascii_space(c) && ++chars >= kPageChars) {
        return true;
      }
    }
    return false;
  }

  // Whether the markup of a <noscript> is the real image of a lazy loader's placeholder right
  // before it (only whitespace between): an image without a source of its own (none, or a data:
  // URL), which names the <noscript>'s image in no attribute (as data-src would: then the
  // <noscript> is a copy). A <noscript> with an image and no placeholder is a tracking pixel, or
  // the copy of a placeholder that follows it, named by its data-src.
  [[nodiscard]] bool shows_a_placeholders_image(std::string_view markup) const {
    if (last_image_out_ == npos) return false;
    const std::string_view between = std::string_view(out_).substr(last_image_out_);
    if (!std::all_of(between.begin(), between.end(), is_space)) return false;
    const std::string_view placeholder_src = attribute_value(last_image_attributes_, "src");
    if (!placeholder_src.empty() && !placeholder_src.starts_with("data:")) return false;
    const std::size_t img = find_ignoring_case(markup, "<img", 0);
    if (img == npos) return false;
    const std::size_t gt = std::min(markup.find('>', img), markup.size());
    const std::string_view url = attribute_value(markup.substr(img + 4, gt - img - 4), "src");
    return !url.empty() && !url.starts_with("data:") && last_image_attributes_.find(url) == npos;
  }

  static std::size_t find_ignoring_case(std::string_view text, std::string_view lower, std::size_t from) {
    for (std::size_t i = from; i + lower.size() <= text.size(); ++i) {
      if (core::equals_ignore_case(text.substr(i, lower.size()), lower)) return i;
    }
    return npos;
  }

  // The value of the attribute `name` in a tag's attributes as written; empty when it has none.
  static std::string_view attribute_value(std::string_view attributes, std::string_view name) {
    for (std::size_t at = find_ignoring_case(attributes, name, 0); at != npos;
         at = find_ignoring_case(attributes, name, at + 1)) {
      if (at > 0 && !is_space(attributes[at - 1])) continue;  // "data-src" is not "src"
      std::size_t i = at + name.size();
      while (i < attributes.size() && is_space(attributes[i])) ++i;
      if (i >= attributes.size() || attributes[i] != '=') continue;
      ++i;
      while (i < attributes.size() && is_space(attributes[i])) ++i;
      if (i >= attributes.size()) return {};
      const char quote = attributes[i];
      if (quote == '"' || quote == '\'') {
        const std::size_t close = attributes.find(quote, i + 1);
        return attributes.substr(i + 1, (close == npos ? attributes.size() : close) - i - 1);
      }
      std::size_t end = i;
      while (end < attributes.size() && !is_space(attributes[end]) && attributes[end] != '>') ++end;
      return attributes.substr(i, end - i);
    }
    return {};
  }

  struct RawText {
    std::size_t content_end;  // '<' of the end tag, or the input's end
    std::size_t end;          // past the end tag, or the input's end
  };

  // A script ends where the tokenizer's script data states end it (markup/script_data.hpp).
  [[nodiscard]] RawText skip_raw_text(std::size_t from, std::uint16_t tag) const {
    const std::size_t n = in_.size();
    const std::size_t lt = tag == kIdScript ? html::script_data_end(in_, from) : raw_text_end(from, name_of(tag));
    if (lt == npos) return {n, n};
    Tag end_tag;
    if (!parse_tag(lt, lt + 2, end_tag)) return {lt, n};
    return {lt, end_tag.end};
  }

  void start_tag() {
    Tag tag;
    if (!parse_tag(pos_, pos_ + 1, tag)) {
      pos_ = in_.size();
      return;
    }
    pos_ = tag.end;
    const std::size_t name_end = tag.begin + 1 + tag.name.size();
    tag.attributes = core::trim(in_.substr(name_end, tag.end - 1 - name_end));
    if (drop_.active) {
      start_tag_in_drop(tag);
      return;
    }
    const std::uint32_t flags = flags_of(tag.id);
    if ((flags & kDropTag) != 0) return;
    if ((flags & kDropRawText) != 0) {
      const RawText raw = skip_raw_text(tag.end, tag.id);
      if (tag.id == kIdNoscript && (holds_a_page(in_.substr(tag.end, raw.content_end - tag.end)) ||
                                    shows_a_placeholders_image(in_.substr(tag.end, raw.content_end - tag.end)))) {
        // What a browser without scripts shows, the way it shows it: the content goes on as markup
        // (the tags themselves are dropped; the end tag, like every dropped element's, later too).
        pos_ = tag.end;
        return;
      }
      const std::string_view body = in_.substr(tag.end, raw.content_end - tag.end);
      if ((tag.id == kIdScript || tag.id == kIdIframe) && result_.script_signs.size() < kMaxScriptSigns) {
        result_.script_signs.append(tag.attributes).append(" ").append(body.substr(0, kScriptSignBodyBytes)) += '\n';
      }
      const MathScript math = tag.id == kIdScript && tag.has_type ? math_script_of(tag.type) : MathScript::none;
      if (tag.id == kIdScript && tag.has_type && is_ld_json(tag.type)) {
        json_ld_.emplace_back(body);
      } else if (math != MathScript::none && body.size() <= kMaxFormulaBytes) {
        append_formula_span(out_, math == MathScript::mathml ? kMathMarkupAttribute : kTexScriptAttribute, body,
                            math == MathScript::tex_display);
      } else if (tag.id == kIdScript && (!tag.has_type || is_script_type(tag.type))) {
        result_.script_bytes += body.size();
      } else if (tag.id == kIdNoscript && mentions_javascript(body)) {
        result_.noscript_pleads = true;
      }
      pos_ = raw.end;
      return;
    }
    if ((flags & kForeign) != 0) {
      if (tag.self_closing) return;
      drop_ = Drop{true, true, tag.id, 1, 0, 0};
      foreign_open_.assign(1, tag.name);
      if (tag.id == kIdMath) math_begin_ = tag.begin;
      return;
    }
    if ((flags & kDropMarkup) != 0) {
      if (tag.id == kIdTemplate && !tag.attributes.empty() && result_.template_signs.size() < kMaxTemplateSigns) {
        result_.template_signs.append(tag.attributes) += '\n';
      }
      if (tag.id == kIdTemplate && is_react_stream_id(tag.element_id, "BP")) {
        // Where React's streamed content goes (parse/dom.cpp moves it there): the template is
        // dropped, a mark of its place is kept.
        out_.append("<span ").append(kReactSlotAttribute).append("=\"").append(tag.element_id).append("\"></span>");
      }
      drop_ = Drop{true, false, tag.id, 1, 0, 0};  // "/>" does not close HTML elements
      return;
    }
    switch (tree_.open(tag, flags)) {
      case OpenElements::StartTag::dropped: return;
      case OpenElements::StartTag::handled_in_select: emit_start_tag(tag); return;
      case OpenElements::StartTag::opened: break;
    }
    if ((flags & kLeaf) != 0) {
      // Copied whole even at the depth bound: they hold only text, so they add one level at most.
      pos_ = tag.id == kIdPlaintext ? in_.size() : skip_raw_text(tag.end, tag.id).end;
      emit_start_tag(tag);
      emit(tag.end, pos_);
      return;
    }
    emit_start_tag(tag);
    if (tag.id == kIdImg) {
      last_image_attributes_ = tag.attributes;
      last_image_out_ = out_.size();
    }
  }

  // A start tag as written, without the attributes past kMaxAttributes.
  void emit_start_tag(const Tag& tag) {
    if (tag.attributes_cut == 0) {
      emit(tag.begin, tag.end);
    } else if (!drop_.active) {
      emit(tag.begin, tag.attributes_cut);
      out_.append(tag.self_closing ? "/>" : ">");
    }
  }

  void start_tag_in_drop(const Tag& tag) {
    const std::uint32_t flags = flags_of(tag.id);
    const bool html_rules = !drop_.foreign || drop_.integration_nesting > 0;
    if (!html_rules) {
      if ((flags & kBreakout) != 0 || (tag.id == kIdFont && tag.font_attribute)) {
        end_drop(tag.begin);
        pos_ = tag.begin;  // the tree builder leaves foreign content and reprocesses this tag
        return;
      }
      if (tag.self_closing) return;  // foreign elements honour "/>"
      if (foreign_open_.size() < kMaxForeignOpen) foreign_open_.push_back(tag.name);
      if (tag.id == drop_.root) {
        ++drop_.nesting;
      } else if ((flags & kIntegration) != 0) {
        drop_.integration = tag.id;
        drop_.integration_nesting = 1;
      }
      return;
    }
    if (tag.id == drop_.root) {
      if (!(drop_.foreign && tag.self_closing)) ++drop_.nesting;
    } else if (drop_.integration_nesting > 0 && tag.id == drop_.integration) {
      ++drop_.integration_nesting;
    } else if ((flags & (kDropRawText | kLeaf)) != 0) {
      pos_ = tag.id == kIdPlaintext ? in_.size() : skip_raw_text(tag.end, tag.id).end;
    }
  }

  void end_tag() {
    Tag tag;
    if (!parse_tag(pos_, pos_ + 2, tag)) {
      pos_ = in_.size();
      return;
    }
    pos_ = tag.end;
    if (drop_.active) {
      end_tag_in_drop(tag);
      return;
    }
    // An end tag whose start tag never got through, nor its content, is cut out with it.
    if ((flags_of(tag.id) & (kDropRawText | kDropMarkup | kForeign | kDropTag)) != 0) return;
    emit(tag.begin, tag.end);
    tree_.close(tag.id);
  }

  void end_tag_in_drop(const Tag& tag) {
    if (drop_.foreign && drop_.integration_nesting == 0) {
      end_tag_in_foreign(tag);
      return;
    }
    if (drop_.foreign && drop_.integration_nesting == 1 && tag.id == drop_.integration) {
      // The integration point closes; its foreign parent is current again.
      drop_.integration_nesting = 0;
      close_foreign(tag);
      return;
    }
    if (tag.id == drop_.root) {
      if (--drop_.nesting == 0) end_drop(tag.end);
    } else if (drop_.integration_nesting > 0 && tag.id == drop_.integration) {
      --drop_.integration_nesting;
    }
  }

  // The tree builder's "any other end tag" in foreign content: it closes the nearest open foreign
  // element of its name; with none, the HTML rules take it, and when they close an element that
  // holds the <svg> or <math> (`<a><svg><path></a>`), the foreign content ends there.
  void end_tag_in_foreign(const Tag& tag) {
    if (tag.id == kIdP || tag.id == kIdBr || (!close_foreign(tag) && tree_.has_open(tag.id))) {
      end_drop(tag.begin);
      pos_ = tag.begin;
    }
  }

  // Pops the foreign elements down to the nearest of the tag's name, ending the drop when that was
  // the root; false when none has the name.
  bool close_foreign(const Tag& tag) {
    for (std::size_t i = foreign_open_.size(); i-- > 0;) {
      if (!core::equals_ignore_case(foreign_open_[i], tag.name)) continue;
      foreign_open_.resize(i);
      if (foreign_open_.empty()) end_drop(tag.end);
      return true;
    }
    return false;
  }

  // The dropped subtree ends at `end`; a <math> one is kept aside as its formula's span.
  void end_drop(std::size_t end) {
    drop_.active = false;
    if (math_begin_ == npos) return;
    const std::string_view markup = in_.substr(math_begin_, end - math_begin_);
    math_begin_ = npos;
    if (markup.size() <= kMaxFormulaBytes) append_formula_span(out_, kMathMarkupAttribute, markup, false);
  }

  std::string_view in_;
  std::string& out_;
  std::vector<std::string>& json_ld_;
  PrepassResult& result_;
  std::size_t pos_ = 0;
  Drop drop_;
  std::size_t math_begin_ = npos;  // the '<' of the <math> element being dropped
  // The names of the foreign elements open in the subtree being dropped, the <svg> or <math> first.
  // Deeper ones are not tracked: their end tags then close an element further up, or fall to the
  // HTML rules, which is where a browser would end up on such a page anyway.
  std::vector<std::string_view> foreign_open_;
  // The attributes of the last image kept, and where the output stood after it.
  std::string_view last_image_attributes_;
  std::size_t last_image_out_ = npos;
  static constexpr std::size_t kMaxForeignOpen = 512;
  OpenElements tree_;
  bool seen_doctype_ = false;
};

}  // namespace

bool is_react_stream_id(std::string_view id, std::string_view letters) {
  return id.size() > 2 && letters.find(id[0]) != std::string_view::npos && id[1] == ':' &&
         std::all_of(id.begin() + 2, id.end(), [](char c) { return core::hex_digit_value(c) >= 0; });
}

PrepassResult prepass(std::string_view utf8_html, std::size_t max_open_elements) {
  // The tokenizer would turn NUL into U+FFFD or drop it depending on state, and gumbo gets some
  // of those cases wrong; no text worth keeping contains NUL.
  std::string without_nul;
  if (std::memchr(utf8_html.data(), '\0', utf8_html.size()) != nullptr) {
    without_nul.reserve(utf8_html.size());
    for (const char c : utf8_html) {
      if (c != '\0') without_nul.push_back(c);
    }
    utf8_html = without_nul;
  }
  PrepassResult result;
  Scanner(utf8_html, max_open_elements, result).run();
  return result;
}

}  // namespace pagemd::extract
