#pragma once

// The shapes a block or a line has in the page, which the pruning asks about: whether an inline
// element stands on a line of its own, whether a heading heads prose, whether a block lies in a
// headed table, whether it says nothing but a widget's word, whether a <header> heads an index's entry, whether
// a block is questions and their answers.

#include "content/content_stats.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract::content_detail {

// Whether an inline element begins its line ("Read more:" before a link), not a word in a sentence.
[[nodiscard]] bool starts_a_line(const PageStats& page, NodeId id);

// Whether an inline element is a line of its own: only blocks, line breaks, rules or whitespace
// stand between it and its neighbours.
[[nodiscard]] bool stands_alone(const PageStats& page, NodeId id);

// Whether an inline element has words of its line on both sides of it, as text of their own (not
// in other elements): it is a word of a sentence.
[[nodiscard]] bool inside_a_line(const PageStats& page, NodeId id);

// A heading followed, before the next heading, by a paragraph of its own: a section's title
// ("Share" over a method's description), not a widget's label over its buttons. A paragraph is
// long, or one sentence of some words ("Whether the response may be shared."): a widget's text
// under its label is a count, a button's words or a list of links.
[[nodiscard]] bool heads_prose(const PageStats& page, NodeId id);

// A heading whose next block is a paragraph of prose: the section's title even where its class
// says widget ("share-title" over "Share your story with..."). Narrower than heads_prose, as a
// class name is more evidence than a phrase: only a long paragraph right under it outweighs it.
// Counted on the tree, so it answers before the page's sums are taken.
[[nodiscard]] bool heads_a_paragraph(const Document& doc, NodeId heading);

// Whether `id` is a table whose header cells name its columns, or inside one.
[[nodiscard]] bool in_headed_table(const PageStats& page, NodeId id);

// Whether an element says nothing but a widget's word ("Loading...", "Share", "Read more"):
// boilerplate.hpp's phrases, whitespace collapsed and trailing punctuation ignored. An inline
// element must begin its line: in the middle of a sentence the word is one of the sentence's; a
// heading over a paragraph of its own is that section's title. A teaser's line ("Read more:" and a
// link) says only its label's words too, and goes whole.
[[nodiscard]] bool says_only_a_widget_phrase(const PageStats& page, NodeId id);

// Whether a <header> heads one of several <article>s side by side (an index of stories, each an
// <article> with its title and teaser in its <header>) with a title: the standard makes a header
// inside sectioning content that section's, and the page's own header stands outside them. Not a
// header without a heading: a thread's posts are <article>s too, and their headers the poster's
// name and figures.
[[nodiscard]] bool heads_an_index_entry(const Document& doc, NodeId header);

// Whether a block is a list of questions and their answers (a FAQ after an article, open or in an
// accordion): three or more lines that are a question alone, and answers that hold at least twice
// the questions' text, few of it in links.
[[nodiscard]] bool is_questions_and_answers(const PageStats& page, NodeId id);

// Whether a heading names one item of a run (an index's entries, each a linked title over a teaser;
// a listicle's products): an ancestor of it a few levels up has, among its nearest siblings, at least
// two of its template (its tag and first class name, or its tag and class) that each hold a heading
// of this heading's tag with a link in it. A document's chapters are no such run of items.
[[nodiscard]] bool is_item_title(const PageStats& page, NodeId heading);

}  // namespace pagemd::extract::content_detail
