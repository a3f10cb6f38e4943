// The service profile of lib/extract/src/content/content_profile.hpp, through the whole extraction:
// where the content lies on a company's page of its services.
#include <gtest/gtest.h>

#include <string>

#include "extract_test_helpers.hpp"
#include "pagemd/extract/extractor.hpp"

namespace pagemd::extract {
namespace {

using test_support::run;

// The service page `html`, at a services address, checked to be taken for a service page.
Extraction run_service(const std::string& html) {
  ExtractOptions options;
  options.page_url = "https://clinic.example/services/mental-health-services";
  Extraction service = run(html, options);
  EXPECT_EQ(service.metadata.page_type, PageType::service);
  return service;
}

std::string service_sentence(const std::string& topic, int n) {
  return "<p>The " + topic + " paragraph " + std::to_string(n) +
         " says what the clinic offers to patients of every age, in the hospital and at home, and whom "
         "to call for it.</p>";
}

// A bar of the site's help before the page's <main>, and the site's latest news after it: each holds
// sentences, and both are the site's, not the page's.
std::string clinic_page(const std::string& main_copy) {
  std::string help = "<section class=util-section>";
  for (int i = 0; i < 3; ++i) help += service_sentence("help bar", i);
  help += "</section>";
  std::string news = "<div class=latest-stories>";
  for (int i = 0; i < 4; ++i)
    news += "<div><h3>News item " + std::to_string(i) + "</h3>" + service_sentence("news", i) + "</div>";
  news += "</div>";
  return "<html><head><title>Mental health services</title></head><body><header><nav><a href=/>Home</a></nav>"
         "</header>" +
         help + "<div id=main-wrapper><div class=row><main id=content>" + main_copy +
         "</main><aside><a href=/a>Addiction</a> <a href=/b>Behavioral health</a></aside></div></div>" + news +
         "<footer><p>The clinic, 660 Bannock Street</p></footer></body></html>";
}

// The page's <main> landmark holds its copy: what the page puts beside it goes.
TEST(ExtractService, TheContentIsInThePagesMain) {
  std::string copy = "<h1>Mental health services</h1>";
  for (int i = 0; i < 4; ++i) copy += "<h2>Service " + std::to_string(i) + "</h2>" + service_sentence("service", i);
  const Extraction page = run_service(clinic_page(copy));
  EXPECT_NE(page.markdown.find("service paragraph 3"), std::string::npos) << page.markdown;
  EXPECT_NE(page.markdown.find("service paragraph 0"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("help bar paragraph"), std::string::npos) << page.markdown;
  EXPECT_EQ(page.markdown.find("news paragraph"), std::string::npos) << page.markdown;
}

// A <main> around a hero's title and line alone says nothing of where the copy is: the page's
// sections after it are still read.
TEST(ExtractService, AMainOfATitleAloneIsNoScope) {
  std::string sections;
  for (int i = 0; i < 8; ++i) {
    sections += "<section><h2>Service " + std::to_string(i) + "</h2>" + service_sentence("service", i) + "</section>";
  }
  const Extraction page = run_service(
      "<html><head><title>Mental health services</title></head><body><header><nav><a href=/>Home</a></nav></header>"
      "<main><h1>Mental health services</h1>" +
      service_sentence("hero", 0) + "</main><div class=sections>" + sections +
      "</div><footer><p>The clinic, 660 Bannock Street</p></footer></body></html>");
  EXPECT_NE(page.markdown.find("service paragraph 7"), std::string::npos) << page.markdown;
}

}  // namespace
}  // namespace pagemd::extract
