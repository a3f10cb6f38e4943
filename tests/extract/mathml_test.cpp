#include "math/mathml.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pagemd::extract {
namespace {

std::string latex_of(const std::string& markup) {
  const auto formula = formula_from_mathml(markup);
  return formula ? formula->latex : std::string("<none>");
}

TEST(MathmlTex, TexAnnotationIsTakenAsWritten) {
  const std::string katex =
      R"(<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow>)"
      R"(<annotation encoding="application/x-tex">x^{2} + \alpha</annotation></semantics></math>)";
  EXPECT_EQ(latex_of(katex), "x^{2} + \\alpha");
}

TEST(MathmlTex, MediaWikiDisplaystyleWrapperComesOff) {
  const std::string mediawiki =
      R"(<math xmlns="http://www.w3.org/1998/Math/MathML" alttext="{\displaystyle E=mc^{2}}" display="block">)"
      R"(<semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow>)"
      R"(<annotation encoding="application/x-tex">{\displaystyle E=mc^{2}}</annotation></semantics></math>)";
  const auto formula = formula_from_mathml(mediawiki);
  ASSERT_TRUE(formula);
  EXPECT_EQ(formula->latex, "E=mc^{2}");
  EXPECT_TRUE(formula->display);
  // Only a wrapper that spans the whole formula comes off.
  EXPECT_EQ(tidy_tex("{\\displaystyle a}+{b}"), "{\\displaystyle a}+{b}");
}

TEST(MathmlTex, DisplayEnvironmentsBecomeWhatStandsInsideDollars) {
  EXPECT_EQ(tidy_tex("\\begin{equation*} a=b \\end{equation*}"), "a=b");
  EXPECT_EQ(tidy_tex("\\begin{equation}\n  E = mc^2\n\\end{equation}"), "E = mc^2");
  EXPECT_EQ(tidy_tex("\\begin{align} a&=b \\\\ c&=d \\end{align}"), "\\begin{aligned} a&=b \\\\ c&=d \\end{aligned}");
  EXPECT_EQ(tidy_tex("\\begin{gather*} x \\end{gather*}"), "\\begin{gathered} x \\end{gathered}");
  // Every environment the typesetters find in a page's text gets what can stand inside $$…$$.
  EXPECT_EQ(tidy_tex("\\begin{flalign*} a&=b \\end{flalign*}"), "\\begin{aligned} a&=b \\end{aligned}");
  EXPECT_EQ(tidy_tex("\\begin{alignat}{2} a&=b \\end{alignat}"), "\\begin{alignedat}{2} a&=b \\end{alignedat}");
  EXPECT_EQ(tidy_tex("\\begin{split} a&=b \\end{split}"), "\\begin{split} a&=b \\end{split}");
  // Anything but one whole environment is left as it is.
  EXPECT_EQ(tidy_tex("\\begin{pmatrix} 1 \\end{pmatrix}"), "\\begin{pmatrix} 1 \\end{pmatrix}");
  EXPECT_EQ(tidy_tex("\\begin{equation} a \\end{equation} + b"), "\\begin{equation} a \\end{equation} + b");
  EXPECT_EQ(tidy_tex("\\begin{align} a"), "\\begin{align} a");
}

TEST(MathmlTex, AlttextInTexServesWithoutAnnotationButWordsDoNot) {
  EXPECT_EQ(latex_of(R"(<math alttext="\frac{1}{2}"><mn>0.5</mn></math>)"), "\\frac{1}{2}");
  EXPECT_EQ(latex_of(R"(<math alttext="one half"><mfrac><mn>1</mn><mn>2</mn></mfrac></math>)"), "\\frac{1}{2}");
}

TEST(MathmlConversion, FractionsScriptsAndRoots) {
  EXPECT_EQ(latex_of("<math><mfrac><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mi>c</mi></mfrac></math>"),
            "\\frac{a+b}{c}");
  EXPECT_EQ(latex_of("<math><msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup></math>"), "x_i^2");
  EXPECT_EQ(latex_of("<math><msup><mi>e</mi><mrow><mo>&#x2212;</mo><mi>x</mi></mrow></msup></math>"), "e^{-x}");
  EXPECT_EQ(latex_of("<math><msqrt><mi>x</mi><mo>+</mo><mn>1</mn></msqrt></math>"), "\\sqrt{x+1}");
  EXPECT_EQ(latex_of("<math><mroot><mi>x</mi><mn>3</mn></mroot></math>"), "\\sqrt[3]{x}");
  EXPECT_EQ(latex_of("<math><msup><msup><mi>x</mi><mn>2</mn></msup><mn>3</mn></msup></math>"), "{x^2}^3");
}

TEST(MathmlConversion, SumsWithLimitsAndSymbols) {
  const std::string sum =
      "<math display=\"block\"><munderover><mo>&sum;</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi>"
      "</munderover><msub><mi>&alpha;</mi><mi>i</mi></msub><mo>&le;</mo><mi>&infin;</mi></math>";
  const auto formula = formula_from_mathml(sum);
  ASSERT_TRUE(formula);
  EXPECT_EQ(formula->latex, "\\sum_{i=1}^n\\alpha_i\\le\\infty");
  EXPECT_TRUE(formula->display);
  EXPECT_EQ(latex_of("<math><munder><mo>lim</mo><mrow><mi>x</mi><mo>&rarr;</mo><mn>0</mn></mrow></munder>"
                     "<mi>f</mi></math>"),
            "\\lim_{x\\to0}f");
}

TEST(MathmlConversion, ControlWordsDoNotRunIntoLetters) {
  EXPECT_EQ(latex_of("<math><mi>&alpha;</mi><mi>x</mi><mo>&InvisibleTimes;</mo><mi>sin</mi><mi>y</mi></math>"),
            "\\alpha x\\sin y");
}

TEST(MathmlConversion, MatricesBetweenFences) {
  const std::string matrix =
      "<math><mrow><mo>(</mo><mtable><mtr><mtd><mn>1</mn></mtd><mtd><mn>0</mn></mtd></mtr>"
      "<mtr><mtd><mn>0</mn></mtd><mtd><mn>1</mn></mtd></mtr></mtable><mo>)</mo></mrow></math>";
  EXPECT_EQ(latex_of(matrix), "\\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\end{pmatrix}");
  const std::string fenced =
      "<math><mfenced open=\"[\" close=\"]\"><mtable><mtr><mtd><mi>a</mi></mtd></mtr></mtable></mfenced></math>";
  EXPECT_EQ(latex_of(fenced), "\\begin{bmatrix} a \\end{bmatrix}");
  EXPECT_EQ(latex_of("<math><mfenced><mi>a</mi><mi>b</mi></mfenced></math>"), "(a,b)");
}

TEST(MathmlConversion, AccentsTextAndSelfClosingElements) {
  EXPECT_EQ(latex_of("<math><mover accent=\"true\"><mi>x</mi><mo>&#xAF;</mo></mover></math>"), "\\overline{x}");
  EXPECT_EQ(latex_of("<math><mover><mi>v</mi><mo>&rarr;</mo></mover></math>"), "\\vec{v}");
  // <mspace/> closes itself: the letters after it are not inside it.
  EXPECT_EQ(latex_of("<math><mi>a</mi><mspace width=\"1em\"/><mtext>if</mtext><mi>b</mi></math>"), "a\\text{if}b");
  EXPECT_EQ(latex_of("<math><mi>x</mi><mo>&lt;</mo><mn>5</mn><mo>%</mo></math>"), "x<5\\%");
  // Words beside symbols keep the spaces around them.
  EXPECT_EQ(latex_of("<math><mi>f</mi><mo>&gt;</mo><mn>0</mn><mtext> for all </mtext><mi>x</mi></math>"),
            "f>0\\text{ for all }x");
}

TEST(MathmlConversion, OneCharacterScriptIsSetApartFromWhatFollows) {
  EXPECT_EQ(latex_of("<math><munderover><mo>&#x2211;</mo><mrow><mi>k</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi>"
                     "</munderover><msup><mi>k</mi><mn>2</mn></msup></math>"),
            "\\sum_{k=1}^n k^2");
  EXPECT_EQ(
      latex_of("<math><msub><mi>a</mi><mi>i</mi></msub><mo>+</mo><msub><mi>b</mi><mn>2</mn></msub><mn>3</mn></math>"),
      "a_i+b_2 3");
}

TEST(MathmlHostile, NothingToWriteAndUnboundedNesting) {
  EXPECT_FALSE(formula_from_mathml("<math></math>"));
  EXPECT_FALSE(formula_from_mathml(""));
  std::string deep = "<math>";
  for (int i = 0; i < 5000; ++i) deep += "<mrow>";
  deep += "<mi>x</mi>";
  const auto formula = formula_from_mathml(deep);  // unclosed, and deeper than any conversion goes
  ASSERT_TRUE(formula);
  EXPECT_EQ(formula->latex, "x");
}

}  // namespace
}  // namespace pagemd::extract
