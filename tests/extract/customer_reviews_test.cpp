// lib/extract/src/content/pruning/customer_reviews.cpp: a product page's customer reviews, found by
// what its structured data says they are, with class names that say nothing (hashed, as CSS modules
// ship them). Through the whole extraction, and the JSON-LD reading they start from.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "content/content_stats.hpp"
#include "content/pruning/customer_reviews.hpp"
#include "extract_test_helpers.hpp"
#include "page_info/metadata.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

constexpr std::string_view kFirstReview =
    "The glaze pooled in the bottom of my mug in a way I did not expect, and I love it.";
constexpr std::string_view kSecondReview =
    "Keeps coffee warm for longer than my old cup did, and the handle fits two fingers.";
// Shown in the widget, absent from the structured data (which lists the latest reviews only).
constexpr std::string_view kUnlistedReview =
    "Bought a second one for my sister after a month of using mine every single morning.";

// The mug's structured data: the product and, inside it, the reviews the page lists.
std::string product_json(const std::vector<std::string_view>& reviews) {
  std::string review_list;
  for (const std::string_view text : reviews) {
    if (!review_list.empty()) review_list += ",";
    review_list +=
        R"({"@type":"Review","author":{"@type":"Person","name":"A buyer"},"reviewBody":")" + std::string(text) + "\"}";
  }
  return R"({"@context":"https://schema.org","@type":"Product","name":"Stoneware mug",)"
         R"("offers":{"@type":"Offer","price":"28.00","priceCurrency":"USD"},"review":[)" +
         review_list + "]}";
}

std::string product_ld(const std::vector<std::string_view>& reviews) {
  return R"(<script type="application/ld+json">)" + product_json(reviews) + "</script>";
}

Extraction run_product(const std::string& head, const std::string& body) {
  ExtractOptions options;
  options.page_url = "https://shop.example/products/stoneware-mug";
  Extraction product =
      run("<html><head><title>Stoneware mug</title>" + head + "</head><body>" + body + "</body></html>", options);
  EXPECT_EQ(product.metadata.page_type, PageType::product);
  return product;
}

// The product's own block: its headline and a description of some length.
constexpr std::string_view kProductBlock = R"(<div class="x7Fq2"><h1>Stoneware mug</h1>
  <p>A stoneware mug thrown by hand on the wheel, glazed in the studio and fired twice.</p>
  <p>Capacity 350 ml. Each glaze is mixed in the studio, so no two mugs are alike.</p></div>)";

constexpr std::string_view kCareText =
    "Safe in the dishwasher and the microwave. The unglazed foot may leave a mark on soft wood, so use a coaster "
    "on a wooden table. Stoneware holds heat well: the handle stays cool while the body warms your hands.";

std::string review_item(std::string_view text) {
  return R"(<li class="k3Jd9"><span class="q1Zx0">A buyer</span><p class="r8Lm2">)" + std::string(text) + "</p></li>";
}

// Two reviews the structured data lists, in a list of three and its pager: the widget's list goes
// whole, with the review it does not list and its pager; the product's own text stays.
TEST(CustomerReviews, TheListHoldingTheListedReviewsGoesWhole) {
  const Extraction product = run_product(
      product_ld({kFirstReview, kSecondReview}),
      std::string("<main>") + std::string(kProductBlock) + "<p>" + std::string(kCareText) + "</p>" +
          R"(<div class="p0Wv7"><ul class="m2Ks1">)" + review_item(kFirstReview) + review_item(kUnlistedReview) +
          review_item(kSecondReview) + R"(<li class="w4Pn8">Showing 3 of 41</li></ul></div></main>)");
  EXPECT_NE(product.markdown.find("Capacity 350 ml"), std::string::npos) << product.markdown;
  EXPECT_NE(product.markdown.find("dishwasher"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Showing 3 of 41"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("glaze pooled"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("warm for longer"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("my sister"), std::string::npos) << product.markdown;
}

// Reviews outweighing the description (a long list beside a short text): the list is no part
// beside the product by its size, so its items alike the listed reviews go, one by one, and the
// product's block stays.
TEST(CustomerReviews, ALongListLosesItsReviewsNotTheProduct) {
  std::string list;
  for (int i = 0; i < 8; ++i) list += review_item(i % 2 == 0 ? kFirstReview : kSecondReview);
  list += review_item(kUnlistedReview);
  const Extraction product =
      run_product(product_ld({kFirstReview, kSecondReview}),
                  std::string("<main>") + std::string(kProductBlock) + R"(<ul class="m2Ks1">)" + list + "</ul></main>");
  EXPECT_NE(product.markdown.find("Capacity 350 ml"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("glaze pooled"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("my sister"), std::string::npos) << product.markdown;
}

// Microdata marks a review whatever its class says: the element goes.
TEST(CustomerReviews, AReviewTheMicrodataMarksGoes) {
  const Extraction product = run_product(
      product_ld({}), std::string("<main>") + std::string(kProductBlock) +
                          R"(<div class="t5Rq1" itemprop="review" itemscope itemtype="https://schema.org/Review">)"
                          R"(<span itemprop="author">A buyer</span><p itemprop="reviewBody">)" +
                          std::string(kUnlistedReview) + "</p></div></main>");
  EXPECT_NE(product.markdown.find("Capacity 350 ml"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("my sister"), std::string::npos) << product.markdown;
}

// Reviews written beside the headline in one block, the page's care notes in another: the block
// around the reviews is the product's, so only each review goes, never the headline's block.
TEST(CustomerReviews, ReviewsBesideTheHeadlineGoAlone) {
  const Extraction product = run_product(
      product_ld({kFirstReview, kSecondReview}),
      R"(<main><div class="x7Fq2"><h1>Stoneware mug</h1>
                  <p>A stoneware mug thrown by hand on the wheel, glazed in the studio and fired twice.</p>
                  <blockquote>)" +
          std::string(kFirstReview) + "</blockquote><blockquote>" + std::string(kSecondReview) + R"(</blockquote></div>
                  <section class="c2Hb6"><p>)" +
          std::string(kCareText) + "</p><p>" + std::string(kCareText) + "</p></section></main>");
  EXPECT_NE(product.markdown.find("thrown by hand"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("glaze pooled"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("warm for longer"), std::string::npos) << product.markdown;
}

// A short review ("Dishwasher safe.") could be any line of the page: a line that says what a review
// this short says is the page's own.
TEST(CustomerReviews, AShortReviewMatchesNothing) {
  const Extraction product = run_product(product_ld({"Dishwasher safe."}), R"(<main><h1>Stoneware mug</h1>
    <p>A stoneware mug thrown by hand on the wheel, glazed in the studio and fired twice.</p>
    <p>Dishwasher safe.</p></main>)");
  EXPECT_NE(product.markdown.find("Dishwasher safe."), std::string::npos) << product.markdown;
}

// A review's text written straight into the block that holds the next review (a widget nesting
// replies in their review): the reviews' block is one of them, not a list of them. It goes once,
// with the review inside it, and the product's text stays.
TEST(CustomerReviews, AReviewHoldingTheNextGoesOnce) {
  const Extraction product = run_product(product_ld({kFirstReview, kSecondReview}),
                                         std::string("<main>") + std::string(kProductBlock) + R"(<div class="n6Tc3">)" +
                                             std::string(kFirstReview) + "<p>" + std::string(kSecondReview) +
                                             "</p><p>" + std::string(kCareText) + "</p></div></main>");
  EXPECT_NE(product.markdown.find("Capacity 350 ml"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("glaze pooled"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("warm for longer"), std::string::npos) << product.markdown;
}

// The texts come from every Review of the JSON-LD, nested in the product or standing alone.
TEST(CustomerReviews, TheStructuredDataListsEveryReviewBody) {
  const Document doc = Document::parse("<html><head></head><body></body></html>");
  const PageInfo info = read_page_info(
      doc,
      {product_json({kFirstReview}),
       R"({"@context":"https://schema.org","@type":"Review","reviewBody":"Arrived  well &amp; packed."})"},
      "https://shop.example/products/stoneware-mug");
  ASSERT_EQ(info.review_texts.size(), 2U);
  EXPECT_EQ(info.review_texts[0], kFirstReview);
  EXPECT_EQ(info.review_texts[1], "Arrived well & packed.");
}

// The mug's structured data with its rating: how many reviews and ratings it counts.
std::string rated_product_ld(std::string_view review_count) {
  return R"(<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product",)"
         R"("name":"Stoneware mug","offers":{"@type":"Offer","price":"28.00","priceCurrency":"USD"},)"
         R"("aggregateRating":{"@type":"AggregateRating","ratingValue":"4.4","reviewCount":")" +
         std::string(review_count) + R"("}}</script>)";
}

// The product's block and its care notes, then `rest`.
std::string product_page(std::string_view rest) {
  return std::string("<main>") + std::string(kProductBlock) + "<p>" + std::string(kCareText) + "</p><p>" +
         std::string(kCareText) + "</p>" + std::string(rest) + "</main>";
}

// A widget whose reviews neither the microdata nor the JSON-LD lists, under a heading that states
// the count the structured data gives ("1,298" for 1298): the block the heading opens goes, up to
// the wrapper that holds it first; the product's text stays.
TEST(CustomerReviews, TheBlockTheReviewCountHeadsGoes) {
  const Extraction product = run_product(
      rated_product_ld("1298"),
      product_page(R"(<div class="u8Pd1"><div class="g4Rt7"><h2 class="e2Wq5">1,298 reviews, rated 4.4 of 5</h2>)"
                   R"(<button>Write a review</button></div><ul class="m2Ks1">)" +
                   review_item(kUnlistedReview) + review_item(kFirstReview) + "</ul></div>"));
  EXPECT_NE(product.markdown.find("Capacity 350 ml"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("1,298 reviews"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("my sister"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("glaze pooled"), std::string::npos) << product.markdown;
}

// A count heading standing among the blocks of its section: the blocks after it go up to the next
// heading of its rank, which heads the page's own text again.
TEST(CustomerReviews, TheBlocksAfterAReviewCountGoUpToTheNextHeading) {
  const Extraction product = run_product(
      rated_product_ld("159"),
      product_page("<h2>Ratings (159)</h2><p>" + std::string(kUnlistedReview) + "</p><p>" + std::string(kFirstReview) +
                   "</p><h2>Delivery</h2><p>Packed in paper and shipped within two days "
                   "of the order, from the studio.</p>"));
  EXPECT_EQ(product.markdown.find("my sister"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("glaze pooled"), std::string::npos) << product.markdown;
  EXPECT_NE(product.markdown.find("Packed in paper"), std::string::npos) << product.markdown;
}

// A count under ten could be any heading's number, and a rating's decimals state no count: the
// sections under "8 reviews" (of 8) and "Rated 4.80" (of 80 reviews) stay.
TEST(CustomerReviews, SmallCountsAndDecimalsLabelNothing) {
  for (const auto& [count, heading] : {std::pair<std::string_view, std::string_view>{"8", "8 reviews"},
                                       std::pair<std::string_view, std::string_view>{"80", "Rated 4.80"}}) {
    const Extraction product =
        run_product(rated_product_ld(count), product_page("<section><h2>" + std::string(heading) + "</h2><p>" +
                                                          std::string(kUnlistedReview) + "</p></section>"));
    EXPECT_NE(product.markdown.find("my sister"), std::string::npos) << heading << "\n" << product.markdown;
  }
}

// The counts come from the JSON-LD's AggregateRatings (a number or a string of digits) and from
// microdata (a <meta>'s content, an element's text), each once.
TEST(CustomerReviews, TheStructuredDataGivesTheReviewCounts) {
  const Document doc = Document::parse(
      R"(<html><head></head><body><div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating">)"
      R"(<meta itemprop="reviewCount" content="42"><span itemprop="ratingCount"> 61 </span>)"
      R"(<span itemprop="reviewCount">159</span></div></body></html>)");
  const PageInfo info =
      read_page_info(doc,
                     {R"({"@context":"https://schema.org","@type":"Product","name":"Mug","aggregateRating":)"
                      R"({"@type":"AggregateRating","reviewCount":159,"ratingCount":"1298"}})"},
                     "https://shop.example/products/stoneware-mug");
  EXPECT_EQ(info.review_counts, (std::vector<std::uint64_t>{159, 1298, 42, 61}));
}

// A heading stating the count inside the section another such heading opens ("Showing 10 of 159"
// under "159 reviews") is gone with that section: its block is not dropped again, and the sums of
// the page stay its kept text's.
TEST(CustomerReviews, ACountHeadingInsideADroppedSectionDropsNothingAgain) {
  const Document doc = Document::parse(
      "<html><body><main><h1>Stoneware mug</h1><p>" + std::string(kCareText) + "</p><p>" + std::string(kCareText) +
      "</p><p>" + std::string(kCareText) + "</p><div><h2>159 reviews</h2><div><h3>Showing 10 of 159</h3><p>" +
      std::string(kUnlistedReview) + "</p></div><p>" + std::string(kFirstReview) + "</p></div></main></body></html>");
  content_detail::PageStats page(doc);
  page.compute_stats();
  const NodeId body = doc.find_first(HtmlTag::body);
  const std::vector<std::uint64_t> counts{159};
  content_detail::drop_reviews_under_their_count(page, body, body, counts);
  // The same drops counted afresh.
  content_detail::PageStats afresh(doc);
  for (NodeId id = 0; id < doc.size(); ++id) {
    if (page.dropped(id)) afresh.mark_dropped(id);
  }
  afresh.compute_stats();
  EXPECT_EQ(page.chars(body), afresh.chars(body));
  EXPECT_TRUE(page.dropped(doc.node(doc.find_first(HtmlTag::h2)).parent));
}

}  // namespace
}  // namespace pagemd::extract
