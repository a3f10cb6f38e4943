#include "math/tex_symbols.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace pagemd::extract {
namespace {

using Symbol = std::pair<std::string_view, std::string_view>;

// Greek letters, operators, relations, arrows and the letter-like symbols of the MathML that
// KaTeX, MathJax, MediaWiki and the office suites write.
constexpr std::array kSymbols = std::to_array<Symbol>({
    {"\u03B1", "\\alpha"},
    {"\u03B2", "\\beta"},
    {"\u03B3", "\\gamma"},
    {"\u03B4", "\\delta"},
    {"\u03B5", "\\varepsilon"},
    {"\u03F5", "\\epsilon"},
    {"\u03B6", "\\zeta"},
    {"\u03B7", "\\eta"},
    {"\u03B8", "\\theta"},
    {"\u03D1", "\\vartheta"},
    {"\u03B9", "\\iota"},
    {"\u03BA", "\\kappa"},
    {"\u03BB", "\\lambda"},
    {"\u03BC", "\\mu"},
    {"\u03BD", "\\nu"},
    {"\u03BE", "\\xi"},
    {"\u03C0", "\\pi"},
    {"\u03C1", "\\rho"},
    {"\u03F1", "\\varrho"},
    {"\u03C3", "\\sigma"},
    {"\u03C2", "\\varsigma"},
    {"\u03C4", "\\tau"},
    {"\u03C5", "\\upsilon"},
    {"\u03C6", "\\varphi"},
    {"\u03D5", "\\phi"},
    {"\u03C7", "\\chi"},
    {"\u03C8", "\\psi"},
    {"\u03C9", "\\omega"},
    {"\u0393", "\\Gamma"},
    {"\u0394", "\\Delta"},
    {"\u0398", "\\Theta"},
    {"\u039B", "\\Lambda"},
    {"\u039E", "\\Xi"},
    {"\u03A0", "\\Pi"},
    {"\u03A3", "\\Sigma"},
    {"\u03A5", "\\Upsilon"},
    {"\u03A6", "\\Phi"},
    {"\u03A8", "\\Psi"},
    {"\u03A9", "\\Omega"},
    {"\u2211", "\\sum"},
    {"\u220F", "\\prod"},
    {"\u2210", "\\coprod"},
    {"\u222B", "\\int"},
    {"\u222C", "\\iint"},
    {"\u222D", "\\iiint"},
    {"\u222E", "\\oint"},
    {"\u22C3", "\\bigcup"},
    {"\u22C2", "\\bigcap"},
    {"\u00B1", "\\pm"},
    {"\u2213", "\\mp"},
    {"\u00D7", "\\times"},
    {"\u00F7", "\\div"},
    {"\u22C5", "\\cdot"},
    {"\u00B7", "\\cdot"},
    {"\u2212", "-"},
    {"\u2217", "\\ast"},
    {"\u2218", "\\circ"},
    {"\u2219", "\\bullet"},
    {"\u2264", "\\le"},
    {"\u2265", "\\ge"},
    {"\u2260", "\\ne"},
    {"\u2248", "\\approx"},
    {"\u2261", "\\equiv"},
    {"\u223C", "\\sim"},
    {"\u2243", "\\simeq"},
    {"\u2245", "\\cong"},
    {"\u221D", "\\propto"},
    {"\u226A", "\\ll"},
    {"\u226B", "\\gg"},
    {"\u2192", "\\to"},
    {"\u2190", "\\leftarrow"},
    {"\u2194", "\\leftrightarrow"},
    {"\u21D2", "\\Rightarrow"},
    {"\u21D0", "\\Leftarrow"},
    {"\u21D4", "\\Leftrightarrow"},
    {"\u21A6", "\\mapsto"},
    {"\u221E", "\\infty"},
    {"\u2208", "\\in"},
    {"\u2209", "\\notin"},
    {"\u220B", "\\ni"},
    {"\u2282", "\\subset"},
    {"\u2283", "\\supset"},
    {"\u2286", "\\subseteq"},
    {"\u2287", "\\supseteq"},
    {"\u222A", "\\cup"},
    {"\u2229", "\\cap"},
    {"\u2216", "\\setminus"},
    {"\u2200", "\\forall"},
    {"\u2203", "\\exists"},
    {"\u2204", "\\nexists"},
    {"\u00AC", "\\neg"},
    {"\u2227", "\\land"},
    {"\u2228", "\\lor"},
    {"\u2205", "\\emptyset"},
    {"\u2202", "\\partial"},
    {"\u2207", "\\nabla"},
    {"\u221A", "\\surd"},
    {"\u2032", "'"},
    {"\u2033", "''"},
    {"\u2026", "\\ldots"},
    {"\u22EF", "\\cdots"},
    {"\u22EE", "\\vdots"},
    {"\u22F1", "\\ddots"},
    {"\u27E8", "\\langle"},
    {"\u27E9", "\\rangle"},
    {"\u2329", "\\langle"},
    {"\u232A", "\\rangle"},
    {"\u2016", "\\|"},
    {"\u2225", "\\parallel"},
    {"\u22A5", "\\perp"},
    {"\u2220", "\\angle"},
    {"\u2297", "\\otimes"},
    {"\u2295", "\\oplus"},
    {"\u2020", "\\dagger"},
    {"\u210F", "\\hbar"},
    {"\u2113", "\\ell"},
    {"\u211D", "\\mathbb{R}"},
    {"\u2115", "\\mathbb{N}"},
    {"\u2124", "\\mathbb{Z}"},
    {"\u211A", "\\mathbb{Q}"},
    {"\u2102", "\\mathbb{C}"},
    {"\u2308", "\\lceil"},
    {"\u2309", "\\rceil"},
    {"\u230A", "\\lfloor"},
    {"\u230B", "\\rfloor"},
    {"\u00B0", "^\\circ"},
    {"\u2061", kInvisibleSymbol},
    {"\u2062", kInvisibleSymbol},
    {"\u2063", kInvisibleSymbol},
    {"\u2064", "+"},
    {"{", "\\{"},
    {"}", "\\}"},
    {"#", "\\#"},
    {"%", "\\%"},
    {"&", "\\&"},
    {"$", "\\$"},
    {"_", "\\_"},
    {"~", "\\sim"},
    {"\\", "\\backslash"},
});

constexpr std::array<std::string_view, 32> kFunctions{
    "sin",  "cos",  "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh",
    "tanh", "coth", "log", "ln",  "lg",  "exp", "lim",    "max",    "min",    "sup",  "inf",
    "det",  "dim",  "ker", "deg", "gcd", "arg", "Pr",     "limsup", "liminf", "hom"};

constexpr std::array<std::string_view, 12> kBigOperators{"\\sum",  "\\prod",   "\\coprod", "\\int", "\\iint", "\\iiint",
                                                         "\\oint", "\\bigcup", "\\bigcap", "\\lim", "\\max",  "\\min"};

}  // namespace

std::string_view tex_symbol(std::string_view text) {
  const auto* found = std::find_if(kSymbols.begin(), kSymbols.end(), [&](const Symbol& s) { return s.first == text; });
  return found == kSymbols.end() ? std::string_view{} : found->second;
}

bool is_function_name(std::string_view name) {
  return std::find(kFunctions.begin(), kFunctions.end(), name) != kFunctions.end();
}

bool is_big_operator(std::string_view latex) {
  return std::find(kBigOperators.begin(), kBigOperators.end(), latex) != kBigOperators.end() || latex == "\\sup" ||
         latex == "\\inf";
}

std::string_view accent_command(std::string_view mark, bool over) {
  if (over) {
    if (mark == "\u00AF" || mark == "\u203E" || mark == "_" || mark == "\u2015") return "\\overline";
    if (mark == "^" || mark == "\u02C6" || mark == "\u0302") return "\\hat";
    if (mark == "~" || mark == "\u02DC" || mark == "\u0303") return "\\tilde";
    if (mark == "\u2192" || mark == "\u20D7") return "\\vec";
    if (mark == "\u02D9" || mark == "." || mark == "\u0307") return "\\dot";
    if (mark == "\u00A8" || mark == "\u0308") return "\\ddot";
    if (mark == "\u23DE" || mark == "\uFE37") return "\\overbrace";
    return {};
  }
  if (mark == "_" || mark == "\u00AF" || mark == "\u0332") return "\\underline";
  if (mark == "\u23DF" || mark == "\uFE38") return "\\underbrace";
  return {};
}

std::string escape_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '#':
      case '$':
      case '%':
      case '&':
      case '_':
      case '{':
      case '}':
        out.push_back('\\');
        out.push_back(c);
        break;
      case '\\': out += "\\backslash "; break;
      default: out.push_back(c);
    }
  }
  return out;
}

}  // namespace pagemd::extract
