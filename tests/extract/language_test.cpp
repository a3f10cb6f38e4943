#include "page_info/language.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

namespace pagemd::extract {
namespace {

constexpr const char* kEnglishProse =
    "The river had been rising for three days before anyone in the village thought to move the boats. "
    "When the water finally reached the square, it carried with it the smell of the hills and a great deal "
    "of mud. Most of the older people said that they had seen worse, but none of them could remember when.";

constexpr const char* kTechnicalEnglish =
    "To configure the cache, call cache_init() with a pointer to a config struct. The function returns "
    "an error code if the size is zero or the allocator is null. For example:\n\n"
    "    struct cache_config cfg = { .size = 4096, .alloc = my_alloc };\n"
    "    int rc = cache_init(&cfg);\n"
    "    if (rc != 0) { fprintf(stderr, \"init failed: %d\\n\", rc); }\n\n"
    "Entries are evicted in LRU order. Use cache_get() and cache_put() from any thread; both take a lock "
    "internally, so there is no need to wrap them in your own mutex.";

constexpr const char* kGerman =
    "Der Fluss war seit drei Tagen gestiegen, bevor jemand im Dorf daran dachte, die Boote in Sicherheit "
    "zu bringen. Als das Wasser schließlich den Marktplatz erreichte, brachte es den Geruch der Hügel und "
    "eine Menge Schlamm mit. Die meisten älteren Leute sagten, dass sie schon Schlimmeres gesehen hätten, "
    "aber keiner von ihnen konnte sich erinnern, wann das gewesen war.";

constexpr const char* kFrench =
    "La rivière montait depuis trois jours avant que quelqu'un dans le village ne pense à déplacer les "
    "bateaux. Quand l'eau a enfin atteint la place, elle a apporté avec elle l'odeur des collines et "
    "beaucoup de boue. La plupart des anciens ont dit qu'ils avaient vu pire, mais aucun d'entre eux ne "
    "se souvenait quand.";

constexpr const char* kSpanish =
    "El río llevaba tres días creciendo antes de que alguien en el pueblo pensara en mover los barcos. "
    "Cuando el agua por fin llegó a la plaza, trajo consigo el olor de las colinas y una gran cantidad de "
    "barro. La mayoría de los mayores dijeron que habían visto cosas peores, pero ninguno de ellos podía "
    "recordar cuándo.";

constexpr const char* kDutch =
    "De rivier was al drie dagen aan het stijgen voordat iemand in het dorp eraan dacht om de boten te "
    "verplaatsen. Toen het water eindelijk het plein bereikte, bracht het de geur van de heuvels en een "
    "hoop modder mee. De meeste oudere mensen zeiden dat ze wel erger hadden gezien, maar niemand van hen "
    "kon zich herinneren wanneer dat was.";

constexpr const char* kItalian =
    "Il fiume cresceva da tre giorni prima che qualcuno nel villaggio pensasse di spostare le barche. "
    "Quando l'acqua finalmente raggiunse la piazza, portò con sé l'odore delle colline e una grande "
    "quantità di fango. La maggior parte degli anziani disse che aveva visto di peggio, ma nessuno di "
    "loro ricordava quando.";

constexpr const char* kPortuguese =
    "O rio estava subindo havia três dias antes que alguém na aldeia pensasse em mover os barcos. Quando "
    "a água finalmente chegou à praça, trouxe com ela o cheiro das colinas e uma grande quantidade de "
    "lama. A maioria dos mais velhos disse que já tinha visto coisa pior, mas nenhum deles se lembrava "
    "de quando.";

constexpr const char* kChinese =
    "河水已经涨了三天，村里才有人想到要把船移走。当水终于漫到广场时，它带来了山丘的气味和大量的泥土。"
    "大多数老人说他们见过更糟的情况，但没有人记得是什么时候。";

constexpr const char* kRussian =
    "Река поднималась уже три дня, прежде чем кто-то в деревне догадался перенести лодки. Когда вода "
    "наконец дошла до площади, она принесла с собой запах холмов и много грязи. Большинство стариков "
    "говорили, что видели и похуже, но никто из них не мог вспомнить, когда.";

TEST(Language, EnglishProse) { EXPECT_EQ(detect_language(kEnglishProse), "en"); }

TEST(Language, TechnicalEnglishWithCode) { EXPECT_EQ(detect_language(kTechnicalEnglish), "en"); }

TEST(Language, OtherEuropeanLanguagesAreUnknown) {
  EXPECT_EQ(detect_language(kGerman), "unknown");
  EXPECT_EQ(detect_language(kFrench), "unknown");
  EXPECT_EQ(detect_language(kSpanish), "unknown");
  EXPECT_EQ(detect_language(kDutch), "unknown");
  EXPECT_EQ(detect_language(kItalian), "unknown");
  EXPECT_EQ(detect_language(kPortuguese), "unknown");
}

TEST(Language, NonLatinScriptsAreUnknown) {
  EXPECT_EQ(detect_language(kChinese), "unknown");
  EXPECT_EQ(detect_language(kRussian), "unknown");
}

TEST(Language, ChineseWithEnglishNavigationIsUnknown) {
  const std::string page = std::string("Home | About the site | Contact us | Log in\n") + kChinese + kChinese;
  EXPECT_EQ(detect_language(page), "unknown");
}

TEST(Language, MostlyEnglishWithGermanQuoteIsEnglish) {
  const std::string page = std::string(kEnglishProse) + "\n\nAs the mayor put it: \"" + kGerman + "\"\n\n" +
                           kEnglishProse + " " + kTechnicalEnglish;
  EXPECT_EQ(detect_language(page), "en");
}

TEST(Language, UpperCaseEnglishStillEnglish) {
  EXPECT_EQ(detect_language("THE RESULTS OF THE STUDY ARE SHOWN IN THE TABLE BELOW AND IN THE APPENDIX."), "en");
}

TEST(Language, EmptyAndShortTextIsUnknown) {
  EXPECT_EQ(detect_language(""), "unknown");
  EXPECT_EQ(detect_language("   \n\t "), "unknown");
  EXPECT_EQ(detect_language("the of"), "unknown");
  EXPECT_EQ(detect_language("1234 5678 !!! ---"), "unknown");
}

TEST(Language, WordsWithoutFunctionWordsAreUnknown) {
  EXPECT_EQ(detect_language("Lorem ipsum dolor sit amet consectetur adipiscing elit sed eiusmod tempor"), "unknown");
}

TEST(Language, InvalidUtf8DoesNotConfuseIt) {
  std::string text = kEnglishProse;
  text += "\xff\xfe\xc3 \xe2\x82";
  EXPECT_EQ(detect_language(text), "en");
}

// Speed is measured in bench/, not here; this only checks a large input is handled whole.
TEST(Language, MegabyteOfText) {
  std::string text;
  while (text.size() < (1u << 20)) text += kTechnicalEnglish;
  EXPECT_EQ(detect_language(text), "en");
}

// Texts of the round-trip development pages (tests/data/language, copied with their manifest): every
// one must be classified as the manifest says (languages other than English count as "unknown").
TEST(Language, RoundtripDevTruths) {
  const std::filesystem::path dir = std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "language";
  std::ifstream manifest_file(dir / "manifest.json");
  ASSERT_TRUE(manifest_file) << "no " << dir;
  const nlohmann::json manifest = nlohmann::json::parse(manifest_file, nullptr, false);
  ASSERT_FALSE(manifest.is_discarded());
  int checked = 0;
  for (const nlohmann::json& page : manifest.at("pages")) {
    const std::string id = page.at("id").get<std::string>();
    std::ifstream truth(dir / (id + ".md"));
    ASSERT_TRUE(truth) << id;
    std::stringstream text;
    text << truth.rdbuf();
    const std::string expected = page.at("language").get<std::string>() == "en" ? "en" : "unknown";
    EXPECT_EQ(detect_language(text.str()), expected) << id;
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(LanguageTag, TheDeclarationIsTakenOnlyWhenTheTextCannotDecide) {
  // Plenty of German text: a page that says lang="en" is still German.
  EXPECT_EQ(detect_language_tag(kGerman, "en"), "de");
  EXPECT_EQ(spec_language(detect_language_tag(kGerman, "en")), "unknown");
  // A few names say little; the page's own declaration, reduced to its language, decides.
  const std::string names = "Tokyo Osaka Kyoto Nagoya Sapporo Fukuoka Kobe Sendai Hiroshima";
  EXPECT_EQ(detect_language_tag(names, "ja-JP"), "ja");
  EXPECT_EQ(detect_language_tag(names, "zh-TW"), "zh-Hant");
  EXPECT_EQ(detect_language_tag(names, "iw"), "he");
  EXPECT_EQ(detect_language_tag(names, "en-GB, fr"), "en");
  // No text: nothing to decide from, whatever is declared; a declaration that is no tag is ignored.
  EXPECT_EQ(detect_language_tag("", "en"), "und");
  EXPECT_EQ(detect_language_tag("2024", "de"), "und");
  EXPECT_EQ(detect_language_tag(kFrench, "x-klingon"), "fr");
}

TEST(LanguageTag, MixedTextTakesTheLanguageOfMostOfIt) {
  std::string mostly_russian;
  for (int i = 0; i < 40; ++i) mostly_russian += std::string(kRussian) + "\n";
  mostly_russian += kEnglishProse;
  EXPECT_EQ(detect_language_tag(mostly_russian), "ru");  // long: read in slices across the whole
  const std::string mostly_english = std::string(kEnglishProse) + kEnglishProse + kEnglishProse + kGerman;
  EXPECT_EQ(detect_language_tag(mostly_english), "en");
}

// One paragraph of news in each of 81 languages (tests/data/languages/texts.json; written for pagemd,
// see its README): every one must get its own tag, and "en" only English.
TEST(LanguageTag, EightyOneLanguagesFromOneParagraphEach) {
  std::ifstream file(std::filesystem::path(PAGEMD_TEST_DATA_DIR) / "languages" / "texts.json");
  ASSERT_TRUE(file);
  const nlohmann::json texts = nlohmann::json::parse(file, nullptr, false);
  ASSERT_TRUE(texts.is_object());
  std::size_t right = 0;
  for (const auto& [tag, text] : texts.items()) {
    const std::string detected = detect_language_tag(text.get<std::string>());
    EXPECT_EQ(detected, tag);
    EXPECT_EQ(spec_language(detected) == "en", tag == "en") << tag;
    if (detected == tag) ++right;
  }
  EXPECT_GE(texts.size(), 80U);
}

}  // namespace
}  // namespace pagemd::extract
