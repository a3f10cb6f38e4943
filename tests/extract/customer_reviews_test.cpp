// lib/extract/src/content/pruning/customer_reviews.cpp: a product page's customer reviews, found by
// what its structured data says they are, with class names that say nothing (hashed, as CSS modules
// ship them). Through the whole extraction, and the JSON-LD reading they start from.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

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

}  // namespace
}  // namespace pagemd::extract
