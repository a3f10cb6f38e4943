// TeX in a page's text that its MathJax or KaTeX would typeset.
#include "math/tex_delimiters.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "extract_test_helpers.hpp"

namespace pagemd::extract {
namespace {

constexpr TexDelimiters kDefault{true, false};
constexpr TexDelimiters kWithDollar{true, true};

// Each span as "latex" for inline and "[latex]" for displayed.
std::vector<std::string> found(std::string_view text, const TexDelimiters& delimiters) {
  std::vector<std::string> out;
  for (const TexSpan& span : tex_spans(text, delimiters)) {
    EXPECT_LT(span.begin, span.end);
    std::string written(span.latex);
    if (span.display) written.insert(0, 1, '[').push_back(']');
    out.push_back(std::move(written));
  }
  return out;
}

using Spans = std::vector<std::string>;

TEST(TexDelimiters, ReadsWhichTypesetterTheScriptsLoad) {
  EXPECT_FALSE(tex_delimiters_of("").typeset);
  EXPECT_FALSE(tex_delimiters_of("src=\"/js/app.js\" \n").typeset);
  // KaTeX alone renders what a script hands it; only its auto-render reads the text.
  EXPECT_FALSE(tex_delimiters_of("src=\"https://cdn.example/katex.min.js\" \n").typeset);
  EXPECT_TRUE(tex_delimiters_of("src=\"https://cdn.example/katex/contrib/auto-render.min.js\" \n").typeset);
  EXPECT_TRUE(tex_delimiters_of("src=\"/mathjax/MathJax.js?config=TeX-AMS_HTML\" \n").typeset);
  EXPECT_TRUE(tex_delimiters_of("src=\"https://cdn.example/mathjax@3/es5/tex-mml-chtml.js\" \n").typeset);
  EXPECT_FALSE(tex_delimiters_of("src=\"/mathjax/MathJax.js\" \n").single_dollar);
  EXPECT_TRUE(tex_delimiters_of("src=\"/MathJax.js\" \ntype=\"text/x-mathjax-config\" MathJax.Hub.Config({tex2jax: "
                                "{inlineMath: [ ['$','$'], ['\\\\(','\\\\)'] ]}});\n")
                  .single_dollar);
  EXPECT_TRUE(tex_delimiters_of(" renderMathInElement(document.body, {delimiters: [{left: \"$$\", right: \"$$\", "
                                "display: true}, {left: \"$\", right: \"$\", display: false}]});\n")
                  .single_dollar);
  // Only $$ listed: single dollars stay money.
  EXPECT_FALSE(tex_delimiters_of(" renderMathInElement(document.body, {delimiters: [{left: '$$', right: '$$'}]});\n")
                   .single_dollar);
}

TEST(TexDelimiters, FindsEachDelimiterPair) {
  EXPECT_EQ(found(R"(The sum \(\sum_i i\) grows.)", kDefault), Spans{R"(\sum_i i)"});
  EXPECT_EQ(found(R"(Shown: \[ \int f \] and $$ a^2 $$.)", kDefault), (Spans{R"([\int f])", "[a^2]"}));
  EXPECT_EQ(found(R"(So \begin{align*} a &= b \end{align*} holds.)", kDefault),
            Spans{R"([\begin{align*} a &= b \end{align*}])"});
  EXPECT_TRUE(found(R"(A tutorial writes \begin{document} and \end{document}.)", kDefault).empty());
}

TEST(TexDelimiters, SingleDollarsOnlyWhenConfiguredAndShapedLikeMath) {
  EXPECT_TRUE(found("between $a$ and $b$", kDefault).empty());
  EXPECT_EQ(found("between $a$ and $b$", kWithDollar), (Spans{"a", "b"}));
  EXPECT_TRUE(found("It costs $5 and $10 today.", kWithDollar).empty());
  EXPECT_TRUE(found("from $ 5 to $ 10", kWithDollar).empty());
  EXPECT_EQ(found(R"(escaped \$ then $x \$ y$ ends)", kWithDollar), Spans{R"(x \$ y)"});
}

TEST(TexDelimiters, UnclosedOrEmptyDelimitersAreText) {
  EXPECT_TRUE(found(R"(An open \( never closed)", kDefault).empty());
  EXPECT_TRUE(found(R"(Empty \(  \) and $$$$ here)", kDefault).empty());
  EXPECT_TRUE(found(R"(A path C:\\(x\) stays)", kDefault).empty());
  EXPECT_TRUE(found(R"(\(x\))", TexDelimiters{}).empty());
}

TEST(TexDelimiters, HostileTextIsOnePass) {
  // Every opening without a closing: each closing is looked for once, so this is linear.
  std::string hostile = "$$ ";
  for (int i = 0; i < 200000; ++i) hostile += R"(\( \[ $a \begin{equation} )";
  EXPECT_TRUE(found(hostile, kWithDollar).empty());
}

TEST(TexDelimiters, PageThatTypesetsItsTextGetsFormulas) {
  const std::string page =
      R"(<html><head><title>Sums</title><script src="/mathjax/MathJax.js?config=TeX-AMS_HTML"></script></head>)"
      R"(<body><article><h1>Sums</h1><p>The sum \(\sum_{i=1}^n i = \frac{n(n+1)}{2}\) is due to Gauss, who found)"
      R"( it as a schoolboy, says a story told often in classrooms.</p><p>Displayed: \[ \int_0^1 x\,dx \] ends)"
      R"( it; <code>\(kept\)</code> is code. It costs $5 and $10 to print.</p></article></body></html>)";
  const std::string md = test_support::run(page).markdown;
  EXPECT_NE(md.find(R"(The sum $\sum_{i=1}^n i = \frac{n(n+1)}{2}$ is due)"), std::string::npos) << md;
  EXPECT_NE(md.find("\n$$\n\\int_0^1 x\\,dx\n$$\n"), std::string::npos) << md;
  EXPECT_NE(md.find(R"(`\(kept\)`)"), std::string::npos) << md;
  EXPECT_NE(md.find("$5 and $10"), std::string::npos) << md;
  // The same text on a page without a typesetter is text.
  std::string plain = page;
  plain.erase(plain.find("<script"), plain.find("</head>") - plain.find("<script"));
  EXPECT_NE(test_support::run(plain).markdown.find(R"(The sum \\(\\sum)"), std::string::npos);
}

TEST(TexDelimiters, ElementsThatHoldDelimitedTexAreReadWithoutTheScript) {
  // GitHub's rendered Markdown, Pandoc's HTML and MkDocs' arithmatex, saved without their scripts.
  const std::string page =
      R"(<html><head><title>Notes</title></head><body><article><h1>Notes</h1><p>The root )"
      R"(<math-renderer class="js-inline-math" style="display: inline">$\sqrt{3}$</math-renderer> is irrational, )"
      R"(as <span class="math inline">\(p/q\)</span> shows; the proof is old and short and often taught.</p>)"
      R"(<math-renderer class="js-display-math" style="display: block">$$\sum_k a_k$$</math-renderer>)"
      R"(<div class="arithmatex">\[ e^{i\pi} = -1 \]</div><p>Prices of $5 and $10 elsewhere stay text in the )"
      R"(rest of this paragraph, which goes on long enough to be an article.</p></article></body></html>)";
  const std::string md = test_support::run(page).markdown;
  EXPECT_NE(md.find(R"(The root $\sqrt{3}$ is irrational, as $p/q$ shows)"), std::string::npos) << md;
  EXPECT_NE(md.find("\n$$\n\\sum_k a_k\n$$\n"), std::string::npos) << md;
  EXPECT_NE(md.find("\n$$\ne^{i\\pi} = -1\n$$\n"), std::string::npos) << md;
  EXPECT_NE(md.find("Prices of $5 and $10 elsewhere"), std::string::npos) << md;
}

}  // namespace
}  // namespace pagemd::extract
