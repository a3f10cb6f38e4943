#include "tree/selector.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "parse/dom.hpp"

namespace pagemd::extract {
namespace {

SelectorList parse_ok(std::string_view text) {
  core::Result<SelectorList> parsed = SelectorList::parse(text);
  EXPECT_TRUE(parsed.has_value()) << text << ": " << (parsed ? "" : parsed.error().message);
  return parsed ? std::move(parsed).value() : SelectorList{};
}

// The element with this id attribute; the fixtures give every element of interest one.
NodeId by_id(const Document& doc, std::string_view id) {
  NodeId found = kNoNode;
  doc.walk(doc.root(), [&](NodeId n) {
    const std::string_view* value = doc.attribute(n, "id");
    if (value != nullptr && *value == id && found == kNoNode) found = n;
    return found == kNoNode;
  });
  EXPECT_NE(found, kNoNode) << "no element with id " << id;
  return found;
}

// The ids of the elements a selector matches, in document order; matches() and match_all() must agree.
std::vector<std::string> matching_ids(const Document& doc, std::string_view selector) {
  const SelectorList list = parse_ok(selector);
  const std::vector<std::uint8_t> all = list.match_all(doc);
  std::vector<std::string> ids;
  doc.walk(doc.root(), [&](NodeId n) {
    EXPECT_EQ(all[n] != 0, list.matches(doc, n)) << selector << " at node " << n;
    if (list.matches(doc, n)) {
      const std::string_view* id = doc.attribute(n, "id");
      ids.push_back(id != nullptr ? std::string(*id) : std::string("<").append(doc.name(n)).append(">"));
    }
    return true;
  });
  return ids;
}

using Ids = std::vector<std::string>;

void expect_refused(std::string_view text, std::string_view reason) {
  const core::Result<SelectorList> parsed = SelectorList::parse(text);
  ASSERT_FALSE(parsed.has_value()) << "accepted: " << text;
  EXPECT_EQ(parsed.error().code, core::ErrorCode::invalid_request);
  EXPECT_NE(parsed.error().message.find(std::string("\"").append(text).append("\"")), std::string::npos)
      << parsed.error().message;
  EXPECT_NE(parsed.error().message.find(reason), std::string::npos) << parsed.error().message;
}

constexpr std::string_view kPage = R"(<body id="body">
  <div id="outer" class="wrap main">
    <p id="p1" class="note">one</p>
    <section id="sec">
      <p id="p2" class="note  extra" data-kind="aside" lang="en">two</p>
      <div id="inner" class="wrap">
        <p id="p3" title="A b">three</p>
      </div>
    </section>
  </div>
  <p id="p4" class="Note">four</p>
  <span id="s1" data-empty="">x</span>
</body>)";

TEST(Selector, TypeIsCaseInsensitive) {
  const Document doc = Document::parse(kPage);
  EXPECT_EQ(matching_ids(doc, "p"), (Ids{"p1", "p2", "p3", "p4"}));
  EXPECT_EQ(matching_ids(doc, "P"), (Ids{"p1", "p2", "p3", "p4"}));
  EXPECT_EQ(matching_ids(doc, "SECTION"), (Ids{"sec"}));
  EXPECT_EQ(matching_ids(doc, "article"), Ids{});
}

TEST(Selector, UniversalMatchesEveryElement) {
  const Document doc = Document::parse("<body id=b><p id=x>t</p></body>");
  EXPECT_EQ(matching_ids(doc, "body *"), (Ids{"x"}));
  EXPECT_EQ(matching_ids(doc, "*#x"), (Ids{"x"}));
  const SelectorList all = parse_ok("*");
  EXPECT_FALSE(all.matches(doc, doc.root())) << "the document node is not an element";
  const NodeId p = by_id(doc, "x");
  EXPECT_FALSE(all.matches(doc, doc.node(p).first_child())) << "text is not an element";
}

TEST(Selector, ClassMatchesOneTokenCaseSensitively) {
  const Document doc = Document::parse(kPage);
  EXPECT_EQ(matching_ids(doc, ".note"), (Ids{"p1", "p2"}));
  EXPECT_EQ(matching_ids(doc, ".extra"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, ".note.extra"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, ".Note"), (Ids{"p4"}));
  EXPECT_EQ(matching_ids(doc, ".not"), Ids{});
  EXPECT_EQ(matching_ids(doc, ".wrap"), (Ids{"outer", "inner"}));
  EXPECT_EQ(matching_ids(doc, ".main"), (Ids{"outer"}));
}

TEST(Selector, ClassTokensSplitOnAnyAsciiWhitespace) {
  const Document doc = Document::parse("<p id=x class=\"\ta\nb\x0c c \">t</p>");
  EXPECT_EQ(matching_ids(doc, ".a.b.c"), (Ids{"x"}));
}

TEST(Selector, IdIsCaseSensitive) {
  const Document doc = Document::parse(kPage);
  EXPECT_EQ(matching_ids(doc, "#p2"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "#P2"), Ids{});
  EXPECT_EQ(matching_ids(doc, "#p2#p2"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "#p1#p2"), Ids{});
}

TEST(Selector, AttributePresenceAndValue) {
  const Document doc = Document::parse(kPage);
  EXPECT_EQ(matching_ids(doc, "[data-kind]"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "[DATA-KIND]"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "[data-kind=aside]"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "[data-kind=Aside]"), Ids{});
  EXPECT_EQ(matching_ids(doc, "[data-kind=\"aside\"]"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "[data-kind='aside']"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "[ data-kind = aside ]"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "[title=\"A b\"]"), (Ids{"p3"}));
  EXPECT_EQ(matching_ids(doc, "[title='A b']"), (Ids{"p3"}));
  EXPECT_EQ(matching_ids(doc, "[data-empty]"), (Ids{"s1"}));
  EXPECT_EQ(matching_ids(doc, "[data-empty=\"\"]"), (Ids{"s1"}));
  EXPECT_EQ(matching_ids(doc, "[data-kind][lang=en]"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "[data-kind][lang=fr]"), Ids{});
}

TEST(Selector, QuotedValuesTakeEscapesAndTheOtherQuote) {
  const Document doc = Document::parse(R"(<p id=a title='say "hi"'>t</p><p id=b title="it's">t</p>)");
  EXPECT_EQ(matching_ids(doc, R"([title='say "hi"'])"), (Ids{"a"}));
  EXPECT_EQ(matching_ids(doc, R"([title="say \"hi\""])"), (Ids{"a"}));
  EXPECT_EQ(matching_ids(doc, R"([title="it's"])"), (Ids{"b"}));
  EXPECT_EQ(matching_ids(doc, R"([title='it\'s'])"), (Ids{"b"}));
}

TEST(Selector, BareValuesMayStartWithADigit) {
  const Document doc = Document::parse("<h2 id=x data-level=2>t</h2><div id=y class=2col>t</div>");
  EXPECT_EQ(matching_ids(doc, "[data-level=2]"), (Ids{"x"}));
  EXPECT_EQ(matching_ids(doc, ".2col"), (Ids{"y"}));
}

TEST(Selector, EscapesInNames) {
  const Document doc = Document::parse(R"(<div id=x class="md:flex w-1/2">t</div><p id="caf&#xe9;">t</p>)");
  EXPECT_EQ(matching_ids(doc, R"(.md\:flex)"), (Ids{"x"}));
  EXPECT_EQ(matching_ids(doc, R"(.w-1\/2)"), (Ids{"x"}));
  EXPECT_EQ(matching_ids(doc, R"(.md\3A flex)"), (Ids{"x"}));
  EXPECT_EQ(matching_ids(doc, R"(#caf\e9)"), (Ids{"caf\xC3\xA9"}));
  EXPECT_EQ(matching_ids(doc, "#caf\xC3\xA9"), (Ids{"caf\xC3\xA9"}));
}

TEST(Selector, Compound) {
  const Document doc = Document::parse(kPage);
  EXPECT_EQ(matching_ids(doc, "p.note"), (Ids{"p1", "p2"}));
  EXPECT_EQ(matching_ids(doc, "div.note"), Ids{});
  EXPECT_EQ(matching_ids(doc, "p.note#p2[data-kind=aside]"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "p[data-kind=aside].note#p2.extra"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "p.note#p1[data-kind]"), Ids{});
  EXPECT_EQ(matching_ids(doc, "div.wrap.main"), (Ids{"outer"}));
}

TEST(Selector, DescendantMatchesAnyDepth) {
  const Document doc = Document::parse(kPage);
  EXPECT_EQ(matching_ids(doc, "div p"), (Ids{"p1", "p2", "p3"}));
  EXPECT_EQ(matching_ids(doc, "section p"), (Ids{"p2", "p3"}));
  EXPECT_EQ(matching_ids(doc, "body div p"), (Ids{"p1", "p2", "p3"}));
  EXPECT_EQ(matching_ids(doc, "#outer  \n\t #p3"), (Ids{"p3"}));
  EXPECT_EQ(matching_ids(doc, "section div"), (Ids{"inner"}));
  EXPECT_EQ(matching_ids(doc, "p p"), Ids{});
}

TEST(Selector, ChildMatchesOnlyTheParent) {
  const Document doc = Document::parse(kPage);
  EXPECT_EQ(matching_ids(doc, "div > p"), (Ids{"p1", "p3"}));
  EXPECT_EQ(matching_ids(doc, "div>p"), (Ids{"p1", "p3"}));
  EXPECT_EQ(matching_ids(doc, "div >p"), (Ids{"p1", "p3"}));
  EXPECT_EQ(matching_ids(doc, "div> p"), (Ids{"p1", "p3"}));
  EXPECT_EQ(matching_ids(doc, "section > p"), (Ids{"p2"}));
  EXPECT_EQ(matching_ids(doc, "body > p"), (Ids{"p4"}));
  EXPECT_EQ(matching_ids(doc, "#outer > #p3"), Ids{});
}

TEST(Selector, MixedCombinatorsBacktrack) {
  // "div.a > p" must not stop at the nearest div (which is not .a) when testing "div.a > p".
  const Document doc = Document::parse(R"(
    <div id=d1 class=a>
      <div id=d2 class=b>
        <div id=d3 class=a>
          <section id=s1><p id=x>t</p></section>
        </div>
      </div>
      <section id=s2><div id=d4><p id=y>t</p></div></section>
    </div>)");
  EXPECT_EQ(matching_ids(doc, "div.a > section p"), (Ids{"x", "y"}));
  EXPECT_EQ(matching_ids(doc, "div.a > section > p"), (Ids{"x"}));
  EXPECT_EQ(matching_ids(doc, "div.a div.b p"), (Ids{"x"}));
  EXPECT_EQ(matching_ids(doc, ".b > .a p"), (Ids{"x"}));
  EXPECT_EQ(matching_ids(doc, ".a > .b > .a > section > p"), (Ids{"x"}));
  // For x, the nearest div (d3) has a .b parent; the run has to move up to d2.
  EXPECT_EQ(matching_ids(doc, ".a > div p"), (Ids{"x"}));
  EXPECT_EQ(matching_ids(doc, "div.a > div > p"), Ids{});
  // The nearest `.a > section` above y is d1 > s2; above x it is d3 > s1.
  EXPECT_EQ(matching_ids(doc, ".a > section div > p"), (Ids{"y"}));
  EXPECT_EQ(matching_ids(doc, ".a > section p"), (Ids{"x", "y"}));
  EXPECT_EQ(matching_ids(doc, ".b section"), (Ids{"s1"}));
  EXPECT_EQ(matching_ids(doc, ".b .b section"), Ids{});
}

TEST(Selector, DeepDocumentsMatchWithoutRecursion) {
  std::string html = "<body>";
  for (int i = 0; i < 350; ++i) html += "<div class=level>";
  html += "<p id=deep>t</p>";
  const Document doc = Document::parse(html);
  const NodeId deep = by_id(doc, "deep");
  EXPECT_TRUE(parse_ok("body div div div .level > p").matches(doc, deep));
  EXPECT_TRUE(parse_ok("html .level .level .level .level p").matches(doc, deep));
  EXPECT_FALSE(parse_ok("section div p").matches(doc, deep));
  EXPECT_FALSE(parse_ok("div > div > body p").matches(doc, deep));
}

// Random trees and selectors: the whole-document matcher agrees with the per-element one everywhere.
TEST(Selector, MatchAllAgreesWithMatchesOnRandomPages) {
  std::mt19937 random(20261124);
  const std::vector<std::string> tags{"div", "p", "section", "span"};
  const std::vector<std::string> classes{"a", "b", "c"};
  for (int round = 0; round < 200; ++round) {
    std::string html = "<body>";
    int open = 0;
    for (int i = 0; i < 60; ++i) {
      if (open > 0 && random() % 3 == 0) {
        html += "</" + tags[random() % 2] + ">";  // sometimes the wrong end tag: the parser copes
        --open;
      } else {
        html += "<" + tags[random() % tags.size()] + " class=" + classes[random() % classes.size()] + ">";
        ++open;
      }
    }
    const Document doc = Document::parse(html);
    // A list of one to three selectors: one walk decides them all, side by side.
    std::string selector;
    const int listed = 1 + static_cast<int>(random() % 3);
    for (int l = 0; l < listed; ++l) {
      if (l > 0) selector += ", ";
      const int compounds = 1 + static_cast<int>(random() % 4);
      for (int c = 0; c < compounds; ++c) {
        if (c > 0) selector += random() % 2 == 0 ? " > " : " ";
        selector += random() % 3 == 0 ? "*" : tags[random() % tags.size()];
        if (random() % 2 == 0) selector += "." + classes[random() % classes.size()];
      }
    }
    const SelectorList list = parse_ok(selector);
    const std::vector<std::uint8_t> all = list.match_all(doc);
    for (NodeId n = 0; n < doc.size(); ++n) {
      ASSERT_EQ(all[n] != 0, list.matches(doc, n)) << selector << " at node " << n << " of " << html;
    }
  }
}

// The shape of a page made to stall the matcher: hundreds of nested levels and a selector of sixty
// compounds. Matching the whole page costs elements x compounds, and its answer is still exact.
TEST(Selector, MatchAllOnDeepPagesAndLongSelectors) {
  std::string html = "<body>";
  for (int i = 0; i < 380; ++i) html += "<div>";
  for (int i = 0; i < 2000; ++i) html += "<br>";
  const Document doc = Document::parse(html);
  std::string selector = "div";
  for (int i = 0; i < 59; ++i) selector += ">div";
  selector += " br";
  const std::vector<std::uint8_t> all = parse_ok(selector).match_all(doc);
  std::size_t matched = 0;
  for (NodeId n = 0; n < doc.size(); ++n) matched += all[n];
  EXPECT_EQ(matched, 2000U);
  std::string too_deep = "div";
  for (int i = 0; i < 400; ++i) too_deep += ">div";
  EXPECT_EQ(parse_ok(too_deep).match_all(doc), std::vector<std::uint8_t>(doc.size(), 0));
}

TEST(Selector, ListMatchesAnyMember) {
  const Document doc = Document::parse(kPage);
  EXPECT_EQ(matching_ids(doc, "#p4, section > p"), (Ids{"p2", "p4"}));
  EXPECT_EQ(matching_ids(doc, "span,#p1"), (Ids{"p1", "s1"}));
  EXPECT_EQ(matching_ids(doc, "  span ,\n #p1  "), (Ids{"p1", "s1"}));
}

TEST(Selector, ParseAllJoinsTexts) {
  const Document doc = Document::parse(kPage);
  core::Result<SelectorList> joined = SelectorList::parse_all({"#p1", "span, #p4"});
  ASSERT_TRUE(joined.has_value());
  EXPECT_TRUE(joined->matches(doc, by_id(doc, "p1")));
  EXPECT_TRUE(joined->matches(doc, by_id(doc, "p4")));
  EXPECT_TRUE(joined->matches(doc, by_id(doc, "s1")));
  EXPECT_FALSE(joined->matches(doc, by_id(doc, "p2")));

  core::Result<SelectorList> none = SelectorList::parse_all({});
  ASSERT_TRUE(none.has_value());
  EXPECT_TRUE(none->empty());
  EXPECT_FALSE(none->matches(doc, by_id(doc, "p1")));
  EXPECT_FALSE(parse_ok("p").empty());

  core::Result<SelectorList> bad = SelectorList::parse_all({"p", "a:hover"});
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, core::ErrorCode::invalid_request);
  EXPECT_NE(bad.error().message.find("\"a:hover\""), std::string::npos) << bad.error().message;
}

TEST(Selector, RefusesEmpty) {
  expect_refused("", "empty selector");
  expect_refused("   ", "empty selector");
  expect_refused("p,", "empty selector");
  expect_refused(",p", "empty selector");
  expect_refused("p,,a", "empty selector");
  expect_refused("p, ,a", "empty selector");
}

TEST(Selector, RefusesPseudoClassesAndElements) {
  expect_refused("a:hover", "pseudo");
  expect_refused("p::before", "pseudo");
  expect_refused(":root", "pseudo");
  expect_refused("li:nth-child(2)", "pseudo");
  expect_refused("div :not(p)", "pseudo");
  expect_refused("[href]:first-child", "pseudo");
}

TEST(Selector, RefusesOtherAttributeOperators) {
  expect_refused("[class~=a]", "\"~=\" is not supported");
  expect_refused("[lang|=en]", "\"|=\" is not supported");
  expect_refused("[href^=http]", "\"^=\" is not supported");
  expect_refused("[href$=\".pdf\"]", "\"$=\" is not supported");
  expect_refused("[href*=x]", "\"*=\" is not supported");
  expect_refused("[a = b i]", "unexpected \"i\"");
  expect_refused("[a!=b]", "unexpected \"!\"");
}

TEST(Selector, RefusesSiblingCombinators) {
  expect_refused("h2 + p", "sibling");
  expect_refused("h2+p", "sibling");
  expect_refused("h2 ~ p", "sibling");
  expect_refused("h2~p", "sibling");
  expect_refused("+ p", "sibling");
}

TEST(Selector, RefusesUnbalancedBracketsAndQuotes) {
  expect_refused("[data-x", "unbalanced \"[\"");
  expect_refused("[data-x=1", "unbalanced \"[\"");
  expect_refused("[data-x=", "unbalanced \"[\"");
  expect_refused("[", "unbalanced \"[\"");
  expect_refused("p]", "unbalanced \"]\"");
  expect_refused("p ]", "unbalanced \"]\"");
  expect_refused("[a=\"b]", "unbalanced quote");
  expect_refused("[a='b\"]", "unbalanced quote");
  expect_refused("[a='b\\", "unbalanced quote");
  expect_refused("[a=\"b\nc\"]", "unbalanced quote");
  expect_refused("[a=\"b\"", "unbalanced \"[\"");
}

TEST(Selector, RefusesDanglingCombinators) {
  expect_refused("div >", "combinator without a selector after it");
  expect_refused("div > ", "combinator without a selector after it");
  expect_refused("div >, p", "combinator without a selector after it");
  expect_refused("> p", "combinator without a selector before it");
  expect_refused("div > > p", "combinator without a selector before it");
}

TEST(Selector, RefusesInvalidNames) {
  expect_refused("div$", "unexpected \"$\"");
  expect_refused("1div", "unexpected \"1\"");
  expect_refused(".", "expected a class name");
  expect_refused("p.", "expected a class name");
  expect_refused(".a.", "expected a class name");
  expect_refused("#", "expected an id");
  expect_refused("#!x", "expected an id");
  expect_refused("[=x]", "expected an attribute name");
  expect_refused("[a=]", "expected a value");
  expect_refused("[a=!]", "expected a value");
  expect_refused("**", "unexpected \"*\"");
  expect_refused("svg|rect", "unexpected \"|\"");
  expect_refused("p\"x\"", "unexpected \"\"\"");
  expect_refused("p(x)", "unexpected \"(\"");
  expect_refused("p\\", "escape at the end");
  expect_refused("p\x01", "unexpected byte 0x01");
}

}  // namespace
}  // namespace pagemd::extract
