#include "tree/element_kinds.hpp"

#include <gtest/gtest.h>

#include <string>

#include "parse/dom.hpp"

namespace pagemd::extract {
namespace {

// The first element with `tag` in `html`.
struct Parsed {
  Document doc;
  NodeId element;
};
Parsed first(const std::string& html, HtmlTag tag) {
  Document doc = Document::parse("<body>" + html + "</body>");
  const NodeId element = doc.find_first(tag);
  return {std::move(doc), element};
}

TEST(DocumentContents, SphinxToctreeAndDocBookContentsAreADocumentsOwn) {
  const Parsed sphinx =
      first("<div class='toctree-wrapper compound'><ul><li><a href=a/>A</a></li></ul></div>", HtmlTag::div);
  EXPECT_TRUE(is_document_contents(sphinx.doc, sphinx.element));

  // DocBook writes a part's contents as a div.toc holding a dl.toc: both are the contents.
  const std::string docbook =
      "<div class=toc><p><b>Table of Contents</b></p><dl class=toc><dt><a href=i.html>"
      "1.1. Introduction</a></dt></dl></div>";
  const Parsed div = first(docbook, HtmlTag::div);
  const Parsed list = first(docbook, HtmlTag::dl);
  EXPECT_TRUE(is_document_contents(div.doc, div.element));
  EXPECT_TRUE(is_document_contents(list.doc, list.element));
  // Named "toc" but neither generator's shape: an article's contents box, a lone dl.toc.
  for (const std::string box : {"<div class=toc><ul><li><a href=#a>A</a></li></ul></div>",
                                "<div class=toc><dl><dt><a href=#a>A</a></dt></dl></div>"}) {
    const Parsed parsed = first(box, HtmlTag::div);
    EXPECT_FALSE(is_document_contents(parsed.doc, parsed.element)) << box;
  }
  const Parsed lone = first("<div><dl class=toc><dt><a href=#a>A</a></dt></dl></div>", HtmlTag::dl);
  EXPECT_FALSE(is_document_contents(lone.doc, lone.element));
}

TEST(DocumentContents, IsNeitherUnlikelyNorNamedAsBoilerplate) {
  // "toc" hints at a contents box beside an article; a document's own contents are its text.
  const std::string docbook = "<div class=toc><dl class=toc><dt><a href=i.html>1.1. Introduction</a></dt></dl></div>";
  for (const HtmlTag tag : {HtmlTag::div, HtmlTag::dl}) {
    const Parsed parsed = first(docbook, tag);
    EXPECT_EQ(unlikely_kind(parsed.doc, parsed.element), Unlikely::no);
    EXPECT_EQ(class_hint(parsed.doc, parsed.element), Hint::none);
  }
  const Parsed box = first("<div class=toc><ul><li><a href=#a>A</a></li></ul></div>", HtmlTag::div);
  EXPECT_EQ(unlikely_kind(box.doc, box.element), Unlikely::by_hint);
  EXPECT_EQ(class_hint(box.doc, box.element), Hint::negative);
}

}  // namespace
}  // namespace pagemd::extract
