#pragma once

// A shop's customer reviews, found by what the page's structured data says they are rather than by
// what the widget is called: the texts its JSON-LD lists as Reviews (reviewBody), and the elements
// its microdata marks as one (itemprop="review", itemtype schema.org/Review). The customers' words
// are theirs, not what the page says of the product; with hashed class names the widget's name
// ("reviews", "yotpo") no longer tells.

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

}  // namespace pagemd::extract::content_detail
