// Formulas through the whole extraction, in the markup each way of shipping them writes.
#include "math/formula.hpp"

#include <gtest/gtest.h>

#include <string>

#include "extract_test_helpers.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

// An article whose second paragraph holds `formula_html`.
std::string article(const std::string& formula_html) {
  return "<html><head><title>Notes on series</title></head><body><nav><a href=/>Home</a> <a href=/m>Math</a></nav>"
         "<article><h1>Notes on series</h1><p>We start from the definition and work through the consequences "
         "one step at a time, checking each claim against the examples of the previous chapter.</p>"
         "<p>The result reads " +
         formula_html +
         " and it holds for every positive integer we tried in the exercises above.</p>"
         "<p>Readers who want the proof in full can find it in the appendix, where every lemma is stated "
         "with its assumptions and each step is justified in plain words.</p></article></body></html>";
}

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

TEST(Formulas, KatexWritesTheTexOnceAndNotItsDrawing) {
  const std::string katex =
      R"(<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML">)"
      R"(<semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2)"
      R"(</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="base">)"
      R"(<span class="mord"><span class="mord mathnormal">x</span><span class="msupsub"><span class="mtight">2)"
      R"(</span></span></span></span></span></span>)";
  const std::string md = run(article(katex)).markdown;
  EXPECT_NE(md.find("The result reads $x^2$ and it holds"), std::string::npos) << md;
  EXPECT_EQ(occurrences(md, "x^2"), 1U) << md;
}

TEST(Formulas, KatexDisplayOnLinesOfItsOwn) {
  const std::string katex =
      R"(<span class="katex-display"><span class="katex"><span class="katex-mathml"><math display="block">)"
      R"(<semantics><mrow><mi>a</mi></mrow><annotation encoding="application/x-tex">\sum_{n=1}^\infty \frac{1}{n^2})"
      R"(</annotation></semantics></math></span><span class="katex-html" aria-hidden="true">∑ 1/n2</span></span></span>)";
  const std::string md = run(article(katex)).markdown;
  EXPECT_NE(md.find("The result reads\n\n$$\n\\sum_{n=1}^\\infty \\frac{1}{n^2}\n$$\n\nand it holds"),
            std::string::npos)
      << md;
}

TEST(Formulas, MathJaxTwoScriptsInlineAndDisplay) {
  const std::string scripts =
      R"(<script type="math/tex">a_1 < b_1</script> and also <script type="math/tex; mode=display">)"
      R"(\int_0^1 x\,dx = \frac{1}{2}</script>)";
  const std::string md = run(article(scripts)).markdown;
  EXPECT_NE(md.find("The result reads $a_1 < b_1$ and also"), std::string::npos) << md;
  EXPECT_NE(md.find("\n$$\n\\int_0^1 x\\,dx = \\frac{1}{2}\n$$\n"), std::string::npos) << md;
}

TEST(Formulas, MathJaxTwoTypesetPageWritesTheScriptOnly) {
  const std::string typeset =
      R"(<span class="MathJax_Preview" style="color: inherit;">x2</span><span class="MathJax" id="MathJax-Element-1-Frame")"
      R"( tabindex="0" role="presentation"><nobr aria-hidden="true"><span class="math">x2</span></nobr>)"
      R"(<span class="MJX_Assistive_MathML" role="presentation"><math><msup><mi>x</mi><mn>2</mn></msup></math>)"
      R"(</span></span><script type="math/tex" id="MathJax-Element-1">x^{2}</script>)";
  const std::string md = run(article(typeset)).markdown;
  EXPECT_NE(md.find("The result reads $x^{2}$ and it holds"), std::string::npos) << md;
  EXPECT_EQ(md.find("x2"), std::string::npos) << md;
}

TEST(Formulas, PlainMathmlIsConverted) {
  const std::string mathml =
      "<math><mfrac><mn>1</mn><msqrt><mn>2</mn></msqrt></mfrac><mo>=</mo><mfrac><msqrt><mn>2</mn></msqrt>"
      "<mn>2</mn></mfrac></math>";
  const std::string md = run(article(mathml)).markdown;
  EXPECT_NE(md.find("The result reads $\\frac{1}{\\sqrt{2}}=\\frac{\\sqrt{2}}{2}$ and it holds"), std::string::npos)
      << md;
}

TEST(Formulas, MediaWikiHiddenMathmlAndFallbackImageWriteOneFormula) {
  const std::string mediawiki =
      R"(<span class="mwe-math-element"><span class="mwe-math-mathml-inline mwe-math-mathml-a11y" style="display: none;">)"
      R"(<math xmlns="http://www.w3.org/1998/Math/MathML" alttext="{\displaystyle \pi r^{2}}"><semantics><mrow>)"
      R"(<mi>&#x03C0;</mi><msup><mi>r</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">)"
      R"({\displaystyle \pi r^{2}}</annotation></semantics></math></span><img src="https://wikimedia.org/api/rest_v1/)"
      R"(media/math/render/svg/abc123" class="mwe-math-fallback-image-inline mw-invert" aria-hidden="true")"
      R"( alt="{\displaystyle \pi r^{2}}"></span>)";
  const std::string md = run(article(mediawiki)).markdown;
  EXPECT_NE(md.find("The result reads $\\pi r^{2}$ and it holds"), std::string::npos) << md;
  EXPECT_EQ(md.find("!["), std::string::npos) << md;
}

TEST(Formulas, MediaWikiShownMathmlLeavesItsImageOut) {
  const std::string mediawiki =
      R"(<span class="mwe-math-element"><math alttext="{\displaystyle a+b}"><mi>a</mi><mo>+</mo><mi>b</mi></math>)"
      R"(<img src="https://wikimedia.org/api/rest_v1/media/math/render/svg/ff" class="mwe-math-fallback-image-inline")"
      R"( alt="{\displaystyle a+b}"></span>)";
  const std::string md = run(article(mediawiki)).markdown;
  EXPECT_NE(md.find("The result reads $a+b$ and it holds"), std::string::npos) << md;
  EXPECT_EQ(occurrences(md, "a+b"), 1U) << md;
}

TEST(Formulas, WordPressLatexImagesAndDataAttributes) {
  const std::string wordpress =
      R"(<img src="https://s0.wp.com/latex.php?latex=e%5E%7Bi%5Cpi%7D&bg=ffffff" alt="e^{i\pi}")"
      R"( class="latex" title="e^{i\pi}">, <span data-latex="\lim_{n\to\infty} a_n">lim an</span> and )"
      R"(<div class="math-display" data-tex="\det A \ne 0">det A ≠ 0</div>)";
  const std::string md = run(article(wordpress)).markdown;
  EXPECT_NE(md.find("The result reads $e^{i\\pi}$, $\\lim_{n\\to\\infty} a_n$ and"), std::string::npos) << md;
  EXPECT_NE(md.find("\n$$\n\\det A \\ne 0\n$$\n"), std::string::npos) << md;
  EXPECT_EQ(md.find("lim an"), std::string::npos) << md;
  EXPECT_EQ(md.find("!["), std::string::npos) << md;
}

TEST(Formulas, NumberedEquationTableIsLaidOutNotTabulated) {
  const std::string table =
      R"(<table class="eqn"><tr><td><math display="block"><semantics><mi>F</mi>)"
      R"(<annotation encoding="application/x-tex">F = ma</annotation></semantics></math></td><td>(1)</td></tr>)"
      R"(<tr><td><math display="block"><semantics><mi>p</mi><annotation encoding="application/x-tex">p = mv)"
      R"(</annotation></semantics></math></td><td>(2)</td></tr></table>)";
  const std::string md = run(article(table)).markdown;
  EXPECT_NE(md.find("$$\nF = ma\n$$"), std::string::npos) << md;
  EXPECT_NE(md.find("$$\np = mv\n$$"), std::string::npos) << md;
  EXPECT_EQ(md.find('|'), std::string::npos) << md;
}

TEST(Formulas, OneNumberedEquationStandingAloneIsKept) {
  // One equation in a table of its own between two paragraphs (LaTeXML's, KaTeX's): the table's
  // only text is its number, which is no reason to take it for furniture.
  const std::string katex_row =
      R"(<table class="equation"><tr><td><span class="katex-display"><span class="katex"><span class="katex-mathml">)"
      R"(<math display="block"><semantics><mrow><mi>E</mi></mrow><annotation encoding="application/x-tex">E = mc^2)"
      R"(</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">E)"
      R"(</span></span></span></span></td><td class="eqno">(1)</td></tr></table>)";
  const std::string page =
      "<html><head><title>Euler identity</title></head><body><article><h1>Euler identity</h1><p>The famous "
      "identity links five constants. It is often called the most beautiful equation in mathematics by people "
      "who write about such things in books and articles.</p><p>The identity is a special case of Euler's "
      "formula, which relates the exponential function to the trigonometric functions sine and cosine for any "
      "real argument of the function.</p>" +
      katex_row +
      "<p>Another paragraph follows with text and more words so the article is long enough to pass the "
      "thresholds of the extractor without any trouble at all, really.</p></article></body></html>";
  const std::string md = run(page).markdown;
  EXPECT_NE(md.find("$$\nE = mc^2\n$$"), std::string::npos) << md;
  EXPECT_EQ(occurrences(md, "E = mc^2"), 1U) << md;
}

TEST(Formulas, InlineFormulaInANumberedEquationTableIsDisplayed) {
  // MediaWiki's NumBlk: an inline-mode formula (MathML hidden, its image shown) and "(1)" in a
  // presentation table; the equation stands on its own line, so it is displayed.
  const std::string numblk =
      R"(</p><table role="presentation" class="numblk"><tr><td><span class="mwe-math-element"><span )"
      R"(class="mwe-math-mathml-inline mwe-math-mathml-a11y" style="display: none;"><math alttext="{\displaystyle )"
      R"(u_{tt}=c^{2}u_{xx}}"><semantics><mi>u</mi><annotation encoding="application/x-tex">{\displaystyle )"
      R"(u_{tt}=c^{2}u_{xx}}</annotation></semantics></math></span><img src="https://wikimedia.org/api/rest_v1/media/)"
      R"(math/render/svg/1" class="mwe-math-fallback-image-inline" alt="{\displaystyle u_{tt}=c^{2}u_{xx}}"></span>)"
      R"(</td><td></td><td style="text-align:right"><b>(1)</b></td></tr></table><p>)";
  const std::string md = run(article(numblk)).markdown;
  EXPECT_NE(md.find("$$\nu_{tt}=c^{2}u_{xx}\n$$\n\n**(1)**"), std::string::npos) << md;
  // A table that lists equations under headings is data, its formulas inline in their cells.
  const std::string listed =
      R"(</p><table><tr><th>No.</th><th>Equation</th></tr><tr><td>(1)</td><td><script type="math/tex">a=b</script>)"
      R"(</td></tr><tr><td>(2)</td><td><script type="math/tex">c=d</script></td></tr></table><p>)";
  EXPECT_NE(run(article(listed)).markdown.find("| (1) | $a=b$ |"), std::string::npos) << run(article(listed)).markdown;
}

TEST(Formulas, FormulaInDataTableCellStaysInline) {
  const std::string table =
      R"(<table><tr><th>Name</th><th>Formula</th></tr><tr><td>Area</td><td><script type="math/tex">|x| \pi r^2)"
      R"(</script></td></tr><tr><td>Volume</td><td><script type="math/tex">V = l w h</script></td></tr></table>)";
  const std::string md = run(article(table)).markdown;
  EXPECT_NE(md.find("| Area | $\\|x\\| \\pi r^2$ |"), std::string::npos) << md;
}

TEST(Formulas, HostileFormulaMarkupIsBounded) {
  // An unclosed <math> runs to the end of the page; a huge TeX script is left out.
  const std::string unclosed = article("<math><mi>x</mi>");
  EXPECT_NE(run(unclosed).markdown.find("$x"), std::string::npos);
  const std::string huge = article("<script type=\"math/tex\">" + std::string(300 * 1024, 'x') + "</script>");
  EXPECT_EQ(run(huge).markdown.find("xxxxxxxx"), std::string::npos);
}

}  // namespace
}  // namespace pagemd::extract
