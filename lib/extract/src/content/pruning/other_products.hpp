#pragma once

// Other products on a product's page: a carousel or grid of cards below the product ("Related
// products", "Customers also bought", "Show variations"), found by what the cards are rather than
// by what the widget is called. A card of another product is made from one template with its
// siblings, links to that product's page and shows its price; the product's own block shows one
// price and links nowhere of its own.

#include "content/content_stats.hpp"
#include "parse/dom.hpp"

namespace pagemd::extract::content_detail {

// Drops the runs of alike product cards below `body` that come after the page's headline (its first
// shown <h1>) and the product's own text (a few lines at least: cards right under the headline are
// a category's grid): at least three sibling elements of one tag and first class, each a card
// (short, linking to another page, showing a price) but for one in four at most. Nothing on a page
// without a headline, and never a block holding the headline. Needs the sums computed.
void drop_other_products(PageStats& page, NodeId body);

}  // namespace pagemd::extract::content_detail
