#pragma once

// Text-level signs of page furniture, for blocks whose markup says nothing (old table layouts,
// class names that give no hint): widget labels ("Related stories", "3 Comments"), bylines and
// date lines, breadcrumb trails. The content search prunes by them and the page typing weighs
// them. English phrases, and bylines and months in six more languages; other languages fall back
// on the structural signals of content/.

#include <cstddef>
#include <string_view>

namespace pagemd::extract {

// Whether a short block says only a widget's word ("advertisement", "share", "read more");
// `lower_text` is lower-case with whitespace collapsed and trailing punctuation removed.
[[nodiscard]] bool is_widget_phrase(std::string_view lower_text);
// The fewest non-space characters a widget phrase has: text with fewer cannot be one.
[[nodiscard]] std::size_t widget_phrase_min_letters();

// Whether `label` (the first words of a block) names a non-article section: related links,
// comments, sharing, tags, newsletters, advertising.
[[nodiscard]] bool is_boilerplate_label(std::string_view label);
// The fewest non-space characters such a label has: a block with fewer is none (a table of
// one-letter cells asks for each cell).
[[nodiscard]] std::size_t section_label_min_letters();
// Whether a label counts the readers' responses to the page ("59 Comments on “Title”", "3 Responses
// to “Title”", "One thought on “Title”", "42 Comments"): a number, then what the readers wrote. What
// follows it is theirs, not the page's, however much prose it holds.
[[nodiscard]] bool counts_responses(std::string_view label);
// Whether such a label is an ad's caption ("Advertisement", "Advertisement - Page continues
// below"). A caption labels the ad slot it sits in, not what follows the slot: a forum's ad opens
// the post it is placed in.
[[nodiscard]] bool is_ad_caption(std::string_view label);

// Whether a short line reads as a byline or a date line ("By Jane Doe | May 3, 2024",
// "Posted by X on ...", "Updated 4:54 am").
[[nodiscard]] bool looks_like_byline(std::string_view text);

// Whether a short line gives a forum poster's figure beside a post ("Joined: Mar 2016",
// "Posts: 73,365", "Location: Brisbane, AU"): a label, a colon and a short value.
[[nodiscard]] bool looks_like_poster_figure(std::string_view text);

// Whether a short line is a breadcrumb trail ("You are here: Home > News > Story").
[[nodiscard]] bool looks_like_breadcrumb(std::string_view text);

// Whether `text` (trimmed) is one of the marks a trail of links sets between its items: "/", "|",
// ">", "»", "›", "·", "→", "•".
[[nodiscard]] bool is_trail_separator(std::string_view text);

// Whether a heading names a document's end matter ("References", "Other references", "Sources",
// "Further reading", "Einzelnachweise", "Bibliographie"): what follows it closes the text it cites.
[[nodiscard]] bool names_end_matter(std::string_view label);

// Whether a short run of `links` links is a pager between posts or pages: it opens on an arrow back
// ("← Older post", "« Previous"), or ends on one forward after two links or more ("← A  B →"). One
// link pointing forward alone may be a call to action ("Read the report →").
[[nodiscard]] bool looks_like_pager(std::string_view text, std::size_t links);

}  // namespace pagemd::extract
