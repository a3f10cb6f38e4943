#include "decode/open_elements.hpp"

#include <algorithm>

namespace pagemd::extract::prepass_detail {
namespace {

// Every text chunk after a closed block reopens the formatting elements still listed as active,
// so "<p><b id=1>x</p>" repeated with ever new attributes makes gumbo build (listed entries) x
// (chunks) elements. Capping the list keeps that a small multiple of the input; pages never come
// close, since closed formatting elements leave the list and identical ones stop at three.
constexpr std::size_t kMaxActiveFormatting = 32;

// An element the tree builder took off its stack (a form at </form>, a link a new <a> ends,
// elements the adoption agency moves) may still enclose the elements left open inside
// it. It stays on the stack here, under a name no end tag matches, until they are closed; then
// new content goes to its parent and it no longer adds depth.
bool is_detached(const OpenElement& element) { return element.id == 0 && element.name.empty(); }

bool is_marker_element(std::uint16_t tag) {
  return tag == kIdTd || tag == kIdTh || tag == kIdCaption || tag == kIdApplet || tag == kIdMarquee;
}

bool is_ruby_part(std::uint16_t tag) { return tag == kIdRb || tag == kIdRp || tag == kIdRt || tag == kIdRtc; }

bool is_implied_end(std::uint16_t tag) {
  return tag == kIdDd || tag == kIdDt || tag == kIdLi || tag == kIdOption || tag == kIdOptgroup || tag == kIdP ||
         is_ruby_part(tag);
}

bool is_table_section(std::uint16_t tag) { return tag == kIdTbody || tag == kIdThead || tag == kIdTfoot; }

bool is_table_part(std::uint16_t tag) {
  return tag == kIdTable || is_table_section(tag) || tag == kIdTr || tag == kIdTd || tag == kIdTh || tag == kIdCaption;
}

}  // namespace

void OpenElements::before_text(std::string_view text) {
  if (!open_.empty()) {
    const std::uint16_t top = open_.back().id;
    if (top == kIdHead || top == kIdColgroup || top == kIdTable || top == kIdTr || is_table_section(top)) {
      // Whitespace stays where it is there; other text ends a head or column group, and in
      // tables it is moved out in front, formatting elements reopened.
      if (std::all_of(text.begin(), text.end(), is_space)) return;
      if (top == kIdHead || top == kIdColgroup) pop_to(open_.size() - 1);
    }
  }
  reconstruct();
}

void OpenElements::push(std::string_view name, std::uint16_t tag) {
  open_.push_back({name, tag, ++serial_});
  ++count_[tag];
}

void OpenElements::removed(const OpenElement& element) {
  --count_[element.id];
  if ((flags_of(element.id) & kFormatting) != 0) {
    const std::size_t entry = find_active(element.serial);
    if (entry != npos) active_[entry].on_stack = false;  // reconstruction may reopen it
  } else if (element.id == kIdTd || element.id == kIdTh || element.id == kIdCaption) {
    clear_active_to_marker();  // closing a cell or caption always does; <applet>/<marquee> see close()
  }
}

void OpenElements::pop_to(std::size_t size) {
  while (open_.size() > size) {
    const OpenElement element = open_.back();
    open_.pop_back();
    removed(element);
  }
  drop_detached();
}

void OpenElements::detach(std::size_t index) {
  --count_[open_[index].id];
  ++count_[0];
  open_[index].id = 0;
  open_[index].name = {};
  drop_detached();
}

void OpenElements::drop_detached() {
  while (!open_.empty() && is_detached(open_.back())) {
    --count_[0];
    open_.pop_back();
  }
}

std::size_t OpenElements::find_active(std::uint32_t serial) const {
  for (std::size_t i = active_.size(); i-- > 0;) {
    if (active_[i].id != 0 && active_[i].serial == serial) return i;
  }
  return npos;
}

void OpenElements::clear_active_to_marker() {
  while (!active_.empty()) {
    const bool marker = active_.back().id == 0;
    active_.pop_back();
    if (marker) break;
  }
}

bool OpenElements::active_full(const Tag& tag) const {
  std::size_t entries = 0;
  std::size_t same = 0;
  for (std::size_t i = active_.size(); i-- > 0 && active_[i].id != 0;) {
    ++entries;
    if (active_[i].id == tag.id && active_[i].attributes == tag.attributes) ++same;
  }
  return entries >= kMaxActiveFormatting && same < 3;
}

void OpenElements::push_active(const Tag& tag) {
  std::size_t same = 0;
  std::size_t earliest = npos;
  for (std::size_t i = active_.size(); i-- > 0;) {
    const ActiveFormatting& entry = active_[i];
    if (entry.id == 0) break;
    if (entry.id == tag.id && entry.attributes == tag.attributes) {
      ++same;
      earliest = i;
    }
  }
  if (same >= 3) active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(earliest));
  active_.push_back({tag.name, tag.attributes, tag.id, open_.back().serial, true});
}

std::size_t OpenElements::index_of(std::uint32_t serial) const {
  std::size_t i = open_.size();
  while (i-- > 0) {
    if (open_[i].serial == serial) return i;
  }
  return npos;
}

bool OpenElements::opened_at_or_above(std::uint32_t serial, std::size_t index) const {
  for (std::size_t i = index; i < open_.size(); ++i) {
    if (open_[i].serial == serial) return true;
  }
  return false;
}

std::size_t OpenElements::reopened(std::size_t keep) const {
  std::size_t count = 0;
  for (std::size_t i = active_.size(); i-- > 0;) {
    const ActiveFormatting& entry = active_[i];
    if (entry.id == 0 || (entry.on_stack && !opened_at_or_above(entry.serial, keep))) break;
    ++count;
  }
  return count;
}

void OpenElements::reconstruct() {
  if (active_.empty() || active_.back().id == 0 || active_.back().on_stack || count_[kIdSelect] > 0) return;
  std::size_t i = active_.size();
  while (i > 0 && active_[i - 1].id != 0 && !active_[i - 1].on_stack) --i;
  for (; i < active_.size(); ++i) {
    push(active_[i].name, active_[i].id);
    active_[i].serial = serial_;
    active_[i].on_stack = true;
  }
}

std::size_t OpenElements::close_p(std::size_t top) const {
  if (count_[kIdP] == 0) return top;
  for (std::size_t i = top; i-- > 0;) {
    const std::uint16_t tag = open_[i].id;
    if (tag == kIdP) return i;
    if (tag == kIdButton || (flags_of(tag) & kScope) != 0) break;
  }
  return top;
}

std::size_t OpenElements::close_list_item(std::size_t top, std::uint16_t a, std::uint16_t b) const {
  if (count_[a] == 0 && count_[b] == 0) return top;
  for (std::size_t i = top; i-- > 0;) {
    const std::uint16_t tag = open_[i].id;
    if (tag == a || tag == b) return i;
    if ((flags_of(tag) & kSpecial) != 0 && tag != kIdAddress && tag != kIdDiv && tag != kIdP) break;
  }
  return top;
}

std::size_t OpenElements::nearest_select() const {
  return nearest(open_.size(), [](std::uint16_t x) { return x == kIdSelect; });
}

bool OpenElements::select_start(const Tag& tag, bool& passed_on) {
  const std::uint16_t t = tag.id;
  passed_on = false;
  if (t == kIdInput || t == kIdKeygen || t == kIdTextarea || (select_in_table_ && is_table_part(t))) {
    pop_to(nearest_select());  // these end the select first
    return true;
  }
  if (t == kIdSelect) {
    pop_to(nearest_select());
  } else if (t == kIdOption || t == kIdOptgroup) {
    std::size_t keep = open_.size();
    if (open_[keep - 1].id == kIdOption) --keep;
    if (t == kIdOptgroup && open_[keep - 1].id == kIdOptgroup) --keep;
    if (keep + reopened(keep) + 1 > max_open_) return false;
    pop_to(keep);
    push(tag.name, t);
  }
  passed_on = true;  // ignored ones too: gumbo ignores them the same way
  return false;
}

bool OpenElements::select_end(std::uint16_t t) {
  if (select_in_table_ && is_table_part(t)) {
    // "In select in table": only an end tag with its element in table scope ends the select.
    const std::size_t match = nearest(open_.size(), [t](std::uint16_t x) { return x == t || x == kIdTable; });
    if (match == npos || open_[match].id != t) return false;
    pop_to(nearest_select());
    return true;
  }
  const std::size_t size = open_.size();
  if (t == kIdOptgroup) {
    if (size >= 2 && open_[size - 1].id == kIdOption && open_[size - 2].id == kIdOptgroup) pop_to(size - 1);
    if (open_.back().id == kIdOptgroup) pop_to(open_.size() - 1);
  } else if (t == kIdOption) {
    if (open_.back().id == kIdOption) pop_to(size - 1);
  } else if (t == kIdSelect) {
    pop_to(nearest_select());
  }
  return false;
}

OpenElements::StartTag OpenElements::open(const Tag& tag, std::uint32_t flags) {
  const std::uint16_t t = tag.id;
  if (bool passed_on = false; count_[kIdSelect] > 0 && !select_start(tag, passed_on)) {
    return passed_on ? StartTag::handled_in_select : StartTag::dropped;
  }
  // The stack size once the current node has made way: anything but head content ends a head,
  // anything but <col> a column group.
  const auto first_keep = [&] {
    std::size_t size = open_.size();
    if (size > 0 && open_[size - 1].id == kIdHead && (flags & kInHead) == 0 && t != kIdHead && t != kIdHtml) {
      --size;
    }
    if (size > 0 && open_[size - 1].id == kIdColgroup && t != kIdCol) --size;
    return size;
  };
  std::size_t keep = first_keep();
  std::array<std::uint16_t, 2> implied{};  // elements the tree builder inserts before this one
  std::size_t implied_count = 0;
  bool opens = (flags & (kVoid | kLeaf)) == 0;
  bool decided = false;  // already known to go through

  if ((flags & kHeading) != 0) {
    keep = close_p(keep);
    if (keep > 0 && (flags_of(open_[keep - 1].id) & kHeading) != 0) --keep;
  } else if (t == kIdLi) {
    keep = close_p(close_list_item(keep, kIdLi, kIdLi));
  } else if (t == kIdDd || t == kIdDt) {
    keep = close_p(close_list_item(keep, kIdDd, kIdDt));
  } else if (t == kIdTable) {
    if (count_[kIdTable] > 0) {
      const std::size_t b =
          nearest(keep, [](std::uint16_t x) { return x == kIdTable || x == kIdTd || x == kIdTh || x == kIdCaption; });
      if (b != npos && open_[b].id == kIdTable) keep = b;  // a table directly in a table ends it
    }
    // In quirks mode (no or a legacy doctype) a table nests inside an open <p>.
    if (standards_mode_) keep = close_p(keep);
  } else if (t == kIdTr || t == kIdTd || t == kIdTh) {
    const bool cell = t != kIdTr;
    const std::size_t b =
        nearest(keep, [cell](std::uint16_t x) { return x == kIdTable || is_table_section(x) || (cell && x == kIdTr); });
    if (b == npos) {
      opens = false;  // outside a table the tree builder ignores these
    } else {
      keep = b + 1;
      if (open_[b].id == kIdTable) implied[implied_count++] = kIdTbody;
      if (cell && open_[b].id != kIdTr) implied[implied_count++] = kIdTr;
    }
  } else if (t == kIdCol) {
    // Closes cells and rows up to the table and sits in a (possibly implied) <colgroup>.
    const std::size_t b = nearest(keep, [](std::uint16_t x) { return x == kIdTable || x == kIdColgroup; });
    if (b != npos) {
      keep = b + 1;
      if (open_[b].id == kIdTable) implied[implied_count++] = kIdColgroup;
    }
  } else if (is_table_section(t) || t == kIdCaption || t == kIdColgroup) {
    const std::size_t b = nearest(keep, [](std::uint16_t x) { return x == kIdTable; });
    if (b == npos) {
      opens = false;
    } else {
      keep = b + 1;
    }
  } else if (t == kIdOption || t == kIdOptgroup) {
    if (keep > 0 && open_[keep - 1].id == kIdOption) --keep;  // outside a select, e.g. in <datalist>
  } else if (is_ruby_part(t)) {
    if (count_[kIdRuby] > 0) {
      const std::size_t ruby =
          nearest(keep, [](std::uint16_t x) { return x == kIdRuby || (flags_of(x) & kScope) != 0; });
      if (ruby != npos && open_[ruby].id == kIdRuby) {
        // "Generate implied end tags": a <p> or <li> (and the like) left open inside the ruby
        // ends; <rt> and <rp> go inside an open <rtc>.
        while (keep > 0 && is_implied_end(open_[keep - 1].id) &&
               !((t == kIdRt || t == kIdRp) && open_[keep - 1].id == kIdRtc)) {
          --keep;
        }
      }
    }
  } else if (t == kIdButton) {
    if (count_[kIdButton] > 0) {
      const std::size_t b =
          nearest(keep, [](std::uint16_t x) { return x == kIdButton || (flags_of(x) & kScope) != 0; });
      if (b != npos && open_[b].id == kIdButton) keep = b;
    }
  } else if (t == kIdHtml) {
    opens = false;  // the root always exists; a tag only adds attributes to it
  } else if (t == kIdForm) {
    if (form_pointer_) {
      opens = false;  // a form inside a form (one not ended by </form>) is ignored
    } else {
      keep = close_p(keep);
    }
  } else if (t == kIdHead || t == kIdBody) {
    // Once anything else is open, head and body exist (if only implied) and the tag is ignored.
    if (keep > 0 || count_[kIdBody] > 0) opens = false;
  } else if (t == kIdA || t == kIdNobr) {
    // Whether the tag goes through is settled before the adoption agency runs for it (a dropped
    // tag runs nothing in gumbo). The agency does not deepen gumbo's tree; here it may leave
    // detached entries, which must not then drop the tag.
    if (open_.size() + reopened(open_.size()) + 1 > max_open_ || active_full(tag)) return StartTag::dropped;
    decided = true;
    if (count_[t] > 0) {
      adoption_agency(t);  // a new link first closes the open one
      if (t == kIdA) forget_active_link();
      keep = first_keep();
    }
  } else if ((flags & kClosesP) != 0) {
    keep = close_p(keep);
  }

  const std::size_t added = implied_count + (opens ? 1 : 0);
  if (!decided) {
    if (added > 0 && keep + reopened(keep) + added > max_open_) return StartTag::dropped;
    if (opens && (flags & kFormatting) != 0 && active_full(tag)) return StartTag::dropped;
  }
  pop_to(keep);
  const bool reconstructs = (flags & kReopens) != 0 || ((flags & (kSpecial | kClosesP)) == 0 && !is_ruby_part(t));
  if (reconstructs) reconstruct();
  for (std::size_t i = 0; i < implied_count; ++i) push(name_of(implied[i]), implied[i]);
  if (opens) {
    // The mode a select starts in decides whether table tags end it.
    if (t == kIdSelect) select_in_table_ = count_[kIdTable] > 0;
    if (t == kIdForm) form_pointer_ = true;
    push(tag.name, t);
    if ((flags & kFormatting) != 0) {
      push_active(tag);
    } else if (is_marker_element(t)) {
      active_.push_back({{}, {}, 0, 0, false});
    }
  }
  return StartTag::opened;
}

void OpenElements::forget_active_link() {
  for (std::size_t i = active_.size(); i-- > 0 && active_[i].id != 0;) {
    if (active_[i].id != kIdA) continue;
    const ActiveFormatting link = active_[i];
    active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(i));
    if (link.on_stack) detach(index_of(link.serial));
    return;
  }
}

void OpenElements::close_ordinary(std::uint16_t t) {
  for (std::size_t i = open_.size(); i-- > 0;) {
    const OpenElement& e = open_[i];
    if (e.id == t && !is_detached(e)) {
      pop_to(i);
      return;
    }
    if ((flags_of(e.id) & kSpecial) != 0) return;
  }
}

void OpenElements::adoption_agency(std::uint16_t tag) {
  for (int round = 0; round < 8; ++round) {
    std::size_t entry = npos;
    for (std::size_t i = active_.size(); i-- > 0 && active_[i].id != 0;) {
      if (active_[i].id == tag) {
        entry = i;
        break;
      }
    }
    if (entry == npos) {
      if (round == 0) close_ordinary(tag);
      return;
    }
    if (!active_[entry].on_stack) {
      active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(entry));
      return;
    }
    const std::uint32_t serial = active_[entry].serial;
    std::size_t f = open_.size();
    while (f-- > 0 && open_[f].serial != serial) {
      if ((flags_of(open_[f].id) & kScope) != 0) return;  // not in scope: ignored
    }
    std::size_t block = npos;
    for (std::size_t i = f + 1; i < open_.size(); ++i) {
      if ((flags_of(open_[i].id) & kSpecial) != 0) {
        block = i;
        break;
      }
    }
    if (block == npos) {
      active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(entry));
      pop_to(f);
      return;
    }
    const OpenElement formatting = open_[f];
    const std::uint32_t block_serial = open_[block].serial;
    // Walking down from the furthest block, elements not in the list leave gumbo's stack and
    // listed ones stay (as copies; past the third step gumbo 0.10.1 only takes them out of the
    // list). Whether what leaves still encloses what stays depends on details of gumbo's walk,
    // so it is detached rather than erased: it still counts, but no end tag can match it.
    std::size_t step = 0;
    std::uint32_t nearest_kept = 0;  // its list entry is the "bookmark"
    for (std::size_t i = block; i-- > f + 1;) {
      if (is_detached(open_[i])) continue;
      ++step;
      const std::size_t listed = find_active(open_[i].serial);
      if (listed == npos) {
        detach(i);
      } else if (step > 3) {
        active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(listed));
      } else if (nearest_kept == 0) {
        nearest_kept = open_[i].serial;
      }
    }
    detach(f);
    open_.insert(open_.begin() + static_cast<std::ptrdiff_t>(index_of(block_serial)) + 1,
                 OpenElement{formatting.name, formatting.id, ++serial_});
    ++count_[formatting.id];
    // The copy's entry goes after that of the formatting element nearest the furthest block,
    // so that reconstruction, which starts from the end of the list, sees it first.
    const std::size_t moved = find_active(serial);
    if (moved != npos) {
      ActiveFormatting copy = active_[moved];
      copy.serial = serial_;
      copy.on_stack = true;
      active_.erase(active_.begin() + static_cast<std::ptrdiff_t>(moved));
      std::size_t at = moved;
      if (nearest_kept != 0) {
        const std::size_t bookmark = find_active(nearest_kept);
        if (bookmark != npos) at = bookmark + 1;
      }
      active_.insert(active_.begin() + static_cast<std::ptrdiff_t>(at), copy);
    }
  }
}

void OpenElements::close(std::uint16_t t) {
  const std::uint32_t flags = flags_of(t);
  if (count_[kIdSelect] > 0 && !select_end(t)) return;
  if (t == kIdBr) {
    reconstruct();  // </br> is taken as <br>
    return;
  }
  if (t == kIdBody || t == kIdHtml || (flags & (kVoid | kLeaf)) != 0) return;
  if (t != kIdColgroup && !open_.empty() && open_.back().id == kIdColgroup) pop_to(open_.size() - 1);
  if ((flags & kFormatting) != 0) {
    adoption_agency(t);
    return;
  }
  if ((flags & kSpecial) == 0 && t != kIdMain) {  // </main> closes like the special blocks
    close_ordinary(t);
    return;
  }
  if (t == kIdHead) {
    if (!open_.empty() && open_.back().id == kIdHead) pop_to(open_.size() - 1);  // elsewhere ignored
    return;
  }
  if (t == kIdForm) form_pointer_ = false;  // even when the form is out of scope below
  const bool table_scope = is_table_part(t) || t == kIdColgroup || t == kIdApplet || t == kIdMarquee;
  for (std::size_t i = open_.size(); i-- > 0;) {
    const std::uint16_t x = open_[i].id;
    if (x == t || ((flags & kHeading) != 0 && (flags_of(x) & kHeading) != 0)) {
      if (t == kIdForm) {
        // </form> ends a <p> (and the like) still open at the top, then takes only the form off
        // the stack, leaving the rest of what it holds open.
        std::size_t keep = open_.size();
        while (keep > i + 1 && is_implied_end(open_[keep - 1].id)) --keep;
        pop_to(keep);
        detach(i);
      } else {
        pop_to(i);
        // Only their end tag clears back to their marker; popped otherwise, the entries stay
        // and are reopened.
        if (t == kIdApplet || t == kIdMarquee) clear_active_to_marker();
      }
      return;
    }
    const bool boundary = table_scope ? x == kIdTable
                                      : ((flags_of(x) & kScope) != 0 || (t == kIdP && x == kIdButton) ||
                                         (t == kIdLi && (x == kIdUl || x == kIdOl)));
    if (boundary) break;
  }
  if (t == kIdP) reconstruct();  // a </p> with no <p> open makes an empty one
}

}  // namespace pagemd::extract::prepass_detail
