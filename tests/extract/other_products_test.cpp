// lib/extract/src/content/pruning/other_products.cpp: the cards of other products below a product
// (a carousel of "related" or "variations"), found by what they are (alike siblings, each linking to
// another page and showing a price) with class names that say nothing.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "extract_test_helpers.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

Extraction run_product(const std::string& body) {
  ExtractOptions options;
  options.page_url = "https://shop.example/products/walnut-desk";
  const std::string ld =
      R"(<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product",)"
      R"("name":"Walnut desk","offers":{"@type":"Offer","price":"640.00","priceCurrency":"USD"}}</script>)";
  Extraction product =
      run("<html><head><title>Walnut desk</title>" + ld + "</head><body>" + body + "</body></html>", options);
  EXPECT_EQ(product.metadata.page_type, PageType::product);
  return product;
}

constexpr std::string_view kProductBlock = R"(<div class="a81Kd"><h1>Walnut desk</h1><p class="p2Hx">$640.00</p>
  <p>A desk of solid walnut, oiled by hand, with a drawer that runs on wooden rails and closes without a sound.</p>
  <p>The top is a single board chosen for its grain; the legs are joined with mortise and tenon, no screws.</p>
  <p>Each desk is made to order in the workshop and takes about six weeks to build and finish.</p></div>)";

// A card as shops draw them: the picture links to the product, the name and a line of it are text.
std::string card(std::string_view name, std::string_view price, std::string_view tag = "li") {
  return std::string("<") + std::string(tag) + R"( class="c9Wq"><a href="/products/)" + std::string(name) +
         R"("><img src="/i.jpg" alt=""></a><h3 class="t4Ns">)" + std::string(name) +
         R"(</h3><p class="d2Kw">Made to order in the same workshop, from wood of the same yard.</p><span class="z1Rm">)" +
         std::string(price) + "</span></" + std::string(tag) + ">";
}

// Four cards of other products after the desk's own block, each a link and a price: they go, and
// the desk's description stays.
TEST(OtherProducts, ARowOfPricedCardsAfterTheHeadlineGoes) {
  const Extraction product =
      run_product(std::string("<main>") + std::string(kProductBlock) +
                  R"(<div class="r5Tb"><h2>From the same workshop</h2><ul class="g3Lp">)" +
                  card("Oak stool", "$120.00") + card("Ash shelf", "$310.00") + card("Elm bench", "$450.00") +
                  card("Cherry lamp", "$95.00") + "</ul></div></main>");
  EXPECT_NE(product.markdown.find("mortise and tenon"), std::string::npos) << product.markdown;
  EXPECT_NE(product.markdown.find("$640.00"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Oak stool"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Cherry lamp"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("$450.00"), std::string::npos) << product.markdown;
}

// Alike blocks without prices (the desk's features, each with a link to more) are what the page says
// of the product; two priced cards are a pair (the desk in two finishes), not a carousel; a card
// whose only link stays on the page ("#finish") leads to no other product. All of them stay.
TEST(OtherProducts, CardsWithoutPricesOrOtherPagesOrFewStay) {
  std::string features = R"(<div class="f8Gz">)";
  for (const std::string_view feature : {"Drawer on wooden rails", "Joined without screws", "Oiled by hand"}) {
    features += std::string(R"(<div class="k2Vb"><h3>)") + std::string(feature) +
                R"(</h3><p>Read how the workshop makes it.</p><a href="/craft">More</a></div>)";
  }
  features += "</div>";
  const std::string pair = std::string(R"(<div class="v6Yc">)") + card("Walnut desk, dark oil", "$660.00", "div") +
                           card("Walnut desk, clear oil", "$640.00", "div") + "</div>";
  std::string options = R"(<ul class="o3Jw">)";
  for (const std::string_view size : {"120 cm $640", "140 cm $690", "160 cm $740"}) {
    options += std::string(R"(<li class="s5Qe"><a href="#finish"><img src="/s.jpg" alt=""></a><span>)") +
               std::string(size) + " with the drawer and the cable tray, oiled or waxed</span></li>";
  }
  options += "</ul>";
  const Extraction product =
      run_product(std::string("<main>") + std::string(kProductBlock) + features + pair + options + "</main>");
  EXPECT_NE(product.markdown.find("Joined without screws"), std::string::npos) << product.markdown;
  EXPECT_NE(product.markdown.find("Oiled by hand"), std::string::npos) << product.markdown;
  EXPECT_NE(product.markdown.find("dark oil"), std::string::npos) << product.markdown;
  EXPECT_NE(product.markdown.find("140 cm"), std::string::npos) << product.markdown;
}

// Cards before the headline (a promotion strip at the page's top) or right under it (a category's
// grid taken for a product) are no carousel below a product: no product's own text comes before
// them, and they stay.
TEST(OtherProducts, CardsBeforeOrRightUnderTheHeadlineStay) {
  const Extraction product = run_product(
      std::string(R"(<main><div class="h7Ux"><ul class="g3Lp">)") + card("Teak tray", "$60.00") +
      card("Beech box", "$45.00") + card("Pine crate", "$30.00") +
      R"(</ul></div><h1>Walnut desk</h1><ul class="g3Lp">)" + card("Oak stool", "$120.00") +
      card("Ash shelf", "$310.00") + card("Elm bench", "$450.00") + card("Cherry lamp", "$95.00") +
      "</ul><p>Every piece of the workshop is made to order from wood of the same yard, oiled by hand and joined "
      "without screws, and takes about six weeks to build and finish.</p></main>");
  EXPECT_NE(product.markdown.find("Beech box"), std::string::npos) << product.markdown;
  EXPECT_NE(product.markdown.find("Elm bench"), std::string::npos) << product.markdown;
}

// Cards whose further classes name the product each shows ("c9Wq item-101"), their only link a
// button to the product (which goes as a call to action before the cards are judged): still cards.
TEST(OtherProducts, CardsNamedEachAndLinkedByAButtonGo) {
  std::string cards = R"(<div class="r5Tb">)";
  int item = 100;
  for (const std::string_view name : {"Oak stool", "Ash shelf", "Elm bench"}) {
    ++item;
    cards += std::string(R"(<div class="c9Wq item-)") + std::to_string(item) + R"("><img src="/i.jpg" alt=""><h3>)" +
             std::string(name) + R"(</h3><p>Made to order from wood of the same yard.</p><span>£)" +
             std::to_string(item * 3) + R"(</span><div class="b6Tn"><a class="k8Rr" role="button" href="/products/)" +
             std::to_string(item) + R"(">To the product</a></div></div>)";
  }
  cards += "</div>";
  const Extraction product = run_product(std::string("<main>") + std::string(kProductBlock) + cards + "</main>");
  EXPECT_NE(product.markdown.find("mortise and tenon"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Ash shelf"), std::string::npos) << product.markdown;
  EXPECT_EQ(product.markdown.find("Elm bench"), std::string::npos) << product.markdown;
}

}  // namespace
}  // namespace pagemd::extract
