#include "content/content.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string_view>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "text/phrases/boilerplate.hpp"
#include "content/content_profile.hpp"
#include "content/pruning/block_shapes.hpp"
#include "content/pruning/customer_reviews.hpp"
#include "content/pruning/other_products.hpp"
#include "content/pruning/labelled_sections.hpp"
#include "content/pruning/pruning.hpp"
#include "content/widening/widening.hpp"
#include "content/content_scoring.hpp"
#include "content/content_stats.hpp"
#include "content/never_content.hpp"
#include "tree/element_kinds.hpp"
#include "tree/hiding.hpp"
#include "text/metadata_text.hpp"
#include "text/text_util.hpp"

// The main-content search follows the shape of Mozilla Readability's algorithm (score paragraphs,
// credit their ancestors, take the best ancestor and the siblings that belong with it, then prune
// boilerplate inside it), re-derived for an immutable tree plus a drop mask, with the class/id hint
// lists matched on whole name tokens instead of substrings. This file runs the search: what is left
// out up front, and the attempts that relax the filters. The steps of an attempt have files of their
// own: the per-subtree sums (content_stats.cpp), the scoring and choice of the roots
// (content_scoring.cpp), their widening to what they are a part of (widening/) and the pruning
// inside them (pruning/); so do the passes of a whole-page profile (content_profile.cpp).

namespace pagemd::extract {
namespace {

using content_detail::choose_roots;
using content_detail::PageStats;
using content_detail::prune;
using content_detail::Scores;
using content_detail::Strictness;
using content_detail::Sums;

class ContentFinder {
 public:
  ContentFinder(const Document& doc, const ContentRules& rules) : doc_(doc), rules_(rules), page_(doc) {}

  ContentSelection run() {
    const NodeId body = body_or_root();
    content_detail::mark_never_content(
        page_, body,
        rules_.exclude && !rules_.exclude->empty() ? rules_.exclude->match_all(doc_) : std::vector<std::uint8_t>{});
    if (rules_.include && !rules_.include->empty()) return select_included(body);
    if (rules_.scope == ContentScope::whole_body) return finish({body});
    drop_consent_banners(body);
    drop_placeholder_text(body);
    const std::vector<std::uint8_t> baseline = page_.drop_mask();
    const ContentProfile& profile = profile_of(rules_.page_type);
    if (profile.whole_page) {
      strictness_.strip_unlikely = profile.drop_unlikely;
      content_asides_ = profile.content_asides;
      mark_furniture(body);
      if (!profile.chrome_names.empty()) drop_named_chrome(body, profile.chrome_names);
      // Once: from here on the sums follow each drop.
      page_.compute_stats();
      content_detail::drop_profile_chrome(page_, body, profile);
      if (profile.drop_customer_reviews) content_detail::drop_customer_reviews(page_, body, rules_.review_texts);
      if (profile.drop_other_products) content_detail::drop_other_products(page_, body);
      const NodeId scope = profile.within_main ? main_landmark_or(body) : body;
      const NodeId kept = profile.text_share > 0
                              ? content_detail::block_holding(page_, scope, profile.text_share, profile.items_are_links,
                                                              profile.responses_are_content)
                              : scope;
      content_detail::drop_labelled_sections(page_, {kept}, profile.responses_are_content);
      if (!left_a_fragment(body, kept)) {
        // Once the content is found: the reviews' text is no reason to take it for a fragment.
        if (profile.drop_customer_reviews) {
          content_detail::drop_reviews_under_their_count(page_, kept, body, rules_.review_counts);
        }
        return finish_main_content({kept});
      }
      // The page is not what its type said (a grid of product links taken for one product):
      // the search of an article, which asks nothing of the page's kind, does better than a fragment.
      page_.restore_drop_mask(baseline);
      content_asides_ = {};
    }

    // Like Readability: first with every filter on; if that leaves too little text, relax.
    // On a page without text (a gallery, a script's empty shell) every attempt finds none, and the
    // last one's pick is the answer: only that one runs.
    page_shows_text_ = visible_chars(body) > 0;
    const int first_attempt = page_shows_text_ ? 0 : 2;
    saw_unlikely_hint_ = false;
    for (int attempt = first_attempt; attempt < 3; ++attempt) {
      // The second attempt keeps the blocks whose names only hint at boilerplate; on a page
      // without such names it would repeat the first one step for step.
      if (attempt == 1 && !saw_unlikely_hint_) continue;
      page_.restore_drop_mask(baseline);
      strictness_.strip_unlikely = attempt < 1;
      strictness_.weigh_classes = attempt < 2;
      strictness_.clean_conditionally = attempt < 2;
      mark_furniture(body);
      page_.compute_stats();
      std::vector<NodeId> roots = choose_roots(page_, body, strictness_, scores_, rules_.title);
      // The readers' responses under their count ("10 comments:") can outscore a short post. Where
      // their names say nothing, the strict attempt would keep them: it leaves them out and chooses again.
      if (attempt == 0 && !profile.responses_are_content &&
          content_detail::drop_responses_holding(page_, roots, body)) {
        roots = choose_roots(page_, body, strictness_, scores_, rules_.title);
      }
      content_detail::widen_pick(page_, body, roots);
      // The readers' responses under their count ("12 thoughts on “Title”") are no article's
      // content, however much more text they hold than a short post: a relaxed attempt that picks
      // only them goes back to what the stricter one found.
      if (attempt > 0 && best_chars_ > 0 && !profile.responses_are_content &&
          std::all_of(roots.begin(), roots.end(), [&](NodeId r) { return comes_under_responses_count(r, body); })) {
        if (attempt < 2) continue;
        page_.restore_drop_mask(best_is_strict_ ? strict_dropped_ : best_dropped_);
        return finish_main_content(std::move(best_roots_));
      }
      const std::uint32_t picked = chars_of(roots);
      prune(page_, roots, scores_, strictness_);
      for (NodeId r : roots) {
        content_detail::drop_calls_to_action(page_, r, /*short_links_are_buttons=*/false);
        content_detail::drop_pitch_boxes(page_, r);
      }
      drop_pitch_roots(roots);
      const std::uint32_t chars = chars_of(roots);
      // Under-extraction: when the cleaning took most of the pick's text, it took the content for
      // chrome (an index's items, each mostly a link; a thread's replies), and the next attempt,
      // with fewer filters, is tried as when too little text is left.
      const bool cleaned_away = 2 * chars < picked;
      if ((chars >= kEnoughChars && !cleaned_away) || attempt == 2) {
        // A short text found whole by the strict attempt: relaxing chose the same blocks and kept
        // only a little more, what the strict cleaning took for chrome (a breadcrumb, tags). When
        // the cleaning had taken the content for chrome (an index's items), relaxing gets it back,
        // which is much more.
        const bool little_more = 4 * chars < 5 * strict_chars_;
        if (attempt > 0 && roots == strict_roots_ && little_more) {
          page_.restore_drop_mask(strict_dropped_);
          return finish_main_content(std::move(roots));
        }
        // A short story found whole by the strict attempt, under the page's headline: relaxing
        // widened it to the page around it (a menu's blurbs, an announcement bar), more text but
        // none of the story's.
        if (attempt > 0 && strict_found_the_story_ && encloses(roots, strict_roots_)) {
          page_.restore_drop_mask(strict_dropped_);
          return finish_main_content(std::move(strict_roots_));
        }
        if (attempt > 0 && chars < best_chars_) {
          page_.restore_drop_mask(best_is_strict_ ? strict_dropped_ : best_dropped_);
          return finish_main_content(std::move(best_roots_));
        }
        return finish_main_content(std::move(roots));
      }
      if (attempt == 0) {
        strict_roots_ = roots;
        strict_chars_ = chars;
        strict_dropped_ = page_.drop_mask();
        strict_found_the_story_ = !cleaned_away && under_the_headline(roots);
      }
      if (chars > best_chars_) {
        best_chars_ = chars;
        best_roots_ = roots;
        // A mask is a byte a node: the strict attempt's is kept once.
        best_is_strict_ = attempt == 0;
        if (!best_is_strict_) best_dropped_ = page_.drop_mask();
      }
    }
    return finish({body});
  }

 private:
  static constexpr std::uint32_t kEnoughChars = 500;

  // A block taken in beside the best one, as its sibling, goes when it is a pitch (a heading, a
  // sentence and a button after the text): a short post's pitch scores as much as its text.
  void drop_pitch_roots(std::vector<NodeId>& roots) {
    if (roots.size() < 2) return;
    const NodeId parent = doc_.node(roots.front()).parent;
    std::erase_if(roots, [&](NodeId r) {
      if (!content_detail::is_pitch_box(page_, r, parent)) return false;
      page_.drop(r);
      return true;
    });
  }

  // The blocks a profile names as chrome for its kind of page; a wrapper holding most of the page
  // is not one of them.
  void drop_named_chrome(NodeId body, std::span<const std::string_view> names) {
    const std::size_t page_chars = visible_chars(body);
    page_.drop_outermost(body, Sums::not_yet, [&](NodeId id) {
      return has_name_or_part(doc_, id, names) && visible_chars(id) * 5 <= page_chars * 2;
    });
  }

  std::uint32_t chars_of(const std::vector<NodeId>& roots) const {
    std::uint32_t chars = 0;
    for (NodeId r : roots) chars += page_.chars(r);
    return chars;
  }

  // Whether sibling `roots` are the blocks of a story under the page's headline: their parent holds
  // an <h1> that says the page's title (in one of them, or in a block of its own before them).
  bool under_the_headline(const std::vector<NodeId>& roots) const {
    if (rules_.title.empty() || roots.empty()) return false;
    const NodeId parent = doc_.node(roots.front()).parent;
    if (parent == kNoNode ||
        std::any_of(roots.begin(), roots.end(), [&](NodeId r) { return doc_.node(r).parent != parent; })) {
      return false;
    }
    const std::string title = normalized_title(rules_.title);
    for (NodeId h = content_detail::headline_after(page_, parent); h != kNoNode;
         h = content_detail::headline_after(page_, parent, h)) {
      if (normalized_title(doc_.text_content(h)) == title) return true;
    }
    return false;
  }

  // Whether `outer` is one block holding every one of `inner`.
  bool encloses(const std::vector<NodeId>& outer, const std::vector<NodeId>& inner) const {
    return outer.size() == 1 && !inner.empty() && outer != inner &&
           std::all_of(inner.begin(), inner.end(), [&](NodeId id) { return doc_.contains(outer.front(), id); });
  }

  // Whether the element comes under a count of the readers' responses ("12 Comments", "3 thoughts
  // on “Title”"): the nearest block with text before it, or before the wrapper it opens, says so.
  bool comes_under_responses_count(NodeId id, NodeId body) const {
    constexpr std::uint32_t kMostLabelChars = 160;
    const NodeId label =
        content_detail::label_before(page_, id, body, std::numeric_limits<int>::max(), kMostLabelChars);
    return label != kNoNode && counts_responses(doc_.text_content(label));
  }

  // Under-extraction of a whole-page profile: what it kept is a sliver of the page's visible text.
  bool left_a_fragment(NodeId body, NodeId kept) const {
    constexpr std::uint32_t kFragmentChars = 500;
    constexpr std::size_t kPageToFragment = 50;
    const std::uint32_t chars = page_.chars(kept);
    return chars < kFragmentChars && visible_chars(body) > kPageToFragment * std::max<std::size_t>(chars, 100);
  }

  NodeId body_or_root() const {
    const NodeId body = doc_.find_first(HtmlTag::body);
    return body == kNoNode ? doc_.root() : body;
  }

  ContentSelection finish(std::vector<NodeId> roots) {
    return ContentSelection{std::move(roots), page_.take_drop_mask(), page_shows_text_};
  }
  ContentSelection finish_main_content(std::vector<NodeId> roots) {
    if (!profile_of(rules_.page_type).keeps_repeats) content_detail::drop_repeated_blocks(page_, roots);
    return finish(std::move(roots));
  }

  ContentSelection select_included(NodeId body) {
    const std::vector<std::uint8_t> included = rules_.include->match_all(doc_);
    std::vector<NodeId> roots;
    doc_.walk(body, [&](NodeId id) {
      if (page_.dropped(id)) return false;
      if (included[id] != 0) {
        roots.push_back(id);
        return false;  // a match inside a match is already rendered
      }
      return true;
    });
    return finish(std::move(roots));
  }

  // Text characters of a subtree before anything is dropped (summed once: furniture checks
  // would otherwise walk nested candidates again and again). The sums are kept for the nodes
  // PageStats keeps sums for; the rest hold one leaf at most and are counted when asked.
  std::size_t visible_chars(NodeId from) const {
    if (!raw_chars_summed_) {
      raw_chars_summed_ = true;
      raw_chars_.assign(page_.kept_nodes(), 0);
      for (NodeId id = static_cast<NodeId>(doc_.size()); id-- > 0;) {
        const NodeId parent = doc_.node(id).parent;
        if (parent == kNoNode || page_.dropped(id) || !page_.keeps_sums(parent)) continue;
        raw_chars_[page_.slot(parent)] += raw_chars_of(id);
      }
    }
    return raw_chars_of(from);
  }
  std::uint32_t raw_chars_of(NodeId id) const {
    if (page_.keeps_sums(id)) return raw_chars_[page_.slot(id)];
    const std::uint32_t chars = non_space_bytes(doc_.text(id));
    const NodeId leaf = doc_.node(id).first_child();
    return leaf == kNoNode || page_.dropped(leaf) ? chars : raw_chars_of(leaf);
  }

  // Drops navigation, forms, headers, footers and blocks whose class/id says they are boilerplate.
  void mark_furniture(NodeId from) {
    const std::size_t page_chars = visible_chars(from);
    doc_.walk(from, [&](NodeId id) {
      if (page_.dropped(id)) return false;
      const Node& n = doc_.node(id);
      if (n.kind != NodeKind::element || id == from) return true;
      const Unlikely unlikely = n.tag == HtmlTag::body || n.tag == HtmlTag::html ? Unlikely::no : unlikely_of(id);
      if (unlikely == Unlikely::by_hint) saw_unlikely_hint_ = true;
      if (is_content_aside(id)) {
        content_detail::keep_first_heading_only(page_, id);
        return false;
      }
      const bool page_header = n.tag == HtmlTag::header && !content_detail::heads_an_index_entry(doc_, id);
      bool drop = is_furniture(n.tag) || page_header || unlikely == Unlikely::always ||
                  (strictness_.strip_unlikely && unlikely == Unlikely::by_hint) || is_skip_link(doc_, id);
      if (drop && (page_.in_code(id) || (unlikely != Unlikely::no && content_detail::heads_a_paragraph(doc_, id)))) {
        drop = false;
      }
      // A name is no furniture when it sits on words of a sentence: "the thread had <span
      // class=info-replies>twelve replies</span> before ..." keeps its words.
      if (drop && !is_furniture(n.tag) && !page_header && !is_block_tag(n.tag) &&
          content_detail::inside_a_line(page_, id)) {
        drop = false;
      }
      // Some sites wrap the whole page in a <form> or a "header-container": an element holding
      // most of the page's text is a wrapper, not furniture. Not one beside the page's <main>,
      // though: a footer of long legal notes is still the footer of the content the page declared.
      // Nor an <aside> beside the page's main heading: a thin story's rail of live updates
      // outweighs the story and is still its sidebar; nor the site's <header> beside it, whose menu
      // describes the products in sentences.
      if (drop && visible_chars(id) * 5 > page_chars * 2 && !beside_main(id) && !sidebar_beside_headline(id)) {
        drop = false;
      }
      if (drop) {
        page_.mark_dropped(id);
        return false;
      }
      return true;
    });
  }

  bool is_content_aside(NodeId id) const {
    return !content_asides_.empty() && doc_.node(id).tag == HtmlTag::aside &&
           has_name_or_part(doc_, id, content_asides_);
  }

  // Before the page's text is first summed: a consent manager's purposes and vendors can outweigh
  // a short post, and every share of "the page's text" would be a share of the banner's. A modal
  // dialog (role=dialog or alertdialog, aria-modal=true) is a pop-up over the page, as a <dialog> is,
  // whatever its names say: a consent manager's whose ids are hashed goes with it.
  void drop_consent_banners(NodeId body) {
    page_.drop_outermost(body, Sums::not_yet, [&](NodeId id) {
      const bool banner =
          (may_be_consent_banner(doc_, id) && unlikely_of(id) == Unlikely::consent_banner) || is_modal_dialog(id);
      return banner && !holds_landmark(id);
    });
  }

  bool is_modal_dialog(NodeId id) const {
    const std::string_view* modal = doc_.attribute(id, "aria-modal");
    return modal != nullptr && equals_ignore_case(trim(*modal), "true") &&
           has_role(doc_, id, {"dialog", "alertdialog"});
  }

  // A page builder's module left with its sample text ("Lorem ipsum dolor sit amet", "Head Line 1",
  // "Learn More"), most often in a hidden template, was never meant to be read; in a short page
  // it would outweigh the page's own text. The outermost blocks whose text is nearly all filler go.
  void drop_placeholder_text(NodeId body) {
    constexpr std::string_view kFiller = "lorem ipsum";
    std::vector<std::uint32_t> filler;  // per node: characters of filler text under it
    for (NodeId id = body; id < doc_.size(); ++id) {
      const Node& n = doc_.node(id);
      // Asked of every text node: most are too short to hold the filler (the whitespace between
      // tags), and only the leading whitespace stands before it.
      if (n.kind != NodeKind::text || doc_.text(id).size() < kFiller.size()) continue;
      std::string_view text = doc_.text(id);
      while (!text.empty() && is_ascii_space(text.front())) text.remove_prefix(1);
      if (!core::starts_with_ignore_case(text, kFiller)) continue;
      if (filler.empty()) filler.assign(doc_.size(), 0);
      filler[id] = static_cast<std::uint32_t>(visible_chars(id));
    }
    if (filler.empty()) return;
    // Nodes are stored parents-first: a reverse sweep sums every child into its parent, but for
    // what is already left out (a hidden template's filler is no share of the visible text).
    for (NodeId id = static_cast<NodeId>(doc_.size()); id-- > body + 1;) {
      const NodeId parent = doc_.node(id).parent;
      if (parent != kNoNode && !page_.dropped(id)) filler[parent] += filler[id];
    }
    constexpr std::size_t kFillerShare = 5;  // of 6: the module's headings and buttons are filler too
    page_.drop_outermost(body, Sums::not_yet, [&](NodeId id) {
      return filler[id] > 0 && std::size_t{filler[id]} * 6 >= visible_chars(id) * kFillerShare;
    });
  }

  // unlikely_kind, asked once an element: every attempt marks the furniture again, and reading an
  // element's names costs more than the rest of the walk.
  Unlikely unlikely_of(NodeId id) {
    constexpr std::uint8_t kUnknown = 0xFF;
    if (doc_.attributes(id).empty()) return Unlikely::no;
    if (unlikely_cache_.empty()) unlikely_cache_.assign(doc_.size(), kUnknown);
    if (unlikely_cache_[id] == kUnknown) {
      Unlikely kind = unlikely_kind(doc_, id);
      if (kind == Unlikely::always && holds_its_tab_panels(doc_, id)) kind = Unlikely::no;
      unlikely_cache_[id] = static_cast<std::uint8_t>(kind);
    }
    return static_cast<Unlikely>(unlikely_cache_[id]);
  }

  // Whether `id` lies outside the page's <main> (or the element whose role says it is the main
  // landmark) and holds none of it.
  bool beside_main(NodeId id) {
    const NodeId main = main_landmark();
    return main != kNoNode && !doc_.contains(id, main) && !doc_.contains(main, id);
  }

  // The page's first <main>, else the first element whose role says it is the main landmark, else
  // kNoNode; looked for once.
  NodeId main_landmark() {
    if (!main_found_) {
      main_found_ = true;
      main_ = doc_.find_first(HtmlTag::main);
      for (NodeId at = 0; main_ == kNoNode && at < doc_.size(); ++at) {
        if (doc_.node(at).kind == NodeKind::element && has_role(doc_, at, {"main"})) main_ = at;
      }
    }
    return main_;
  }

  // The page's main landmark when it holds at least a fifth of what is left of the page's text,
  // else `body`. A <main> around a hero's title and line alone says nothing of where the copy is.
  NodeId main_landmark_or(NodeId body) {
    constexpr std::uint32_t kParts = 5;  // the landmark holds at least one of them
    const NodeId main = main_landmark();
    if (main == kNoNode || !doc_.contains(body, main) || page_.chars(main) == 0) return body;
    return page_.chars(main) * kParts >= page_.chars(body) ? main : body;
  }

  // Whether `id` is an <aside>, or a <header> without a heading of its own, that does not hold the
  // page's first <h1>, on a page that has one. A <header> with headings is a section some sites
  // write as one.
  bool sidebar_beside_headline(NodeId id) {
    const HtmlTag tag = doc_.node(id).tag;
    if (tag != HtmlTag::aside && (tag != HtmlTag::header || holds_heading(doc_, id))) return false;
    if (!headline_found_) {
      headline_found_ = true;
      headline_ = doc_.find_first(HtmlTag::h1);
    }
    return headline_ != kNoNode && !doc_.contains(id, headline_);
  }

  // Whether the page's main heading, <main> or an <article> lies under `id`: a page wrapped in a
  // "cookie-consent-visible" block is not a banner.
  bool holds_landmark(NodeId id) const {
    return doc_.any_element(id, [&](NodeId at) {
      const HtmlTag tag = doc_.node(at).tag;
      return tag == HtmlTag::h1 || tag == HtmlTag::main || tag == HtmlTag::article;
    });
  }

  const Document& doc_;
  const ContentRules& rules_;
  PageStats page_;
  Scores scores_;
  Strictness strictness_;
  mutable std::vector<std::uint32_t> raw_chars_;  // by PageStats slot
  mutable bool raw_chars_summed_ = false;
  std::span<const std::string_view> content_asides_;  // the whole-page profile's, while it runs
  std::vector<std::uint8_t> unlikely_cache_;          // per node: its Unlikely kind, 0xFF until asked
  NodeId main_ = kNoNode;                             // the page's first <main>, once looked for
  bool main_found_ = false;
  NodeId headline_ = kNoNode;  // the page's first <h1>, once looked for
  bool headline_found_ = false;
  bool page_shows_text_ = true;     // until the attempts find the body without visible text
  bool saw_unlikely_hint_ = false;  // the furniture's walk met a block whose name hints at boilerplate
  std::uint32_t best_chars_ = 0;
  std::vector<NodeId> best_roots_;
  std::vector<std::uint8_t> best_dropped_;
  bool best_is_strict_ = false;          // the best is the strict attempt's, whose mask is strict_dropped_
  std::vector<NodeId> strict_roots_;     // the first attempt's, with every filter on
  bool strict_found_the_story_ = false;  // they hold the page's headline, and the cleaning left their text
  std::uint32_t strict_chars_ = 0;
  std::vector<std::uint8_t> strict_dropped_;
};

}  // namespace

ContentSelection select_content(const Document& doc, const ContentRules& rules) {
  return ContentFinder(doc, rules).run();
}

}  // namespace pagemd::extract
