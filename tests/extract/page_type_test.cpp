#include "page_info/page_type.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "parse/dom.hpp"

namespace pagemd::extract {
namespace {

PageType classify(std::string_view html, std::string_view url) {
  const Document doc = Document::build_page(std::string(html));
  return classify_page(doc, read_page_info(doc, doc.records().json_ld, url), url);
}

std::string paragraphs(int count) {
  std::string html;
  for (int i = 0; i < count; ++i) html += "<p>A paragraph of ordinary prose, the kind an article is made of.</p>";
  return html;
}

std::string cards(int count, bool priced) {
  std::string html = "<ul class=\"grid\">";
  for (int i = 0; i < count; ++i) {
    html += "<li class=\"card\"><a href=\"/x/" + std::to_string(i) + "\">Item " + std::to_string(i) + "</a>";
    if (priced) html += "<span class=\"price\">$" + std::to_string(10 + i) + ".99</span>";
    html += "</li>";
  }
  return html + "</ul>";
}

TEST(PageType, AnOrdinaryStoryIsAnArticle) {
  EXPECT_EQ(classify("<article><h1>Rain</h1>" + paragraphs(6) + "</article>",
                     "https://news.example/2024/05/rain-returns-to-the-valley-after-months"),
            PageType::article);
  EXPECT_EQ(classify(paragraphs(3), ""), PageType::article);  // nothing says otherwise
}

TEST(PageType, ForumAddressesAndStructuredData) {
  EXPECT_EQ(classify(paragraphs(3), "https://discuss.example.org/t/how-do-i-start/1234"), PageType::forum);
  EXPECT_EQ(classify(paragraphs(3), "https://example.com/threads/best-headphones.5678/"), PageType::forum);
  EXPECT_EQ(classify(paragraphs(3), "https://example.stackexchange.com/questions/42/why"), PageType::forum);
  // A message board's thread, under its board; a board of directors is no forum.
  EXPECT_EQ(classify(paragraphs(3), "https://games.example.com/boards/1234-switch/80702016"), PageType::forum);
  EXPECT_EQ(classify(paragraphs(3), "https://company.example.com/about/boards"), PageType::article);
  // A topic with its id is a thread (Invision, NodeBB); a site's page on a subject lists what it holds.
  EXPECT_EQ(classify(paragraphs(3), "https://example.com/forums/topic/188682-new-case/"), PageType::forum);
  EXPECT_EQ(classify(paragraphs(3), "https://example.org/topic/156087/which-version"), PageType::forum);
  EXPECT_EQ(classify(paragraphs(3), "https://news.example.edu/topic/software"), PageType::listing);
  EXPECT_EQ(classify(R"(<script type="application/ld+json">{"@context":"https://schema.org","@type":"QAPage",
      "mainEntity":{"@type":"Question","name":"Why?"}}</script>)" +
                         paragraphs(3),
                     "https://example.com/some/page"),
            PageType::forum);
}

// Replies named as such make a thread; under a heading that counts them as the readers' responses
// they are a post's comments, and the post is the page.
TEST(PageType, CommentsUnderTheirCountAreAPostsNotAThread) {
  std::string replies;
  for (int i = 0; i < 6; ++i)
    replies += "<li class=reply><b>reader" + std::to_string(i) + "</b>" + paragraphs(1) + "</li>";
  const std::string post = "<div class=post><h1>Rain</h1>" + paragraphs(2) + "</div>";
  const std::string_view address = "https://rain.example/w12";
  EXPECT_EQ(classify(post + "<div><ol>" + replies + "</ol></div>", address), PageType::forum);
  EXPECT_EQ(classify(post + "<div><h2>6 thoughts on “Rain”</h2><ol>" + replies + "</ol></div>", address),
            PageType::article);
  EXPECT_EQ(classify(post + "<div><h3>6 Comments</h3><ol>" + replies + "</ol></div>", address), PageType::article);
}

// A story and the tree of replies under it, each reply's block of the template of the one it answers
// (a link aggregator's page), is a discussion however short the story and whatever the blocks are
// called; a tree saying less than the page around it, or under a heading counting the replies (a
// post's comments), and a menu's nested items, are not.
std::string reply_tree(int replies, int depth) {
  std::string tree = "<ol class=\"k7\">";
  for (int i = 0; i < replies; ++i) {
    tree += "<li class=\"q2 x\"><div class=\"m1\"><a href=\"/~r" + std::to_string(i) + "\">r" + std::to_string(i) +
            "</a></div>" + paragraphs(1) + (depth > 1 ? reply_tree(1, depth - 1) : "") + "</li>";
  }
  return tree + "</ol>";
}

TEST(PageType, ATreeOfRepliesHoldingThePageIsAThread) {
  const std::string story = "<h1>Project goals</h1><p><a href=\"https://blog.example/goals\">blog.example</a></p>";
  const std::string_view address = "https://links.example/s/dwip3v/project_goals";
  EXPECT_EQ(classify(story + reply_tree(4, 3), address), PageType::forum);
  // The same replies one beside the other, answering none: the tree says it, not the list.
  EXPECT_EQ(classify(story + reply_tree(12, 1), address), PageType::article);
  EXPECT_EQ(classify(story + paragraphs(20) + reply_tree(4, 3), address), PageType::article);
  EXPECT_EQ(classify(story + "<h2>12 Comments</h2>" + reply_tree(4, 3), address), PageType::article);
  std::string menu = "<ul class=\"k7\">";
  for (int i = 0; i < 6; ++i) {
    menu += "<li class=\"q2\"><a href=\"/s" + std::to_string(i) + "\">Section " + std::to_string(i) +
            "</a><ul class=\"k8\"><li class=\"q2\"><a href=\"/s" + std::to_string(i) + "/a\">Part</a></li></ul></li>";
  }
  EXPECT_EQ(classify(menu + "</ul>" + story + paragraphs(2), address), PageType::article);
}

// A page's FAQ is marked up as Questions and Answers too; they are the page's own, not a thread's.
TEST(PageType, AnFaqsQuestionsAndAnswersAreNoThread) {
  const std::string faq = R"(<script type="application/ld+json">{"@context":"https://schema.org","@type":"FAQPage",
      "mainEntity":[{"@type":"Question","name":"Do you ship abroad?",
      "acceptedAnswer":{"@type":"Answer","text":"Yes."}}]}</script>)";
  EXPECT_EQ(classify(faq + "<h1>Graphics cards</h1>" + paragraphs(3), "https://shop.example/graphics-cards"),
            PageType::service);
  // Without the FAQPage they are a question and its answer.
  EXPECT_EQ(classify(R"(<script type="application/ld+json">{"@context":"https://schema.org","@type":"Question",
      "name":"Do you ship abroad?","acceptedAnswer":{"@type":"Answer","text":"Yes."}}</script>)"
                     "<h1>Graphics cards</h1>" +
                         paragraphs(3),
                     "https://shop.example/graphics-cards"),
            PageType::forum);
}

// A page saved without its address is typed by its canonical link; an address given wins.
TEST(PageType, APageWithoutAnAddressIsTypedByItsCanonicalLink) {
  const std::string page =
      "<html><head><link rel='canonical' href='https://pottery.example/threads/kiln-wash.42/'>"
      "</head><body><h1>Kiln wash</h1>" +
      paragraphs(2) + "</body></html>";
  EXPECT_EQ(classify(page, ""), PageType::forum);
  EXPECT_EQ(classify(page, "https://pottery.example/kiln-wash"), PageType::article);
}

TEST(PageType, ProductsFromStructuredDataMicrodataOrTheirAddress) {
  const std::string buy = "<h1>Kettle</h1><p>$49.00</p><button>Add to cart</button>" + paragraphs(2);
  EXPECT_EQ(classify(R"(<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product",
      "name":"Kettle","offers":{"@type":"Offer","price":"49.00"}}</script>)" +
                         buy,
                     "https://shop.example/kettle"),
            PageType::product);
  EXPECT_EQ(classify(R"(<div itemscope itemtype="https://schema.org/Product">)" + buy + "</div>",
                     "https://shop.example/kettle"),
            PageType::product);
  EXPECT_EQ(classify(buy, "https://shop.example/products/kettle"), PageType::product);
}

TEST(PageType, AGridOfPricedItemsIsACollectionAndAnIndexIsAListing) {
  EXPECT_EQ(classify("<h1>Kettles</h1>" + cards(12, true), "https://shop.example/collections/kettles"),
            PageType::collection);
  EXPECT_EQ(classify("<h1>Kettles</h1>" + cards(12, true), "https://shop.example/kitchen/kettles"),
            PageType::collection);
  EXPECT_EQ(classify("<h1>News</h1>" + cards(12, false), "https://example.org/news"), PageType::listing);
  // A supplier directory's catalogues, in the plural, are a collection as a shop's catalogue is.
  EXPECT_EQ(classify("<h1>Fasteners</h1>" + paragraphs(2), "https://directory.example/catalogs/fasteners/"),
            PageType::collection);
  // A subcategory is a category too, however the shop spells it.
  for (const std::string_view path : {"/sub-categories/mobile-cables", "/Cables/SubCategory/ID-48"}) {
    EXPECT_EQ(classify("<h1>Cables</h1>" + paragraphs(2), "https://shop.example" + std::string(path)),
              PageType::collection)
        << path;
  }
  // Open Graph's product.group is a range of products; a shop's listing template says the same.
  EXPECT_EQ(classify("<html><head><meta property=\"og:type\" content=\"product.group\"></head><body><h1>Sofas</h1>" +
                         paragraphs(2) + "</body></html>",
                     "https://shop.example/us/sofas-st003/"),
            PageType::collection);
  EXPECT_EQ(classify("<html><body class=\"product-listing-page\"><h1>Sofas</h1>" + paragraphs(2) + "</body></html>",
                     "https://shop.example/us/sofas-st003/"),
            PageType::collection);
}

// A grid of goods prices its items, each a link to its page: amounts named elsewhere (a charity's
// suggested gifts and what they buy, unseen-layouts-5's campaign appeals) beside any list of alike
// siblings, or a table of fees, make no collection but a page of what is offered, kept whole as a
// service page is. A grid's items count whatever their classes.
TEST(PageType, OnlyPricesInsideTheLinkedItemsOfAGridMakeACollection) {
  std::string appeal =
      "<h1>Winter appeal</h1><p>$30 could keep a family warm for a week.</p>"
      "<p>$60 pays for a night of shelter.</p><div class=\"amounts\">";
  for (const std::string_view amount : {"$10", "$25", "$50", "$100"})
    appeal += "<button>" + std::string(amount) + "</button>";
  appeal += std::string("<button>Other amount</button></div>") + paragraphs(2) + "<ul class=\"links\">";
  for (int i = 0; i < 8; ++i)
    appeal += "<li class=\"link\"><a href=\"/about/" + std::to_string(i) + "\">About</a></li>";
  appeal += "</ul>";
  EXPECT_EQ(classify(appeal, "https://charity.example/appeal/winter"), PageType::service);

  std::string fees = std::string("<h1>Fees</h1>") + paragraphs(2) + "<table>";
  for (int i = 0; i < 8; ++i)
    fees += "<tr><td>Course " + std::to_string(i) + "</td><td>$" + std::to_string(900 + i) + "</td></tr>";
  EXPECT_EQ(classify(fees + "</table>", "https://college.example/study/fees"), PageType::service);

  std::string grid = "<h1>Wallets</h1><ul class=\"grid\">";
  for (int i = 0; i < 8; ++i) {
    grid += "<li class=\"card variant-" + std::to_string(i % 4) + "\"><a href=\"/w/" + std::to_string(i) +
            "\">Wallet</a><span>USD " + std::to_string(30 + i) + ".00</span></li>";
  }
  EXPECT_EQ(classify(grid + "</ul>", "https://market.example/wallets"), PageType::collection);
}

// A price is a currency sign or code beside a digit, before or after it, wherever it stands in a
// text; the same signs beside no digit are no price.
TEST(PageType, PricesAreCurrencySignsOrCodesBesideADigit) {
  const auto grid = [](std::string_view before, std::string_view after) {
    std::string html = "<h1>Kettles</h1><ul class=\"grid\">";
    for (int i = 0; i < 12; ++i) {
      html += "<li class=\"card\"><a href=\"/x/" + std::to_string(i) + "\">Item</a><span>A kettle of brushed steel, " +
              std::string(before) + std::to_string(10 + i) + std::string(after) + "</span></li>";
    }
    return html + "</ul>";
  };
  struct Written {
    std::string_view before;
    std::string_view after;
    bool price;
  };
  for (const Written& written :
       {Written{"$", "", true}, Written{"", " $", true}, Written{"\xC2\xA3", "", true}, Written{"\xC2\xA5", "", true},
        Written{"", ",99 \xE2\x82\xAC", true}, Written{"\xE2\x82\xB9", "", true}, Written{"USD ", "", true},
        Written{"", " EUR", true}, Written{"GBP", "", true}, Written{"\xE2\x82\xAC off, model ", "", false},
        Written{"EURO model ", "", false}, Written{"", " sold, USDA", false}, Written{"", " GB", false},
        Written{"\xC2\xA0", "", false}, Written{"\xE2\x82\xAD", "", false}}) {
    EXPECT_EQ(
        classify(grid(written.before, written.after), "https://shop.example/kitchen/kettles") == PageType::collection,
        written.price)
        << written.before << "|" << written.after;
  }
}

TEST(PageType, AlikeItemsAreCountedHoweverManyChildrenAnElementHas) {
  // Past a few hundred children the items are counted in a map rather than sorted: the same verdict.
  EXPECT_EQ(classify("<h1>Kettles</h1>" + cards(400, true), "https://shop.example/things"), PageType::collection);
  // Four hundred priced children of four hundred kinds, none a link, are no grid of items: a page
  // of prices outside any grid (of fees, of rates) offers something.
  std::string mixed = "<h1>Kettles</h1><div>";
  for (int i = 0; i < 400; ++i)
    mixed += "<div class=\"k" + std::to_string(i) + "\">$" + std::to_string(i) + ".99</div>";
  EXPECT_EQ(classify(mixed + "</div>", "https://shop.example/things"), PageType::service);
}

// A shop's grid that shows no prices ("Get pricing"): its theme names each card a product.
std::string product_cards(int count, std::string_view card_class) {
  std::string html = "<div class=\"grid\">";
  for (int i = 0; i < count; ++i) {
    html += "<div class=\"" + std::string(card_class) + "\"><img src=\"/i/" + std::to_string(i) +
            ".jpg\"><a href=\"/p/" + std::to_string(i) + "\">Adapter " + std::to_string(i) +
            "</a><a href=\"/quote\">Get pricing</a></div>";
  }
  return html + "</div>";
}

TEST(PageType, AGridOfCardsNamedAsProductsIsACollectionWithoutPrices) {
  const std::string intro = "<h1>Mobile adapters</h1>" + paragraphs(3);
  EXPECT_EQ(classify(intro + product_cards(9, "product-preview__item w-dyn-item"), ""), PageType::collection);
  EXPECT_EQ(classify(intro + product_cards(9, "ProductTile"), ""), PageType::collection);
  // Counted in a map past a few hundred children, with the same verdict.
  EXPECT_EQ(classify(intro + product_cards(300, "product-card"), ""), PageType::collection);
  // Too few cards, or cards whose class says nothing of products, are no shop's grid.
  EXPECT_EQ(classify(intro + product_cards(5, "product-card"), ""), PageType::article);
  EXPECT_EQ(classify(intro + product_cards(9, "card"), ""), PageType::article);
  // A product page's gallery is named after the product too, but its images link nowhere and say
  // nothing; its options say something but link nowhere.
  std::string gallery = "<ul class=\"gallery\">";
  std::string options = "<div class=\"options\">";
  for (int i = 0; i < 9; ++i) {
    gallery += "<li class=\"product__media-item\"><a href=\"/big/" + std::to_string(i) + ".jpg\"><img src=\"/i/" +
               std::to_string(i) + ".jpg\"></a></li>";
    options += "<div class=\"productSelector__option\">Size " + std::to_string(i) + "</div>";
  }
  EXPECT_EQ(classify(intro + gallery + "</ul>", ""), PageType::article);
  EXPECT_EQ(classify(intro + options + "</div>", ""), PageType::article);
  // The cards are weaker evidence than prices: a thread on a vendor's board, with the shop's cards
  // beside it, stays a thread.
  std::string thread = "<h1>Adapter keeps disconnecting</h1>";
  for (int i = 0; i < 4; ++i) thread += "<div class=\"post\"><p>Have you tried another cable?</p></div>";
  EXPECT_EQ(classify(thread + product_cards(9, "product-card"), ""), PageType::forum);
  // A dated review of products in cards stays an article.
  EXPECT_EQ(classify("<html><head><meta property=\"article:published_time\" content=\"2025-03-01\"></head><body>" +
                         intro + product_cards(9, "product-card") + "</body></html>",
                     ""),
            PageType::article);
}

TEST(PageType, DocumentationFromItsAddressAndItsCode) {
  const std::string code =
      "<h1>itertools</h1><pre><code>a</code></pre><pre><code>b</code></pre>"
      "<pre><code>c</code></pre>" +
      paragraphs(2);
  EXPECT_EQ(classify(code, "https://docs.example.org/3/library/itertools.html"), PageType::documentation);
  EXPECT_EQ(classify(code, "https://example.org/manual/chapter-one"), PageType::documentation);
}

TEST(PageType, PricingAndHomePagesAreServicePages) {
  EXPECT_EQ(classify("<h1>Plans</h1>" + paragraphs(2), "https://saas.example/pricing"), PageType::service);
  EXPECT_EQ(classify("<h1>We build things</h1>" + paragraphs(2), "https://agency.example/"), PageType::service);
  EXPECT_EQ(classify("<h1>Help desk software</h1>" + paragraphs(2), "https://saas.example/service/"),
            PageType::service);
}

// Buttons that ask the reader to start, book or get in touch, drawn as buttons by a class, a part of
// one, or a role.
TEST(PageType, CallsToActionMakeAServicePage) {
  const std::string intro = "<h1>Bookkeeping for small firms</h1>" + paragraphs(2);
  EXPECT_EQ(classify(intro + "<button>Get started</button><button>Contact us</button>", ""), PageType::service);
  EXPECT_EQ(classify(intro + "<a class=\"btn-primary\" href=\"/signup\">Get started</a>"
                             "<a role=\"button\" href=\"/demo\">Book a demo</a>",
                     ""),
            PageType::service);
  // The same words as plain links, one button alone, or buttons that ask nothing are no such page.
  EXPECT_EQ(classify(intro + "<button>Menu</button><button>Search</button>", ""), PageType::article);
  EXPECT_EQ(classify(intro + "<a href=\"/signup\">Get started</a><a href=\"/demo\">Book a demo</a>", ""),
            PageType::article);
  EXPECT_EQ(classify(intro + "<a class=\"btn\" href=\"/signup\">Get started</a>", ""), PageType::article);
}

// A page Open Graph types as one work (a podcast's episode as music.song, a film, a show's episode)
// presents it with its player, its notes and calls to listen: what it says of the work is read as a
// story (unseen-layouts-4 x0026-x0030), not as a service page kept whole. A home page stays one.
TEST(PageType, OneWorksPageIsReadAsAStory) {
  const std::string episode = "<h1>Episode 50: Chains</h1><audio src=/ep50.mp3></audio>" + paragraphs(2) +
                              "<button>Get started</button><button>Contact us</button>";
  for (const std::string_view type : {"music.song", "video.episode", "video.movie", "video.other"}) {
    EXPECT_EQ(classify("<html><head><meta property=\"og:type\" content=\"" + std::string(type) + "\"></head><body>" +
                           episode + "</body></html>",
                       ""),
              PageType::article)
        << type;
  }
  EXPECT_EQ(
      classify("<html><head><meta property=\"og:type\" content=\"website\"></head><body>" + episode + "</body></html>",
               ""),
      PageType::service);
}

// A home page showing its plans: a grid of priced items too, and on even evidence a service page.
TEST(PageType, PlansThatLookLikeAGridAreAServicePage) {
  EXPECT_EQ(classify("<h1>Plans</h1>" + cards(12, true), "https://saas.example/"), PageType::service);
}

// A site's front page says "service" by its address; when most of its headings link to other
// pages it lists those pages (a news site's front page). Headings that link within the page, a
// minority of linked headings, or linked titles of priced goods leave it a service page.
TEST(PageType, AFrontPageWhoseHeadingsLinkElsewhereIsAListing) {
  const auto front_page = [](int linked, int plain, std::string_view href, bool priced) {
    std::string html = "<h1>Today</h1>";
    for (int i = 0; i < linked; ++i) {
      html += "<div><h3><a href=\"" + std::string(href) + std::to_string(i) + "\">Story " + std::to_string(i) +
              "</a></h3><p>A line of teaser.</p>";
      if (priced) html += "<span>$" + std::to_string(20 + i) + "</span>";
      html += "</div>";
    }
    for (int i = 0; i < plain; ++i) html += "<h2>What we do " + std::to_string(i) + "</h2><p>A line of prose.</p>";
    return html;
  };
  const std::string_view home = "https://site.example/";
  EXPECT_EQ(classify(front_page(8, 2, "/2024/story-", false), home), PageType::listing);
  EXPECT_EQ(classify(front_page(8, 2, "#part-", false), home), PageType::service);
  EXPECT_EQ(classify(front_page(8, 8, "/2024/story-", false), home), PageType::service);
  EXPECT_EQ(classify(front_page(4, 0, "/2024/story-", false), home), PageType::service);
  EXPECT_EQ(classify(front_page(8, 2, "/shop/item-", true), home), PageType::service);
}

// A site-wide SEO plugin writes og:type "article" and the page's dates on every page; when the
// structured data calls the page a WebPage and names no story, they say nothing of its kind (dev-b
// 0130, 0711, 3034: service pages read as stories). A story named in the graph is still a story.
TEST(PageType, AnArticleTypeThePluginGivesEveryPageIsNoStory) {
  const auto page = [](std::string_view graph_types) {
    std::string graph;
    for (const std::string_view type : {std::string_view("WebPage"), graph_types}) {
      if (type.empty()) continue;
      if (!graph.empty()) graph += ",";
      graph += "{\"@type\":\"" + std::string(type) + "\",\"datePublished\":\"2023-04-01T10:00:00+00:00\"}";
    }
    return std::string(
               "<html><head><meta property=\"og:type\" content=\"article\"><script "
               "type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@graph\":[") +
           graph + "]}</script></head><body><h1>Bookkeeping for small firms</h1>" + paragraphs(2) +
           "<button>Get started</button><button>Contact us</button></body></html>";
  };
  const std::string_view url = "https://firm.example/bookkeeping/";
  EXPECT_EQ(classify(page(""), url), PageType::service);
  EXPECT_EQ(classify(page("BlogPosting"), url), PageType::article);
  EXPECT_EQ(classify(page("Article"), url), PageType::article);
  EXPECT_EQ(classify(page("ClaimReview"), url), PageType::article);  // a fact-check
}

TEST(PageType, WhatABusinessOffersIsAServicePage) {
  const std::string page = "<h1>Data analytics</h1>" + paragraphs(4);
  // Under /services/, or a slug that names services, though a long slug would otherwise say "post".
  EXPECT_EQ(classify(page, "https://agency.example/services/data-analytics"), PageType::service);
  EXPECT_EQ(classify(page, "https://agency.example/professional-resume-writing-services-packages/"), PageType::service);
  EXPECT_EQ(classify(page, "https://agency.example/professional-resume-writing-tips-for-spring/"), PageType::article);
  // A CMS's own post type for services.
  EXPECT_EQ(classify("<html><body class=\"single single-service service-template-default\">" + page + "</body></html>",
                     "https://agency.example/data-analytics/"),
            PageType::service);
}

TEST(PageType, TheTemplateClassesTheCmsWritesOnTheBody) {
  const auto page = [](std::string_view body_class) {
    return "<html><body class=\"" + std::string(body_class) + "\"><h1>Trails</h1>" + paragraphs(4) + "</body></html>";
  };
  const std::string_view url = "https://club.example/rides/trails";  // an address that says nothing
  EXPECT_EQ(classify(page("home page-template-default"), url), PageType::article);
  EXPECT_EQ(classify(page("archive category category-rides"), url), PageType::listing);
  EXPECT_EQ(classify(page("archive tax-product_cat woocommerce"), url), PageType::collection);
  EXPECT_EQ(classify(page("product-template-default single single-product woocommerce"), url), PageType::product);
  EXPECT_EQ(classify(page("template-product"), url), PageType::product);
  EXPECT_EQ(classify(page("section-viewtopic"), url), PageType::forum);
  // Drupal's pages of a taxonomy term.
  EXPECT_EQ(classify(page("path-taxonomy d-flex"), url), PageType::listing);
  EXPECT_EQ(classify(page("html not-front page-taxonomy page-taxonomy-term page-taxonomy-term-5"), url),
            PageType::listing);
  EXPECT_EQ(classify(page("page-term"), url), PageType::listing);
  // A post in a category is still a post.
  EXPECT_EQ(classify(page("single single-post category-rides"), url), PageType::article);
}

TEST(PageType, AnArchiveTitleIsAListing) {
  EXPECT_EQ(classify("<html><head><title>Air Fryer Recipes Archives - Kitchen</title></head><body><h1>Air Fryer "
                     "Recipes</h1>" +
                         paragraphs(3) + "</body></html>",
                     "https://kitchen.example/recipes/air-fryer"),
            PageType::listing);
}

TEST(PageType, WireNames) {
  EXPECT_EQ(to_string(PageType::article), "article");
  EXPECT_EQ(to_string(PageType::forum), "forum");
  EXPECT_EQ(to_string(PageType::product), "product");
  EXPECT_EQ(to_string(PageType::collection), "collection");
  EXPECT_EQ(to_string(PageType::listing), "listing");
  EXPECT_EQ(to_string(PageType::documentation), "documentation");
  EXPECT_EQ(to_string(PageType::service), "service");
}

}  // namespace
}  // namespace pagemd::extract
