// A page's tree (Document::build_page): what the tree builder leaves out of it and keeps aside,
// and the bounds that keep a hostile page's tree small.

#include <gtest/gtest.h>
#include <gumbo.h>

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parse/dom.hpp"
#include "parse/tokenizer/html_tokenizer.hpp"
#include "reference_parse.hpp"
#include "tree_shape.hpp"

namespace pagemd::extract {
namespace {

std::string page_body(std::string_view html, std::size_t max_open = kMaxOpenElements) {
  return body_shape(Document::build_page(std::string(html), max_open));
}

// The page's body text, in document order.
std::string page_text(std::string_view html) {
  const Document doc = Document::build_page(std::string(html));
  const NodeId body = doc.find_first(HtmlTag::body);
  return body == kNoNode ? std::string() : doc.text_content(body);
}

std::string repeat(std::string_view piece, std::size_t times) {
  std::string out;
  out.reserve(piece.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += piece;
  return out;
}

std::size_t count_elements(const Document& doc, std::string_view name) {
  std::size_t found = 0;
  for (NodeId id = 0; id < doc.size(); ++id) found += doc.node(id).kind == NodeKind::element && doc.name(id) == name;
  return found;
}

// How many elements deep the tree goes.
std::size_t element_depth(const Document& doc) {
  std::size_t deepest = 0;
  std::vector<std::size_t> depth(doc.size(), 0);
  doc.walk(doc.root(), [&](NodeId id) {
    const NodeId parent = doc.node(id).parent;
    depth[id] = parent == kNoNode ? 0 : depth[parent] + (doc.node(id).kind == NodeKind::element ? 1 : 0);
    deepest = std::max(deepest, depth[id]);
    return true;
  });
  return deepest;
}

std::size_t depth_of(const std::string& html, std::size_t max_open = kMaxOpenElements) {
  return element_depth(Document::build_page(html, max_open));
}

bool is_invisible(GumboTag tag) {
  // Also the subtrees a page's tree leaves out on purpose although a browser shows their text: icon
  // titles, formulas (kept aside as spans) and <object> fallback content are not prose.
  return tag == GUMBO_TAG_SCRIPT || tag == GUMBO_TAG_STYLE || tag == GUMBO_TAG_NOSCRIPT || tag == GUMBO_TAG_TEMPLATE ||
         tag == GUMBO_TAG_SVG || tag == GUMBO_TAG_MATH || tag == GUMBO_TAG_OBJECT;
}

// Concatenated text nodes under `node`, in document order; iterative because the trees under
// test can be deep.
std::string visible_text(const GumboNode* node) {
  std::string text;
  std::vector<const GumboNode*> pending{node};
  while (!pending.empty()) {
    const GumboNode* current = pending.back();
    pending.pop_back();
    if (current->type == GUMBO_NODE_TEXT || current->type == GUMBO_NODE_WHITESPACE ||
        current->type == GUMBO_NODE_CDATA) {
      text += current->v.text.text;
      continue;
    }
    if (current->type != GUMBO_NODE_ELEMENT && current->type != GUMBO_NODE_TEMPLATE) continue;
    if (current != node && is_invisible(current->v.element.tag)) continue;
    const GumboVector& children = current->v.element.children;
    for (unsigned i = children.length; i-- > 0;) pending.push_back(static_cast<const GumboNode*>(children.data[i]));
  }
  return text;
}

// html and body are always there, whatever the page holds.
constexpr std::size_t kImplied = 2;

TEST(PageTree, LeavesOutComments) {
  EXPECT_EQ(page_body("a<!-- x -->b<!-->c<!--->d<!---->e<!-- -- - --!>f<!--<p>-->g"), "body{\"abcdefg\"}");
  EXPECT_EQ(page_body("<p>kept</p><!-- never closed <p>lost</p>"), "body{p{\"kept\"}}");
  // Outside svg and math a CDATA section is a bogus comment too, ending at the first '>'.
  EXPECT_EQ(page_body("<?xml version=\"1.0\"?>a</ x>b</>c<!ELEMENT x>d<![CDATA[e>g]]>f"), "body{\"abcdg]]>f\"}");
}

TEST(PageTree, LeavesOutScriptsUpToTheirRealEndTag) {
  EXPECT_EQ(page_body("<p>a<script>if (x </scriptx) document.write(\"<div>\")</script >b</p>"), "body{p{\"ab\"}}");
  EXPECT_EQ(page_body("a<SCRIPT type=module>let s = '</p>';</ScRiPt>b"), "body{\"ab\"}");
  EXPECT_EQ(page_body("a<script/>b</script>c"), "body{\"ac\"}");  // "/>" does not make a script empty
  EXPECT_EQ(page_body("a<script>never closed</p>"), "body{\"a\"}");
}

TEST(PageTree, AScriptWrittenInsideAnOldStyleCommentDoesNotEndTheScript) {
  // The first "</script>" closes the one the script writes, inside "<!--": nothing of it is text.
  EXPECT_EQ(page_text("a<script><!-- document.write('<script src=x></script>'); //--></script>b"), "ab");
  EXPECT_EQ(page_text("a<script><!-- document.write('<scr'+'ipt></scr'+'ipt>') //--></script>b"), "ab");
  // Once the comment is closed the next "</script>" ends it, even inside a string.
  EXPECT_EQ(page_text("a<script><!-- x --> s = '</script>b';"), "ab';");
  // "<!--" alone does not hide the end tag.
  EXPECT_EQ(page_text("a<script><!-- if (x) y(); </script>b"), "ab");
}

TEST(PageTree, KeepsJsonLdInOrder) {
  const Document doc = Document::build_page(
      "<head><script type=\"application/ld+json\">{\"a\":1}</script>"
      "<script type=text/javascript>var b;</script>"
      "<script type=' Application/LD+JSON; charset=utf-8 '>{\"b\":\"</p>\"}</script></head><p>x</p>");
  EXPECT_EQ(shape(doc, doc.find_first(HtmlTag::head)), "head{}");
  ASSERT_EQ(doc.records().json_ld.size(), 2U);
  EXPECT_EQ(doc.records().json_ld[0], "{\"a\":1}");
  EXPECT_EQ(doc.records().json_ld[1], "{\"b\":\"</p>\"}");
  EXPECT_EQ(doc.records().script_bytes, 6U);  // "var b;": data is not script
}

TEST(PageTree, KeepsTheSignsOfScriptsAndTemplates) {
  const Document doc = Document::build_page(
      "<script src=\"/cdn-cgi/challenge-platform/h/b\" async></script><iframe src=x>fallback</iframe>"
      "<template x-for=\"item in items\"><p>{{ item }}</p></template><template></template>"
      "<template id=a><script>inside</script></template><p>text");
  EXPECT_EQ(doc.records().script_signs, "src=\"/cdn-cgi/challenge-platform/h/b\" async=\"\" \nsrc=\"x\" fallback\n");
  EXPECT_EQ(doc.records().template_signs, "x-for=\"item in items\"\nid=\"a\"\n");
  EXPECT_EQ(body_shape(doc), "body{p{\"text\"}}");
}

TEST(PageTree, LeavesOutRawTextElements) {
  EXPECT_EQ(page_body("a<style>p::before{content:\"</div>\"}</style>b<noscript><img src=x></noscript>c"
                      "<iframe src=y><p>fallback</p></iframe>d<noembed>e</noembed>f<noframes>g</noframes>h"),
            "body{\"abcdfh\"}");
}

// Script-built sites (Discourse among them) serve the page itself inside <noscript>: a page's worth
// of text there is read as markup, in the noscript's place; a pixel or a one-line plea is not.
TEST(PageTree, KeepsANoscriptThatHoldsAPage) {
  const std::string post(220, 'w');
  EXPECT_EQ(page_body("a<noscript data-path=\"/t/x\"><div class=post><p>" + post + "</p></div></noscript>b"),
            "body{\"a\" div[class=post;]{p{\"" + post + "\"}} \"b\"}");
  EXPECT_EQ(page_body("a<noscript><p>Please enable JavaScript to use this site.</p></noscript>b"), "body{\"ab\"}");
  EXPECT_TRUE(Document::build_page("<noscript><p>Please enable JavaScript.</p></noscript>").records().noscript_pleads);
  EXPECT_FALSE(Document::build_page("<noscript><img src=/pixel.gif></noscript>").records().noscript_pleads);
  EXPECT_EQ(page_body("a<noscript><img src=\"" + std::string(400, 'u') + "\"></noscript>b"), "body{\"ab\"}");
}

TEST(PageTree, KeepsTheNoscriptImageOfALazyPlaceholder) {
  // The placeholder has no source of its own: the <noscript> holds the image.
  EXPECT_EQ(page_body("<img src=\"data:image/gif;base64,R0l=\" alt=x><noscript><img src=\"/a.jpg\"></noscript>b"),
            "body{img[src=data:image/gif;base64,R0l=;alt=x;]{} img[src=/a.jpg;]{} \"b\"}");
  EXPECT_EQ(page_body("<img class=lazy> <noscript><img src=/a.jpg></noscript>"),
            "body{img[class=lazy;]{} \" \" img[src=/a.jpg;]{}}");
  // The placeholder names it (data-src), or shows an image of its own: the <noscript> is a copy.
  EXPECT_EQ(page_body("<img data-src=/a.jpg src=data:,><noscript><img src=/a.jpg></noscript>b"),
            "body{img[data-src=/a.jpg;src=data:,;]{} \"b\"}");
  EXPECT_EQ(page_body("<img src=/a.jpg><noscript><img src=/b.jpg></noscript>b"), "body{img[src=/a.jpg;]{} \"b\"}");
  // Named as written, character references and all.
  EXPECT_EQ(
      page_body(
          "<img data-src=\"/a.jpg?w=1&amp;h=2\" src=data:,><noscript><img src=\"/a.jpg?w=1&amp;h=2\"></noscript>b"),
      "body{img[data-src=/a.jpg?w=1&h=2;src=data:,;]{} \"b\"}");
  // An image with text between is not its placeholder; nor one that follows it (the lazy loader
  // writes the <noscript> copy first, then the placeholder naming the image in data-src).
  EXPECT_EQ(page_body("<noscript><img src=/a.jpg></noscript><img data-src=/a.jpg src=data:,>"),
            "body{img[data-src=/a.jpg;src=data:,;]{}}");
  EXPECT_EQ(page_body("<img src=data:,><p>words</p><noscript><img src=/a.jpg></noscript>"),
            "body{img[src=data:,;]{} p{\"words\"}}");
}

// A frameset page shows its frames and no text, as a browser shows it.
TEST(PageTree, AFramesetPageHasFramesAndNoBody) {
  const Document doc = Document::build_page(
      "<frameset cols=\"50%,50%\"><frame src=a><frame src=b><noframes><p>no frames</noframes></frameset>");
  EXPECT_EQ(body_shape(doc), "no body");
  EXPECT_EQ(count_elements(doc, "frame"), 2U);
  EXPECT_EQ(doc.text_content(doc.root()), "");
}

TEST(PageTree, LeavesOutSubtreesWithNesting) {
  EXPECT_EQ(page_body("a<svg><svg><title>t</title></svg><g>inner</g></svg>b"), "body{\"ab\"}");
  EXPECT_EQ(page_body("a<svg/>b<svg viewBox='0 0 1 1'/>c"), "body{\"abc\"}");
  EXPECT_EQ(page_body("a<template><template/><p>x</template>y</template>b"), "body{\"ab\"}");
  EXPECT_EQ(page_body("a<object data=f><object><p>x</p></object>y</object>b"), "body{\"ab\"}");
  EXPECT_EQ(page_body("a<template><script>'</template>'</script><!-- </template> --></template>b"), "body{\"ab\"}");
}

// A formula is kept as an attribute of an empty span, as the tree builder built it (math/ reads
// it): a nested <math> is one of its elements.
TEST(PageTree, AFormulaIsKeptInASpan) {
  EXPECT_EQ(page_body("a<math><mi>x</mi><math>y</math>z</math>b"),
            "body{\"a\" span[data-pagemd-mathml=<math><mi>x</mi><math>y</math>z</math>;]{} \"b\"}");
  EXPECT_EQ(page_body("a<math/>b"), "body{\"a\" span[data-pagemd-mathml=<math></math>;]{} \"b\"}");
  // Foreign content that a <p> end tag breaks out of ends the formula there.
  EXPECT_EQ(page_body("<p>a<math><mi>x</mi></p>b"),
            "body{p{\"a\" span[data-pagemd-mathml=<math><mi>x</mi></math>;]{}} \"b\"}");
  // Text and attribute values are escaped for math/'s reading.
  EXPECT_EQ(page_body("<math><mo>&lt;</mo><annotation encoding='a\"b'>x&amp;y</annotation></math>"),
            "body{span[data-pagemd-mathml=<math><mo>&lt;</mo><annotation "
            "encoding=\"a&quot;b\">x&amp;y</annotation></math>;]{}}");
}

// MathJax's scripts keep their TeX (or MathML) as an attribute of an empty span; the display mode
// is an attribute of its own. Other script types leave nothing.
TEST(PageTree, MathScriptsLeaveTheirFormula) {
  EXPECT_EQ(page_body("a<script type=\"math/tex\">x<\"y\"&z</script>b"),
            "body{\"a\" span[data-pagemd-tex=x<\"y\"&z;]{} \"b\"}");
  EXPECT_EQ(page_body("a<script type=\"math/tex; mode=display\">x</script>b"),
            "body{\"a\" span[data-pagemd-tex=x;data-pagemd-display=;]{} \"b\"}");
  EXPECT_EQ(page_body("a<script type=\"math/mml\"><math><mi>x</mi></math></script>b"),
            "body{\"a\" span[data-pagemd-mathml=<math><mi>x</mi></math>;]{} \"b\"}");
  EXPECT_EQ(page_body("a<script type=\"text/x-template\">x</script>b"), "body{\"ab\"}");
}

// The ids a list of contents links to: three or more links into the page in one list or nav. A
// lone link to "#comments" and a list of two are no contents.
TEST(PageTree, TheContentsListsTargetsAreRecorded) {
  const auto targets = [](std::string_view html) {
    return Document::build_page(std::string(html)).records().contents_targets;
  };
  const std::vector<std::string> sections{"faq", "how", "why"};
  EXPECT_EQ(targets("<nav><ol><li><a href='#why'>1</a><li><a href='#how'>2</a><li><p><a href='#faq'>3</a></ol></nav>"),
            sections);
  EXPECT_EQ(targets("<ul><li><a href='#why'>1</a><li><a href='#how'>2</a><li><a href='#why'>again</a></ul>"),
            (std::vector<std::string>{"how", "why"}));
  EXPECT_TRUE(targets("<h1>Post</h1><a href='#comments'>12 comments</a>").empty());
  EXPECT_TRUE(targets("<ul><li><a href='#why'>1</a><li><a href='#how'>2</a><li><a href='/faq'>3</a></ul>").empty());
  EXPECT_TRUE(targets("<ul><li><a href='#'>top</a><li><a href='#'>top</a><li><a href='#'>top</a></ul>").empty());
  const Document doc =
      Document::build_page("<ul><li><a href='#a'>1</a><li><a href='#b'>2</a><li><a href='#c'>3</a></ul>");
  EXPECT_TRUE(doc.records().is_contents_target("b"));
  EXPECT_FALSE(doc.records().is_contents_target("d"));
}

TEST(PageTree, ReactNamesItsStreamedPartsByALetterAndHexadecimalDigits) {
  EXPECT_TRUE(is_react_stream_id("S:1a", "S"));
  EXPECT_TRUE(is_react_stream_id("B:0", "BP"));
  EXPECT_TRUE(is_react_stream_id("P:ff", "BP"));
  EXPECT_FALSE(is_react_stream_id("S:1", "BP"));
  EXPECT_FALSE(is_react_stream_id("S:", "S"));
  EXPECT_FALSE(is_react_stream_id("S:1g", "S"));
  EXPECT_FALSE(is_react_stream_id("S-1", "S"));
  EXPECT_FALSE(is_react_stream_id("Summary", "S"));
}

// React's streamed segments move to their placeholders (<template id="B:1"> or "P:1"), a segment
// streamed into another's content too. A segment without a slot, or holding its own slot, stays
// where it is; the templates themselves leave.
TEST(PageTree, ReactsStreamedSegmentsMoveToTheirSlots) {
  const Document doc = Document::build_page(
      "<body><p>a</p><template id=\"B:1\"></template><p>d</p><div hidden id=\"S:1\"><p>b</p>"
      "<template id=\"P:2\"><p>fallback</p></template></div><div hidden id=\"S:2\"><p>c</p></div>"
      "<div hidden id=\"S:3\"><p>e</p><template id=\"B:3\"></template></div>"
      "<div hidden id=\"S:4\"><p>f</p></div><template id=\"B:zz\"></template></body>");
  EXPECT_EQ(doc.text_content(doc.root()), "abcdef");
  EXPECT_EQ(count_elements(doc, "template"), 0U);
  // Ids still run in document order.
  const std::vector<NodeId> paragraphs = doc.find_all(HtmlTag::p);
  ASSERT_EQ(paragraphs.size(), 6U);
  for (std::size_t i = 1; i < paragraphs.size(); ++i) EXPECT_LT(paragraphs[i - 1], paragraphs[i]);
}

TEST(PageTree, ForeignContentEndsWhereTheTreeBuilderLeavesIt) {
  EXPECT_EQ(page_body("a<svg><![CDATA[x>y</svg>z]]><path/></svg>b"), "body{\"ab\"}");
  // An HTML block inside <svg> closes it, so an unclosed icon does not swallow the page.
  EXPECT_EQ(page_body("a<svg><path d=x><div>text</div>"), "body{\"a\" div{\"text\"}}");
  EXPECT_EQ(page_body("<svg><foreignObject><div>x</div></foreignObject></svg>b"), "body{\"b\"}");
  // An end tag of an HTML element around an unclosed <svg> closes it too.
  EXPECT_EQ(page_body("<a href=x><svg><path></a>Read more<p>y"), "body{a[href=x;]{} \"Read more\" p{\"y\"}}");
  EXPECT_EQ(page_body("<div><svg><g><path></g></div>after"), "body{div{} \"after\"}");
  // One that closes nothing is ignored, there as here: the <svg> goes on.
  EXPECT_EQ(page_body("<svg><path></section><text>x</text></svg>b"), "body{\"b\"}");
  // SVG's own <a> closes inside the <svg>.
  EXPECT_EQ(page_body("<a><svg><a><text>x</text></a></svg>y</a>"), "body{a{\"y\"}}");
  EXPECT_EQ(page_body("<svg><foreignObject><p>x</p></foreignObject><path></svg>b"), "body{\"b\"}");
}

// Where the prepass, a second scanner that cut these parts out before the tree builder ran, lost
// or changed text: it dropped an <object> up to its own end tag, though the end of a table cell
// closes it, and glued a character reference together across a comment it cut.
TEST(PageTree, WhatClosesALeftOutElementIsTheTreeBuildersToSay) {
  EXPECT_EQ(page_body("<table><tr><td><object data=a.swf><p>fallback</td><td>next cell</td></tr></table><p>after"),
            "body{table{tbody{tr{td{} td{\"next cell\"}}}} p{\"after\"}}");
  EXPECT_EQ(page_body("<table><tr><td>a<svg><path></td><td>b</table>c"),
            "body{table{tbody{tr{td{\"a\"} td{\"b\"}}}} \"c\"}");
  EXPECT_EQ(page_text("<p>&am<!-- -->p; &lt<script>x</script>;</p>"), "&amp; <;");
}

TEST(PageTree, KeepsRcdataAsText) {
  const Document doc = Document::build_page("<title>a <b>c</b> <!-- d --></title><p>x");
  EXPECT_EQ(doc.text_content(doc.find_first(HtmlTag::title)), "a <b>c</b> <!-- d -->");
  EXPECT_EQ(page_body("<textarea><i>x</i></textareax></TEXTAREA >y"), "body{textarea{\"<i>x</i></textareax>\"} \"y\"}");
  EXPECT_EQ(page_body("<xmp><!-- kept --><script>x</script></xmp>"), "body{xmp{\"<!-- kept --><script>x</script>\"}}");
  EXPECT_EQ(page_body("a<plaintext><!-- x --><script>"), "body{\"a\" plaintext{\"<!-- x --><script>\"}}");
}

TEST(PageTree, QuotedGreaterThanDoesNotEndATag) {
  EXPECT_EQ(page_body("<a title=\"x>y\" data-s='<script>'>t</a><!-- c -->"),
            "body{a[title=x>y;data-s=<script>;]{\"t\"}}");
  EXPECT_EQ(page_body("<div a=b\"c>d\">e"), "body{div[a=b\"c;]{\"d\">e\"}}");  // quotes only open a value after '='
}

TEST(PageTree, LiteralLessThanIsText) {
  EXPECT_EQ(page_text("a < b, <3, 1<2 and <"), "a < b, <3, 1<2 and <");
  // Leaving the comment out does not glue '<' and "div>" into a tag.
  EXPECT_EQ(page_body("a <<!-- c -->div>"), "body{\"a <div>\"}");
}

TEST(PageTree, LeavesOutATagUnterminatedAtEof) {
  EXPECT_EQ(page_body("<p>text<a href=\"x>more"), "body{p{\"text\"}}");
  EXPECT_EQ(page_body("<p>text</p"), "body{p{\"text\"}}");
  EXPECT_EQ(page_body("text</"), "body{\"text</\"}");
}

TEST(PageTree, RemovesNul) {
  EXPECT_EQ(page_body(std::string_view("a\0b<p\0>c<!--\0-->d\0", 18)), "body{\"ab\" p{\"cd\"}}");
}

TEST(PageTree, BoundsNestedDivs) {
  const Document doc = Document::build_page(repeat("<div>", 5000) + "deep" + repeat("</div>", 5000));
  EXPECT_EQ(count_elements(doc, "div"), kMaxOpenElements);
  EXPECT_NE(doc.text_content(doc.root()).find("deep"), std::string::npos);
  EXPECT_EQ(element_depth(doc), kMaxOpenElements + kImplied);
  EXPECT_EQ(count_elements(Document::build_page(repeat("<div>", 5000) + "deep", 10), "div"), 10U);
  // What is left out stays out at the bound, and adds a level at most.
  const Document bounded = Document::build_page(
      repeat("<div>", 5000) + "<svg><text>icon</text></svg><template><p>t</template><object><p>o</object>deep" +
      repeat("<template>", 1000) + "inside");
  EXPECT_EQ(bounded.text_content(bounded.root()), "deep");
  EXPECT_LE(element_depth(bounded), kMaxOpenElements + kImplied + 1);
  // The bound is the tree builder's, whatever the tree is built for.
  EXPECT_EQ(element_depth(Document::build(repeat("<div>", 5000))), kMaxOpenElements + kImplied);
}

TEST(PageTree, SelfClosingDivStillNests) {
  EXPECT_EQ(count_elements(Document::build_page(repeat("<div/>", 1000), 10), "div"), 10U);
  EXPECT_EQ(count_elements(Document::build_page(repeat("<br/>", 1000), 10), "br"), 1000U);
}

TEST(PageTree, BoundsHostileInlineNesting) {
  for (const auto& [piece, times] : std::vector<std::pair<std::string, std::size_t>>{{"<i>", 300000},
                                                                                     {"<span>", 20000},
                                                                                     {"<b><div></b>", 20000},
                                                                                     {"<span><div></span>", 20000},
                                                                                     {"<table><tr><td>", 20000},
                                                                                     {"<table><td>", 20000},
                                                                                     {"<p><table>", 20000},
                                                                                     {"<a href=x><div>", 20000}}) {
    SCOPED_TRACE(piece);
    const Document doc = Document::build_page(repeat(piece, times) + "x");
    EXPECT_LE(element_depth(doc), kMaxOpenElements + kImplied);
    EXPECT_NE(doc.text_content(doc.root()).find('x'), std::string::npos);
  }
  EXPECT_EQ(count_elements(Document::build_page(repeat("<span>", 20000)), "span"), kMaxOpenElements);
  // Distinct formatting elements are few at a time: each reopening would copy them all.
  EXPECT_LE(count_elements(Document::build_page(repeat("<i>", 300000)), "i"), kMaxOpenElements);
}

// Nesting the tree builder creates without matching start tags: formatting elements reopened
// after a block closes, forms that leave the stack but not the tree, a select or frameset that
// ignores the tags which would have made the tokenizer skip markup.
TEST(PageTree, BoundsNestingTheTreeBuilderCreates) {
  std::string reopened;
  for (int i = 0; i < 2000; ++i) reopened += "<p><b id=" + std::to_string(i) + ">x</p>";
  std::string reopened_deep = "<p>";
  for (int i = 0; i < 30; ++i) reopened_deep += "<b id=" + std::to_string(i) + ">";
  reopened_deep += "</p>" + repeat("<div>", 1000) + "x";
  // A marquee popped by a table leaves its formatting elements to be reopened.
  std::string marquee = "<div><table><marquee>";
  for (int i = 0; i < 20; ++i) marquee += "<i id=" + std::to_string(i) + ">";
  marquee += "<table>" + repeat("<div>", 40) + "x";
  const std::vector<std::pair<std::string, std::size_t>> inputs{
      {reopened, kMaxOpenElements},
      {reopened_deep, kMaxOpenElements},
      {repeat("<form><div></form>", 2000), kMaxOpenElements},
      {repeat("<x-a><x-b></x-a>", 2000), kMaxOpenElements},
      // </form> forgets the form even where it cannot close it, so the next <form> opens.
      {"<form>" + repeat("<applet></form><form>", 2000), kMaxOpenElements},
      {"<frameset><textarea>" + repeat("<frameset>", 2000), kMaxOpenElements},
      {repeat("<select><td><select><div>", 2000), kMaxOpenElements},
      {"<table><select></tr><title><table>" + repeat("<div>", 2000), kMaxOpenElements},
      {"<table><td><col>" + repeat("<span>", 300) + "</tr>" + repeat("<span>", 300), kMaxOpenElements},
      // <form> closes the <p>, so the <ul> has no <p> to close.
      {"<p><b><form>" + repeat("<span>", 300) + "<ul>" + repeat("<span>", 300), kMaxOpenElements},
      {marquee, 30},
  };
  for (const auto& [input, max_open] : inputs) {
    SCOPED_TRACE(input.substr(0, 60));
    // One more than the bound: a void element or a <title> may sit inside the deepest element.
    EXPECT_LE(depth_of(input, max_open), max_open + kImplied + 1);
  }
  // Each reopening copies the whole list; a bounded list keeps the tree near the input's size.
  EXPECT_LT(count_elements(Document::build_page(reopened), "b"), 2000U * 40U);
}

// Inputs on which an earlier model of the tree builder counted fewer levels than the tree built,
// each reduced to a minimum by a fuzzer; with the bound they ran at.
TEST(PageTree, BoundsDepthOnReducedFuzzFindings) {
  const std::vector<std::pair<std::string, std::size_t>> findings{
      {R"(<table><b><html><b><a></table><g><t><r><m><e><b><b><n><d><e><n><d><i><m><h><l><select><caption><select><t><t><d><n><b><d><i><n><b><d><l><t><t><s><h><t><e><e><m><u><b><g><n>)",
       40},
      {R"(<b><g><s><e><u><b><b><x><o><n><d><n><n><y><u><b><r><t><t><l><t><d><o><r><c><p><b><form><x><b><o><i><e><d><a><s><l><i><ul><t><b><n><l>)",
       40},
      {R"(<b><g><s><e><u><b><b><x><o><n><d><x><b><f><b><r><t><t><l><t><d><p><x><m><button><l><i><l><r><h><frameset><e><b><t><x><b><b><l><s><xmp><button></xmp><b><b><l><i>)",
       40},
      {R"(<l><o><m><m><t><x><d><x><e><t><e><form><m><r><s><e><l><t><b><i><t><a><e><b><r><s><applet><y></form><p><b><b><b><form><t><u><d><h><n><d><p><n><n><a>)",
       40},
      {R"(<i><b><s><search><o><t><r><n><li><option><b><em></search><k><e><o><e><l><d><d><s><l><i><h><c><h><b><d><s><r><d><t><r>)",
       30},
      {R"(<r><o><l><d><h><e><t><a><o><n><c><d><l><h><e><f><g><h><y><d><l><l><o><a3><b><t><d><m><d><isindex>)", 30},
      {R"(<t><b><aa><e><p><main><t><a><t><l><d><r><q><e><s><n><e><c><g><e><b><u><b><h2><d><t><u><u><e><n><h><c><i>)",
       30},
      {R"(<l><s><n><e><x><b><d><tt><u-><nobr><ttd><l><n><p></tt><figure><v><g><s><e><m><t><d><o><f><v><d><l><l><e><l><a><d><n><h><s><p>)",
       30},
      {R"(<g><b><code><li><em><ul><font><dl><article><h2><tt><dir><summary><ul></code></dir><u><y><t><u><d><d><s><a><n><o><m><l><l><l><s><d><m><e><n><u><xmp>)",
       30},
      {R"(<n><h><d><a><o><b><g><d><n><b><s><main><h6><tt></main><h><e><l><d><r><e></h2><p><u><e><m><r><r><t><t><d><m><s><n><c><r>)",
       30},
      {R"(<d><n><d><f><n><p><d><a><d><h><i><x><t><d><e><table><strike><colgroup><a><e><n><n></colgroup><d><n><s><f><r><m><d><e><t><h><e><d>)",
       30},
      {R"(<h><b><v><h><c><ruby><h><s><l><c><p><rt><e><d><l><g><t><b><t><a><t><b><m><l><h><m><ul><i><g><d><n><d><d>)",
       30},
      {R"(<h><b><v><h><c><ruby><h><s><l><c><p><rtc><e><d><l><g><t><b><t><a><t><b><m><l><h><m><ul><i><g><d><n><d><d>)",
       30},
      {R"(<i><c><d><r><n><l><n><s><d><t><p><l><i><l><g><h><table><code><colgroup> <d><t><l></colgroup><p><h13><d><m><h><a><n><e><d><m><d><e>)",
       30},
      {R"(<o><f><t><h><t><l><n><m><f><d><d><t><s><h3><b><pre><hgroup><dl><a><u><l><e><menu><button><ul><p></s><y><l><l><a><l><r><l><o><l>)",
       30},
      {R"(<g><d><d><form><e><d><l><p></form><l><d><u><s><h><b><f><e><e><h><b><h><l><d><t><d><n><e><p><r><f><b><n><e><x>)",
       30},
      {R"(<ap><strong><u><section><em><form><d><u-><summary></form></strong><details><listing><aside><font><h4><strike></u><n><s><n><g><f><y><n><n><a><t><s><l><s><p><s><d><q><m><i><h><x><area>)",
       30},
      {R"(<l><d><e><k><r><r><s><o><d><t><d><e><l><t><e><a><table><m><l><r><b><r><h><m><c><h><i><v><d><s><a></table><c><e><t><d><e><h><n><t><h><l><c><e><title>)",
       30},
      {R"(<d><i><strike><t><t><o><h><em><o><b><s><summary><ul><nav><u></strike><menu><ol><header><blockquote><h6><n><n><o><p><d><l><u><a1></b><s><y><a><e><pa>)",
       30},
      {R"(<n><l><d><d><l><h><m><r><o><m><d><t><d><y><i><e><c><d><h><nobr><h6><fieldset><pre><h3><nobr></h4><g><d><p><n><m><e><d><s><d>)",
       30},
      {R"(<b><c><i><d><u><e><m><s><m><l><a><d><div><g><figure><h5><s><v><e><tt><strike><n><ul><c><aside><s><a></figure><e><e><l><s><s><t><m><s><n><t><i><n><m><l>)",
       30},
      {R"(<d><d><u><o><u><n><s><s><p><r><d><d><table><tt><font><small><col>x<pa><b><u><c><r><m></colgroup><r><l><m><e><d><h><r><t><a><g><p>)",
       30},
      {R"(<o><f><t><h><t><l><r><f><s><n><m><f><s><d><t><s><h3><a><u><l><l><p></s><b></h5><l><l><a><c><r><i><i><t><n><b><l><r><i><o><k>)",
       30},
  };
  for (const auto& [input, max_open] : findings) {
    SCOPED_TRACE(input);
    EXPECT_LE(depth_of(input, max_open), max_open + kImplied + 1);
  }
}

// The same property on random tag soup: every name the tree builder treats specially, start, end
// and self-closing tags, attributes, text and comments. The raw mt19937 sequence is fixed by the
// standard, so each run sees the same documents.
TEST(PageTree, BoundsDepthOnRandomTagSoup) {
  const std::vector<std::string_view> names{
      "a",       "address",   "applet",  "b",      "big",      "blockquote", "body",     "br",       "button",
      "caption", "center",    "code",    "col",    "colgroup", "dd",         "details",  "dialog",   "dir",
      "div",     "dl",        "dt",      "em",     "embed",    "fieldset",   "figure",   "font",     "footer",
      "form",    "frameset",  "h1",      "h2",     "h6",       "head",       "header",   "hr",       "html",
      "i",       "iframe",    "img",     "input",  "isindex",  "li",         "listing",  "main",     "marquee",
      "math",    "menu",      "nav",     "nobr",   "noscript", "object",     "ol",       "optgroup", "option",
      "p",       "plaintext", "pre",     "rb",     "rp",       "rt",         "rtc",      "ruby",     "s",
      "script",  "search",    "section", "select", "small",    "span",       "strike",   "strong",   "style",
      "summary", "svg",       "table",   "tbody",  "td",       "template",   "textarea", "tfoot",    "th",
      "thead",   "title",     "tr",      "tt",     "u",        "ul",         "xmp",      "x-y",      "z"};
  const std::vector<std::string_view> attributes{"", " id=1", " id=2", " class=a", " color=red", " size=3"};
  std::mt19937 random(20240601);
  const auto pick = [&random](std::size_t count) { return static_cast<std::size_t>(random() % count); };
  constexpr std::size_t kMax = 30;
  for (int document = 0; document < 1000; ++document) {
    std::string html;
    const std::size_t pieces = pick(1500);
    for (std::size_t i = 0; i < pieces; ++i) {
      const std::string_view name = names[pick(names.size())];
      const std::size_t kind = pick(20);
      if (kind < 10) {
        html.append("<").append(name).append(attributes[pick(attributes.size())]).append(">");
      } else if (kind < 15) {
        html.append("</").append(name).append(">");
      } else if (kind < 16) {
        html.append("<").append(name).append("/>");
      } else if (kind < 18) {
        html.append("x");
      } else if (kind < 19) {
        html.append("<!--c-->");
      } else {
        html.append(" ");
      }
    }
    SCOPED_TRACE(document);
    ASSERT_LE(depth_of(html, kMax), kMax + kImplied + 1);
  }
}

// Ordinary pages never come near the bounds: their tree is the one the standard builds.
TEST(PageTree, BoundsLeaveOrdinaryPagesAlone) {
  const std::vector<std::string> inputs{
      repeat("<p>para", 5000),
      "<ul>" + repeat("<li>item", 3000) + "</ul>",
      "<dl>" + repeat("<dt>term<dd>definition", 2000) + "</dl>",
      "<table>" + repeat("<tr><td>a<td>b<th>c", 2000) + "</table>",
      "<table><thead><tr><th>h" + repeat("<tbody><tr><td>a<tr><td>b", 1000) + "</table>",
      "<select>" + repeat("<option>o", 3000) + "</select>",
      repeat("<h2>title<p>text<h3>sub", 2000),
      repeat("<div><span><a href=x>link</a></span><div>x</div></div>", 3000),
      repeat("<p><b>bold<i>both</b>italic</i>", 3000),
      "<div>" + repeat("<p>Search<form action=/s><input name=q></form>", 2000) + "</div>",
      "<div>" + repeat("<form><div>field</form></div>", 2000) + "</div>",
  };
  constexpr std::size_t kUnbounded = std::size_t{1} << 30;
  for (const std::string& input : inputs) {
    SCOPED_TRACE(input.substr(0, 40));
    EXPECT_EQ(body_shape(Document::build_page(input)),
              body_shape(Document::build(input, Comments::dropped, kUnbounded)));
  }
  const std::string nested = repeat("<section><div><span>a</span><em>b</em></div></section>", 5000);
  EXPECT_EQ(page_body(nested, 4), body_shape(Document::build(nested, Comments::dropped, kUnbounded)));
}

TEST(PageTree, RawTextSearchIsLinear) {
  // Quadratic rescanning would take minutes on this; linear scanning takes milliseconds.
  EXPECT_EQ(page_text("<script>" + repeat("</scrip", 400000) + "</script>x"), "x");
  EXPECT_EQ(page_text("<!--" + repeat("--!", 400000)), "");
  EXPECT_EQ(page_text("<noscript>" + repeat("</noscrip", 400000) + "</noscript>x"), "x");
}

constexpr std::string_view kSamplePage = R"html(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Field notes &amp; <observations></title>
<link rel="stylesheet" href="/site.css">
<style>
  body { font: 16px/1.5 serif; } .nav > li::after { content: "</li>"; }
</style>
<script>window.dataLayer = []; document.write("<div class='ad'>ad</div>");</script>
<script type="application/ld+json">{"@type": "Article", "headline": "Field notes"}</script>
<noscript><link rel="stylesheet" href="/noscript.css"></noscript>
<!-- build 1234 -->
</head>
<body class="post">
<noscript><iframe src="https://tags.example/ns.html" height="0" width="0"></iframe></noscript>
<header>
  <a class="logo" href="/"><svg viewBox="0 0 24 24" width="24"><title>Home</title><path d="M3 12l9-9 9 9"/></svg> Notes</a>
  <nav><ul class="nav">
    <li><a href="/a">Archive</a>
    <li><a href="/t">Tags <svg class="icon"><use href="#tag"></use></svg></a>
    <li><a href="/about">About</a>
  </ul></nav>
</header>
<main>
<article>
  <h1>On <em>measuring</em> rivers</h1>
  <p class="byline">By <a href="/me">A. Writer</a> &middot; <time datetime="2024-03-01">March 1</time>
  <p>Rivers are hard to measure when a < b and the gauge reads <3 units.
  <!-- TODO: add map -->
  <p>The second paragraph has <b>bold <i>and italic</b> text</i> and a <code>&lt;tag&gt;</code>.
  <script>track("para2")</script>
  <figure><img src="river.jpg" alt="A river"><figcaption>The river at dawn</figcaption></figure>
  <table class="data">
    <caption>Flow rates</caption>
    <tr><th>Site<th>Flow
    <tr><td>Upper<td>12.5
    <tr><td>Lower<td>40.1
  </table>
  <dl><dt>Gauge<dd>An instrument<dt>Weir<dd>A small dam</dl>
  <pre><code>flow = area * velocity
if (a < b) { print("<b>") }</code></pre>
  <blockquote><p>Everything flows.</blockquote>
  <ol><li>First<li>Second<ol><li>Nested</ol><li>Third</ol>
  <math><mi>x</mi><mo>=</mo><mn>2</mn></math>
  <template id="row"><tr><td>template cell</td></tr></template>
  <form action="/s"><label>Search <input name="q"></label><select><option>One<option>Two</select></form>
  <object data="movie.swf"><p>Fallback</object>
  <iframe src="https://example.com/embed"></iframe>
</article>
</main>
<footer><p>&copy; 2024 Writer <span class="sep">|</span> <a href="/rss">RSS</a></footer>
<script src="/app.js"></script>
<script>
  // </div> in a string: "</script" must be the real end
  var s = "<p>not text</p>";
</script>
</body>
</html>
)html";

TEST(PageTree, KeepsTheVisibleTextABrowserSees) {
  const Document doc = Document::build_page(std::string(kSamplePage));
  ASSERT_EQ(doc.records().json_ld.size(), 1U);
  EXPECT_EQ(doc.records().json_ld[0], R"({"@type": "Article", "headline": "Field notes"})");

  const ReferenceParse original(kSamplePage);
  ASSERT_NE(original.body(), nullptr);
  const std::string text = visible_text(original.body());
  // A few markers so that an empty body on both sides cannot pass.
  for (const char* marker : {"Archive", "a < b", "<3 units", "Flow rates", "Nested", "if (a < b)", "RSS"}) {
    EXPECT_NE(text.find(marker), std::string::npos) << marker;
  }
  EXPECT_EQ(doc.text_content(doc.find_first(HtmlTag::body)), text);
}

TEST(PageTree, AnElementKeepsAtMostItsFirstAttributes) {
  // Each attribute is checked against all before it: 300,000 of them would take minutes.
  std::string attributes;
  for (std::size_t i = 0; i < html::kMaxAttributes + 50; ++i) attributes += " a" + std::to_string(i) + "=\"x>y\"";
  const Document doc = Document::build_page("<div" + attributes + ">text</div><img" + attributes + "/>after");
  const NodeId div = doc.find_first(HtmlTag::div);
  const NodeId img = doc.find_first(HtmlTag::img);
  ASSERT_NE(div, kNoNode);
  ASSERT_NE(img, kNoNode);
  EXPECT_EQ(doc.attributes(div).size(), html::kMaxAttributes);
  EXPECT_EQ(doc.attributes(img).size(), html::kMaxAttributes);
  EXPECT_EQ(doc.attributes(div).back().name, "a" + std::to_string(html::kMaxAttributes - 1));
  EXPECT_EQ(doc.text_content(doc.root()), "textafter");
}

}  // namespace
}  // namespace pagemd::extract
