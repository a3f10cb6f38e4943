#include "markdown/image_source.hpp"

#include <gtest/gtest.h>

#include <string>

#include "parse/dom.hpp"

namespace pagemd::extract {
namespace {

std::string source_of(const std::string& img) {
  const Document doc = Document::parse("<body>" + img + "</body>");
  return image_source(doc, doc.find_first(HtmlTag::img));
}

TEST(ImageSource, ARealSrcIsTheImage) { EXPECT_EQ(source_of("<img src=' /a.jpg ' data-src=/b.jpg>"), "/a.jpg"); }

TEST(ImageSource, APlaceholderGivesWayToTheLazyLoadedImage) {
  EXPECT_EQ(source_of("<img src='data:image/gif;base64,R0lGOD' data-src=/real.jpg>"), "/real.jpg");
  EXPECT_EQ(source_of("<img src=/img/spacer.gif data-lazy-src=/real.jpg>"), "/real.jpg");
  EXPECT_EQ(source_of("<img data-original=/real.jpg>"), "/real.jpg");
}

TEST(ImageSource, ASrcsetGivesItsWidestCandidate) {
  EXPECT_EQ(source_of("<img srcset='/s.jpg 480w, /l.jpg 1080w, /m.jpg 720w'>"), "/l.jpg");
  EXPECT_EQ(source_of("<img src=/lazyload.png data-srcset='/x1.jpg 1x, /x2.jpg 2x'>"), "/x2.jpg");
  // A placeholder among the candidates is never picked, however wide it says it is.
  EXPECT_EQ(source_of("<img srcset='/placeholder.png 4000w, /photo.jpg 800w'>"), "/photo.jpg");
}

TEST(ImageSource, AnImageNamingOnlyPlaceholdersHasNoSource) {
  EXPECT_EQ(source_of("<img src=data:image/png;base64,AAAA>"), "");
  EXPECT_EQ(source_of("<img>"), "");
}

}  // namespace
}  // namespace pagemd::extract
