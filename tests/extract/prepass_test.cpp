#include "decode/prepass.hpp"

#include <gtest/gtest.h>
#include <gumbo.h>

#include <cstddef>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parse/dom.hpp"
#include "reference_parse.hpp"

namespace pagemd::extract {
namespace {

std::string html_of(std::string_view input, std::size_t max_open = kMaxOpenElements) {
  return prepass(input, max_open).html;
}

std::string repeat(std::string_view piece, std::size_t times) {
  std::string out;
  out.reserve(piece.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += piece;
  return out;
}

std::size_t count(std::string_view haystack, std::string_view needle) {
  std::size_t found = 0;
  for (std::size_t at = haystack.find(needle); at != std::string_view::npos; at = haystack.find(needle, at + 1)) {
    ++found;
  }
  return found;
}

bool is_invisible(GumboTag tag) {
  // Also the subtrees the prepass drops on purpose although gumbo keeps their text: icon titles,
  // formulas and <object> fallback content are not prose.
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

// The same text in the tree pagemd builds from the prepassed HTML.
std::string visible_text(const Document& doc) {
  std::string text;
  const NodeId body = doc.find_first(HtmlTag::body);
  if (body == kNoNode) return text;
  doc.walk(body, [&](NodeId id) {
    text += doc.text(id);
    return true;
  });
  return text;
}

// How many elements deep the tree pagemd builds from the prepassed `html` goes.
std::size_t element_depth(const std::string& html) {
  const Document doc = Document::build(html);
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

// html and body are always there, whatever the prepass lets through.
constexpr std::size_t kImplied = 2;

TEST(Prepass, DropsComments) {
  EXPECT_EQ(html_of("a<!-- x -->b<!-->c<!--->d<!---->e<!-- -- - --!>f<!--<p>-->g"), "abcdefg");
  EXPECT_EQ(html_of("<p>kept</p><!-- never closed <p>lost</p>"), "<p>kept</p>");
}

TEST(Prepass, DropsBogusComments) {
  // Outside svg and math a CDATA section is a bogus comment too, ending at the first '>'.
  EXPECT_EQ(html_of("<?xml version=\"1.0\"?>a</ x>b</>c<!ELEMENT x>d<![CDATA[e>g]]>f"), "abcdg]]>f");
}

TEST(Prepass, KeepsDoctype) {
  EXPECT_EQ(html_of("<!DOCTYPE html>\n<p>x</p>"), "<!DOCTYPE html>\n<p>x</p>");
  EXPECT_EQ(html_of("<!doctype HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\">x"),
            "<!doctype HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\">x");
}

TEST(Prepass, DropsScriptsUpToTheirRealEndTag) {
  EXPECT_EQ(html_of("<p>a<script>if (x </scriptx) document.write(\"<div>\")</script >b</p>"), "<p>ab</p>");
  EXPECT_EQ(html_of("a<SCRIPT type=module>let s = '</p>';</ScRiPt>b"), "ab");
  EXPECT_EQ(html_of("a<script/>b</script>c"), "ac");  // "/>" does not make a script empty
  EXPECT_EQ(html_of("a<script>never closed</p>"), "a");
}

TEST(Prepass, AScriptWrittenInsideAnOldStyleCommentDoesNotEndTheScript) {
  // The first "</script>" closes the one the script writes, inside "<!--": nothing of it is text.
  EXPECT_EQ(html_of("a<script><!-- document.write('<script src=x></script>'); //--></script>b"), "ab");
  EXPECT_EQ(html_of("a<script><!-- document.write('<scr'+'ipt></scr'+'ipt>') //--></script>b"), "ab");
  // Once the comment is closed the next "</script>" ends it, even inside a string.
  EXPECT_EQ(html_of("a<script><!-- x --> s = '</script>b';"), "ab';");
  // "<!--" alone does not hide the end tag.
  EXPECT_EQ(html_of("a<script><!-- if (x) y(); </script>b"), "ab");
}

TEST(Prepass, CapturesJsonLdInOrder) {
  const PrepassResult result = prepass(
      "<head><script type=\"application/ld+json\">{\"a\":1}</script>"
      "<script type=text/javascript>var b;</script>"
      "<script type=' Application/LD+JSON; charset=utf-8 '>{\"b\":\"</p>\"}</script></head><p>x</p>");
  EXPECT_EQ(result.html, "<head></head><p>x</p>");
  ASSERT_EQ(result.json_ld.size(), 2U);
  EXPECT_EQ(result.json_ld[0], "{\"a\":1}");
  EXPECT_EQ(result.json_ld[1], "{\"b\":\"</p>\"}");
}

TEST(Prepass, DropsRawTextElements) {
  EXPECT_EQ(html_of("a<style>p::before{content:\"</div>\"}</style>b<noscript><img src=x></noscript>c"
                    "<iframe src=y><p>fallback</p></iframe>d<noembed>e</noembed>f<noframes>g</noframes>h"),
            "abcdfh");
}

// Script-built sites (Discourse among them) serve the page itself inside <noscript>: a page's worth
// of text there is kept as markup, the tags dropped; a pixel or a one-line plea is not.
TEST(Prepass, KeepsANoscriptThatHoldsAPage) {
  const std::string post(220, 'w');
  EXPECT_EQ(html_of("a<noscript data-path=\"/t/x\"><div class=post><p>" + post + "</p></div></noscript>b"),
            "a<div class=post><p>" + post + "</p></div>b");
  EXPECT_EQ(html_of("a<noscript><p>Please enable JavaScript to use this site.</p></noscript>b"), "ab");
  EXPECT_EQ(html_of("a<noscript><img src=\"" + std::string(400, 'u') + "\"></noscript>b"), "ab");
}

TEST(Prepass, KeepsTheNoscriptImageOfALazyPlaceholder) {
  // The placeholder has no source of its own: the <noscript> holds the image.
  EXPECT_EQ(html_of("<img src=\"data:image/gif;base64,R0l=\" alt=x><noscript><img src=\"/a.jpg\"></noscript>b"),
            "<img src=\"data:image/gif;base64,R0l=\" alt=x><img src=\"/a.jpg\">b");
  EXPECT_EQ(html_of("<img class=lazy><noscript><img src=/a.jpg></noscript>"), "<img class=lazy><img src=/a.jpg>");
  // The placeholder names it (data-src), or shows an image of its own: the <noscript> is a copy.
  EXPECT_EQ(html_of("<img data-src=/a.jpg src=data:,><noscript><img src=/a.jpg></noscript>b"),
            "<img data-src=/a.jpg src=data:,>b");
  EXPECT_EQ(html_of("<img src=/a.jpg><noscript><img src=/b.jpg></noscript>b"), "<img src=/a.jpg>b");
  // An image with text between is not its placeholder; nor one that follows it (the lazy loader
  // writes the <noscript> copy first, then the placeholder naming the image in data-src).
  EXPECT_EQ(html_of("<noscript><img src=/a.jpg></noscript><img data-src=/a.jpg src=data:,>"),
            "<img data-src=/a.jpg src=data:,>");
  EXPECT_EQ(html_of("<img src=data:,><p>" + std::string(300, 'w') + "</p><noscript><img src=/a.jpg></noscript>"),
            "<img src=data:,><p>" + std::string(300, 'w') + "</p>");
}

TEST(Prepass, DropsFramesetTags) {
  EXPECT_EQ(html_of("<frameset cols=\"50%,50%\"><frame src=a><frame src=b></frameset>"), "<frame src=a><frame src=b>");
}

TEST(Prepass, DropsSubtreesWithNesting) {
  EXPECT_EQ(html_of("a<svg><svg><title>t</title></svg><g>inner</g></svg>b"), "ab");
  EXPECT_EQ(html_of("a<svg/>b<math/>c"), "abc");
  // A formula is kept aside, whole, as an attribute of an empty span (math/ reads it).
  EXPECT_EQ(html_of("a<math><mi>x</mi><math>y</math>z</math>b"),
            "a<span data-pagemd-mathml=\"&lt;math>&lt;mi>x&lt;/mi>&lt;math>y&lt;/math>z&lt;/math>\"></span>b");
  EXPECT_EQ(html_of("a<template><template/><p>x</template>y</template>b"), "ab");
  EXPECT_EQ(html_of("a<object data=f><object><p>x</p></object>y</object>b"), "ab");
  EXPECT_EQ(html_of("a<template><script>'</template>'</script><!-- </template> --></template>b"), "ab");
}

// MathJax's scripts keep their TeX (or MathML) as an attribute of an empty span; the display mode
// is an attribute of its own. Other script types leave nothing.
TEST(Prepass, MathScriptsLeaveTheirFormula) {
  EXPECT_EQ(html_of("a<script type=\"math/tex\">x<\"y\"&z</script>b"),
            "a<span data-pagemd-tex=\"x&lt;&quot;y&quot;&amp;z\"></span>b");
  EXPECT_EQ(html_of("a<script type=\"math/tex; mode=display\">x</script>b"),
            "a<span data-pagemd-tex=\"x\" data-pagemd-display></span>b");
  EXPECT_EQ(html_of("a<script type=\"math/mml\"><math><mi>x</mi></math></script>b"),
            "a<span data-pagemd-mathml=\"&lt;math>&lt;mi>x&lt;/mi>&lt;/math>\"></span>b");
  EXPECT_EQ(html_of("a<script type=\"text/x-template\">x</script>b"), "ab");
  // Foreign content that a <p> end tag breaks out of ends the formula there.
  EXPECT_EQ(html_of("<p>a<math><mi>x</mi></p>b"),
            "<p>a<span data-pagemd-mathml=\"&lt;math>&lt;mi>x&lt;/mi>\"></span></p>b");
}

// React's streaming placeholders leave a mark of their place, for the streamed content to go to;
// other templates leave nothing.
TEST(Prepass, AReactPlaceholderLeavesASlotMark) {
  EXPECT_EQ(html_of("a<template id=\"B:1f\"></template>b"), "a<span data-pagemd-react-slot=\"B:1f\"></span>b");
  EXPECT_EQ(html_of("a<template class=x id='P:2'><p>fallback</p></template>b"),
            "a<span data-pagemd-react-slot=\"P:2\"></span>b");
  EXPECT_EQ(html_of("a<template id=\"B:zz\"></template>b"), "ab");
  EXPECT_EQ(html_of("a<template id=\"S:1\"></template>b"), "ab");
  EXPECT_EQ(html_of("a<template id=\"row\"></template>b"), "ab");
  EXPECT_EQ(html_of("a<div id=\"B:1\">x</div>b"), "a<div id=\"B:1\">x</div>b");
}

TEST(Prepass, ReactNamesItsStreamedPartsByALetterAndHexadecimalDigits) {
  EXPECT_TRUE(is_react_stream_id("S:1a", "S"));
  EXPECT_TRUE(is_react_stream_id("B:0", "BP"));
  EXPECT_TRUE(is_react_stream_id("P:ff", "BP"));
  EXPECT_FALSE(is_react_stream_id("S:1", "BP"));
  EXPECT_FALSE(is_react_stream_id("S:", "S"));
  EXPECT_FALSE(is_react_stream_id("S:1g", "S"));
  EXPECT_FALSE(is_react_stream_id("S-1", "S"));
  EXPECT_FALSE(is_react_stream_id("Summary", "S"));
}

TEST(Prepass, ForeignContentEndsWhereTheTreeBuilderLeavesIt) {
  EXPECT_EQ(html_of("a<svg><![CDATA[x>y</svg>z]]><path/></svg>b"), "ab");
  // An HTML block inside <svg> closes it, so an unclosed icon does not swallow the page.
  EXPECT_EQ(html_of("a<svg><path d=x><div>text</div>"), "a<div>text</div>");
  EXPECT_EQ(html_of("<svg><foreignObject><div>x</div></foreignObject></svg>b"), "b");
  // An end tag of an HTML element around an unclosed <svg> closes it too.
  EXPECT_EQ(html_of("<a href=x><svg><path></a>Read more<p>y"), "<a href=x></a>Read more<p>y");
  EXPECT_EQ(html_of("<div><svg><g><path></g></div>after"), "<div></div>after");
  // One that closes nothing is ignored, there as here: the <svg> goes on.
  EXPECT_EQ(html_of("<svg><path></section><text>x</text></svg>b"), "b");
  // SVG's own <a> closes inside the <svg>.
  EXPECT_EQ(html_of("<a><svg><a><text>x</text></a></svg>y</a>"), "<a>y</a>");
  EXPECT_EQ(html_of("<svg><foreignObject><p>x</p></foreignObject><path></svg>b"), "b");
}

TEST(Prepass, KeepsRcdataVerbatim) {
  EXPECT_EQ(html_of("<title>a <b>c</b> <!-- d --></title><p>x"), "<title>a <b>c</b> <!-- d --></title><p>x");
  EXPECT_EQ(html_of("<textarea><i>x</i></textareax></TEXTAREA >y"), "<textarea><i>x</i></textareax></TEXTAREA >y");
  EXPECT_EQ(html_of("<xmp><!-- kept --><script>x</script></xmp>"), "<xmp><!-- kept --><script>x</script></xmp>");
  EXPECT_EQ(html_of("a<plaintext><!-- x --><script>"), "a<plaintext><!-- x --><script>");
}

TEST(Prepass, QuotedGreaterThanDoesNotEndATag) {
  EXPECT_EQ(html_of("<a title=\"x>y\" data-s='<script>'>t</a><!-- c -->"), "<a title=\"x>y\" data-s='<script>'>t</a>");
  EXPECT_EQ(html_of("<div a=b\"c>d\">e"), "<div a=b\"c>d\">e");  // quotes only open a value after '='
}

TEST(Prepass, LiteralLessThanIsText) {
  EXPECT_EQ(html_of("a < b, <3, 1<2 and <"), "a < b, <3, 1<2 and <");
  // Cutting the comment must not glue '<' and "div>" into a tag.
  EXPECT_EQ(html_of("a <<!-- c -->div>"), "a &lt;div>");
}

TEST(Prepass, DropsTagUnterminatedAtEof) {
  EXPECT_EQ(html_of("<p>text<a href=\"x>more"), "<p>text");
  EXPECT_EQ(html_of("<p>text</p"), "<p>text");
  EXPECT_EQ(html_of("text</"), "text</");
}

TEST(Prepass, RemovesNul) { EXPECT_EQ(html_of(std::string_view("a\0b<p\0>c<!--\0-->d\0", 18)), "ab<p>cd"); }

TEST(Prepass, BoundsNestedDivs) {
  const std::string input = repeat("<div>", 5000) + "deep" + repeat("</div>", 5000);
  const std::string output = html_of(input);
  EXPECT_EQ(count(output, "<div"), kMaxOpenElements);
  EXPECT_NE(output.find("deep"), std::string::npos);
  EXPECT_EQ(count(html_of(input, 10), "<div"), 10U);
  EXPECT_EQ(element_depth(output), kMaxOpenElements + kImplied);
}

TEST(Prepass, SelfClosingDivStillNests) {
  EXPECT_EQ(count(html_of(repeat("<div/>", 1000), 10), "<div"), 10U);
  EXPECT_EQ(count(html_of(repeat("<br/>", 1000), 10), "<br"), 1000U);
}

TEST(Prepass, BoundsHostileInlineNesting) {
  for (const auto& [piece, times] : std::vector<std::pair<std::string, std::size_t>>{{"<i>", 300000},
                                                                                     {"<span>", 20000},
                                                                                     {"<b><div></b>", 20000},
                                                                                     {"<span><div></span>", 20000},
                                                                                     {"<table><tr><td>", 20000},
                                                                                     {"<table><td>", 20000},
                                                                                     {"<p><table>", 20000},
                                                                                     {"<a href=x><div>", 20000}}) {
    SCOPED_TRACE(piece);
    const std::string output = html_of(repeat(piece, times) + "x");
    EXPECT_LE(element_depth(output), kMaxOpenElements + kImplied);
    EXPECT_NE(output.find('x'), std::string::npos);
  }
  EXPECT_EQ(count(html_of(repeat("<i>", 300000)), "<i>"), kMaxOpenElements);
  EXPECT_EQ(count(html_of(repeat("<span>", 20000)), "<span>"), kMaxOpenElements);
}

// Nesting the tree builder creates without matching start tags: formatting elements reopened
// after a block closes, forms that leave the stack but not the tree, a select or frameset that
// ignores the tags which would have made the tokenizer skip markup.
TEST(Prepass, BoundsNestingTheTreeBuilderCreates) {
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
      // For gumbo every unknown name is one tag: </x-a> closes the <x-b>.
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
    EXPECT_LE(element_depth(html_of(input, max_open)), max_open + kImplied + 1);
  }
  // Each reopening copies the whole list; a capped list keeps gumbo's tree near the input's size.
  EXPECT_LT(count(html_of(reopened), "<b "), 40U);
}

// Inputs on which an earlier version of the model counted fewer levels than gumbo built, each
// reduced to a minimum by a fuzzer that compared the two; with the bound they ran at.
TEST(Prepass, BoundsDepthOnReducedFuzzFindings) {
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
    EXPECT_LE(element_depth(html_of(input, max_open)), max_open + kImplied + 1);
  }
}

// The same property on random tag soup: every name gumbo treats specially, start, end and
// self-closing tags, attributes, text and comments. The raw mt19937 sequence is fixed by the
// standard, so each run sees the same documents.
TEST(Prepass, BoundsDepthOnRandomTagSoup) {
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
    ASSERT_LE(element_depth(html_of(html, kMax)), kMax + kImplied + 1);
  }
}

TEST(Prepass, KeepsImpliedEndTagsOfOrdinaryPages) {
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
  for (const std::string& input : inputs) {
    SCOPED_TRACE(input.substr(0, 40));
    EXPECT_EQ(html_of(input), input);
  }
}

TEST(Prepass, EndTagsCloseTheirElements) {
  const std::string input = repeat("<section><div><span>a</span><em>b</em></div></section>", 5000);
  EXPECT_EQ(html_of(input, 4), input);
}

TEST(Prepass, RawTextSearchIsLinear) {
  // Quadratic rescanning would take minutes on this; linear scanning takes milliseconds.
  const std::string input = "<script>" + repeat("</scrip", 400000) + "</script>x";
  EXPECT_EQ(html_of(input), "x");
  EXPECT_EQ(html_of("<!--" + repeat("--!", 400000)), "");
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

TEST(Prepass, KeepsTheVisibleTextABrowserSees) {
  const PrepassResult result = prepass(kSamplePage);
  ASSERT_EQ(result.json_ld.size(), 1U);
  EXPECT_EQ(result.json_ld[0], R"({"@type": "Article", "headline": "Field notes"})");
  EXPECT_LT(result.html.size(), kSamplePage.size() * 3 / 4);

  const ReferenceParse original(kSamplePage);
  ASSERT_NE(original.body(), nullptr);
  const std::string text = visible_text(original.body());
  // A few markers so that an empty body on both sides cannot pass.
  for (const char* marker : {"Archive", "a < b", "<3 units", "Flow rates", "Nested", "if (a < b)", "RSS"}) {
    EXPECT_NE(text.find(marker), std::string::npos) << marker;
  }
  EXPECT_EQ(visible_text(Document::build(result.html)), text);
}

TEST(Prepass, AnElementKeepsAtMostItsFirstAttributes) {
  // gumbo compares each attribute with all before it: 300,000 of them took minutes.
  std::string attributes;
  for (std::size_t i = 0; i < kMaxAttributes + 50; ++i) attributes += " a" + std::to_string(i) + "=\"x>y\"";
  const std::string html = html_of("<div" + attributes + ">text</div><img" + attributes + "/>after");
  EXPECT_EQ(count(html, "=\"x>y\""), 2 * kMaxAttributes);
  EXPECT_NE(html.find(" a" + std::to_string(kMaxAttributes - 1) + "=\"x>y\" >text</div>"), std::string::npos)
      << html.substr(0, 200);
  EXPECT_EQ(html.find(" a" + std::to_string(kMaxAttributes) + "="), std::string::npos);
  EXPECT_NE(html.find("=\"x>y\" />after"), std::string::npos);  // a self-closing tag stays one
  // Up to the bound, a tag is copied as written.
  const std::string few = "<p class=a id=b data-x='1'>t</p>";
  EXPECT_EQ(html_of(few), few);
}

}  // namespace
}  // namespace pagemd::extract
