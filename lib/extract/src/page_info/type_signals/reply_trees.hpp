#pragma once

// A discussion by its shape: replies nested under the replies they answer, each a block of the
// template of the one it answers (a link aggregator's story and its comment tree, a threaded
// forum). Read from the structure alone, whatever the blocks are called.

#include <cstddef>

#include "parse/dom.hpp"

namespace pagemd::extract::page_markup {

struct ReplyTrees {
  // Blocks that sit inside a block of their own tag and first class name, a few levels up.
  std::size_t nested_replies = 0;
  // The share of the body's text outside links that the lists holding such trees hold.
  double prose_share = 0.0;

  // Most of what the page says is a tree of replies: the page is a discussion, however short
  // the story or question heading it.
  [[nodiscard]] bool holds_the_page() const {
    constexpr std::size_t kFewestNested = 3;
    constexpr double kMostOfThePage = 0.75;
    return nested_replies >= kFewestNested && prose_share >= kMostOfThePage;
  }
};

[[nodiscard]] ReplyTrees read_reply_trees(const Document& doc);

}  // namespace pagemd::extract::page_markup
