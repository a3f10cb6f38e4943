#include "content/pruning/pruning.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>

#include "text/phrases/boilerplate.hpp"
#include "content/pruning/block_shapes.hpp"
#include "content/pruning/labelled_sections.hpp"
#include "text/text_util.hpp"
#include "text/words.hpp"
#include "tree/element_kinds.hpp"
#include "tree/formula_elements.hpp"

namespace pagemd::extract::content_detail {

using namespace std::string_view_literals;

namespace {

class Pruner {
 public:
  Pruner(PageStats& page, const Scores& scores, const Strictness& strictness)
      : page_(page), doc_(page.doc()), strictness_(strictness), scores_(scores) {}

  // Removes boilerplate inside the chosen content, deepest elements first so that a container is
  // judged by what is left in it.
  void prune(const std::vector<NodeId>& roots) {
    roots_ = roots;
    drop_labelled_sections(page_, roots, /*responses_are_content=*/false);
    // The elements to judge are chosen before any is dropped. A bit a node, not a list of ids: a
    // page of tiny elements has millions.
    std::vector<bool> judged(doc_.size(), false);
    for (NodeId root : roots) {
      doc_.walk(root, [&](NodeId id) {
        if (page_.dropped(id)) return false;
        if (doc_.node(id).kind != NodeKind::element) return false;
        if (id != root) judged[id] = true;
        return doc_.node(id).tag != HtmlTag::pre;
      });
    }
    // Node ids run in document order and a subtree's ids are contiguous, so counting down from a
    // subtree's last node visits every child before its parent.
    for (auto root = roots.rbegin(); root != roots.rend(); ++root) {
      for (NodeId id = doc_.last_descendant(*root); id > *root; --id) {
        if (judged[id] && !page_.dropped(id) && should_prune(id)) page_.drop(id);
        if (!item_title_links_.empty() && !page_.dropped(id)) carry_item_titles(id);
      }
    }
  }

 private:
  bool is_furniture_by_text(NodeId id, const TextStats& stats) const {
    const Node& n = doc_.node(id);
    const std::uint32_t chars = stats.chars;
    const bool block = is_block_tag(n.tag) && n.tag != HtmlTag::td && n.tag != HtmlTag::th && n.tag != HtmlTag::li &&
                       n.tag != HtmlTag::p;
    // The shortest byline or date line ("By Jo", "May 5") has more than a few characters: a table's
    // one-letter cells are none, and building their text would cost more than the rest.
    constexpr std::uint32_t kShortestLine = 4;
    if (chars < kShortestLine || chars > 200) return false;
    // Short lines outside paragraphs: bylines, date lines, breadcrumbs.
    const NodeId parent = n.parent;
    const bool in_prose =
        parent != kNoNode && (doc_.is_element(parent, HtmlTag::p) || doc_.is_element(parent, HtmlTag::li) ||
                              heading_level(doc_.node(parent).tag) > 0);
    if (in_prose || n.tag == HtmlTag::a || heading_level(n.tag) > 0) return false;
    // A block holding code or a data table is no byline or breadcrumb.
    if (holds_code_or_data(id)) return false;
    // Mostly a heading: a title, not a byline or a breadcrumb, whatever arrows it holds (a method's
    // signature, "fn map<U>(self) -> U", beside its "Source" link).
    if (2 * stats.heading_chars > chars) return false;
    if (!block && page_.chars(parent) > chars + chars / 2 && !stands_alone(page_, id)) {
      // An inline element among other text is part of a sentence unless it stands on its own line.
      return false;
    }
    const std::string text = collapse_whitespace(page_.small_text(id));
    // A nest of wrappers around one line asks of the same text at every level.
    if (text != last_line_) {
      last_line_ = text;
      last_line_is_byline_ = looks_like_byline(text);
    }
    constexpr std::uint32_t kAuthorLineChars = 100;
    const bool furniture = last_line_is_byline_ || (link_density_of(stats) > 0.1 && looks_like_breadcrumb(text)) ||
                           (chars <= kAuthorLineChars && names_the_author(id)) ||
                           (link_density_of(stats) > 0.8 && looks_like_pager(text, links_in(id)));
    // Nor is what a headed table holds: an "Updated" column, a row whose code says "n > 0".
    return furniture && !in_headed_table(page_, id);
  }

  // A widget's title left over its body, which the pruning took (a sidebar's "Archives" over its
  // list of links): a block that holds only a heading now and held three times its text before. A
  // section's head that lost a "Print" or "Share" beside its heading held little more; the page's
  // headline stays whatever went around it.
  bool is_widget_title_left(NodeId id, const TextStats& now) const {
    if (now.heading_chars == 0 || now.heading_chars != now.chars || headline_after(page_, id) != kNoNode) return false;
    std::size_t before = 0;
    doc_.walk(id, [&](NodeId d) {
      before += non_space_bytes(doc_.text(d));
      return WalkStep::descend;
    });
    return before >= 3 * std::size_t{now.chars};
  }

  // The links of a short block (a pager's one or two, a breadcrumb's few); counting stops past a few.
  std::size_t links_in(NodeId id) const {
    constexpr std::size_t kEnough = 4;
    std::size_t links = 0;
    doc_.walk(id, [&](NodeId d) {
      if (doc_.is_element(d, HtmlTag::a) && !page_.dropped(d)) ++links;
      return links >= kEnough ? WalkStep::stop : WalkStep::descend;
    });
    return links;
  }

  bool should_prune(NodeId id) const {
    const Node& n = doc_.node(id);
    if (page_.in_code(id)) return false;
    // Nothing is dropped while an element is judged, so its sums hold throughout.
    const TextStats stats = page_.stats(id);
    if (stats.chars == 0) {
      // Keep what renders without text: images, rules, line breaks, formulas and their containers; and the
      // space between two words that an inline element holds (`<em>class</em><span> </span>Name`).
      // Not a link around a badge of a picture alone (an author's avatar, a logo, a button drawn
      // as an image): it leads away and shows nothing of the content.
      if (n.tag == HtmlTag::a && links_only_a_badge(id)) return true;
      const bool is_inline = !is_block_tag(n.tag);
      bool keep = false;
      doc_.walk(id, [&](NodeId d) {
        if (page_.dropped(d)) return WalkStep::skip;
        if (is_image(doc_, d) || doc_.is_element(d, HtmlTag::hr) || doc_.is_element(d, HtmlTag::br) ||
            doc_.node(d).tag == HtmlTag::picture || holds_formula_source(doc_, d) ||
            (is_inline && !doc_.text(d).empty())) {
          keep = true;
          return WalkStep::stop;
        }
        return WalkStep::descend;
      });
      return !keep && n.tag != HtmlTag::td && n.tag != HtmlTag::th;
    }
    if (says_only_a_widget_phrase(page_, id) && n.tag != HtmlTag::td && n.tag != HtmlTag::th) {
      return true;
    }
    if (is_furniture_by_text(id, stats)) return true;
    if (is_author_bio(id, stats)) return true;
    const bool heading = n.tag >= HtmlTag::h1 && n.tag <= HtmlTag::h6;
    if (heading) {
      if (class_weight(doc_, id, strictness_) < 0 && !heads_a_paragraph(doc_, id)) return true;
      if (link_density_of(stats) <= 0.5 || !title_makes_links(id, stats)) return false;
      if (!is_item_title(page_, id)) return true;
      item_title_links_[id] = stats.link_chars;
      return false;
    }
    if (strictness_.weigh_classes && class_hint(doc_, id) == Hint::negative && stats.chars < 400 &&
        !is_data_table_cell(id) && !holds_code_or_data(id)) {
      return true;
    }
    if (!strictness_.clean_conditionally) return false;
    switch (n.tag) {
      case HtmlTag::table:
      case HtmlTag::ul:
      case HtmlTag::ol:
      case HtmlTag::div:
      case HtmlTag::section:
      case HtmlTag::form:
      case HtmlTag::fieldset:
      case HtmlTag::aside:
      case HtmlTag::dl: break;
      default: return false;
    }
    // Code and data tables are content whatever their wrappers' classes and links say.
    if (holds_code_or_data(id) || page_.inside_data_table(id)) return false;

    const double weight = class_weight(doc_, id, strictness_);
    // A list's own score starts below zero, so only a positive score offsets a negative class.
    if (weight + std::max(scores_.of(id), 0.0) < 0) return true;
    if (stats.commas >= 10) return false;

    const TextStats& c = stats;
    // A wrapper holding nothing but a list (a component's <div> around an <ol>) is judged as the list.
    const NodeId list = n.tag == HtmlTag::div || n.tag == HtmlTag::section ? only_list_in(id) : list_or_none(id);
    const bool is_list = list != kNoNode;
    // The linked titles of the items it holds name those items; they lead nowhere the items do not.
    const double density = link_density_of(TextStats{
        .chars = stats.chars, .link_chars = stats.link_chars - std::min(stats.link_chars, item_title_chars_in(id))});
    const std::uint32_t chars = c.chars;
    const bool in_figure = page_.in_figure(id);
    const auto paragraphs = static_cast<long>(c.paragraphs);
    // A gallery or a strip of icons, unless there is real prose around the pictures: paragraphs, or
    // as many sentences beside each picture as a paragraph holds (cards written in <div>s).
    constexpr std::uint32_t kProsePerPicture = 150;
    if (c.images > 1 && static_cast<double>(paragraphs) / c.images < 0.5 && !in_figure && chars < 1000 &&
        chars - std::min(chars, stats.link_chars) < kProsePerPicture * c.images) {
      return true;
    }
    if (!is_list && static_cast<long>(c.list_items) - 100 > paragraphs) return true;
    if (static_cast<long>(c.inputs) > paragraphs / 3) return true;
    if (is_widget_title_left(id, c)) return true;
    const double heading_density = chars == 0 ? 0.0 : static_cast<double>(c.heading_chars) / chars;
    if (!is_list && heading_density < 0.9 && chars < 25 && (c.images == 0 || c.images > 2) && !in_figure &&
        !inside_heading(id) && !holds_formula(id)) {
      return true;
    }
    // A block that is mostly a heading (rustdoc's method signature, its types linked, with a
    // "Source" link beside it) is judged as its heading is.
    constexpr double kHeadedBlock = 0.6;
    const bool mostly_heading = heading_density >= kHeadedBlock;
    const bool dense = weight < 25 && !mostly_heading ? density > 0.2 + (is_list ? 0.2 : 0.0) : density > 0.5;
    if (dense && !(is_list && (introduced_by_sentence(id) || items_are_sentences(list)))) return true;
    if ((c.embeds == 1 && chars < 75) || c.embeds > 1) return true;
    return false;
  }

  // Whether a link without text holds one picture, and that a badge: 64 px or less on a side as
  // its attributes say, or a source named an avatar, a logo, an icon or a button.
  bool links_only_a_badge(NodeId link) const {
    constexpr std::size_t kBadgePixels = 64;
    NodeId picture = kNoNode;
    bool more = false;
    doc_.walk(link, [&](NodeId d) {
      if (page_.dropped(d) || !is_image(doc_, d)) return WalkStep::descend;
      more = picture != kNoNode;
      picture = d;
      return more ? WalkStep::stop : WalkStep::skip;
    });
    if (picture == kNoNode || more) return false;
    for (std::string_view side : {"width"sv, "height"sv}) {
      const std::string_view* value = doc_.attribute(picture, side);
      const std::size_t pixels = value == nullptr ? 0 : leading_number(*value);
      if (pixels > 0 && pixels <= kBadgePixels) return true;
    }
    const std::string_view* source = doc_.attribute(picture, "src");
    if (source == nullptr) return false;
    // A word of its own in the address ("site-logo.png", "/avatar/"), not a part of one
    // ("logos-of-the-winners.jpg").
    const std::string lower = ascii_lower_copy(*source);
    return std::any_of(kBadgeSources.begin(), kBadgeSources.end(), [&](std::string_view word) {
      for (std::size_t at = lower.find(word); at != std::string::npos; at = lower.find(word, at + 1)) {
        const std::size_t end = at + word.size();
        if ((at == 0 || !is_ascii_alnum(lower[at - 1])) && (end == lower.size() || !is_ascii_alnum(lower[end]))) {
          return true;
        }
      }
      return false;
    });
  }
  static constexpr std::array<std::string_view, 4> kBadgeSources{"avatar", "logo", "icon", "button"};

  bool marks_an_author(NodeId id) const {
    for (std::string_view attribute : {"rel"sv, "itemprop"sv}) {
      const std::string_view* value = doc_.attribute(id, attribute);
      if (value != nullptr &&
          any_token(*value, [](std::string_view token) { return equals_ignore_case(token, "author"); })) {
        return true;
      }
    }
    return false;
  }

  // Whether a short line names the page's author (rel="author", itemprop="author"), whatever words
  // go with the name ("Jane Doe · Updated 11:42"). Not where the content marks many authors: a
  // listing's items and a thread's posts name theirs.
  bool names_the_author(NodeId id) const {
    const std::vector<NodeId>& marks = author_marks();
    return marks.size() <= kBylineAuthors && std::any_of(marks.begin(), marks.end(), [&](NodeId mark) {
             return doc_.contains(id, mark) && !page_.dropped(mark);
           });
  }

  // An author's bio after the story ("Jane Doe is a staff writer at ..."): a short block that opens
  // with a link to where the byline links its author's name. Not where the page marks many authors:
  // a thread's replies open with their posters' names.
  bool is_author_bio(NodeId id, const TextStats& stats) const {
    constexpr std::uint32_t kLongestBio = 600;
    const HtmlTag tag = doc_.node(id).tag;
    if (stats.chars > kLongestBio || (tag != HtmlTag::p && tag != HtmlTag::div)) return false;
    NodeId opening = doc_.node(id).first_child();
    while (opening != kNoNode) {
      const Node& n = doc_.node(opening);
      if (n.kind == NodeKind::text) {
        if (!trim(doc_.text(opening)).empty()) return false;
        opening = n.next_sibling;
      } else if (n.tag == HtmlTag::a) {
        break;
      } else if (n.kind == NodeKind::element && !is_block_tag(n.tag)) {
        opening = n.first_child();  // a name in <strong> or <em>
      } else {
        return false;
      }
    }
    if (opening == kNoNode || 2 * page_.chars(opening) >= stats.chars) return false;
    const std::string_view* href = doc_.attribute(opening, "href");
    const std::vector<std::string_view>& bylines = byline_links();
    return href != nullptr && bylines.size() <= kBylineAuthors &&
           std::find(bylines.begin(), bylines.end(), trim(*href)) != bylines.end();
  }

  // Where the page's bylines link their authors' names: the links inside what marks an author
  // (rel="author", itemprop="author") or inside an <address>, the standard's element for an
  // article's author. Found once, up to one past kBylineAuthors different ones.
  const std::vector<std::string_view>& byline_links() const {
    if (byline_links_found_) return byline_links_;
    byline_links_found_ = true;
    const auto add_links = [&](NodeId from) {
      doc_.walk(from, [&](NodeId d) {
        if (const std::string_view* href = doc_.is_element(d, HtmlTag::a) ? doc_.attribute(d, "href") : nullptr;
            href != nullptr && !trim(*href).empty() &&
            std::find(byline_links_.begin(), byline_links_.end(), trim(*href)) == byline_links_.end()) {
          byline_links_.push_back(trim(*href));
        }
        return byline_links_.size() > kBylineAuthors ? WalkStep::stop : WalkStep::descend;
      });
    };
    doc_.walk(0, [&](NodeId d) {
      if (byline_links_.size() > kBylineAuthors) return WalkStep::stop;
      if (doc_.node(d).kind != NodeKind::element || (doc_.node(d).tag != HtmlTag::address && !marks_an_author(d))) {
        return WalkStep::descend;
      }
      add_links(d);
      return WalkStep::skip;
    });
    return byline_links_;
  }

  // The elements of the content that mark an author, found once (one walk, not one per line),
  // up to one past kBylineAuthors.
  static constexpr std::size_t kBylineAuthors = 2;
  const std::vector<NodeId>& author_marks() const {
    if (author_marks_found_) return author_marks_;
    author_marks_found_ = true;
    for (NodeId root : roots_) {
      doc_.walk(root, [&](NodeId d) {
        if (author_marks_.size() > kBylineAuthors) return WalkStep::stop;
        if (page_.dropped(d) || doc_.node(d).kind != NodeKind::element) return WalkStep::skip;
        if (marks_an_author(d)) author_marks_.push_back(d);
        return WalkStep::descend;
      });
    }
    return author_marks_;
  }

  static bool is_list_tag(HtmlTag tag) { return tag == HtmlTag::ul || tag == HtmlTag::ol || tag == HtmlTag::dl; }
  NodeId list_or_none(NodeId id) const { return is_list_tag(doc_.node(id).tag) ? id : kNoNode; }

  // The only element child of a wrapper when that is a list (whitespace around it aside), else kNoNode.
  NodeId only_list_in(NodeId id) const {
    NodeId list = kNoNode;
    for (NodeId child = doc_.node(id).first_child(); child != kNoNode; child = doc_.node(child).next_sibling) {
      if (page_.dropped(child)) continue;
      const Node& c = doc_.node(child);
      if (c.kind == NodeKind::text && trim(doc_.text(child)).empty()) continue;
      if (c.kind != NodeKind::element || list != kNoNode || !is_list_tag(c.tag)) return kNoNode;
      list = child;
    }
    return list;
  }

  // A linked heading is an item's title (an index's entries, a listicle's products), kept with its
  // item; only where it alone would make the block it heads read as links (a chapter's linked
  // title over two sentences) does it go, and the block stays.
  bool title_makes_links(NodeId heading, const TextStats& title) const {
    constexpr double kDenseBlock = 0.2;
    const NodeId parent = doc_.node(heading).parent;
    if (parent == kNoNode) return false;
    const TextStats block = page_.stats(parent);
    const std::uint32_t rest_chars = block.chars - std::min(block.chars, title.chars);
    const std::uint32_t rest_links = block.link_chars - std::min(block.link_chars, title.link_chars);
    return link_density_of(block) > kDenseBlock && rest_chars > 0 && rest_links <= kDenseBlock * rest_chars;
  }

  // The link characters of the items' titles kept under `id` (is_item_title), summed up the tree as
  // the pruning climbs it: by then what it dropped below `id` is out of the sum.
  std::uint32_t item_title_chars_in(NodeId id) const {
    const auto found = item_title_links_.find(id);
    return found == item_title_links_.end() ? 0 : found->second;
  }
  void carry_item_titles(NodeId id) {
    const auto found = item_title_links_.find(id);
    const NodeId parent = doc_.node(id).parent;
    if (found == item_title_links_.end() || parent == kNoNode) return;
    item_title_links_[parent] += found->second;
  }

  // A formula is content however little text it draws (an equation's table holds only its number).
  bool holds_formula(NodeId id) const {
    bool found = false;
    doc_.walk(id, [&](NodeId d) {
      if (page_.dropped(d)) return WalkStep::skip;
      if (holds_formula_source(doc_, d) || holds_delimited_tex(doc_, d)) {
        found = true;
        return WalkStep::stop;
      }
      return WalkStep::descend;
    });
    return found;
  }

  // A block inside a heading is a part of its text (a parameter's name and type, each in a <div>).
  // Looked for a few levels up only: every tiny block of a deep nest would otherwise walk the nest.
  bool inside_heading(NodeId id) const {
    constexpr int kLevels = 3;
    NodeId at = doc_.node(id).parent;
    for (int level = 0; level < kLevels && at != kNoNode; ++level, at = doc_.node(at).parent) {
      if (heading_level(doc_.node(at).tag) > 0) return true;
      if (is_block_tag(doc_.node(at).tag) && doc_.node(at).tag != HtmlTag::div) return false;
    }
    return false;
  }

  // A list of links that a sentence of the text leads into ("For more information, see:") goes on
  // that sentence; a menu or a "related" strip stands on its own, or under a heading or a label.
  bool introduced_by_sentence(NodeId list) const {
    constexpr std::size_t kSentenceWords = 4;
    NodeId before = doc_.prev_sibling(list);
    while (before != kNoNode && doc_.node(before).kind != NodeKind::element) {
      if (!trim(doc_.text(before)).empty()) return false;
      before = doc_.prev_sibling(before);
    }
    if (before == kNoNode || !doc_.is_element(before, HtmlTag::p) || page_.dropped(before)) return false;
    const std::string lead = page_.small_text(before);
    const std::string_view sentence = trim(lead);
    return sentence.ends_with(':') && count_words(sentence) >= kSentenceWords;
  }

  // A list whose every item says something outside its links ("Sends broken link notification
  // emails to MANAGERS (see How to manage error reporting)") is text that links, not a list of
  // links: a menu's or a link strip's items are their links and a word or two.
  bool items_are_sentences(NodeId list) const {
    constexpr std::size_t kSentenceWords = 4;
    std::size_t items = 0;
    for (NodeId item = doc_.node(list).first_child(); item != kNoNode; item = doc_.node(item).next_sibling) {
      if (doc_.node(item).kind != NodeKind::element || page_.dropped(item)) continue;
      std::string unlinked;
      doc_.walk(item, [&](NodeId d) {
        if (page_.dropped(d) || doc_.is_element(d, HtmlTag::a)) return false;
        if (doc_.node(d).kind == NodeKind::text) unlinked.append(doc_.text(d)).push_back(' ');
        return true;
      });
      if (count_words(unlinked) < kSentenceWords) return false;
      ++items;
    }
    return items > 0;
  }

  // Code blocks and data tables are content whatever their wrapper's class says ("code-scroll").
  bool holds_code_or_data(NodeId id) const { return page_.stats(id).code_or_tables > 0; }
  bool is_data_table_cell(NodeId id) const {
    return (doc_.is_element(id, HtmlTag::td) || doc_.is_element(id, HtmlTag::th)) && page_.inside_data_table(id);
  }

  PageStats& page_;
  const Document& doc_;
  const Strictness strictness_;
  const Scores& scores_;
  std::vector<NodeId> roots_;
  mutable std::string last_line_;  // the last text is_furniture_by_text read, and whether it is a byline
  mutable bool last_line_is_byline_ = false;
  mutable bool author_marks_found_ = false;
  mutable std::vector<NodeId> author_marks_;
  // Per element under which the pruning kept items' linked titles: their link characters.
  mutable std::unordered_map<NodeId, std::uint32_t> item_title_links_;
  mutable bool byline_links_found_ = false;
  mutable std::vector<std::string_view> byline_links_;
};

}  // namespace

void prune(PageStats& page, const std::vector<NodeId>& roots, const Scores& scores, const Strictness& strictness) {
  Pruner(page, scores, strictness).prune(roots);
}

}  // namespace pagemd::extract::content_detail
