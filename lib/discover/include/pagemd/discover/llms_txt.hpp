#pragma once

#include <string>
#include <vector>

namespace pagemd::discover {

struct LlmsPage {
  std::string url;
  std::string title;
  std::string description;  // may be empty
  std::string markdown;     // the converted page, for llms-full.txt
};

// DIR/llms.txt in the llmstxt.org format: "# <site title>", "> <site description>" when there is one,
// then one "## <section>" per first path segment (pages at the top level under "## Pages"), in order of
// first appearance, each page once as "- [Title](URL): description".
[[nodiscard]] std::string format_llms_txt(const std::string& site_title, const std::string& site_description,
                                          const std::vector<LlmsPage>& pages);

// DIR/llms-full.txt: every page's Markdown under "# Title" and its URL, in order.
[[nodiscard]] std::string format_llms_full_txt(const std::vector<LlmsPage>& pages);

}  // namespace pagemd::discover
