#include "markdown/markdown_writer.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace pagemd::extract {
namespace {

// The document of one paragraph of text.
std::string paragraph(std::string_view text) {
  MarkdownWriter w;
  w.text(text);
  return w.finish();
}

// The document of one list item (a list of one), so line-start escaping runs inside a container.
std::string inline_span(InlineKind kind, std::string_view before, std::string_view inside, std::string_view after,
                        std::string_view target = {}) {
  MarkdownWriter w;
  w.text(before);
  w.open_inline(kind);
  w.text(inside);
  w.close_inline(kind, target);
  w.text(after);
  return w.finish();
}

void item(MarkdownWriter& w, std::string_view text, int value = -1) {
  w.open_list_item(value);
  w.text(text);
  w.close_list_item();
}

void cell(MarkdownWriter& w, std::string_view text, bool header = false, std::size_t colspan = 1,
          std::size_t rowspan = 1, TableAlignment alignment = TableAlignment::none) {
  w.open_table_cell(colspan, rowspan, alignment, header);
  w.text(text);
  w.close_table_cell();
}

// Blank-line discipline is a property of every output, so the structural tests check it too.
void expect_no_double_blank(const std::string& markdown) {
  EXPECT_EQ(markdown.find("\n\n\n"), std::string::npos) << markdown;
}

// ---- whitespace ---------------------------------------------------------------------------

TEST(MarkdownWriterWhitespace, CollapsesRunsAndTrimsEnds) {
  EXPECT_EQ(paragraph("  hello \n\t  world  "), "hello world\n");
}

TEST(MarkdownWriterWhitespace, EmptyDocumentIsEmpty) {
  MarkdownWriter w;
  w.text("   \n ");
  w.block_break();
  EXPECT_EQ(w.finish(), "");
}

TEST(MarkdownWriterWhitespace, NoBreakSpaceIsPlainSpace) {
  EXPECT_EQ(paragraph("a\xC2\xA0\xC2\xA0"
                      "b"),
            "a b\n");
}

TEST(MarkdownWriterWhitespace, SpacesAcrossTextChunksCollapse) {
  MarkdownWriter w;
  w.text("a ");
  w.text(" b");
  w.text("c");
  EXPECT_EQ(w.finish(), "a bc\n");
}

TEST(MarkdownWriterWhitespace, SpacesInsideEmphasisMoveOutside) {
  // "*a *" is not emphasis in CommonMark: the spaces must sit outside the delimiters.
  EXPECT_EQ(inline_span(InlineKind::emphasis, "x", " a ", "y"), "x *a* y\n");
  EXPECT_EQ(inline_span(InlineKind::strong, "x", "  bold  ", "."), "x **bold** .\n");
}

TEST(MarkdownWriterWhitespace, EmphasisWithoutSurroundingSpaceStaysAttached) {
  EXPECT_EQ(inline_span(InlineKind::emphasis, "foo", "bar", "baz"), "foo*bar*baz\n");
}

TEST(MarkdownWriterWhitespace, WhitespaceOnlyEmphasisLeavesOneSpace) {
  EXPECT_EQ(inline_span(InlineKind::strong, "a", "   ", "b"), "a b\n");
}

TEST(MarkdownWriterInline, StrikethroughUsesDoubleTilde) {
  EXPECT_EQ(inline_span(InlineKind::strikethrough, "was ", "old", " now"), "was ~~old~~ now\n");
}

TEST(MarkdownWriterInline, NestedSameKindEmphasisIsUnwrapped) {
  MarkdownWriter w;
  w.open_inline(InlineKind::emphasis);
  w.text("a ");
  w.open_inline(InlineKind::emphasis);
  w.text("b");
  w.close_inline(InlineKind::emphasis, {});
  w.text(" c");
  w.close_inline(InlineKind::emphasis, {});
  EXPECT_EQ(w.finish(), "*a b c*\n");
}

TEST(MarkdownWriterInline, NestedStrongInsideStrongIsUnwrapped) {
  MarkdownWriter w;
  w.open_inline(InlineKind::strong);
  w.open_inline(InlineKind::strong);
  w.text("x");
  w.close_inline(InlineKind::strong, {});
  w.close_inline(InlineKind::strong, {});
  EXPECT_EQ(w.finish(), "**x**\n");
}

TEST(MarkdownWriterInline, DifferentKindsNest) {
  MarkdownWriter w;
  w.open_inline(InlineKind::strong);
  w.text("a ");
  w.open_inline(InlineKind::emphasis);
  w.text("b");
  w.close_inline(InlineKind::emphasis, {});
  w.close_inline(InlineKind::strong, {});
  EXPECT_EQ(w.finish(), "**a *b***\n");
}

TEST(MarkdownWriterInline, SameKindAfterCloseWrapsAgain) {
  MarkdownWriter w;
  w.open_inline(InlineKind::emphasis);
  w.text("a");
  w.close_inline(InlineKind::emphasis, {});
  w.text(" and ");
  w.open_inline(InlineKind::emphasis);
  w.text("b");
  w.close_inline(InlineKind::emphasis, {});
  EXPECT_EQ(w.finish(), "*a* and *b*\n");
}

TEST(MarkdownWriterInline, EmptyEmphasisWritesNothing) {
  EXPECT_EQ(inline_span(InlineKind::emphasis, "a", "", "b"), "ab\n");
}

TEST(MarkdownWriterInline, SpanInsideCodeRendersBare) {
  MarkdownWriter w;
  w.open_inline(InlineKind::code);
  w.text("x");
  w.open_inline(InlineKind::strong);
  w.text("*y*");
  w.close_inline(InlineKind::strong, {});
  w.close_inline(InlineKind::code, {});
  EXPECT_EQ(w.finish(), "`x*y*`\n");
}

// ---- escaping -----------------------------------------------------------------------------

TEST(MarkdownWriterEscape, LineStartBlockMarkers) {
  EXPECT_EQ(paragraph("# not a heading"), "\\# not a heading\n");
  EXPECT_EQ(paragraph("> not a quote"), "\\> not a quote\n");
  EXPECT_EQ(paragraph("- not a list"), "\\- not a list\n");
  EXPECT_EQ(paragraph("+ not a list"), "\\+ not a list\n");
  EXPECT_EQ(paragraph("1. not a list"), "1\\. not a list\n");
  EXPECT_EQ(paragraph("1) not a list"), "1\\) not a list\n");
  EXPECT_EQ(paragraph("2024. A year"), "2024\\. A year\n");
  EXPECT_EQ(paragraph("= not a setext underline"), "\\= not a setext underline\n");
  EXPECT_EQ(paragraph("--- not a rule"), "\\--- not a rule\n");
}

TEST(MarkdownWriterEscape, BlockMarkersMidLineAreLiteral) {
  EXPECT_EQ(paragraph("a # b > c - d + e 1. f = g"), "a # b > c - d + e 1. f = g\n");
}

TEST(MarkdownWriterEscape, LineStartLookalikesThatAreNotMarkersStay) {
  EXPECT_EQ(paragraph("-5 degrees"), "-5 degrees\n");
  EXPECT_EQ(paragraph("+1 for that"), "+1 for that\n");
  EXPECT_EQ(paragraph("1.5 million"), "1.5 million\n");
  EXPECT_EQ(paragraph("3rd place"), "3rd place\n");
}

TEST(MarkdownWriterEscape, LineStartAfterHardBreakIsEscapedToo) {
  MarkdownWriter w;
  w.text("a");
  w.hard_break();
  w.text("# b");
  EXPECT_EQ(w.finish(), "a\\\n\\# b\n");
}

TEST(MarkdownWriterEscape, OrderedMarkerSplitAcrossTextChunks) {
  // An inline element that renders bare ("<span>1</span>. x") hands the digits and the
  // delimiter over in separate calls; the result still must not read as a list.
  MarkdownWriter w;
  w.text("1");
  w.text(". x");
  const std::string out = w.finish();
  EXPECT_EQ(out, "1\\. x\n");
}

TEST(MarkdownWriterEscape, InlineSyntaxCharacters) {
  EXPECT_EQ(paragraph("a*b"), "a\\*b\n");
  EXPECT_EQ(paragraph("[x]"), "\\[x\\]\n");
  EXPECT_EQ(paragraph("use `ls`"), "use \\`ls\\`\n");
  EXPECT_EQ(paragraph("C:\\dir"), "C:\\\\dir\n");
  EXPECT_EQ(paragraph("~~no~~"), "\\~\\~no\\~\\~\n");
}

TEST(MarkdownWriterEscape, UnderscoreInsideWordIsKept) {
  EXPECT_EQ(paragraph("snake_case_name"), "snake_case_name\n");
  EXPECT_EQ(paragraph("_lead and trail_"), "\\_lead and trail\\_\n");
  EXPECT_EQ(paragraph("a _b_ c"), "a \\_b\\_ c\n");
}

TEST(MarkdownWriterEscape, LessThanOnlyBeforeTagLikeCharacter) {
  EXPECT_EQ(paragraph("<div> and </p> and <!x"), "\\<div> and \\</p> and \\<!x\n");
  EXPECT_EQ(paragraph("a < b and 1<2"), "a < b and 1<2\n");
}

TEST(MarkdownWriterEscape, AmpersandOnlyBeforeEntityLikeWord) {
  EXPECT_EQ(paragraph("&amp; &#38; AT&T"), "\\&amp; \\&#38; AT\\&T\n");
  EXPECT_EQ(paragraph("Tom & Jerry &"), "Tom & Jerry &\n");
}

TEST(MarkdownWriterEscape, PipeOnlyInTableCells) {
  EXPECT_EQ(paragraph("a | b"), "a | b\n");
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  cell(w, "a|b", true);
  w.close_table_row();
  w.open_table_row();
  cell(w, "c | d");
  w.close_table_row();
  w.close_table();
  EXPECT_EQ(w.finish(), "| a\\|b |\n| --- |\n| c \\| d |\n");
}

TEST(MarkdownWriterEscape, HeadingTrailingHashesAreEscaped) {
  MarkdownWriter w;
  w.open_heading();
  w.text("Learn C#");
  w.close_heading(2);
  EXPECT_EQ(w.finish(), "## Learn C\\#\n");
}

TEST(MarkdownWriterEscape, ImageAltAndDestination) {
  MarkdownWriter w;
  w.image("a [b] *c*", "https://e.com/my pic(1).png");
  EXPECT_EQ(w.finish(), "![a \\[b\\] \\*c\\*](https://e.com/my%20pic\\(1\\).png)\n");
}

TEST(MarkdownWriterEscape, LinkDestinationSpacesParensAngles) {
  EXPECT_EQ(inline_span(InlineKind::link, "see ", "docs", ".", "https://e.com/a b/(x)<y>"),
            "see [docs](https://e.com/a%20b/\\(x\\)%3Cy%3E).\n");
}

TEST(MarkdownWriterInline, LinkWithoutTargetIsPlainText) {
  EXPECT_EQ(inline_span(InlineKind::link, "a ", "b", " c", ""), "a b c\n");
}

TEST(MarkdownWriterInline, LinkKeepsInnerEmphasis) {
  MarkdownWriter w;
  w.open_inline(InlineKind::link);
  w.open_inline(InlineKind::strong);
  w.text("Go");
  w.close_inline(InlineKind::strong, {});
  w.close_inline(InlineKind::link, "https://e.com/");
  EXPECT_EQ(w.finish(), "[**Go**](https://e.com/)\n");
}

// ---- code ---------------------------------------------------------------------------------

TEST(MarkdownWriterCode, SpanIsLiteral) {
  EXPECT_EQ(inline_span(InlineKind::code, "run ", "a*b_[c]", " now"), "run `a*b_[c]` now\n");
}

TEST(MarkdownWriterCode, SpanFenceLongerThanInnerRun) {
  EXPECT_EQ(inline_span(InlineKind::code, "", "a`b", ""), "``a`b``\n");
  EXPECT_EQ(inline_span(InlineKind::code, "", "a``b`c", ""), "```a``b`c```\n");
}

TEST(MarkdownWriterCode, SpanPaddedWhenContentTouchesBacktick) {
  EXPECT_EQ(inline_span(InlineKind::code, "", "`x", ""), "`` `x ``\n");
  EXPECT_EQ(inline_span(InlineKind::code, "", "x`", ""), "`` x` ``\n");
}

TEST(MarkdownWriterCode, SpanPipeEscapedOnlyInCell) {
  EXPECT_EQ(inline_span(InlineKind::code, "", "a|b", ""), "`a|b`\n");
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  w.open_table_cell(1, 1, TableAlignment::none, true);
  w.open_inline(InlineKind::code);
  w.text("a|b");
  w.close_inline(InlineKind::code, {});
  w.close_table_cell();
  w.close_table_row();
  w.open_table_row();
  cell(w, "x");
  w.close_table_row();
  w.close_table();
  EXPECT_EQ(w.finish(), "| `a\\|b` |\n| --- |\n| x |\n");
}

TEST(MarkdownWriterCode, FencedBlockWithLanguage) {
  MarkdownWriter w;
  w.text("Intro");
  w.block_break();
  w.open_preformatted("python");
  w.raw_text("\n\nif x:\n    print(\"*hi*\")\n\n");
  w.close_preformatted();
  w.text("After");
  EXPECT_EQ(w.finish(), "Intro\n\n```python\nif x:\n    print(\"*hi*\")\n```\n\nAfter\n");
}

TEST(MarkdownWriterCode, FenceLongerThanInnerBacktickRun) {
  MarkdownWriter w;
  w.open_preformatted("");
  w.raw_text("```\ncode\n````");
  w.close_preformatted();
  EXPECT_EQ(w.finish(), "`````\n```\ncode\n````\n`````\n");
}

TEST(MarkdownWriterCode, InfoStringDropsBackticksAndSpaces) {
  MarkdownWriter w;
  w.open_preformatted("c `x` y");
  w.raw_text("int a;");
  w.close_preformatted();
  EXPECT_EQ(w.finish(), "```cxy\nint a;\n```\n");
}

TEST(MarkdownWriterCode, TextInsidePreformattedIsVerbatim) {
  MarkdownWriter w;
  w.open_preformatted("");
  w.text("  a  *b*\n  # c");
  w.close_preformatted();
  EXPECT_EQ(w.finish(), "```\n  a  *b*\n  # c\n```\n");
}

TEST(MarkdownWriterCode, EmptyBlockWritesNothing) {
  MarkdownWriter w;
  w.text("a");
  w.block_break();
  w.open_preformatted("js");
  w.raw_text("\n  \n");
  w.close_preformatted();
  w.text("b");
  EXPECT_EQ(w.finish(), "a\n\nb\n");
}

TEST(MarkdownWriterCode, BlockInCellBecomesSpan) {
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  cell(w, "h", true);
  w.close_table_row();
  w.open_table_row();
  w.open_table_cell(1, 1, TableAlignment::none, false);
  w.open_preformatted("");
  w.raw_text("a|b\nc");
  w.close_preformatted();
  w.close_table_cell();
  w.close_table_row();
  w.close_table();
  EXPECT_EQ(w.finish(), "| h |\n| --- |\n| ` a\\|b c ` |\n");
}

// ---- breaks -------------------------------------------------------------------------------

TEST(MarkdownWriterBreaks, SingleHardBreakIsBackslashNewline) {
  MarkdownWriter w;
  w.text("line one");
  w.hard_break();
  w.text("line two");
  EXPECT_EQ(w.finish(), "line one\\\nline two\n");
}

TEST(MarkdownWriterBreaks, DoubleHardBreakIsParagraph) {
  MarkdownWriter w;
  w.text("a");
  w.hard_break();
  w.hard_break();
  w.text("b");
  EXPECT_EQ(w.finish(), "a\n\nb\n");
}

TEST(MarkdownWriterBreaks, LeadingAndTrailingHardBreaksVanish) {
  MarkdownWriter w;
  w.hard_break();
  w.text("a");
  w.hard_break();
  w.block_break();
  w.text("b");
  w.hard_break();
  EXPECT_EQ(w.finish(), "a\n\nb\n");
}

TEST(MarkdownWriterBreaks, HardBreakBeforeClosingInlineKeepsWordsApart) {
  // "<em>a<br></em>b": the break may be lost, but "a" and "b" must not be glued into one word.
  MarkdownWriter w;
  w.open_inline(InlineKind::emphasis);
  w.text("a");
  w.hard_break();
  w.close_inline(InlineKind::emphasis, {});
  w.text("b");
  const std::string out = w.finish();
  EXPECT_TRUE(out == "*a*\\\nb\n" || out == "*a* b\n") << out;
}

TEST(MarkdownWriterBreaks, ThematicBreakBetweenParagraphs) {
  MarkdownWriter w;
  w.text("a");
  w.thematic_break();
  w.text("b");
  EXPECT_EQ(w.finish(), "a\n\n---\n\nb\n");
}

TEST(MarkdownWriterBreaks, RepeatedBlockBreaksGiveOneBlankLine) {
  MarkdownWriter w;
  w.text("a");
  for (int i = 0; i < 5; ++i) w.block_break();
  w.thematic_break();
  w.thematic_break();
  for (int i = 0; i < 5; ++i) w.hard_break();
  w.text("b");
  EXPECT_EQ(w.finish(), "a\n\n---\n\n---\n\nb\n");
}

// ---- headings -----------------------------------------------------------------------------

TEST(MarkdownWriterHeading, OneLineWithLevelClamped) {
  MarkdownWriter w;
  w.open_heading();
  w.text("Two");
  w.hard_break();
  w.text("lines");
  w.close_heading(9);
  w.open_heading();
  w.text("   ");
  w.close_heading(1);
  w.text("body");
  EXPECT_EQ(w.finish(), "###### Two lines\n\nbody\n");
}

// ---- lists --------------------------------------------------------------------------------

TEST(MarkdownWriterList, TightBulletList) {
  MarkdownWriter w;
  w.open_list(false, 1);
  item(w, "a");
  item(w, " b ");
  w.close_list();
  EXPECT_EQ(w.finish(), "- a\n- b\n");
}

TEST(MarkdownWriterList, LooseWhenAnItemHasTwoBlocks) {
  MarkdownWriter w;
  w.open_list(false, 1);
  item(w, "a");
  w.open_list_item(-1);
  w.text("b1");
  w.block_break();
  w.text("b2");
  w.close_list_item();
  item(w, "c");
  w.close_list();
  const std::string out = w.finish();
  EXPECT_EQ(out, "- a\n\n- b1\n\n  b2\n\n- c\n");
  expect_no_double_blank(out);
}

TEST(MarkdownWriterList, OrderedStartAndExplicitValues) {
  MarkdownWriter w;
  w.open_list(true, 3);
  item(w, "c");
  item(w, "d");
  item(w, "j", 10);
  item(w, "k");
  w.close_list();
  EXPECT_EQ(w.finish(), "3. c\n4. d\n10. j\n11. k\n");
}

TEST(MarkdownWriterList, ContinuationIndentMatchesMarkerWidth) {
  MarkdownWriter w;
  w.open_list(true, 9);
  for (const char* text : {"nine", "ten"}) {
    w.open_list_item(-1);
    w.text(text);
    w.open_list(false, 1);
    item(w, "sub");
    w.close_list();
    w.close_list_item();
  }
  w.close_list();
  EXPECT_EQ(w.finish(), "9. nine\n   - sub\n10. ten\n    - sub\n");
}

TEST(MarkdownWriterList, NestedBulletListIsTight) {
  MarkdownWriter w;
  w.open_list(false, 1);
  w.open_list_item(-1);
  w.text("outer");
  w.open_list(false, 1);
  item(w, "inner 1");
  item(w, "inner 2");
  w.close_list();
  w.close_list_item();
  item(w, "next");
  w.close_list();
  EXPECT_EQ(w.finish(), "- outer\n  - inner 1\n  - inner 2\n- next\n");
}

TEST(MarkdownWriterList, NestedOrderedListFromOneInterrupts) {
  MarkdownWriter w;
  w.open_list(false, 1);
  w.open_list_item(-1);
  w.text("a");
  w.open_list(true, 1);
  item(w, "x");
  w.close_list();
  w.close_list_item();
  w.close_list();
  EXPECT_EQ(w.finish(), "- a\n  1. x\n");
}

TEST(MarkdownWriterList, NestedOrderedListFromThreeNeedsBlankLine) {
  // CommonMark: only a list starting at 1 may interrupt a paragraph.
  MarkdownWriter w;
  w.open_list(false, 1);
  w.open_list_item(-1);
  w.text("a");
  w.open_list(true, 3);
  item(w, "x");
  item(w, "y");
  w.close_list();
  w.close_list_item();
  w.close_list();
  const std::string out = w.finish();
  EXPECT_EQ(out, "- a\n\n  3. x\n  4. y\n");
  expect_no_double_blank(out);
}

TEST(MarkdownWriterList, AdjacentBulletListsAlternateMarker) {
  MarkdownWriter w;
  w.open_list(false, 1);
  item(w, "a");
  w.close_list();
  w.open_list(false, 1);
  item(w, "b");
  w.close_list();
  w.open_list(false, 1);
  item(w, "c");
  w.close_list();
  EXPECT_EQ(w.finish(), "- a\n\n* b\n\n- c\n");
}

TEST(MarkdownWriterList, AdjacentOrderedListsAlternateDelimiter) {
  MarkdownWriter w;
  w.open_list(true, 1);
  item(w, "a");
  w.close_list();
  w.open_list(true, 1);
  item(w, "b");
  w.close_list();
  EXPECT_EQ(w.finish(), "1. a\n\n1) b\n");
}

TEST(MarkdownWriterList, ListAfterParagraphKeepsUsualMarker) {
  MarkdownWriter w;
  w.open_list(false, 1);
  item(w, "a");
  w.close_list();
  w.text("between");
  w.block_break();
  w.open_list(false, 1);
  item(w, "b");
  w.close_list();
  EXPECT_EQ(w.finish(), "- a\n\nbetween\n\n- b\n");
}

TEST(MarkdownWriterList, EmptyItemsAndListsVanish) {
  MarkdownWriter w;
  w.text("p");
  w.block_break();
  w.open_list(false, 1);
  item(w, "  ");
  w.close_list();
  w.open_list(false, 1);
  item(w, "");
  item(w, "x");
  w.close_list();
  EXPECT_EQ(w.finish(), "p\n\n- x\n");
}

TEST(MarkdownWriterList, ItemTextStartingWithMarkerIsEscaped) {
  MarkdownWriter w;
  w.open_list(false, 1);
  item(w, "- dash");
  item(w, "2. two");
  w.close_list();
  EXPECT_EQ(w.finish(), "- \\- dash\n- 2\\. two\n");
}

TEST(MarkdownWriterList, BlockquoteInsideItemIsIndented) {
  MarkdownWriter w;
  w.open_list(true, 1);
  w.open_list_item(-1);
  w.text("say");
  w.block_break();
  w.open_blockquote();
  w.text("q1");
  w.block_break();
  w.text("q2");
  w.close_blockquote();
  w.close_list_item();
  w.close_list();
  const std::string out = w.finish();
  EXPECT_EQ(out, "1. say\n\n   > q1\n   >\n   > q2\n");
  expect_no_double_blank(out);
}

// ---- blockquotes --------------------------------------------------------------------------

TEST(MarkdownWriterQuote, SimpleQuote) {
  MarkdownWriter w;
  w.text("before");
  w.open_blockquote();
  w.text("quoted");
  w.close_blockquote();
  w.text("after");
  EXPECT_EQ(w.finish(), "before\n\n> quoted\n\nafter\n");
}

TEST(MarkdownWriterQuote, NestedQuotes) {
  MarkdownWriter w;
  w.open_blockquote();
  w.text("outer");
  w.open_blockquote();
  w.text("inner");
  w.close_blockquote();
  w.text("tail");
  w.close_blockquote();
  const std::string out = w.finish();
  EXPECT_EQ(out, "> outer\n>\n> > inner\n>\n> tail\n");
  expect_no_double_blank(out);
}

TEST(MarkdownWriterQuote, ContainerDepthCountsQuotesAndLists) {
  MarkdownWriter w;
  EXPECT_EQ(w.container_depth(), 0);
  w.open_blockquote();
  w.open_list(false, 1);
  w.open_list_item(-1);
  EXPECT_EQ(w.container_depth(), 2);
  w.text("x");
  w.close_list_item();
  w.close_list();
  EXPECT_EQ(w.container_depth(), 1);
  w.close_blockquote();
  EXPECT_EQ(w.container_depth(), 0);
  EXPECT_EQ(w.finish(), "> - x\n");
}

TEST(MarkdownWriterQuote, EmptyQuoteVanishes) {
  MarkdownWriter w;
  w.text("a");
  w.open_blockquote();
  w.text("  ");
  w.close_blockquote();
  w.text("b");
  const std::string out = w.finish();
  // "a<blockquote> </blockquote>b": the quote is a block, so "a" and "b" are separate words.
  EXPECT_EQ(out, "a\n\nb\n");
}

// ---- tables -------------------------------------------------------------------------------

TEST(MarkdownWriterTable, HeaderAndAlignmentRows) {
  MarkdownWriter w;
  w.open_table();
  w.text("\n  ");  // whitespace between rows is layout
  w.open_table_row();
  cell(w, "Name", true, 1, 1, TableAlignment::left);
  cell(w, "Mid", true, 1, 1, TableAlignment::center);
  cell(w, "Qty", true, 1, 1, TableAlignment::right);
  cell(w, "Note", true);
  w.close_table_row();
  w.open_table_row();
  w.text(" ");
  cell(w, "apple");
  cell(w, "x");
  cell(w, "3");
  cell(w, "ok");
  w.close_table_row();
  EXPECT_TRUE(w.in_table());
  w.close_table();
  EXPECT_FALSE(w.in_table());
  EXPECT_EQ(w.finish(), "| Name | Mid | Qty | Note |\n| :--- | :---: | ---: | --- |\n| apple | x | 3 | ok |\n");
}

TEST(MarkdownWriterTable, LineBreaksInCellBecomeBr) {
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  cell(w, "h", true);
  w.close_table_row();
  w.open_table_row();
  w.open_table_cell(1, 1, TableAlignment::none, false);
  w.text("one");
  w.hard_break();
  w.text("two");
  w.block_break();
  w.text("three");
  w.close_table_cell();
  w.close_table_row();
  w.close_table();
  EXPECT_EQ(w.finish(), "| h |\n| --- |\n| one<br>two<br>three |\n");
}

TEST(MarkdownWriterTable, ColspanFillsEmptyCells) {
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  cell(w, "a", true);
  cell(w, "b", true);
  cell(w, "c", true);
  w.close_table_row();
  w.open_table_row();
  cell(w, "wide", false, 2);
  cell(w, "z");
  w.close_table_row();
  w.close_table();
  EXPECT_EQ(w.finish(), "| a | b | c |\n| --- | --- | --- |\n| wide |  | z |\n");
}

// Past 64 columns a grid is unreadable: the rows become lines of their non-empty cells.
TEST(MarkdownWriterTable, ATableTooWideToReadIsWrittenAsText) {
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  for (int c = 0; c < 70; ++c) cell(w, std::string("h").append(std::to_string(c)), true);
  w.close_table_row();
  w.open_table_row();
  cell(w, "left", false, 60);
  cell(w, "right");
  w.close_table_row();
  w.close_table();
  const std::string out = w.finish();
  EXPECT_EQ(out.find("---"), std::string::npos) << out;
  EXPECT_EQ(out.find("h0 \\| h1 \\| h2"), 0U) << out;
  EXPECT_NE(out.find("h69\n\nleft \\| right\n"), std::string::npos) << out;
}

// The hostile shape: a row of 20,000 cells spanning 64 columns each, then rows of one cell. Padded
// out as a grid it would be tens of megabytes; as text it is the size of its words.
TEST(MarkdownWriterTable, SpannedCellsCannotInflateTheOutput) {
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  for (int c = 0; c < 20000; ++c) cell(w, "x", false, 64);
  w.close_table_row();
  for (int r = 0; r < 20; ++r) {
    w.open_table_row();
    cell(w, "row");
    w.close_table_row();
  }
  w.close_table();
  const std::string out = w.finish();
  EXPECT_LT(out.size(), 200'000U);
  EXPECT_NE(out.find("\n\nrow\n"), std::string::npos);
}

TEST(MarkdownWriterTable, RowspanFillsCellsBelow) {
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  cell(w, "A", true, 1, 3);
  cell(w, "B", true);
  w.close_table_row();
  w.open_table_row();
  cell(w, "C");
  w.close_table_row();
  w.open_table_row();
  cell(w, "D");
  w.close_table_row();
  w.open_table_row();
  cell(w, "E");
  cell(w, "F");
  w.close_table_row();
  w.close_table();
  EXPECT_EQ(w.finish(), "| A | B |\n| --- | --- |\n|  | C |\n|  | D |\n| E | F |\n");
}

TEST(MarkdownWriterTable, RowspanInLastColumnFillsRowEnd) {
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  cell(w, "A", true);
  cell(w, "B", true, 1, 2);
  w.close_table_row();
  w.open_table_row();
  cell(w, "C");
  w.close_table_row();
  w.close_table();
  EXPECT_EQ(w.finish(), "| A | B |\n| --- | --- |\n| C |  |\n");
}

TEST(MarkdownWriterTable, RaggedRowsArePadded) {
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  cell(w, "x");
  w.close_table_row();
  w.open_table_row();
  cell(w, "1");
  cell(w, "2");
  cell(w, "3");
  w.close_table_row();
  w.close_table();
  EXPECT_EQ(w.finish(), "| x |  |  |\n| --- | --- | --- |\n| 1 | 2 | 3 |\n");
}

TEST(MarkdownWriterTable, EmptyTableWritesNothing) {
  MarkdownWriter w;
  w.text("a");
  w.block_break();
  w.open_table();
  w.open_table_row();
  w.close_table_row();
  w.close_table();
  w.text("b");
  EXPECT_EQ(w.finish(), "a\n\nb\n");
}

TEST(MarkdownWriterTable, TableBetweenParagraphs) {
  MarkdownWriter w;
  w.text("before");
  w.open_table();
  w.open_table_row();
  cell(w, "h", true);
  w.close_table_row();
  w.close_table();
  w.text("after");
  const std::string out = w.finish();
  EXPECT_EQ(out, "before\n\n| h |\n| --- |\n\nafter\n");
  expect_no_double_blank(out);
}

TEST(MarkdownWriterTable, ImageInsideCellStaysInline) {
  MarkdownWriter w;
  w.open_table();
  w.open_table_row();
  w.open_table_cell(1, 1, TableAlignment::none, true);
  w.image("logo", "https://e.com/l.png");
  w.text(" Acme");
  w.close_table_cell();
  w.close_table_row();
  w.close_table();
  EXPECT_EQ(w.finish(), "| ![logo](https://e.com/l.png) Acme |\n| --- |\n");
}

// ---- blank lines over many shapes ---------------------------------------------------------

TEST(MarkdownWriterBlankLines, NeverTwoBlankLinesInARow) {
  MarkdownWriter w;
  w.block_break();
  w.text("p1");
  w.hard_break();
  w.hard_break();
  w.hard_break();
  w.block_break();
  w.open_heading();
  w.text("h");
  w.close_heading(2);
  w.block_break();
  w.open_blockquote();
  w.block_break();
  w.text("q");
  w.block_break();
  w.block_break();
  w.open_list(false, 1);
  w.open_list_item(-1);
  w.block_break();
  w.text("li");
  w.block_break();
  w.block_break();
  w.open_preformatted("");
  w.raw_text("code\n\n\nmore");
  w.close_preformatted();
  w.block_break();
  w.close_list_item();
  w.close_list();
  w.block_break();
  w.close_blockquote();
  w.thematic_break();
  w.block_break();
  w.open_inline(InlineKind::emphasis);
  w.text("e");
  w.block_break();
  w.close_inline(InlineKind::emphasis, {});
  w.block_break();
  w.text("end");
  const std::string out = w.finish();
  // The one blank-line run that may repeat is inside the code block, which is verbatim.
  const std::string expected =
      "p1\n\n## h\n\n> q\n>\n> - li\n>\n>   ```\n>   code\n>\n>\n>   more\n>   ```\n\n---\n\n*e*\n\nend\n";
  EXPECT_EQ(out, expected);
  expect_no_double_blank(out);
}

TEST(MarkdownWriterBlankLines, EmphasisAroundBlocksKeepsTheBlocks) {
  MarkdownWriter w;
  w.text("intro");
  w.open_inline(InlineKind::strong);
  w.text("a");
  w.block_break();
  w.text("b");
  w.close_inline(InlineKind::strong, {});
  w.text("outro");
  const std::string out = w.finish();
  EXPECT_EQ(out, "intro\n\na\n\nb\n\noutro\n");
  expect_no_double_blank(out);
}

TEST(MarkdownWriterBlankLines, UnbalancedEventsStillFinish) {
  MarkdownWriter w;
  w.open_blockquote();
  w.open_list(false, 1);
  w.open_list_item(-1);
  w.text("dangling");
  const std::string out = w.finish();
  EXPECT_EQ(out, "dangling\n");
}

// ---- counts and samples -------------------------------------------------------------------

TEST(MarkdownWriterCount, WordsOfTextNotSyntax) {
  MarkdownWriter w;
  w.open_heading();
  w.text("Big news");
  w.close_heading(1);
  w.text("Hello,  brave ");
  w.open_inline(InlineKind::strong);
  w.text("new");
  w.close_inline(InlineKind::strong, {});
  w.text(" world!");
  w.open_inline(InlineKind::link);
  w.text(" click ");
  w.close_inline(InlineKind::link, "https://example.com/a/very/long/url");
  w.image("ignored alt", "https://example.com/x.png");
  w.thematic_break();
  w.open_list(true, 1);
  item(w, "1. one");
  w.close_list();
  EXPECT_EQ(w.word_count(), 2u + 4u + 1u + 2u);
  EXPECT_EQ(w.finish(),
            "# Big news\n\nHello, brave **new** world! [click](https://example.com/a/very/long/url) "
            "![ignored alt](https://example.com/x.png)\n\n---\n\n1. 1\\. one\n");
}

TEST(MarkdownWriterCount, BlocksSeparateWords) {
  MarkdownWriter w;
  w.text("one");
  w.block_break();
  w.text("two");
  w.hard_break();
  w.text("three");
  w.block_break();
  w.open_table();
  w.open_table_row();
  cell(w, "four");
  cell(w, "five");
  w.close_table_row();
  w.close_table();
  // "<td>four</td><td>five</td>" renders "| four | five |": two words.
  EXPECT_EQ(w.word_count(), 5u);
}

TEST(MarkdownWriterCount, CodeCountsAsWords) {
  MarkdownWriter w;
  w.open_preformatted("");
  w.raw_text("int main() {}\n");
  w.close_preformatted();
  EXPECT_EQ(w.word_count(), 2u);  // "int", "main": the brackets are punctuation
}

TEST(MarkdownWriterSample, ProseOnlyWithSpacesCollapsed) {
  MarkdownWriter w;
  w.text("The  quick");
  w.block_break();
  w.text("fox");
  w.open_inline(InlineKind::code);
  w.text("skip_me");
  w.close_inline(InlineKind::code, {});
  w.open_preformatted("");
  w.text("skipped too");
  w.close_preformatted();
  w.hard_break();
  w.text(" jumps");
  EXPECT_EQ(w.take_text_sample(), "The quick fox jumps");
}

TEST(MarkdownWriterSample, BoundedTo64KiB) {
  MarkdownWriter w;
  const std::string chunk(1000, 'a');
  for (int i = 0; i < 100; ++i) {
    w.text(chunk);
    w.block_break();
  }
  EXPECT_EQ(w.take_text_sample().size(), 64u * 1024u);
  EXPECT_EQ(w.word_count(), 100u);
}

}  // namespace
}  // namespace pagemd::extract
