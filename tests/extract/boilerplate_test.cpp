#include "text/phrases/boilerplate.hpp"

#include <gtest/gtest.h>

#include <string>

namespace pagemd::extract {
namespace {

// ---- is_boilerplate_label -------------------------------------------------------------------

TEST(BoilerplateLabel, WidgetHeadings) {
  EXPECT_TRUE(is_boilerplate_label("Related stories"));
  EXPECT_TRUE(is_boilerplate_label("RELATED ARTICLES"));
  EXPECT_TRUE(is_boilerplate_label("Related"));
  EXPECT_TRUE(is_boilerplate_label("You might also like"));
  EXPECT_TRUE(is_boilerplate_label("Share this article:"));
  EXPECT_TRUE(is_boilerplate_label("Tags:"));
  EXPECT_TRUE(is_boilerplate_label("Advertisement"));
  EXPECT_TRUE(is_boilerplate_label("Leave a Reply"));
  EXPECT_TRUE(is_boilerplate_label("  Most popular  "));
  EXPECT_TRUE(is_boilerplate_label("Don't miss"));
}

TEST(BoilerplateLabel, AdCaptions) {
  EXPECT_TRUE(is_ad_caption("Advertisement"));
  EXPECT_TRUE(is_ad_caption("ADVERTISEMENT - Page continues below"));
  EXPECT_FALSE(is_ad_caption("Advertisements of the 1950s"));
  EXPECT_FALSE(is_ad_caption("Related stories"));
}

TEST(BoilerplateLabel, CountInFront) {
  EXPECT_TRUE(is_boilerplate_label("12 Comments"));
  EXPECT_TRUE(is_boilerplate_label("3 comments on \"My post\""));
  EXPECT_TRUE(is_boilerplate_label("Comments (3)"));
  EXPECT_TRUE(is_boilerplate_label("2 responses"));
}

TEST(BoilerplateLabel, CustomerReviews) {
  EXPECT_TRUE(is_boilerplate_label("Customer reviews"));
  EXPECT_TRUE(is_boilerplate_label("Ratings & Reviews"));
  EXPECT_TRUE(is_boilerplate_label("98 Customer ratings"));
  EXPECT_FALSE(is_boilerplate_label("Reviews of the glaze"));
}

TEST(BoilerplateLabel, CountsOfResponses) {
  EXPECT_TRUE(counts_responses("42 Comments"));
  EXPECT_TRUE(counts_responses("59 Comments on “The December Comfort Watches 2025, Day Eighteen: Starship Troopers”"));
  EXPECT_TRUE(counts_responses("One thought on “Hello world”"));
  EXPECT_TRUE(counts_responses("3 Responses to “Hello world”"));
  EXPECT_FALSE(counts_responses("5. Thought"));                                                 // a rank
  EXPECT_FALSE(counts_responses("3 thoughts"));                                                 // not on anything
  EXPECT_FALSE(counts_responses("76 Replies"));                                                 // a thread's own
  EXPECT_FALSE(counts_responses("12 comments were removed by the moderators after the vote"));  // a sentence
  EXPECT_FALSE(counts_responses("Comments"));
}

// Every label's first word is looked up before the labels are compared.
TEST(BoilerplateLabel, LabelsOfEveryFirstWord) {
  EXPECT_TRUE(is_boilerplate_label("Customers who bought this item also bought"));
  EXPECT_TRUE(is_boilerplate_label("Complete the look"));
  EXPECT_TRUE(is_boilerplate_label("Pairs well with"));
  EXPECT_TRUE(is_boilerplate_label("What to read next"));
  EXPECT_TRUE(is_boilerplate_label("Posting Rules"));
  EXPECT_TRUE(is_boilerplate_label("Similar threads"));
  EXPECT_TRUE(is_boilerplate_label("Users browsing this thread: 2 guests"));
  EXPECT_TRUE(is_boilerplate_label("4 people also viewed"));
  EXPECT_FALSE(is_boilerplate_label("Shopping list"));
  EXPECT_FALSE(is_boilerplate_label("Customers"));
  EXPECT_FALSE(is_boilerplate_label("c123"));
}

TEST(BoilerplateLabel, NotALabel) {
  EXPECT_FALSE(is_boilerplate_label(""));
  EXPECT_FALSE(is_boilerplate_label("  -- !! "));
  EXPECT_FALSE(is_boilerplate_label("12"));
  EXPECT_FALSE(is_boilerplate_label("Introduction"));
  EXPECT_FALSE(is_boilerplate_label("The comments were closed"));
  EXPECT_FALSE(is_boilerplate_label("12 monkeys"));
}

TEST(BoilerplateLabel, WholeWordsOnly) {
  EXPECT_FALSE(is_boilerplate_label("Relatedness of species"));
  EXPECT_FALSE(is_boilerplate_label("Popularity contests"));
  EXPECT_FALSE(is_boilerplate_label("Sharecropping in the South"));
  EXPECT_FALSE(is_boilerplate_label("Tagsets"));
}

TEST(BoilerplateLabel, SentenceStartingWithShortPhraseIsNotALabel) {
  EXPECT_FALSE(is_boilerplate_label("Related research shows that the drug works in mice"));
  EXPECT_FALSE(is_boilerplate_label("Tags are used to mark up the structure of a page"));
  EXPECT_FALSE(is_boilerplate_label("Popular opinion holds that prices will keep rising"));
}

TEST(BoilerplateLabel, SentenceStartingWithLongPhraseIsNotALabel) {
  // A label may run a few words past its phrase ("Discussion (12 replies)"), a sentence may not.
  EXPECT_TRUE(is_boilerplate_label("Discussion"));
  EXPECT_FALSE(
      is_boilerplate_label("Discussion of the results shows that the effect is both real and large, as expected"));
  EXPECT_FALSE(is_boilerplate_label("Recommended daily intake of vitamin C is 90 mg for adult men"));
}

TEST(WidgetPhrase, TheShortestHasFiveLetters) {
  // "email", "print", "share", "tweet": the pruning skips the comparison for shorter text.
  EXPECT_EQ(widget_phrase_min_letters(), 5U);
  EXPECT_TRUE(is_widget_phrase("email"));
  EXPECT_TRUE(is_widget_phrase("log in"));
  EXPECT_FALSE(is_widget_phrase("mail"));
  // A shop's cart controls.
  for (const char* control : {"add to cart", "quick view", "add to compare", "notify me", "calculate shipping"}) {
    EXPECT_TRUE(is_widget_phrase(control)) << control;
  }
}

// ---- looks_like_byline ----------------------------------------------------------------------

TEST(BoilerplateByline, AuthorLines) {
  EXPECT_TRUE(looks_like_byline("By Jane Doe"));
  EXPECT_TRUE(looks_like_byline("by JANE DOE | May 3, 2024"));
  EXPECT_TRUE(looks_like_byline("Posted by admin on the forum"));
  EXPECT_TRUE(looks_like_byline("Written by: A. Smith"));
  EXPECT_TRUE(looks_like_byline("Updated 4:54 am"));
  EXPECT_TRUE(looks_like_byline("Last updated: yesterday"));
  EXPECT_TRUE(looks_like_byline("Published 2024-05-03"));
  EXPECT_TRUE(looks_like_byline("Author: Ann"));
  // Without a digit only a byline phrase's first word lets the line through to the phrases.
  EXPECT_TRUE(looks_like_byline("Words by Sam Lee"));
  EXPECT_TRUE(looks_like_byline("Posted on a Tuesday"));
}

TEST(BoilerplateByline, DateLines) {
  EXPECT_TRUE(looks_like_byline("May 20, 2026"));
  EXPECT_TRUE(looks_like_byline("20 May 2026"));
  EXPECT_TRUE(looks_like_byline("Dec. 25"));
  EXPECT_TRUE(looks_like_byline("Tuesday, September 3"));
  EXPECT_TRUE(looks_like_byline("Tuesday, Sep 3, 2024 at 5:00 pm EST - 4 min read"));
}

// The lines of other languages, whose words are not all ASCII ("veröffentlicht", "März"); a
// no-break space or a dash still parts words.
TEST(BoilerplateByline, OtherLanguagesLines) {
  EXPECT_TRUE(looks_like_byline("Veröffentlicht am 3. März 2026 von Gerd"));
  EXPECT_TRUE(looks_like_byline("Publié le 4 avril 2026"));
  EXPECT_TRUE(looks_like_byline("Écrit par Anne Martin"));
  EXPECT_TRUE(looks_like_byline("12 décembre 2025"));
  EXPECT_TRUE(looks_like_byline("Actualizado: 8 de marzo"));
  EXPECT_TRUE(looks_like_byline("Posted\u00A0by\u00A0admin"));
  EXPECT_TRUE(looks_like_byline("Updated\u2014yesterday"));
  // "Von" opens German sentences as often as bylines; a bare one is no byline.
  EXPECT_FALSE(looks_like_byline("Von Anfang an war klar, dass der Garten neue Beete braucht."));
}

TEST(BoilerplateByline, ASentenceGivingADateIsNoDateLine) {
  EXPECT_FALSE(looks_like_byline("Notifications of placement will be sent out Thursday afternoon, Aug 31."));
  EXPECT_FALSE(looks_like_byline("You can view our June 2018 open thread here."));
}

TEST(BoilerplateByline, BySomethingLowerCaseBeginsASentence) {
  EXPECT_FALSE(looks_like_byline("By the end of the year, some of us stored each island."));
  EXPECT_FALSE(looks_like_byline("By leveraging data analysis, companies gain an advantage."));
  EXPECT_FALSE(looks_like_byline("by default, all flex items have an order of 0"));
  EXPECT_FALSE(looks_like_byline("by up to 50%"));
  // A name, even a user's handle after another byline word, still is one.
  EXPECT_TRUE(looks_like_byline("By WIRED Staff"));
  EXPECT_TRUE(looks_like_byline("Posted by admin"));
}

TEST(BoilerplateByline, ByMustBeAWord) {
  EXPECT_FALSE(looks_like_byline("Bystanders said the fire spread fast"));
  EXPECT_FALSE(looks_like_byline("Bylaws of the club"));
  EXPECT_FALSE(looks_like_byline("Authority figures"));
  EXPECT_FALSE(looks_like_byline("Publishedness"));
}

TEST(BoilerplateByline, MonthWordWithoutNumberIsNotADate) {
  EXPECT_FALSE(looks_like_byline("Items may say 1"));
  EXPECT_FALSE(looks_like_byline("March of the penguins"));
  EXPECT_FALSE(looks_like_byline("Maybe 20 people came"));
  EXPECT_FALSE(looks_like_byline("We may 2x our output"));
}

TEST(BoilerplateByline, LongTextIsNotAByline) {
  EXPECT_FALSE(looks_like_byline(""));
  // 21 words starting with "By".
  EXPECT_FALSE(
      looks_like_byline("By the time we reached the summit the storm had passed and the valley below was bright with "
                        "sun and we rested"));
  // A date phrase inside 13+ words is prose, not a date line.
  EXPECT_FALSE(
      looks_like_byline("The meeting on May 20 was moved because too many of the members were away on holiday"));
  EXPECT_TRUE(looks_like_byline("The meeting on May 20 was moved"));
}

// ---- looks_like_breadcrumb ------------------------------------------------------------------

TEST(BoilerplateByline, APagesLastChangeIsADateLine) {
  EXPECT_TRUE(looks_like_byline("Last modified: 3 February 2026 | Report a problem with this page"));
  EXPECT_TRUE(looks_like_byline("Page last reviewed: 12 March 2026. Next review due: 12 March 2029"));
  EXPECT_TRUE(looks_like_byline("Zuletzt aktualisiert am 3. Februar 2026, Hinweise bitte an die Redaktion"));
  EXPECT_TRUE(looks_like_byline("Dernière mise à jour le 3 février 2026 par le service de presse"));
  EXPECT_FALSE(looks_like_byline("Lastly, modified engines need a new permit from the office of roads"));
}

TEST(BoilerplateByline, AReadingTimeIsAByline) {
  EXPECT_TRUE(looks_like_byline("6 min read"));
  EXPECT_TRUE(looks_like_byline("Jane Doe \xC2\xB7 Head of Research \xC2\xB7 12 minute read"));
  // An author card's spans, written without spaces between them.
  EXPECT_TRUE(looks_like_byline("Jane Doe Head of Research6 min read"));
  EXPECT_TRUE(looks_like_byline("5 Min. Lesezeit"));
  EXPECT_TRUE(looks_like_byline("5 min de lecture"));
  EXPECT_FALSE(looks_like_byline("Bake for 40 min and read the gauge"));
  EXPECT_FALSE(looks_like_byline("The 6 minutes after the whistle"));
}

TEST(BoilerplateEndMatter, ReferencesAndTheirKin) {
  EXPECT_TRUE(names_end_matter("References"));
  EXPECT_TRUE(names_end_matter("Other References"));
  EXPECT_TRUE(names_end_matter("Further reading"));
  EXPECT_TRUE(names_end_matter("Einzelnachweise"));
  EXPECT_TRUE(names_end_matter("Références"));
  EXPECT_FALSE(names_end_matter("Release notes for the spring update"));
  EXPECT_FALSE(names_end_matter("References to the river in old maps"));
  EXPECT_FALSE(names_end_matter("Sourcing"));
}

TEST(BoilerplatePager, ArrowsBackOrForwardBetweenPosts) {
  EXPECT_TRUE(looks_like_pager("\xE2\x86\x90 Older post", 1));
  EXPECT_TRUE(looks_like_pager("\xC2\xAB Previous", 1));
  EXPECT_TRUE(looks_like_pager("\xE2\x86\x90 How we fixed the bridge  Why the river rose \xE2\x86\x92", 2));
  EXPECT_TRUE(looks_like_pager("Newer posts \xC2\xBB  Older posts \xC2\xBB", 2));
  // One link forward alone may ask the reader somewhere.
  EXPECT_FALSE(looks_like_pager("Read the full report \xE2\x86\x92", 1));
  EXPECT_FALSE(looks_like_pager("\xE2\x86\x90 Older post", 0));  // no link: a sentence's arrow
  EXPECT_FALSE(looks_like_pager("Prices rose \xE2\x86\x92 wages fell", 2));
  EXPECT_TRUE(looks_like_pager("< Back to the index", 1));
  EXPECT_FALSE(looks_like_pager("<3 premium", 1));  // a heart, not an arrow
  EXPECT_FALSE(looks_like_pager("\xE2\x86\x90 " + std::string(300, 'x'), 2));
}

TEST(BoilerplateTrail, TheMarksBetweenATrailsLinks) {
  for (const std::string_view mark :
       {"/", "|", ">", "\xC2\xBB", "\xE2\x80\xBA", "\xC2\xB7", "\xE2\x86\x92", "\xE2\x80\xA2"}) {
    EXPECT_TRUE(is_trail_separator(mark)) << mark;
  }
  EXPECT_FALSE(is_trail_separator(""));
  EXPECT_FALSE(is_trail_separator("and"));
  EXPECT_FALSE(is_trail_separator("/ /"));
  EXPECT_FALSE(is_trail_separator("-"));  // a dash joins words as often as it parts links
}

TEST(BoilerplateBreadcrumb, Positives) {
  EXPECT_TRUE(looks_like_breadcrumb("You are here: Home > News"));
  EXPECT_TRUE(looks_like_breadcrumb("you are here"));
  EXPECT_TRUE(looks_like_breadcrumb("Home > News > Story"));
  EXPECT_TRUE(looks_like_breadcrumb("Home \xE2\x80\xBA News \xE2\x80\xBA Story"));
  EXPECT_TRUE(looks_like_breadcrumb("Home \xC2\xBB Blog \xC2\xBB Post"));
}

TEST(BoilerplateBreadcrumb, Negatives) {
  EXPECT_FALSE(looks_like_breadcrumb(""));
  EXPECT_FALSE(looks_like_breadcrumb("Home > News"));
  EXPECT_FALSE(looks_like_breadcrumb("You were here last year"));
  EXPECT_FALSE(looks_like_breadcrumb("Are you here?"));
  std::string long_line(250, 'x');
  long_line += " > a > b";
  EXPECT_FALSE(looks_like_breadcrumb(long_line));
}

}  // namespace
}  // namespace pagemd::extract
