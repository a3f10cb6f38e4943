#include "tree/tree_builder.hpp"

#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

#include "text/text_util.hpp"
#include "tree/html_tokenizer.hpp"

// The insertion modes and their rules follow the standard's text closely, section by section, so
// that a reader can hold one against the other. The modes the prepass makes unreachable (in head
// noscript, in template, in frameset and after it, foreign content) are left out.

namespace pagemd::extract::html {
namespace {

enum class Mode : std::uint8_t {
  initial,
  before_html,
  before_head,
  in_head,
  after_head,
  in_body,
  text,
  in_table,
  in_table_text,
  in_caption,
  in_column_group,
  in_table_body,
  in_row,
  in_cell,
  in_select,
  in_select_in_table,
  after_body,
  after_after_body,
};

constexpr NodeId kMarker = kNoNode;  // in the list of active formatting elements

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

std::size_t leading_space(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && is_space(text[i])) ++i;
  return i;
}

bool is_heading(GumboTag tag) { return tag >= GUMBO_TAG_H1 && tag <= GUMBO_TAG_H6; }

// The standard's "special" category: elements that end the searches of misnested end tags.
bool is_special(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_ADDRESS:
    case GUMBO_TAG_APPLET:
    case GUMBO_TAG_AREA:
    case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_ASIDE:
    case GUMBO_TAG_BASE:
    case GUMBO_TAG_BASEFONT:
    case GUMBO_TAG_BGSOUND:
    case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_BODY:
    case GUMBO_TAG_BR:
    case GUMBO_TAG_BUTTON:
    case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_CENTER:
    case GUMBO_TAG_COL:
    case GUMBO_TAG_COLGROUP:
    case GUMBO_TAG_DD:
    case GUMBO_TAG_DETAILS:
    case GUMBO_TAG_DIR:
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_DL:
    case GUMBO_TAG_DT:
    case GUMBO_TAG_EMBED:
    case GUMBO_TAG_FIELDSET:
    case GUMBO_TAG_FIGCAPTION:
    case GUMBO_TAG_FIGURE:
    case GUMBO_TAG_FOOTER:
    case GUMBO_TAG_FORM:
    case GUMBO_TAG_FRAME:
    case GUMBO_TAG_FRAMESET:
    case GUMBO_TAG_H1:
    case GUMBO_TAG_H2:
    case GUMBO_TAG_H3:
    case GUMBO_TAG_H4:
    case GUMBO_TAG_H5:
    case GUMBO_TAG_H6:
    case GUMBO_TAG_HEAD:
    case GUMBO_TAG_HEADER:
    case GUMBO_TAG_HGROUP:
    case GUMBO_TAG_HR:
    case GUMBO_TAG_HTML:
    case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_IMG:
    case GUMBO_TAG_INPUT:
    case GUMBO_TAG_KEYGEN:
    case GUMBO_TAG_LI:
    case GUMBO_TAG_LINK:
    case GUMBO_TAG_LISTING:
    case GUMBO_TAG_MAIN:
    case GUMBO_TAG_MARQUEE:
    case GUMBO_TAG_MENU:
    case GUMBO_TAG_META:
    case GUMBO_TAG_NAV:
    case GUMBO_TAG_NOEMBED:
    case GUMBO_TAG_NOFRAMES:
    case GUMBO_TAG_NOSCRIPT:
    case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_OL:
    case GUMBO_TAG_P:
    case GUMBO_TAG_PARAM:
    case GUMBO_TAG_PLAINTEXT:
    case GUMBO_TAG_PRE:
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_SECTION:
    case GUMBO_TAG_SELECT:
    case GUMBO_TAG_SOURCE:
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_SUMMARY:
    case GUMBO_TAG_TABLE:
    case GUMBO_TAG_TBODY:
    case GUMBO_TAG_TD:
    case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_TEXTAREA:
    case GUMBO_TAG_TFOOT:
    case GUMBO_TAG_TH:
    case GUMBO_TAG_THEAD:
    case GUMBO_TAG_TITLE:
    case GUMBO_TAG_TR:
    case GUMBO_TAG_TRACK:
    case GUMBO_TAG_UL:
    case GUMBO_TAG_WBR:
    case GUMBO_TAG_XMP: return true;
    default: return false;
  }
}

bool is_formatting(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_A:
    case GUMBO_TAG_B:
    case GUMBO_TAG_BIG:
    case GUMBO_TAG_CODE:
    case GUMBO_TAG_EM:
    case GUMBO_TAG_FONT:
    case GUMBO_TAG_I:
    case GUMBO_TAG_NOBR:
    case GUMBO_TAG_S:
    case GUMBO_TAG_SMALL:
    case GUMBO_TAG_STRIKE:
    case GUMBO_TAG_STRONG:
    case GUMBO_TAG_TT:
    case GUMBO_TAG_U: return true;
    default: return false;
  }
}

// Elements whose end tag is implied when the element around them closes.
bool has_implied_end(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_DD:
    case GUMBO_TAG_DT:
    case GUMBO_TAG_LI:
    case GUMBO_TAG_OPTGROUP:
    case GUMBO_TAG_OPTION:
    case GUMBO_TAG_P:
    case GUMBO_TAG_RB:
    case GUMBO_TAG_RP:
    case GUMBO_TAG_RT:
    case GUMBO_TAG_RTC: return true;
    default: return false;
  }
}

// The start tags that close an open <p> first ("address, article, aside, ..." in the standard).
bool closes_p(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_ADDRESS:
    case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_ASIDE:
    case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_CENTER:
    case GUMBO_TAG_DETAILS:
    case GUMBO_TAG_DIR:
    case GUMBO_TAG_DIV:
    case GUMBO_TAG_DL:
    case GUMBO_TAG_FIELDSET:
    case GUMBO_TAG_FIGCAPTION:
    case GUMBO_TAG_FIGURE:
    case GUMBO_TAG_FOOTER:
    case GUMBO_TAG_HEADER:
    case GUMBO_TAG_HGROUP:
    case GUMBO_TAG_MAIN:
    case GUMBO_TAG_MENU:
    case GUMBO_TAG_NAV:
    case GUMBO_TAG_OL:
    case GUMBO_TAG_P:
    case GUMBO_TAG_SECTION:
    case GUMBO_TAG_SUMMARY:
    case GUMBO_TAG_UL: return true;
    default: return false;
  }
}

// The end tags that close the nearest open element of their name (with what it holds).
bool closes_block(GumboTag tag) {
  return (closes_p(tag) && tag != GUMBO_TAG_P) || tag == GUMBO_TAG_BUTTON || tag == GUMBO_TAG_LISTING ||
         tag == GUMBO_TAG_PRE;
}

bool is_table_part(GumboTag tag) {
  return tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_TBODY || tag == GUMBO_TAG_TFOOT || tag == GUMBO_TAG_THEAD ||
         tag == GUMBO_TAG_TR;
}

bool is_table_section(GumboTag tag) {
  return tag == GUMBO_TAG_TBODY || tag == GUMBO_TAG_TFOOT || tag == GUMBO_TAG_THEAD;
}

// Head elements that keep their in-head meaning anywhere in the body.
bool is_head_element(GumboTag tag) {
  switch (tag) {
    case GUMBO_TAG_BASE:
    case GUMBO_TAG_BASEFONT:
    case GUMBO_TAG_BGSOUND:
    case GUMBO_TAG_LINK:
    case GUMBO_TAG_META:
    case GUMBO_TAG_NOFRAMES:
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_TITLE: return true;
    default: return false;
  }
}

enum class Scope : std::uint8_t { plain, list_item, button, table, select };

bool ends_scope(GumboTag tag, Scope scope) {
  switch (scope) {
    case Scope::table: return tag == GUMBO_TAG_HTML || tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_TEMPLATE;
    case Scope::select: return tag != GUMBO_TAG_OPTGROUP && tag != GUMBO_TAG_OPTION;
    case Scope::list_item:
      if (tag == GUMBO_TAG_OL || tag == GUMBO_TAG_UL) return true;
      break;
    case Scope::button:
      if (tag == GUMBO_TAG_BUTTON) return true;
      break;
    case Scope::plain: break;
  }
  switch (tag) {
    case GUMBO_TAG_APPLET:
    case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_HTML:
    case GUMBO_TAG_TABLE:
    case GUMBO_TAG_TD:
    case GUMBO_TAG_TH:
    case GUMBO_TAG_MARQUEE:
    case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_TEMPLATE: return true;
    default: return false;
  }
}

class TreeBuilder {
 public:
  TreeBuilder(Document& doc, std::string_view html) : doc_(doc), tokenizer_(html) {}

  void run() {
    while (true) {
      const Token& token = tokenizer_.next();
      switch (token.kind) {
        case TokenKind::characters: characters(token.text); break;
        case TokenKind::start_tag: start_tag(token); break;
        case TokenKind::end_tag: end_tag(token); break;
        case TokenKind::doctype: doctype(token); break;
        case TokenKind::end_of_file: finish(); return;
      }
    }
  }

 private:
  // ---- The stack of open elements -------------------------------------------------------------

  [[nodiscard]] GumboTag tag_of(NodeId id) const { return doc_.node(id).tag; }
  [[nodiscard]] std::string_view name_of(NodeId id) const { return doc_.node(id).name(); }
  [[nodiscard]] NodeId current() const { return open_.back(); }
  [[nodiscard]] bool current_is(GumboTag tag) const { return !open_.empty() && tag_of(current()) == tag; }

  [[nodiscard]] std::size_t stack_index(NodeId id) const {
    for (std::size_t i = open_.size(); i-- > 0;) {
      if (open_[i] == id) return i;
    }
    return npos;
  }

  template <typename Matches>
  [[nodiscard]] bool in_scope_if(Matches matches, Scope scope) const {
    for (std::size_t i = open_.size(); i-- > 0;) {
      if (matches(open_[i])) return true;
      if (ends_scope(tag_of(open_[i]), scope)) return false;
    }
    return false;
  }
  [[nodiscard]] bool in_scope(GumboTag tag, Scope scope = Scope::plain) const {
    return in_scope_if([&](NodeId id) { return tag_of(id) == tag; }, scope);
  }

  void pop_until(GumboTag tag) {
    while (!open_.empty()) {
      const GumboTag popped = tag_of(current());
      open_.pop_back();
      if (popped == tag) return;
    }
  }

  void generate_implied_end_tags(std::string_view except = {}) {
    while (!open_.empty() && has_implied_end(tag_of(current())) && name_of(current()) != except) open_.pop_back();
  }

  void close_p() {
    generate_implied_end_tags("p");
    pop_until(GUMBO_TAG_P);
  }
  void close_p_in_button_scope() {
    if (in_scope(GUMBO_TAG_P, Scope::button)) close_p();
  }

  // ---- Inserting ------------------------------------------------------------------------------

  struct Place {
    NodeId parent;
    NodeId before;
  };

  // "The appropriate place for inserting a node": the target, unless foster parenting moves what
  // a table cannot hold to just before the table.
  [[nodiscard]] Place place(NodeId target) const {
    if (!foster_parenting_ || !is_table_part(tag_of(target))) return {target, kNoNode};
    for (std::size_t i = open_.size(); i-- > 0;) {
      if (tag_of(open_[i]) != GUMBO_TAG_TABLE) continue;
      const NodeId table = open_[i];
      if (doc_.node(table).parent != kNoNode) return {doc_.node(table).parent, table};
      return {open_[i - 1], kNoNode};
    }
    return {open_.front(), kNoNode};
  }

  NodeId insert_element(GumboTag tag, std::string_view name, std::span<const Attribute> attributes) {
    const NodeId id = doc_.create_element(tag, name, attributes);
    const Place at = place(open_.empty() ? doc_.root() : current());
    doc_.insert(id, at.parent, at.before);
    open_.push_back(id);
    return id;
  }
  NodeId insert_element(const Token& token) { return insert_element(token.tag, token.name, token.attributes); }
  NodeId insert_element(GumboTag tag) { return insert_element(tag, gumbo_normalized_tagname(tag), {}); }
  void insert_void(const Token& token) {
    insert_element(token);
    open_.pop_back();
  }

  void insert_text(std::string_view text) {
    if (text.empty()) return;
    const Place at = place(current());
    doc_.insert_text(text, at.parent, at.before);
  }

  // Reads the element's content as text up to its end tag ("generic raw text / RCDATA parsing").
  void insert_text_element(const Token& token, TextMode text_mode) {
    insert_element(token);
    tokenizer_.switch_to(text_mode, token.name);
    original_mode_ = mode_;
    mode_ = Mode::text;
  }

  // ---- The list of active formatting elements -------------------------------------------------

  [[nodiscard]] std::size_t active_index(NodeId id) const {
    for (std::size_t i = active_.size(); i-- > 0;) {
      if (active_[i] == id) return i;
    }
    return npos;
  }

  [[nodiscard]] bool same_element(NodeId a, NodeId b) const {
    if (name_of(a) != name_of(b)) return false;
    const auto left = doc_.attributes(a);
    const auto right = doc_.attributes(b);
    if (left.size() != right.size()) return false;
    return std::all_of(left.begin(), left.end(), [&](const Attribute& attribute) {
      return std::any_of(right.begin(), right.end(), [&](const Attribute& other) {
        return other.name == attribute.name && other.value == attribute.value;
      });
    });
  }

  // Adds a formatting element; the "Noah's Ark" clause keeps at most three alike after the last marker.
  void push_active(NodeId id) {
    std::size_t alike = 0;
    std::size_t earliest = npos;
    for (std::size_t i = active_.size(); i-- > 0 && active_[i] != kMarker;) {
      if (same_element(active_[i], id)) {
        ++alike;
        earliest = i;
      }
    }
    if (alike >= 3) active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(earliest));
    active_.push_back(id);
  }

  void clear_active_to_marker() {
    while (!active_.empty()) {
      const NodeId last = active_.back();
      active_.pop_back();
      if (last == kMarker) return;
    }
  }

  // Reopens the formatting elements a closed block cut off ("<p><b>x</p>y": the "y" is bold).
  void reconstruct_active() {
    if (active_.empty() || active_.back() == kMarker || stack_index(active_.back()) != npos) return;
    std::size_t i = active_.size() - 1;
    while (i > 0 && active_[i - 1] != kMarker && stack_index(active_[i - 1]) == npos) --i;
    for (; i < active_.size(); ++i) {
      const NodeId clone = doc_.clone_element(active_[i]);
      const Place at = place(current());
      doc_.insert(clone, at.parent, at.before);
      open_.push_back(clone);
      active_[i] = clone;
    }
  }

  // The adoption agency algorithm for an end tag of a formatting element; false when the tag is to
  // be treated as "any other end tag".
  bool adoption_agency(const Token& token) {
    if (name_of(current()) == token.name && active_index(current()) == npos) {
      open_.pop_back();
      return true;
    }
    for (int outer = 0; outer < 8; ++outer) {
      std::size_t formatting_at = npos;
      for (std::size_t i = active_.size(); i-- > 0 && active_[i] != kMarker;) {
        if (name_of(active_[i]) == token.name) {
          formatting_at = i;
          break;
        }
      }
      if (formatting_at == npos) return false;
      const NodeId formatting = active_[formatting_at];
      const std::size_t formatting_in_stack = stack_index(formatting);
      if (formatting_in_stack == npos) {
        active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(formatting_at));
        return true;
      }
      if (!in_scope_if([&](NodeId id) { return id == formatting; }, Scope::plain)) return true;
      std::size_t furthest_at = npos;
      for (std::size_t i = formatting_in_stack + 1; i < open_.size(); ++i) {
        if (is_special(tag_of(open_[i]))) {
          furthest_at = i;
          break;
        }
      }
      if (furthest_at == npos) {
        open_.resize(formatting_in_stack);
        active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(formatting_at));
        return true;
      }
      const NodeId furthest = open_[furthest_at];
      const NodeId common_ancestor = open_[formatting_in_stack - 1];
      NodeId bookmark_after = kNoNode;  // the new formatting element goes after this entry, or in place
      NodeId last = furthest;
      std::size_t node_at = furthest_at;
      for (int inner = 1;; ++inner) {
        --node_at;
        NodeId node = open_[node_at];
        if (node == formatting) break;
        std::size_t node_active = active_index(node);
        if (inner > 3 && node_active != npos) {
          active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(node_active));
          node_active = npos;
        }
        if (node_active == npos) {
          open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(node_at));
          continue;
        }
        const NodeId clone = doc_.clone_element(node);
        active_[node_active] = clone;
        open_[node_at] = clone;
        node = clone;
        if (last == furthest) bookmark_after = clone;
        doc_.detach(last);
        doc_.insert(last, node);
        last = node;
      }
      doc_.detach(last);
      const Place at = place(common_ancestor);
      doc_.insert(last, at.parent, at.before);

      const NodeId clone = doc_.clone_element(formatting);
      while (doc_.node(furthest).first_child != kNoNode) {
        const NodeId child = doc_.node(furthest).first_child;
        doc_.detach(child);
        doc_.insert(child, clone);
      }
      doc_.insert(clone, furthest);

      const std::size_t old_entry = active_index(formatting);
      if (bookmark_after == kNoNode) {
        active_[old_entry] = clone;
      } else {
        active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(old_entry));
        active_.insert(active_.begin() + static_cast<std::ptrdiff_t>(active_index(bookmark_after) + 1), clone);
      }
      open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(formatting)));
      open_.insert(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(furthest) + 1), clone);
    }
    return true;
  }

  // "Any other end tag" in body: closes the nearest element of that name unless a special element
  // comes first.
  void close_any_other(const Token& token) {
    for (std::size_t i = open_.size(); i-- > 0;) {
      const NodeId node = open_[i];
      if (name_of(node) == token.name) {
        generate_implied_end_tags(token.name);
        open_.resize(i);
        return;
      }
      if (is_special(tag_of(node))) return;
    }
  }

  // ---- Modes ----------------------------------------------------------------------------------

  void reset_insertion_mode() {
    for (std::size_t i = open_.size(); i-- > 0;) {
      const bool last = i == 0;
      switch (tag_of(open_[i])) {
        case GUMBO_TAG_SELECT:
          for (std::size_t j = i; j-- > 0;) {
            if (tag_of(open_[j]) == GUMBO_TAG_TABLE) {
              mode_ = Mode::in_select_in_table;
              return;
            }
          }
          mode_ = Mode::in_select;
          return;
        case GUMBO_TAG_TD:
        case GUMBO_TAG_TH:
          if (last) break;
          mode_ = Mode::in_cell;
          return;
        case GUMBO_TAG_TR: mode_ = Mode::in_row; return;
        case GUMBO_TAG_TBODY:
        case GUMBO_TAG_THEAD:
        case GUMBO_TAG_TFOOT: mode_ = Mode::in_table_body; return;
        case GUMBO_TAG_CAPTION: mode_ = Mode::in_caption; return;
        case GUMBO_TAG_COLGROUP: mode_ = Mode::in_column_group; return;
        case GUMBO_TAG_TABLE: mode_ = Mode::in_table; return;
        case GUMBO_TAG_HEAD:
          if (last) break;
          mode_ = Mode::in_head;
          return;
        case GUMBO_TAG_BODY: mode_ = Mode::in_body; return;
        case GUMBO_TAG_HTML: mode_ = head_ == kNoNode ? Mode::before_head : Mode::after_head; return;
        default: break;
      }
      if (last) {
        mode_ = Mode::in_body;
        return;
      }
    }
    mode_ = Mode::in_body;
  }

  void doctype(const Token& token) {
    if (mode_ != Mode::initial) return;
    quirks_ = quirks_mode(token);
    mode_ = Mode::before_html;
  }

  // Characters, in the current mode; a mode may consume some and leave the rest for the next.
  void characters(std::string_view text) {
    if (skip_newline_) {
      skip_newline_ = false;
      if (!text.empty() && text.front() == '\n') text.remove_prefix(1);
    }
    while (!text.empty()) {
      switch (mode_) {
        case Mode::initial:
          text.remove_prefix(leading_space(text));
          if (text.empty()) return;
          mode_ = Mode::before_html;
          break;
        case Mode::before_html:
          text.remove_prefix(leading_space(text));
          if (text.empty()) return;
          open_html();
          break;
        case Mode::before_head:
          text.remove_prefix(leading_space(text));
          if (text.empty()) return;
          open_head();
          break;
        case Mode::in_head:
        case Mode::after_head: {
          const std::size_t space = leading_space(text);
          insert_text(text.substr(0, space));
          text.remove_prefix(space);
          if (text.empty()) return;
          if (mode_ == Mode::in_head) {
            leave_head();
          } else {
            insert_element(GUMBO_TAG_BODY);
            mode_ = Mode::in_body;
          }
          break;
        }
        case Mode::in_body:
        case Mode::in_caption:
        case Mode::in_cell:
          reconstruct_active();
          insert_text(text);
          return;
        case Mode::text:
        case Mode::in_select:
        case Mode::in_select_in_table: insert_text(text); return;
        case Mode::in_table:
        case Mode::in_table_body:
        case Mode::in_row:
          if (is_table_part(tag_of(current()))) {
            table_text_.clear();
            original_mode_ = mode_;
            mode_ = Mode::in_table_text;
            break;
          }
          table_anything_else_characters(text);
          return;
        case Mode::in_table_text: table_text_.append(text); return;
        case Mode::in_column_group: {
          const std::size_t space = leading_space(text);
          insert_text(text.substr(0, space));
          text.remove_prefix(space);
          if (text.empty()) return;
          if (!current_is(GUMBO_TAG_COLGROUP)) return;
          open_.pop_back();
          mode_ = Mode::in_table;
          break;
        }
        case Mode::after_body:
        case Mode::after_after_body: {
          const std::size_t space = leading_space(text);
          if (space > 0) {
            reconstruct_active();
            insert_text(text.substr(0, space));
            text.remove_prefix(space);
          }
          if (text.empty()) return;
          mode_ = Mode::in_body;
          break;
        }
      }
    }
  }

  void table_anything_else_characters(std::string_view text) {
    foster_parenting_ = true;
    reconstruct_active();
    insert_text(text);
    foster_parenting_ = false;
  }

  // Leaves "in table text" with what it gathered, before the token that ended it.
  void flush_table_text() {
    if (mode_ != Mode::in_table_text) return;
    mode_ = original_mode_;
    if (leading_space(table_text_) == table_text_.size()) {
      insert_text(table_text_);
    } else {
      table_anything_else_characters(table_text_);
    }
    table_text_.clear();
  }

  void open_html() {
    insert_element(GUMBO_TAG_HTML);
    mode_ = Mode::before_head;
  }
  void open_head() {
    head_ = insert_element(GUMBO_TAG_HEAD);
    mode_ = Mode::in_head;
  }
  void leave_head() {
    open_.pop_back();
    mode_ = Mode::after_head;
  }

  void start_tag(const Token& token) {
    flush_table_text();
    while (!start_tag_in_mode(token)) {
    }
  }
  void end_tag(const Token& token) {
    flush_table_text();
    while (!end_tag_in_mode(token)) {
    }
  }

  // Each returns false when the token is to be reprocessed in the mode it switched to.
  bool start_tag_in_mode(const Token& token) {
    const GumboTag tag = token.tag;
    switch (mode_) {
      case Mode::initial: mode_ = Mode::before_html; return false;
      case Mode::before_html:
        if (tag == GUMBO_TAG_HTML) {
          insert_element(token);
          mode_ = Mode::before_head;
          return true;
        }
        open_html();
        return false;
      case Mode::before_head:
        if (tag == GUMBO_TAG_HTML) return in_body_start(token);
        if (tag == GUMBO_TAG_HEAD) {
          head_ = insert_element(token);
          mode_ = Mode::in_head;
          return true;
        }
        open_head();
        return false;
      case Mode::in_head: return in_head_start(token);
      case Mode::after_head:
        if (tag == GUMBO_TAG_HTML) return in_body_start(token);
        if (tag == GUMBO_TAG_BODY) {
          insert_element(token);
          mode_ = Mode::in_body;
          return true;
        }
        if (is_head_element(tag)) {
          open_.push_back(head_);
          in_head_start(token);
          open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(head_)));
          return true;
        }
        if (tag == GUMBO_TAG_HEAD) return true;
        insert_element(GUMBO_TAG_BODY);
        mode_ = Mode::in_body;
        return false;
      case Mode::in_body: return in_body_start(token);
      case Mode::text: return true;
      case Mode::in_table:
      case Mode::in_table_text: return in_table_start(token);
      case Mode::in_caption:
        if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || tag == GUMBO_TAG_TD ||
            tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR || is_table_section(tag)) {
          return !close_caption();
        }
        return in_body_start(token);
      case Mode::in_column_group:
        if (tag == GUMBO_TAG_HTML) return in_body_start(token);
        if (tag == GUMBO_TAG_COL) {
          insert_void(token);
          return true;
        }
        if (!current_is(GUMBO_TAG_COLGROUP)) return true;
        open_.pop_back();
        mode_ = Mode::in_table;
        return false;
      case Mode::in_table_body:
        if (tag == GUMBO_TAG_TR) {
          clear_to_table_body_context();
          insert_element(token);
          mode_ = Mode::in_row;
          return true;
        }
        if (tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
          clear_to_table_body_context();
          insert_element(GUMBO_TAG_TR);
          mode_ = Mode::in_row;
          return false;
        }
        if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || is_table_section(tag)) {
          return !close_table_section();
        }
        return in_table_start(token);
      case Mode::in_row:
        if (tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
          clear_to_row_context();
          insert_element(token);
          mode_ = Mode::in_cell;
          active_.push_back(kMarker);
          return true;
        }
        if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || tag == GUMBO_TAG_TR ||
            is_table_section(tag)) {
          return !close_row();
        }
        return in_table_start(token);
      case Mode::in_cell:
        if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || tag == GUMBO_TAG_TD ||
            tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR || is_table_section(tag)) {
          if (!in_scope(GUMBO_TAG_TD, Scope::table) && !in_scope(GUMBO_TAG_TH, Scope::table)) return true;
          close_cell();
          return false;
        }
        return in_body_start(token);
      case Mode::in_select_in_table:
        if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH ||
            tag == GUMBO_TAG_TR || is_table_section(tag)) {
          pop_until(GUMBO_TAG_SELECT);
          reset_insertion_mode();
          return false;
        }
        return in_select_start(token);
      case Mode::in_select: return in_select_start(token);
      case Mode::after_body:
      case Mode::after_after_body:
        if (tag == GUMBO_TAG_HTML) return in_body_start(token);
        mode_ = Mode::in_body;
        return false;
    }
    return true;
  }

  bool in_head_start(const Token& token) {
    switch (token.tag) {
      case GUMBO_TAG_HTML: return in_body_start(token);
      case GUMBO_TAG_BASE:
      case GUMBO_TAG_BASEFONT:
      case GUMBO_TAG_BGSOUND:
      case GUMBO_TAG_LINK:
      case GUMBO_TAG_META: insert_void(token); return true;
      case GUMBO_TAG_TITLE: insert_text_element(token, TextMode::rcdata); return true;
      case GUMBO_TAG_NOFRAMES:
      case GUMBO_TAG_STYLE:
      case GUMBO_TAG_SCRIPT: insert_text_element(token, TextMode::rawtext); return true;
      case GUMBO_TAG_TEMPLATE:
      case GUMBO_TAG_HEAD: return true;
      default: break;
    }
    leave_head();
    return false;
  }

  bool in_body_start(const Token& token) {
    const GumboTag tag = token.tag;
    if (closes_p(tag)) {
      close_p_in_button_scope();
      insert_element(token);
      return true;
    }
    if (is_heading(tag)) {
      close_p_in_button_scope();
      if (is_heading(tag_of(current()))) open_.pop_back();
      insert_element(token);
      return true;
    }
    if (is_formatting(tag) && tag != GUMBO_TAG_A && tag != GUMBO_TAG_NOBR) {
      reconstruct_active();
      push_active(insert_element(token));
      return true;
    }
    if (is_head_element(tag)) return in_head_start(token);
    switch (tag) {
      case GUMBO_TAG_HTML: doc_.add_missing_attributes(open_.front(), token.attributes); return true;
      case GUMBO_TAG_BODY:
        if (open_.size() < 2 || tag_of(open_[1]) != GUMBO_TAG_BODY) return true;
        doc_.add_missing_attributes(open_[1], token.attributes);
        return true;
      case GUMBO_TAG_PRE:
      case GUMBO_TAG_LISTING:
        close_p_in_button_scope();
        insert_element(token);
        skip_newline_ = true;
        return true;
      case GUMBO_TAG_FORM:
        if (form_ != kNoNode) return true;
        close_p_in_button_scope();
        form_ = insert_element(token);
        return true;
      case GUMBO_TAG_LI:
      case GUMBO_TAG_DD:
      case GUMBO_TAG_DT: {
        for (std::size_t i = open_.size(); i-- > 0;) {
          const GumboTag open_tag = tag_of(open_[i]);
          const bool closes =
              tag == GUMBO_TAG_LI ? open_tag == GUMBO_TAG_LI : open_tag == GUMBO_TAG_DD || open_tag == GUMBO_TAG_DT;
          if (closes) {
            generate_implied_end_tags(name_of(open_[i]));
            open_.resize(i);
            break;
          }
          if (is_special(open_tag) && open_tag != GUMBO_TAG_ADDRESS && open_tag != GUMBO_TAG_DIV &&
              open_tag != GUMBO_TAG_P) {
            break;
          }
        }
        close_p_in_button_scope();
        insert_element(token);
        return true;
      }
      case GUMBO_TAG_PLAINTEXT:
        close_p_in_button_scope();
        insert_element(token);
        tokenizer_.switch_to(TextMode::plaintext, token.name);
        return true;
      case GUMBO_TAG_BUTTON:
        if (in_scope(GUMBO_TAG_BUTTON)) {
          generate_implied_end_tags();
          pop_until(GUMBO_TAG_BUTTON);
        }
        reconstruct_active();
        insert_element(token);
        return true;
      case GUMBO_TAG_A:
        for (std::size_t i = active_.size(); i-- > 0 && active_[i] != kMarker;) {
          if (tag_of(active_[i]) != GUMBO_TAG_A) continue;
          const NodeId link = active_[i];
          Token end = token;
          end.kind = TokenKind::end_tag;
          if (!adoption_agency(end)) close_any_other(end);
          if (const std::size_t at = active_index(link); at != npos) {
            active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(at));
          }
          if (const std::size_t at = stack_index(link); at != npos) {
            open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(at));
          }
          break;
        }
        reconstruct_active();
        push_active(insert_element(token));
        return true;
      case GUMBO_TAG_NOBR:
        reconstruct_active();
        if (in_scope(GUMBO_TAG_NOBR)) {
          Token end = token;
          end.kind = TokenKind::end_tag;
          if (!adoption_agency(end)) close_any_other(end);
          reconstruct_active();
        }
        push_active(insert_element(token));
        return true;
      case GUMBO_TAG_APPLET:
      case GUMBO_TAG_MARQUEE:
      case GUMBO_TAG_OBJECT:
        reconstruct_active();
        insert_element(token);
        active_.push_back(kMarker);
        return true;
      case GUMBO_TAG_TABLE:
        if (!quirks_) close_p_in_button_scope();
        insert_element(token);
        mode_ = Mode::in_table;
        return true;
      case GUMBO_TAG_AREA:
      case GUMBO_TAG_BR:
      case GUMBO_TAG_EMBED:
      case GUMBO_TAG_IMG:
      case GUMBO_TAG_KEYGEN:
      case GUMBO_TAG_WBR:
      case GUMBO_TAG_INPUT:
        reconstruct_active();
        insert_void(token);
        return true;
      case GUMBO_TAG_IMAGE: {
        Token img = token;
        img.tag = GUMBO_TAG_IMG;
        img.name = "img";
        reconstruct_active();
        insert_void(img);
        return true;
      }
      case GUMBO_TAG_MENUITEM:
      case GUMBO_TAG_PARAM:
      case GUMBO_TAG_SOURCE:
      case GUMBO_TAG_TRACK: insert_void(token); return true;
      case GUMBO_TAG_HR:
        close_p_in_button_scope();
        insert_void(token);
        return true;
      case GUMBO_TAG_TEXTAREA:
        insert_text_element(token, TextMode::rcdata);
        skip_newline_ = true;
        return true;
      case GUMBO_TAG_XMP:
        close_p_in_button_scope();
        reconstruct_active();
        insert_text_element(token, TextMode::rawtext);
        return true;
      case GUMBO_TAG_IFRAME:
      case GUMBO_TAG_NOEMBED: insert_text_element(token, TextMode::rawtext); return true;
      case GUMBO_TAG_SELECT:
        reconstruct_active();
        insert_element(token);
        mode_ = mode_ == Mode::in_table || mode_ == Mode::in_caption || mode_ == Mode::in_table_body ||
                        mode_ == Mode::in_row || mode_ == Mode::in_cell
                    ? Mode::in_select_in_table
                    : Mode::in_select;
        return true;
      case GUMBO_TAG_OPTGROUP:
      case GUMBO_TAG_OPTION:
        if (current_is(GUMBO_TAG_OPTION)) open_.pop_back();
        reconstruct_active();
        insert_element(token);
        return true;
      case GUMBO_TAG_RB:
      case GUMBO_TAG_RTC:
        if (in_scope(GUMBO_TAG_RUBY)) generate_implied_end_tags();
        insert_element(token);
        return true;
      case GUMBO_TAG_RP:
      case GUMBO_TAG_RT:
        if (in_scope(GUMBO_TAG_RUBY)) generate_implied_end_tags("rtc");
        insert_element(token);
        return true;
      case GUMBO_TAG_CAPTION:
      case GUMBO_TAG_COL:
      case GUMBO_TAG_COLGROUP:
      case GUMBO_TAG_FRAME:
      case GUMBO_TAG_HEAD:
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_TH:
      case GUMBO_TAG_THEAD:
      case GUMBO_TAG_TR: return true;
      default: break;
    }
    reconstruct_active();
    insert_element(token);
    return true;
  }

  bool in_table_start(const Token& token) {
    const GumboTag tag = token.tag;
    switch (tag) {
      case GUMBO_TAG_CAPTION:
        clear_to_table_context();
        active_.push_back(kMarker);
        insert_element(token);
        mode_ = Mode::in_caption;
        return true;
      case GUMBO_TAG_COLGROUP:
        clear_to_table_context();
        insert_element(token);
        mode_ = Mode::in_column_group;
        return true;
      case GUMBO_TAG_COL:
        clear_to_table_context();
        insert_element(GUMBO_TAG_COLGROUP);
        mode_ = Mode::in_column_group;
        return false;
      case GUMBO_TAG_TBODY:
      case GUMBO_TAG_TFOOT:
      case GUMBO_TAG_THEAD:
        clear_to_table_context();
        insert_element(token);
        mode_ = Mode::in_table_body;
        return true;
      case GUMBO_TAG_TD:
      case GUMBO_TAG_TH:
      case GUMBO_TAG_TR:
        clear_to_table_context();
        insert_element(GUMBO_TAG_TBODY);
        mode_ = Mode::in_table_body;
        return false;
      case GUMBO_TAG_TABLE:
        if (!in_scope(GUMBO_TAG_TABLE, Scope::table)) return true;
        pop_until(GUMBO_TAG_TABLE);
        reset_insertion_mode();
        return false;
      case GUMBO_TAG_STYLE:
      case GUMBO_TAG_SCRIPT:
      case GUMBO_TAG_TEMPLATE: return in_head_start(token);
      case GUMBO_TAG_INPUT:
        if (is_hidden_input(token)) {
          insert_void(token);
          return true;
        }
        break;
      case GUMBO_TAG_FORM:
        if (form_ != kNoNode) return true;
        form_ = insert_element(token);
        open_.pop_back();
        return true;
      default: break;
    }
    foster_parenting_ = true;
    in_body_start(token);
    foster_parenting_ = false;
    return true;
  }

  static bool is_hidden_input(const Token& token) {
    return std::any_of(token.attributes.begin(), token.attributes.end(), [](const Attribute& attribute) {
      return attribute.name == "type" && core::equals_ignore_case(attribute.value, "hidden");
    });
  }

  bool in_select_start(const Token& token) {
    switch (token.tag) {
      case GUMBO_TAG_HTML: return in_body_start(token);
      case GUMBO_TAG_OPTION:
        if (current_is(GUMBO_TAG_OPTION)) open_.pop_back();
        insert_element(token);
        return true;
      case GUMBO_TAG_OPTGROUP:
        if (current_is(GUMBO_TAG_OPTION)) open_.pop_back();
        if (current_is(GUMBO_TAG_OPTGROUP)) open_.pop_back();
        insert_element(token);
        return true;
      case GUMBO_TAG_SELECT:
        if (in_scope(GUMBO_TAG_SELECT, Scope::select)) {
          pop_until(GUMBO_TAG_SELECT);
          reset_insertion_mode();
        }
        return true;
      case GUMBO_TAG_INPUT:
      case GUMBO_TAG_KEYGEN:
      case GUMBO_TAG_TEXTAREA:
        if (!in_scope(GUMBO_TAG_SELECT, Scope::select)) return true;
        pop_until(GUMBO_TAG_SELECT);
        reset_insertion_mode();
        return false;
      case GUMBO_TAG_SCRIPT:
      case GUMBO_TAG_TEMPLATE: return in_head_start(token);
      default: return true;
    }
  }

  void clear_to_table_context() {
    while (!current_is(GUMBO_TAG_TABLE) && !current_is(GUMBO_TAG_HTML) && !current_is(GUMBO_TAG_TEMPLATE)) {
      open_.pop_back();
    }
  }
  void clear_to_table_body_context() {
    while (!is_table_section(tag_of(current())) && !current_is(GUMBO_TAG_HTML) && !current_is(GUMBO_TAG_TEMPLATE)) {
      open_.pop_back();
    }
  }
  void clear_to_row_context() {
    while (!current_is(GUMBO_TAG_TR) && !current_is(GUMBO_TAG_HTML) && !current_is(GUMBO_TAG_TEMPLATE)) {
      open_.pop_back();
    }
  }

  // Each returns whether it closed something (false: the token that asked is ignored).
  bool close_caption() {
    if (!in_scope(GUMBO_TAG_CAPTION, Scope::table)) return false;
    generate_implied_end_tags();
    pop_until(GUMBO_TAG_CAPTION);
    clear_active_to_marker();
    mode_ = Mode::in_table;
    return true;
  }
  bool close_table_section() {
    if (!in_scope_if([&](NodeId id) { return is_table_section(tag_of(id)); }, Scope::table)) return false;
    clear_to_table_body_context();
    open_.pop_back();
    mode_ = Mode::in_table;
    return true;
  }
  bool close_row() {
    if (!in_scope(GUMBO_TAG_TR, Scope::table)) return false;
    clear_to_row_context();
    open_.pop_back();
    mode_ = Mode::in_table_body;
    return true;
  }
  void close_cell() {
    generate_implied_end_tags();
    while (!open_.empty()) {
      const GumboTag popped = tag_of(current());
      open_.pop_back();
      if (popped == GUMBO_TAG_TD || popped == GUMBO_TAG_TH) break;
    }
    clear_active_to_marker();
    mode_ = Mode::in_row;
  }

  bool end_tag_in_mode(const Token& token) {
    const GumboTag tag = token.tag;
    switch (mode_) {
      case Mode::initial: mode_ = Mode::before_html; return false;
      case Mode::before_html:
        if (tag != GUMBO_TAG_HEAD && tag != GUMBO_TAG_BODY && tag != GUMBO_TAG_HTML && tag != GUMBO_TAG_BR) return true;
        open_html();
        return false;
      case Mode::before_head:
        if (tag != GUMBO_TAG_HEAD && tag != GUMBO_TAG_BODY && tag != GUMBO_TAG_HTML && tag != GUMBO_TAG_BR) return true;
        open_head();
        return false;
      case Mode::in_head:
        if (tag == GUMBO_TAG_HEAD) {
          leave_head();
          return true;
        }
        if (tag != GUMBO_TAG_BODY && tag != GUMBO_TAG_HTML && tag != GUMBO_TAG_BR) return true;
        leave_head();
        return false;
      case Mode::after_head:
        if (tag != GUMBO_TAG_BODY && tag != GUMBO_TAG_HTML && tag != GUMBO_TAG_BR) return true;
        insert_element(GUMBO_TAG_BODY);
        mode_ = Mode::in_body;
        return false;
      case Mode::in_body: return in_body_end(token);
      case Mode::text:
        open_.pop_back();
        mode_ = original_mode_;
        return true;
      case Mode::in_table:
      case Mode::in_table_text: return in_table_end(token);
      case Mode::in_caption:
        if (tag == GUMBO_TAG_CAPTION) {
          close_caption();
          return true;
        }
        if (tag == GUMBO_TAG_TABLE) return !close_caption();
        if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP || tag == GUMBO_TAG_HTML ||
            tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR || is_table_section(tag)) {
          return true;
        }
        return in_body_end(token);
      case Mode::in_column_group:
        if (tag == GUMBO_TAG_COLGROUP) {
          if (current_is(GUMBO_TAG_COLGROUP)) {
            open_.pop_back();
            mode_ = Mode::in_table;
          }
          return true;
        }
        if (tag == GUMBO_TAG_COL || !current_is(GUMBO_TAG_COLGROUP)) return true;
        open_.pop_back();
        mode_ = Mode::in_table;
        return false;
      case Mode::in_table_body:
        if (is_table_section(tag)) {
          if (in_scope(tag, Scope::table)) {
            clear_to_table_body_context();
            open_.pop_back();
            mode_ = Mode::in_table;
          }
          return true;
        }
        if (tag == GUMBO_TAG_TABLE) return !close_table_section();
        if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP ||
            tag == GUMBO_TAG_HTML || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR) {
          return true;
        }
        return in_table_end(token);
      case Mode::in_row:
        if (tag == GUMBO_TAG_TR) {
          close_row();
          return true;
        }
        if (tag == GUMBO_TAG_TABLE) return !close_row();
        if (is_table_section(tag)) {
          if (!in_scope(tag, Scope::table)) return true;
          return !close_row();
        }
        if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP ||
            tag == GUMBO_TAG_HTML || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
          return true;
        }
        return in_table_end(token);
      case Mode::in_cell:
        if (tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH) {
          if (!in_scope(tag, Scope::table)) return true;
          generate_implied_end_tags();
          pop_until(tag);
          clear_active_to_marker();
          mode_ = Mode::in_row;
          return true;
        }
        if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP ||
            tag == GUMBO_TAG_HTML) {
          return true;
        }
        if (tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_TR || is_table_section(tag)) {
          if (!in_scope(tag, Scope::table)) return true;
          close_cell();
          return false;
        }
        return in_body_end(token);
      case Mode::in_select_in_table:
        if (tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_TABLE || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH ||
            tag == GUMBO_TAG_TR || is_table_section(tag)) {
          if (!in_scope(tag, Scope::table)) return true;
          pop_until(GUMBO_TAG_SELECT);
          reset_insertion_mode();
          return false;
        }
        return in_select_end(token);
      case Mode::in_select: return in_select_end(token);
      case Mode::after_body:
        if (tag == GUMBO_TAG_HTML) {
          mode_ = Mode::after_after_body;
          return true;
        }
        mode_ = Mode::in_body;
        return false;
      case Mode::after_after_body: mode_ = Mode::in_body; return false;
    }
    return true;
  }

  bool in_body_end(const Token& token) {
    const GumboTag tag = token.tag;
    if (closes_block(tag)) {
      if (!in_scope(tag)) return true;
      generate_implied_end_tags();
      pop_until(tag);
      return true;
    }
    if (is_heading(tag)) {
      if (!in_scope_if([&](NodeId id) { return is_heading(tag_of(id)); }, Scope::plain)) return true;
      generate_implied_end_tags();
      while (!open_.empty()) {
        const GumboTag popped = tag_of(current());
        open_.pop_back();
        if (is_heading(popped)) break;
      }
      return true;
    }
    if (is_formatting(tag)) {
      if (!adoption_agency(token)) close_any_other(token);
      return true;
    }
    switch (tag) {
      case GUMBO_TAG_BODY:
        if (in_scope(GUMBO_TAG_BODY)) mode_ = Mode::after_body;
        return true;
      case GUMBO_TAG_HTML:
        if (!in_scope(GUMBO_TAG_BODY)) return true;
        mode_ = Mode::after_body;
        return false;
      case GUMBO_TAG_FORM: {
        const NodeId form = form_;
        form_ = kNoNode;
        if (form == kNoNode || !in_scope_if([&](NodeId id) { return id == form; }, Scope::plain)) return true;
        generate_implied_end_tags();
        open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(stack_index(form)));
        return true;
      }
      case GUMBO_TAG_P:
        if (!in_scope(GUMBO_TAG_P, Scope::button)) insert_element(GUMBO_TAG_P);
        close_p();
        return true;
      case GUMBO_TAG_LI:
        if (!in_scope(GUMBO_TAG_LI, Scope::list_item)) return true;
        generate_implied_end_tags("li");
        pop_until(GUMBO_TAG_LI);
        return true;
      case GUMBO_TAG_DD:
      case GUMBO_TAG_DT:
        if (!in_scope(tag)) return true;
        generate_implied_end_tags(token.name);
        pop_until(tag);
        return true;
      case GUMBO_TAG_APPLET:
      case GUMBO_TAG_MARQUEE:
      case GUMBO_TAG_OBJECT:
        if (!in_scope(tag)) return true;
        generate_implied_end_tags();
        pop_until(tag);
        clear_active_to_marker();
        return true;
      case GUMBO_TAG_BR: {
        Token br = token;
        br.kind = TokenKind::start_tag;
        br.attributes.clear();
        reconstruct_active();
        insert_void(br);
        return true;
      }
      default: close_any_other(token); return true;
    }
  }

  bool in_table_end(const Token& token) {
    const GumboTag tag = token.tag;
    if (tag == GUMBO_TAG_TABLE) {
      if (!in_scope(GUMBO_TAG_TABLE, Scope::table)) return true;
      pop_until(GUMBO_TAG_TABLE);
      reset_insertion_mode();
      return true;
    }
    if (tag == GUMBO_TAG_BODY || tag == GUMBO_TAG_CAPTION || tag == GUMBO_TAG_COL || tag == GUMBO_TAG_COLGROUP ||
        tag == GUMBO_TAG_HTML || tag == GUMBO_TAG_TD || tag == GUMBO_TAG_TH || tag == GUMBO_TAG_TR ||
        is_table_section(tag)) {
      return true;
    }
    foster_parenting_ = true;
    in_body_end(token);
    foster_parenting_ = false;
    return true;
  }

  bool in_select_end(const Token& token) {
    switch (token.tag) {
      case GUMBO_TAG_OPTGROUP:
        if (current_is(GUMBO_TAG_OPTION) && open_.size() >= 2 &&
            tag_of(open_[open_.size() - 2]) == GUMBO_TAG_OPTGROUP) {
          open_.pop_back();
        }
        if (current_is(GUMBO_TAG_OPTGROUP)) open_.pop_back();
        return true;
      case GUMBO_TAG_OPTION:
        if (current_is(GUMBO_TAG_OPTION)) open_.pop_back();
        return true;
      case GUMBO_TAG_SELECT:
        if (!in_scope(GUMBO_TAG_SELECT, Scope::select)) return true;
        pop_until(GUMBO_TAG_SELECT);
        reset_insertion_mode();
        return true;
      default: return true;
    }
  }

  void finish() {
    flush_table_text();
    // A document without any markup still gets its html, head and body.
    if (mode_ == Mode::initial || mode_ == Mode::before_html) open_html();
    if (mode_ == Mode::before_head) open_head();
    if (mode_ == Mode::in_head) leave_head();
    if (mode_ == Mode::after_head) insert_element(GUMBO_TAG_BODY);
  }

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  Document& doc_;
  Tokenizer tokenizer_;
  Mode mode_ = Mode::initial;
  Mode original_mode_ = Mode::initial;
  std::vector<NodeId> open_;
  std::vector<NodeId> active_;
  NodeId head_ = kNoNode;
  NodeId form_ = kNoNode;
  bool quirks_ = true;  // until a doctype says otherwise
  bool foster_parenting_ = false;
  bool skip_newline_ = false;
  std::string table_text_;
};

}  // namespace

void build_tree(Document& doc) {
  TreeBuilder builder(doc, doc.source());
  builder.run();
  doc.put_in_document_order();
}

}  // namespace pagemd::extract::html
