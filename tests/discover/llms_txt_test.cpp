#include "pagemd/discover/llms_txt.hpp"

#include <gtest/gtest.h>

namespace pagemd::discover {
namespace {

TEST(LlmsTxt, GroupsPagesBySectionInOrderOfFirstAppearance) {
  const std::vector<LlmsPage> pages{
      {"https://a.example/", "Home", "The start", ""},
      {"https://a.example/docs/install", "Install [guide]", "How to\ninstall", ""},
      {"https://a.example/blog/one?x=1", "One", "", ""},
      {"https://a.example/docs/use", "", "", ""},
      {"https://a.example/about?x=1", "About", "", ""},
  };
  EXPECT_EQ(format_llms_txt("Site", "All about it", pages),
            "# Site\n\n> All about it\n\n"
            "## Pages\n\n- [Home](https://a.example/): The start\n- [About](https://a.example/about?x=1)\n\n"
            "## docs\n\n- [Install \\[guide\\]](https://a.example/docs/install): How to install\n"
            "- [https://a.example/docs/use](https://a.example/docs/use)\n\n"
            "## blog\n\n- [One](https://a.example/blog/one?x=1)\n\n");
  EXPECT_EQ(format_llms_txt("Site", "", {}), "# Site\n\n");
}

TEST(LlmsTxt, FullTextHasEachPageUnderItsTitleAndUrlOnce) {
  const std::vector<LlmsPage> pages{{"https://a.example/x", "X", "", "# X\n\nBody of x.\n"},
                                    {"https://a.example/y", "Y", "", "Body of y."}};
  EXPECT_EQ(format_llms_full_txt(pages),
            "# X\n\nURL: https://a.example/x\n\nBody of x.\n\n# Y\n\nURL: https://a.example/y\n\nBody of y.\n\n");
}

}  // namespace
}  // namespace pagemd::discover
