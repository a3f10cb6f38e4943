#include "parse/tokenizer/html_tokenizer.hpp"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace pagemd::extract::html {
namespace {

// The tokens of `html` in a compact form: text in quotes, <name attr=value/> and </name>.
std::vector<std::string> tokens(std::string_view html, bool comments = false) {
  Tokenizer tokenizer(html, comments);
  std::vector<std::string> out;
  while (true) {
    const Token& token = tokenizer.next();
    switch (token.kind) {
      case TokenKind::end_of_file: return out;
      case TokenKind::characters: out.push_back('"' + std::string(token.text) + '"'); break;
      case TokenKind::end_tag: out.push_back("</" + std::string(token.name) + ">"); break;
      case TokenKind::doctype: out.push_back("<!" + std::string(token.name) + ">"); break;
      case TokenKind::comment: out.push_back("<!--" + std::string(token.text) + "-->"); break;
      case TokenKind::start_tag: {
        std::string tag = std::string("<").append(token.name);
        for (const TokenAttribute& attribute : token.attributes) {
          tag.append(" ").append(attribute.name).append("=").append(attribute.value);
        }
        out.push_back(tag + (token.self_closing ? "/>" : ">"));
        if (token.name == "title") tokenizer.switch_to(TextMode::rcdata, token.name);
        if (token.name == "xmp") tokenizer.switch_to(TextMode::rawtext, token.name);
        if (token.name == "script") tokenizer.switch_to(TextMode::script, token.name);
        break;
      }
    }
  }
}

using Tokens = std::vector<std::string>;

TEST(HtmlTokenizer, CommentsInEveryFormWhenAskedFor) {
  EXPECT_EQ(tokens("a<!-- x -->b<!-->c<!--->d<!-- y --!>e<?pi>f</ z>g<!x>", true),
            (Tokens{"\"a\"", "<!-- x -->", "\"b\"", "<!---->", "\"c\"", "<!---->", "\"d\"", "<!-- y -->", "\"e\"",
                    "<!--?pi-->", "\"f\"", "<!-- z-->", "\"g\"", "<!--x-->"}));
  EXPECT_EQ(tokens("<!-- open--", true), (Tokens{"<!-- open-->"}));
  // Without asking, comments leave no token.
  EXPECT_EQ(tokens("a<!-- x -->b"), (Tokens{"\"a\"", "\"b\""}));
}

TEST(HtmlTokenizer, AScriptWrittenInsideACommentDoesNotEndTheScript) {
  EXPECT_EQ(tokens("<script><!-- w('<script></script>'); --></script>x"),
            (Tokens{"<script>", "\"<!-- w('<script></script>'); -->\"", "</script>", "\"x\""}));
}

TEST(HtmlTokenizer, TagsAndAttributesInTheirForms) {
  EXPECT_EQ(tokens(R"(<DIV Class="a b" id='x' data-n=5 hidden>t</Div>)"),
            (Tokens{"<div class=a b id=x data-n=5 hidden=>", "\"t\"", "</div>"}));
  EXPECT_EQ(tokens("<br/><img src=a.png/>"), (Tokens{"<br/>", "<img src=a.png/>"}));
  EXPECT_EQ(tokens(R"(<a href="x"title="y">)"), (Tokens{"<a href=x title=y>"}));
  // Names are lowered wherever their capitals are; '=' may begin an attribute's name, not end it.
  EXPECT_EQ(tokens("<sPaN dATA-x=1 A=2 =b=3 tiTLE>"), (Tokens{"<span data-x=1 a=2 =b=3 title=>"}));
}

TEST(HtmlTokenizer, TheFirstOfDuplicateAttributesWins) {
  EXPECT_EQ(tokens("<p class=a CLASS=b id=c>"), (Tokens{"<p class=a id=c>"}));
}

TEST(HtmlTokenizer, NamedReferences) {
  EXPECT_EQ(tokens("a &amp; b &lt;&gt; &eacute;&nbsp;&hellip;"), (Tokens{"\"a & b <> é\u00a0…\""}));
  // Without ';' only the old names count, as the longest prefix: "&notit;" is "¬it;".
  EXPECT_EQ(tokens("&notin; &notit; &ampx &copy"), (Tokens{"\"∉ ¬it; &x ©\""}));
  EXPECT_EQ(tokens("&unknown; & &;"), (Tokens{"\"&unknown; & &;\""}));
}

TEST(HtmlTokenizer, NumericReferences) {
  EXPECT_EQ(tokens("&#65;&#x42;&#X43;&#99"), (Tokens{"\"ABCc\""}));
  // 0x80-0x9F mean windows-1252; zero, surrogates and past U+10FFFF are U+FFFD.
  EXPECT_EQ(tokens("&#x80;&#150;&#0;&#xD800;&#x110000;&#99999999999;"), (Tokens{"\"€–\ufffd\ufffd\ufffd\ufffd\""}));
  EXPECT_EQ(tokens("&#; &#x; &#xg"), (Tokens{"\"&#; &#x; &#xg\""}));
}

TEST(HtmlTokenizer, ReferencesInAttributesKeepUrlQueries) {
  EXPECT_EQ(tokens(R"(<a href="?a=1&copy=2&amp;b=3&copy;">)"), (Tokens{"<a href=?a=1&copy=2&b=3©>"}));
  EXPECT_EQ(tokens("<a href=?x&lang=en&lt>"), (Tokens{"<a href=?x&lang=en<>"}));
}

TEST(HtmlTokenizer, TextElementsEndOnlyAtTheirOwnEndTag) {
  EXPECT_EQ(tokens("<title>a <b> &amp; </titles></title >x"),
            (Tokens{"<title>", "\"a <b> & </titles>\"", "</title>", "\"x\""}));
  EXPECT_EQ(tokens("<xmp>&amp;<p></XMP>"), (Tokens{"<xmp>", "\"&amp;<p>\"", "</xmp>"}));
}

TEST(HtmlTokenizer, WhatIsNotMarkupIsTextOrDropped) {
  EXPECT_EQ(tokens("a < b <3 </> <?xml x?><!-- c -->d"), (Tokens{"\"a \"", "\"< b \"", "\"<3 \"", "\" \"", "\"d\""}));
  EXPECT_EQ(tokens("x</ 3>y"), (Tokens{"\"x\"", "\"y\""}));
  // The input ending inside a tag gives no token for it.
  EXPECT_EQ(tokens("x<div class=\"a"), (Tokens{"\"x\""}));
  EXPECT_EQ(tokens("x<div"), (Tokens{"\"x\""}));
}

bool quirks_of(std::string_view html) {
  Tokenizer tokenizer(html);
  return quirks_mode(tokenizer.next());
}

TEST(HtmlTokenizer, DoctypesThatSelectQuirksMode) {
  EXPECT_FALSE(quirks_of("<!DOCTYPE html>"));
  EXPECT_FALSE(quirks_of(R"(<!doctype HTML PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "x.dtd">)"));
  EXPECT_FALSE(quirks_of(R"(<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://w3.org/x.dtd">)"));
  EXPECT_TRUE(quirks_of(R"(<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">)"));
  EXPECT_TRUE(quirks_of(R"(<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">)"));
  EXPECT_TRUE(quirks_of("<!DOCTYPE svg>"));
  EXPECT_TRUE(quirks_of("<!DOCTYPE>"));
  EXPECT_TRUE(quirks_of("<!DOCTYPE html PUBLIC>"));
}

}  // namespace
}  // namespace pagemd::extract::html
