#include "document_info.hpp"

#include <gtest/gtest.h>

namespace pagemd::pdf {
namespace {

TEST(DocumentInfo, AProducersPlaceholderIsNoTitle) {
  for (const char* placeholder :
       {"Microsoft Word - draft3.docx", "draft3.docx", "report-final.pdf", "Untitled", "Untitled-1",
        "C:\\Users\\ada\\notes.doc", "/tmp/out/x", "0001", "  ", "Microsoft PowerPoint - deck"}) {
    EXPECT_FALSE(is_real_title(placeholder)) << placeholder;
  }
  for (const char* title : {"Growing Onions in Cold Frames", "Annual Report 2024", "Q&A: what/why", "Über die Zwiebel",
                            "Version 2.0 notes"}) {
    EXPECT_TRUE(is_real_title(title)) << title;
  }
}

TEST(DocumentInfo, XmpPropertiesAsElementsListsOrAttributes) {
  const std::string xmp =
      "<x:xmpmeta><rdf:RDF><rdf:Description xmp:CreateDate=\"2024-02-01T10:00:00Z\">"
      "<dc:creator><rdf:Seq><rdf:li>Ada Gardener</rdf:li><rdf:li>Bo</rdf:li></rdf:Seq></dc:creator>"
      "<pdf:Producer> TeX </pdf:Producer></rdf:Description></rdf:RDF></x:xmpmeta>";
  EXPECT_EQ(xmp_property(xmp, "dc:creator"), "Ada Gardener");
  EXPECT_EQ(xmp_property(xmp, "xmp:CreateDate"), "2024-02-01T10:00:00Z");
  EXPECT_EQ(xmp_property(xmp, "pdf:Producer"), "TeX");
  EXPECT_EQ(xmp_property(xmp, "dc:title"), "");
}

TEST(DocumentInfo, TheFileNameOfAUrl) {
  EXPECT_EQ(file_name_of("https://example.com/files/annual%20report.pdf?download=1#page=2"), "annual report.pdf");
  EXPECT_EQ(file_name_of("report.pdf"), "report.pdf");
  EXPECT_EQ(file_name_of(""), "");
}

}  // namespace
}  // namespace pagemd::pdf
