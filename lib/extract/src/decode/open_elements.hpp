#pragma once

// The prepass's model of gumbo's tree builder: its stack of open elements and its list of active
// formatting elements, as far as they decide how deep the tree gets. The tokenizer (prepass.cpp)
// feeds it the text and tags it keeps, and it says which start tags would nest too deep.
//
// It must never count fewer levels than gumbo will build, since hostile markup aims exactly at
// those gaps (implied, reopened and foster-parented elements), and it should close elements where
// gumbo does, so that ordinary pages keep every tag. Where a rule is simplified, it errs towards
// counting more.

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "decode/prepass_tags.hpp"

namespace pagemd::extract::prepass_detail {

struct OpenElement {
  std::string_view name;
  std::uint16_t id;
  std::uint32_t serial;  // tells apart elements of the same name, e.g. for the formatting list
};

// An entry of the list of active formatting elements, or a marker (id 0).
struct ActiveFormatting {
  std::string_view name;
  std::string_view attributes;  // as written, for the "Noah's Ark" comparison
  std::uint16_t id;
  std::uint32_t serial;  // of its element while on_stack
  bool on_stack;
};

class OpenElements {
 public:
  explicit OpenElements(std::size_t max_open) : max_open_(max_open) {}

  // Only "<!DOCTYPE html>" selects no-quirks mode, where <table> closes an open <p>.
  void set_standards_mode(bool standards) { standards_mode_ = standards; }

  // Text reopens the formatting elements that a closed block cut off ("<p><b>x</p>y"), and
  // text other than whitespace ends a head or column group.
  void before_text(std::string_view text);

  enum class StartTag {
    dropped,           // it would nest too deep (or overfill the formatting list): drop it, keep its text
    opened,            // gumbo takes it as usual
    handled_in_select  // the "in select" rules took it (an option, or ignored it): passed on as written
  };
  // A start tag gumbo sees, with its flags from kTags.
  [[nodiscard]] StartTag open(const Tag& tag, std::uint32_t flags);

  // An end tag gumbo sees (whose start tag was not dropped with its content).
  void close(std::uint16_t tag);

  // Whether an element with this known tag (not id 0) is open.
  [[nodiscard]] bool has_open(std::uint16_t tag) const { return tag != 0 && count_[tag] > 0; }

 private:
  void push(std::string_view name, std::uint16_t tag);
  // Every element leaving the stack goes through here.
  void removed(const OpenElement& element);
  void pop_to(std::size_t size);
  void detach(std::size_t index);
  void drop_detached();
  [[nodiscard]] std::size_t find_active(std::uint32_t serial) const;
  void clear_active_to_marker();
  // Whether a new formatting element would grow the list past kMaxActiveFormatting entries after
  // the last marker (an identical fourth one only replaces the oldest, as below).
  [[nodiscard]] bool active_full(const Tag& tag) const;
  // Adds the formatting element just pushed; the "Noah's Ark" clause keeps at most three
  // identical ones (same name and attributes) after the last marker.
  void push_active(const Tag& tag);
  // Position of an element known to be on the stack.
  [[nodiscard]] std::size_t index_of(std::uint32_t serial) const;
  [[nodiscard]] bool opened_at_or_above(std::uint32_t serial, std::size_t index) const;
  // How many elements "reconstruct the active formatting elements" would open once the stack is
  // cut to `keep`. They count towards the depth even before the text that reopens them arrives:
  // "<p><b id=1>x</p>" repeated with ever new attributes would otherwise nest without bound.
  [[nodiscard]] std::size_t reopened(std::size_t keep) const;
  void reconstruct();
  // The stack size after closing a <p> in button scope, looking below `top`.
  [[nodiscard]] std::size_t close_p(std::size_t top) const;
  // <li> closes an open <li>, <dd>/<dt> an open <dd> or <dt>, unless a special element other than
  // address, div and p (such as the <ul> or <dl> of a nested list) comes first.
  [[nodiscard]] std::size_t close_list_item(std::size_t top, std::uint16_t a, std::uint16_t b) const;
  // Index of the nearest element below `top` that satisfies `pred`, or npos.
  template <typename Pred>
  [[nodiscard]] std::size_t nearest(std::size_t top, Pred pred) const {
    for (std::size_t i = top; i-- > 0;) {
      if (pred(open_[i].id)) return i;
    }
    return npos;
  }
  [[nodiscard]] std::size_t nearest_select() const;
  // "In select" ignores most start tags. Returns whether the tag still needs ordinary handling;
  // if not, `passed_on` says whether gumbo still gets it (or it is dropped as too deep).
  bool select_start(const Tag& tag, bool& passed_on);
  // "In select" ignores most end tags. Returns whether the tag still needs ordinary handling.
  bool select_end(std::uint16_t t);
  // When the adoption agency leaves a link in the list (it was out of scope), a new <a> removes
  // it from the list and from the stack, though not from the tree.
  void forget_active_link();
  // "Any other end tag": the nearest element with that tag, unless a special element is nearer.
  // For gumbo all unknown names are one tag.
  void close_ordinary(std::uint16_t t);
  // The adoption agency algorithm as far as depth goes. With no special element opened inside
  // the formatting element, it closes it; otherwise the formatting element and the plain
  // elements between it and that "furthest block" leave the stack and a copy of it opens inside
  // the furthest block. Without this, "<b><div></b>" repeated would look flat here yet nest in gumbo.
  void adoption_agency(std::uint16_t tag);

  std::size_t max_open_;
  std::vector<OpenElement> open_;
  std::vector<ActiveFormatting> active_;
  std::array<std::size_t, kTagCount> count_{};
  std::uint32_t serial_ = 0;
  bool standards_mode_ = false;
  bool select_in_table_ = false;
  bool form_pointer_ = false;  // the tree builder's "form element pointer" is set
};

}  // namespace pagemd::extract::prepass_detail
