#pragma once

// The LaTeX math environments a page's formulas come in, in one table: what MathJax and KaTeX typeset
// when they stand in a page's text (tex_delimiters), and what each becomes inside $$…$$, where the
// numbered display environments are refused (tidy_tex).

#include <algorithm>
#include <array>
#include <string_view>

namespace pagemd::extract {

struct TexEnvironment {
  std::string_view name;
  // What stands for it inside $$…$$: empty for its content alone, or an environment that may stand
  // there (aligned for align); its own name when it may stand there itself (split).
  std::string_view inside_display_math;
};

// Not a LaTeX tutorial's "\begin{document}": only these start a formula.
inline constexpr std::array<TexEnvironment, 9> kTexEnvironments{{
    {"equation", ""},
    {"displaymath", ""},
    {"align", "aligned"},
    {"eqnarray", "aligned"},
    {"flalign", "aligned"},
    {"alignat", "alignedat"},  // its column count, "{2}", stays with the content and serves alignedat
    {"gather", "gathered"},
    {"multline", "gathered"},
    {"split", "split"},
}};

// The environment named `name` (a starred form, "align*", is its environment), or nullptr.
[[nodiscard]] inline const TexEnvironment* find_tex_environment(std::string_view name) {
  if (name.ends_with('*')) name.remove_suffix(1);
  const auto* found = std::find_if(kTexEnvironments.begin(), kTexEnvironments.end(),
                                   [&](const TexEnvironment& environment) { return environment.name == name; });
  return found == kTexEnvironments.end() ? nullptr : found;
}

}  // namespace pagemd::extract
