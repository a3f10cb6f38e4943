#include "parse/tree_builder.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "parse/dom.hpp"
#include "tree_shape.hpp"

namespace pagemd::extract {
namespace {

std::string body_shape_of(std::string html) { return body_shape(Document::build(std::move(html))); }

// A literal's text with the NUL characters in it.
template <std::size_t N>
std::string with_nul(const char (&literal)[N]) {
  return {literal, N - 1};
}

TEST(TreeBuilder, ImpliesHtmlHeadAndBodyAndPutsHeadElementsInTheHead) {
  const Document doc = Document::build("<title>T</title><meta charset=utf-8>Hello");
  EXPECT_EQ(shape(doc, doc.node(doc.root()).first_child()),
            "html{head{title{\"T\"} meta[charset=utf-8;]{}} body{\"Hello\"}}");
}

TEST(TreeBuilder, BlocksCloseAnOpenParagraph) {
  EXPECT_EQ(body_shape_of("<p>one<div>two</div>three"), "body{p{\"one\"} div{\"two\"} \"three\"}");
  EXPECT_EQ(body_shape_of("<p>a<h2>b</h2>"), "body{p{\"a\"} h2{\"b\"}}");
  // An end tag with no paragraph open makes an empty one, as browsers do.
  EXPECT_EQ(body_shape_of("x</p>y"), "body{\"x\" p{} \"y\"}");
}

TEST(TreeBuilder, DialogAndSearchAreBlocksOfTheirOwn) {
  // An unknown name's end tag stops at the <p> (a special element) and is ignored: "bar" would
  // join the dialog's paragraph.
  EXPECT_EQ(body_shape_of("<dialog><p>foo</dialog>bar"), "body{dialog{p{\"foo\"}} \"bar\"}");
  EXPECT_EQ(body_shape_of("<p>a<search>b</search>c"), "body{p{\"a\"} search{\"b\"} \"c\"}");
  // <search> is special: a misnested </b> does not carry it away.
  EXPECT_EQ(body_shape_of("<b>1<search>2</b>3</search>"), "body{b{\"1\"} search{b{\"2\"} \"3\"}}");
}

TEST(TreeBuilder, ForeignContentEndsWhereTheStandardEndsIt) {
  // The link's end tag closes the <svg> inside it: the text after it is the body's.
  EXPECT_EQ(body_shape_of("<a href=x><svg><path></a>Read more<p>y"),
            "body{a[href=x;]{svg{path{}}} \"Read more\" p{\"y\"}}");
  // An HTML block breaks out of the <svg>; "/>" closes a foreign element; names get their case.
  EXPECT_EQ(body_shape_of("<svg viewbox='0 0 1 1'><clippath/><g><div>text</div>"),
            "body{svg[viewBox=0 0 1 1;]{clipPath{} g{}} div{\"text\"}}");
  // Inside <foreignObject> HTML rules hold; a CDATA section is text inside foreign content only.
  EXPECT_EQ(body_shape_of("<svg><foreignObject><p>x</p></foreignObject><![CDATA[a<b]]></svg>z"),
            "body{svg{foreignObject{p{\"x\"}} \"a<b\"} \"z\"}");
  const Document doc = Document::build("<math><mi>x</mi></math><p>");
  const NodeId math = doc.node(doc.find_first(HtmlTag::body)).first_child();
  EXPECT_EQ(doc.element_namespace(math), Namespace::mathml);
  EXPECT_EQ(doc.node(math).tag, HtmlTag::unknown);  // no HTML rule takes it for an HTML element
  EXPECT_EQ(doc.element_namespace(doc.find_first(HtmlTag::p)), Namespace::html);
}

TEST(TreeBuilder, ParagraphAndLineBreakEndTagsLeaveForeignContent) {
  EXPECT_EQ(body_shape_of("<svg></p><foo>"), "body{svg{} p{} foo{}}");
  EXPECT_EQ(body_shape_of("<math><mrow></br>x"), "body{math{mrow{}} br{} \"x\"}");
}

TEST(TreeBuilder, NulInForeignContentIsAReplacementCharacter) {
  // HTML's text drops NUL; foreign content keeps it as U+FFFD, which unlike other text leaves a
  // frameset page possible.
  EXPECT_EQ(body_shape_of(with_nul("<p>a\0b<svg>c\0</svg>")), "body{p{\"ab\" svg{\"c\xEF\xBF\xBD\"}}}");
  const Document frames = Document::build(with_nul("<svg>\0</svg><frameset>"));
  EXPECT_NE(frames.find_first(HtmlTag::frameset), kNoNode);
  const Document text = Document::build(with_nul("<svg>\0a</svg><frameset>"));
  EXPECT_EQ(text.find_first(HtmlTag::frameset), kNoNode);
}

TEST(TreeBuilder, ABodyTagInTheBodyRulesOutAFrameset) {
  const Document doc = Document::build("<!doctype html><div><body><frameset>");
  EXPECT_EQ(doc.find_first(HtmlTag::frameset), kNoNode);
  EXPECT_NE(doc.find_first(HtmlTag::div), kNoNode);
}

TEST(TreeBuilder, TemplateContentIsItsChildren) {
  // At the start of a page a template is the head's, as a <script> would be.
  EXPECT_EQ(body_shape_of("<p>1</p><template><tr><td>a</template>b"), "body{p{\"1\"} template{tr{td{\"a\"}}} \"b\"}");
  EXPECT_EQ(body_shape_of("<table><template><p>x</template></table>"), "body{table{template{p{\"x\"}}}}");
}

TEST(TreeBuilder, TagNamesRoundTrip) {
  for (const std::string_view name : {"a", "annotation-xml", "dialog", "h1", "h6", "search", "template", "xmp"}) {
    EXPECT_EQ(tag_name(tag_from_name(name)), name);
  }
  EXPECT_EQ(tag_from_name("my-widget"), HtmlTag::unknown);
  EXPECT_EQ(tag_from_name("DIV"), HtmlTag::unknown);  // names arrive lower-cased
  EXPECT_EQ(tag_from_name(""), HtmlTag::unknown);
  EXPECT_EQ(tag_name(HtmlTag::unknown), "");
}

TEST(TreeBuilder, ListItemsCloseTheirSiblingsButNotTheirParents) {
  EXPECT_EQ(body_shape_of("<ul><li>a<li>b<ul><li>c</ul></ul>"), "body{ul{li{\"a\"} li{\"b\" ul{li{\"c\"}}}}}");
  EXPECT_EQ(body_shape_of("<dl><dt>t<dd>d<dt>u</dl>"), "body{dl{dt{\"t\"} dd{\"d\"} dt{\"u\"}}}");
}

TEST(TreeBuilder, MisnestedFormattingIsRepairedByTheAdoptionAgency) {
  EXPECT_EQ(body_shape_of("<b>1<p>2</b>3</p>"), "body{b{\"1\"} p{b{\"2\"} \"3\"}}");
  EXPECT_EQ(body_shape_of("<a href=x>1<div>2</a>3</div>"), "body{a[href=x;]{\"1\"} div{a[href=x;]{\"2\"} \"3\"}}");
  EXPECT_EQ(body_shape_of("<b><i>x</b>y</i>"), "body{b{i{\"x\"}} i{\"y\"}}");
}

TEST(TreeBuilder, DeepMisnestingIsRepairedAsBrowsersDoToday) {
  // Found by the random soup of reference_parser_test.cpp, where gumbo follows the adoption agency
  // of 2013; the expected tree is Chromium's (chromium-headless-shell --dump-dom, Debian 12).
  EXPECT_EQ(
      body_shape_of(
          "<big type=hidden><small>x<input class=a><thead id=1></input>x<strong id=1><nobr></td><font id=1>x"
          "</font><em class=a> y </br>x</img><hr type=hidden>x<a type=hidden> y <input><b class=a><strong><em>"
          "<h1 id=1>xx<dl id=1><tbody class=a><input type=hidden> y  y  y </dt></img><thead type=hidden></dt>"
          "<caption type=hidden></big></tfoot></s></dt><button class=a><u id=1></table></img>x<option class=a>"
          "</b>x"),
      "body{big[type=hidden;]{small{\"x\" input[class=a;]{} \"x\" strong[id=1;]{nobr{font[id=1;]{\"x\"} "
      "em[class=a;]{\" y \" br{} \"x\" hr[type=hidden;]{} \"x\" a[type=hidden;]{\" y \" input{} "
      "b[class=a;]{strong{em{}}}}}}}}} b[class=a;]{strong{em{}}} strong{em{h1[id=1;]{b[class=a;]{big[type=hidden;]{"
      "\"xx\"}} dl[id=1;]{b[class=a;]{big[type=hidden;]{input[type=hidden;]{} \" y  y  y \"}} "
      "button[class=a;]{b[class=a;]{u[id=1;]{\"x\" option[class=a;]{}}} u[id=1;]{\"x\"}}}}}}}");
}

TEST(TreeBuilder, FormattingCutOffByABlockIsReopened) {
  EXPECT_EQ(body_shape_of("<p><b>x</p><p>y"), "body{p{b{\"x\"}} p{b{\"y\"}}}");
  // "Noah's Ark": of four identical open <b>, three are reopened.
  EXPECT_EQ(body_shape_of("<p><b><b><b><b>x</p>y"), "body{p{b{b{b{b{\"x\"}}}}} b{b{b{\"y\"}}}}");
}

TEST(TreeBuilder, ANewLinkClosesTheOpenOne) {
  EXPECT_EQ(body_shape_of("<a href=1>one<a href=2>two</a>"), "body{a[href=1;]{\"one\"} a[href=2;]{\"two\"}}");
}

TEST(TreeBuilder, TablesGetTheirImpliedSectionsAndRows) {
  EXPECT_EQ(body_shape_of("<table><td>a<td>b<tr><th>c</table>"),
            "body{table{tbody{tr{td{\"a\"} td{\"b\"}} tr{th{\"c\"}}}}}");
  EXPECT_EQ(body_shape_of("<table><caption>c<tr><td>x</table>"), "body{table{caption{\"c\"} tbody{tr{td{\"x\"}}}}}");
  EXPECT_EQ(body_shape_of("<table><col><tr><td>x</table>"), "body{table{colgroup{col{}} tbody{tr{td{\"x\"}}}}}");
}

TEST(TreeBuilder, WhatATableCannotHoldIsMovedBeforeIt) {
  EXPECT_EQ(body_shape_of("<table>lost<tr><td>kept</td></tr><div>moved</div></table>"),
            "body{\"lost\" div{\"moved\"} table{tbody{tr{td{\"kept\"}}}}}");
  // Whitespace stays in the table; a hidden input too.
  EXPECT_EQ(body_shape_of("<table> <input type=hidden><tr><td>x</table>"),
            "body{table{\" \" input[type=hidden;]{} tbody{tr{td{\"x\"}}}}}");
}

TEST(TreeBuilder, NodeIdsFollowDocumentOrderAfterMoves) {
  const Document doc = Document::build("<table><tr><td>1</td></tr>x<b>y</b></table><p>z");
  NodeId previous = 0;
  bool first = true;
  doc.walk(doc.root(), [&](NodeId id) {
    if (!first) {
      EXPECT_GT(id, previous);
    }
    first = false;
    previous = id;
    return true;
  });
  EXPECT_EQ(doc.text_content(doc.root()), "xy1z");
}

TEST(TreeBuilder, QuirksModeDecidesWhetherATableClosesAParagraph) {
  EXPECT_EQ(body_shape_of("<!DOCTYPE html><p>a<table><tr><td>b</table>"), "body{p{\"a\"} table{tbody{tr{td{\"b\"}}}}}");
  EXPECT_EQ(body_shape_of("<p>a<table><tr><td>b</table>"), "body{p{\"a\" table{tbody{tr{td{\"b\"}}}}}}");
}

TEST(TreeBuilder, SelectHoldsMarkupAndRepairsOnlyItsOptions) {
  // A select holds markup as any element does ("customizable select"); an option ends the one
  // before it, even with a block between them.
  EXPECT_EQ(body_shape_of("<select><option>a<option>b<div>c</div></select>d"),
            "body{select{option{\"a\"} option{\"b\" div{\"c\"}}} \"d\"}");
  EXPECT_EQ(body_shape_of("<select><optgroup><option>a<hr><button>b</button></select>"),
            "body{select{optgroup{option{\"a\"}} hr{} button{\"b\"}}}");
  // A second select and a text field each end the select open; </select> ends it through a block.
  EXPECT_EQ(body_shape_of("<select><div><select>a"), "body{select{div{}} \"a\"}");
  EXPECT_EQ(body_shape_of("<select><option><input>a"), "body{select{option{}} input{} \"a\"}");
  EXPECT_EQ(body_shape_of("<select><div>a</select>b"), "body{select{div{\"a\"}} \"b\"}");
  // A select ends the scope of what is open outside it: a misnested </font> cannot carry it away.
  EXPECT_EQ(body_shape_of("<font><select><option>a</option></font></select>"), "body{font{select{option{\"a\"}}}}");
  // In a table a select is moved before it, and the table's own tags end it.
  EXPECT_EQ(body_shape_of("<table><select><option>a<tr><td>b"),
            "body{select{option{\"a\"}} table{tbody{tr{td{\"b\"}}}}}");
}

TEST(TreeBuilder, SelectedContentShowsTheChosenOptionButNotInAPage) {
  // The first option is chosen until one says `selected`; each chosen option as it closes is
  // copied, markup and all, into the select's <selectedcontent>.
  const std::string html = "<select><button><selectedcontent></button><option>A<option selected>B<i>c</i></select>";
  EXPECT_EQ(body_shape_of(html),
            "body{select{button{selectedcontent{\"B\" i{\"c\"}}} option{\"A\"} option[selected=;]{\"B\" i{\"c\"}}}}");
  // Several lines shown, or a disabled option: nothing is chosen by default.
  EXPECT_EQ(body_shape_of("<select size=3><button><selectedcontent></button><option>A</select>"),
            "body{select[size=3;]{button{selectedcontent{}} option{\"A\"}}}");
  EXPECT_EQ(body_shape_of("<select><button><selectedcontent></button><option disabled>A<option>B</select>"),
            "body{select{button{selectedcontent{\"B\"}} option[disabled=;]{\"A\"} option{\"B\"}}}");
  // An option still open at the end of the input closes there.
  EXPECT_EQ(body_shape_of("<select><button><selectedcontent></button><option>A"),
            "body{select{button{selectedcontent{\"A\"}} option{\"A\"}}}");
  // A page's tree quotes each option once.
  EXPECT_EQ(body_shape(Document::build_page(html)),
            "body{select{button{selectedcontent{}} option{\"A\"} option[selected=;]{\"B\" i{\"c\"}}}}");
}

TEST(TreeBuilder, AnEndTagOfAnUnknownElementClosesOnlyThatName) {
  EXPECT_EQ(body_shape_of("<x-outer><x-inner>a</x-outer>b"), "body{x-outer{x-inner{\"a\"}} \"b\"}");
  // A self-closing slash on an element that is not void is ignored.
  EXPECT_EQ(body_shape_of("<div><x-icon/>a</div>"), "body{div{x-icon{\"a\"}}}");
}

TEST(TreeBuilder, TextElementsHoldTheirContentAsText) {
  EXPECT_EQ(body_shape_of("<textarea>\n<b>x</b></textarea>"), "body{textarea{\"<b>x</b>\"}}");
  EXPECT_EQ(body_shape_of("<pre>\n\ncode</pre>"), "body{pre{\"\ncode\"}}");
  EXPECT_EQ(body_shape_of("<xmp><p>&amp;</xmp>"), "body{xmp{\"<p>&amp;\"}}");
  EXPECT_EQ(body_shape_of("<plaintext></plaintext><b>"), "body{plaintext{\"</plaintext><b>\"}}");
}

TEST(TreeBuilder, LineBreaksAreNormalised) { EXPECT_EQ(body_shape_of("<p>a\r\nb\rc</p>"), "body{p{\"a\nb\nc\"}}"); }

TEST(TreeBuilder, SecondHtmlAndBodyTagsAddMissingAttributes) {
  const Document doc = Document::build("<html lang=en><body class=a><body class=b id=x><html lang=de dir=rtl>");
  const NodeId html = doc.find_first(HtmlTag::html);
  const NodeId body = doc.find_first(HtmlTag::body);
  EXPECT_EQ(*doc.attribute(html, "lang"), "en");
  EXPECT_EQ(*doc.attribute(html, "dir"), "rtl");
  EXPECT_EQ(*doc.attribute(body, "class"), "a");
  EXPECT_EQ(*doc.attribute(body, "id"), "x");
}

TEST(TreeBuilder, NestedFormsAndStrayCellsAreIgnored) {
  EXPECT_EQ(body_shape_of("<form id=1><form id=2><input></form>x"), "body{form[id=1;]{input{}} \"x\"}");
  EXPECT_EQ(body_shape_of("<td>cell</td><tr>row"), "body{\"cellrow\"}");
}

TEST(TreeBuilder, ImageIsRenamedImg) { EXPECT_EQ(body_shape_of("<image src=a.png>"), "body{img[src=a.png;]{}}"); }

TEST(TreeBuilder, HeadElementsAfterTheHeadGoIntoIt) {
  const Document doc = Document::build("<head></head><meta name=a content=b><p>x");
  const NodeId head = doc.find_first(HtmlTag::head);
  EXPECT_EQ(shape(doc, head), "head{meta[name=a;content=b;]{}}");
}

}  // namespace
}  // namespace pagemd::extract
