#pragma once

// A shop's customer reviews, found by what the page's structured data says they are rather than by
// what the widget is called: the texts its JSON-LD lists as Reviews (reviewBody), and the elements
// its microdata marks as one (itemprop="review", itemtype schema.org/Review). The customers' words
// are theirs, not what the page says of the product; with hashed class names the widget's name
// ("reviews", "yotpo") no longer tells.

#include <cstdint>
#include <span>
#include <string>

#include "content/content_stats.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract::content_detail {

// Drops the reviews below `body`. A review shown in the page is an element the microdata marks,
// or a text that starts as a reviewBody of `review_texts` does. The block holding two or more of
// them goes whole when it holds at most half the page's text; when it holds more (a long list of
// reviews beside a short description), its children alike the reviews found go, each one review
// long; otherwise each review found goes alone. Never the page's headline. Needs the sums computed.
void drop_customer_reviews(PageStats& page, NodeId body, std::span<const std::string> review_texts);

// Drops the reviews section under `root` that a heading after the headline labels with the count
// the structured data gives (`review_counts`, of ten or more: "159 reviews", "Reviews (1,298)"):
// the outermost block below `root` the heading opens, apart from the headline and at most half the
// text of `body`, or, when the heading stands among the section's blocks, those after it up to the
// next heading of its rank. The widget may mark no review, and its name may say nothing. Needs the
// sums computed.
void drop_reviews_under_their_count(PageStats& page, NodeId root, NodeId body,
                                    std::span<const std::uint64_t> review_counts);

}  // namespace pagemd::extract::content_detail
