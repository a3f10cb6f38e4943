#include "text/phrases/boilerplate.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "text/text_util.hpp"

namespace pagemd::extract {

namespace {

// How many bytes at `at` separate words outside ASCII: no-break space, middle dot, guillemets, and
// General Punctuation (dashes, curly quotes, bullets, ellipsis, zero-width characters); 0 for a
// letter's bytes.
std::size_t separator_bytes(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return i < text.size() ? static_cast<unsigned char>(text[i]) : 0U; };
  if (byte(at) == 0xC2 &&
      (byte(at + 1) == 0xA0 || byte(at + 1) == 0xB7 || byte(at + 1) == 0xAB || byte(at + 1) == 0xBB)) {
    return 2;
  }
  if (byte(at) == 0xE2 && (byte(at + 1) == 0x80 || byte(at + 1) == 0x81)) return 3;
  return 0;
}

// Lower-case words of the text, at most `limit` of them: ASCII letters and digits, and the letters
// of other scripts as they are written ("veröffentlicht"; Latin-1's capitals lowered too, "Über").
// Written through an index into a buffer as long as the text, which the words never outgrow: every
// block of a big table asks, so a call per character would cost more than the rest of the search.
std::string leading_words(std::string_view text, std::size_t limit, std::size_t& word_count) {
  std::string out(text.size(), '\0');
  std::size_t length = 0;
  word_count = 0;
  bool in_word = false;
  for (std::size_t at = 0; at < text.size(); ++at) {
    const char c = text[at];
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      if (const std::size_t skip = separator_bytes(text, at); skip > 0) {
        in_word = false;
        at += skip - 1;
        continue;
      }
    } else if (!is_ascii_alnum(c)) {
      in_word = false;
      continue;
    }
    if (!in_word) {
      if (word_count == limit) break;
      if (length != 0) out[length++] = ' ';
      ++word_count;
    }
    in_word = true;
    char lowered = ascii_lower(c);
    // Latin-1's capitals (U+00C0-U+00DE but the multiplication sign) are their small letters less 0x20.
    if (byte >= 0x80 && byte <= 0x9E && byte != 0x97 && at > 0 && static_cast<unsigned char>(text[at - 1]) == 0xC3) {
      lowered = static_cast<char>(byte + 0x20);
    }
    out[length++] = lowered;
  }
  out.resize(length);
  return out;
}

constexpr std::string_view first_word(std::string_view phrase) { return phrase.substr(0, phrase.find(' ')); }

bool starts_with_phrase(std::string_view words, std::string_view phrase) {
  return words.size() >= phrase.size() && words.substr(0, phrase.size()) == phrase &&
         (words.size() == phrase.size() || words[phrase.size()] == ' ');
}

bool is_digits(std::string_view word) {
  return !word.empty() && word.find_first_not_of("0123456789") == std::string_view::npos;
}

constexpr auto kSectionLabels = std::to_array<std::string_view>(
    {"related", "related articles", "related stories", "related posts", "related content", "related links",
     "around the web", "from around the web", "more articles", "more stories", "more news", "more from",
     "you might also like", "you may also like", "you might like", "you may have missed", "recommended",
     "recommended for you", "read more", "read next", "up next", "popular", "most popular", "most read", "trending",
     "trending now", "comments", "reader comments", "responses", "leave a comment", "leave a reply", "post a comment",
     "add your comment", "join the discussion", "join the conversation", "discussion", "share this",
     "share this article", "share this story", "share", "tags", "filed under", "topics", "advertisement", "sponsored",
     "sponsored content", "promoted", "promoted stories", "newsletter", "sign up", "subscribe", "follow us",
     "about the author", "more in", "latest news", "latest stories", "see also", "what to read next", "keep reading",
     "don t miss", "other articles", "print this page", "print", "email to a friend", "back to top",
     // Shops' recommendation strips around a product.
     "customers also bought", "customers also viewed", "customers who bought this item also bought",
     "customers who viewed this item also viewed", "people also viewed", "people who viewed this item also viewed",
     "people who bought this also bought", "frequently bought together", "similar items", "similar products",
     "related products", "related items", "explore related items", "recently viewed", "recently viewed items",
     "recently viewed products", "sponsored products", "more to explore", "more from this seller", "shop similar",
     "complete the look", "pairs well with", "you may also need",
     // Shops' customer reviews under a product: the customers' words, not the product's.
     "customer reviews", "customer ratings", "top reviews", "ratings and reviews", "ratings reviews",
     "reviews and ratings", "product reviews",
     // What forum software puts below a thread (vBulletin, XenForo, phpBB).
     "posting rules", "similar threads", "similar topics", "users browsing this thread"});

// English, and the months of the other languages pagemd meets most whose names differ (German,
// French, Spanish, Italian, Portuguese, Dutch).
constexpr auto kMonths = std::to_array<std::string_view>(
    {"january",   "february", "march",     "april",     "may",      "june",     "july",       "august",    "september",
     "october",   "november", "december",  "jan",       "feb",      "mar",      "apr",        "jun",       "jul",
     "aug",       "sep",      "sept",      "oct",       "nov",      "dec",      "januar",     "februar",   "märz",
     "mai",       "juni",     "juli",      "oktober",   "dezember", "janvier",  "février",    "mars",      "avril",
     "juin",      "juillet",  "août",      "septembre", "octobre",  "novembre", "décembre",   "enero",     "febrero",
     "marzo",     "abril",    "mayo",      "junio",     "julio",    "agosto",   "septiembre", "octubre",   "noviembre",
     "diciembre", "gennaio",  "febbraio",  "aprile",    "maggio",   "giugno",   "luglio",     "settembre", "ottobre",
     "dicembre",  "janeiro",  "fevereiro", "março",     "maio",     "junho",    "julho",      "setembro",  "outubro",
     "novembro",  "dezembro", "januari",   "februari",  "maart",    "mei",      "augustus"});

constexpr auto kWeekdays =
    std::to_array<std::string_view>({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
                                     "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun"});

// Short blocks consisting of only one of these phrases are widget labels, not prose.
constexpr auto kWidgetPhrases = std::to_array<std::string_view>(
    {"advertisement", "advertisements", "sponsored", "sponsored content", "share", "share this", "share this article",
     "share on facebook", "share on twitter", "read more", "continue reading", "related", "related articles",
     "related posts", "you may also like", "recommended", "print", "email", "tweet", "copy link", "skip to content",
     "back to top", "subscribe", "sign up", "log in", "loading",
     // a shop's cart controls, on every card of a grid
     "add to cart", "add to bag", "add to basket", "add to wishlist", "quick view", "quick shop", "quick add",
     "choose options", "select options", "add to compare", "compare", "notify me", "notify me when available",
     "calculate shipping"});

// The first words of the section labels, sorted: most blocks start with none of them, and looking
// that up once is cheaper than comparing every label (a big table asks for each of its cells).
bool may_start_a_section_label(std::string_view words) {
  static const std::vector<std::string_view> first_words = [] {
    std::vector<std::string_view> firsts;
    firsts.reserve(kSectionLabels.size());
    for (std::string_view phrase : kSectionLabels) firsts.push_back(first_word(phrase));
    std::sort(firsts.begin(), firsts.end());
    firsts.erase(std::unique(firsts.begin(), firsts.end()), firsts.end());
    return firsts;
  }();
  return std::binary_search(first_words.begin(), first_words.end(), first_word(words));
}

}  // namespace

namespace {

template <std::size_t N>
constexpr std::size_t fewest_letters(const std::array<std::string_view, N>& phrases) {
  std::size_t min = SIZE_MAX;
  for (std::string_view phrase : phrases) {
    std::size_t letters = 0;
    for (char c : phrase) letters += c == ' ' ? 0 : 1;
    min = std::min(min, letters);
  }
  return min;
}

}  // namespace

std::size_t widget_phrase_min_letters() {
  static constexpr std::size_t fewest = fewest_letters(kWidgetPhrases);
  return fewest;
}

std::size_t section_label_min_letters() {
  static constexpr std::size_t fewest = fewest_letters(kSectionLabels);
  return fewest;
}

bool is_widget_phrase(std::string_view lower_text) {
  return std::any_of(kWidgetPhrases.begin(), kWidgetPhrases.end(),
                     [&](std::string_view phrase) { return lower_text == phrase; });
}

bool is_boilerplate_label(std::string_view label) {
  // "Print | Email | Back to top": a row of widget links is judged by its first item.
  label = label.substr(0, label.find('|'));
  std::size_t count = 0;
  std::string words = leading_words(label, 12, count);
  if (count == 0) return false;
  // "12 Comments", "3 responses": a count in front of the label.
  if (const std::size_t space = words.find(' '); space != std::string::npos && is_digits(words.substr(0, space))) {
    words.erase(0, space + 1);
    --count;
  }
  if (!may_start_a_section_label(words)) return false;
  for (std::string_view phrase : kSectionLabels) {
    if (starts_with_phrase(words, phrase)) {
      // The label is the section's whole heading ('3 comments on "My post"'), not the start of
      // a sentence: at most four words beyond the phrase.
      const auto phrase_words = static_cast<std::size_t>(std::count(phrase.begin(), phrase.end(), ' ')) + 1;
      return count <= phrase_words + 4;
    }
  }
  return false;
}

bool counts_responses(std::string_view label) {
  // Not "replies": a thread's "76 Replies" heads the thread itself.
  static constexpr auto kResponses =
      std::to_array<std::string_view>({"comment", "comments", "response", "responses", "thought", "thoughts"});
  static constexpr auto kNumberWords = std::to_array<std::string_view>({"one", "two", "three", "no"});
  // A heading names its responses in its first words; a sentence that opens with a number goes on.
  constexpr std::size_t kMostWordsAfterTheCount = 3;
  label = trim(label);
  // A rank ("5. Thought", "2) Comments") numbers a part of the page; a count is followed by a space.
  const std::size_t digits = label.find_first_not_of("0123456789");
  if (digits != 0 && (digits == std::string_view::npos || !is_ascii_space(label[digits]))) return false;
  std::size_t count = 0;
  const std::string words = leading_words(label, 12, count);
  const std::size_t space = words.find(' ');
  if (space == std::string::npos) return false;
  const std::string_view number = std::string_view(words).substr(0, space);
  if (!is_digits(number) && std::find(kNumberWords.begin(), kNumberWords.end(), number) == kNumberWords.end()) {
    return false;
  }
  const std::string_view rest = std::string_view(words).substr(space + 1);
  const std::string_view what = first_word(rest);
  if (std::find(kResponses.begin(), kResponses.end(), what) == kResponses.end()) return false;
  // The page's title follows "on" or "to" ('12 comments on “Title”'), however long it is.
  const std::string_view after =
      what.size() == rest.size() ? std::string_view{} : first_word(rest.substr(what.size() + 1));
  if (after == "on" || after == "to") return true;
  // "12 Comments", but a thought is only a comment on something ("3 thoughts on").
  return !what.starts_with("thought") && count <= kMostWordsAfterTheCount;
}

bool is_ad_caption(std::string_view label) {
  std::size_t count = 0;
  return starts_with_phrase(leading_words(label, 2, count), "advertisement");
}

namespace {

// Whether the word after the first one of `text` starts with an ASCII lower-case letter.
bool after_first_word_is_lowercase(std::string_view text) {
  text = trim(text);
  const std::size_t gap = text.find_first_of(" \t\n");
  if (gap == std::string_view::npos) return false;
  const std::string_view rest = trim(text.substr(gap));
  return !rest.empty() && rest.front() >= 'a' && rest.front() <= 'z';
}

// The word for minutes in a reading time, and the word after it ("read", "Lesezeit", "de lecture").
bool is_minutes(std::string_view word) {
  return word == "min" || word == "mins" || word == "minute" || word == "minutes" || word == "minuten" ||
         word == "minutos" || word == "minuti";
}
bool is_reading(std::string_view word) {
  return word == "read" || word == "reading" || word == "lesezeit" || word == "leestijd" || word == "de" ||
         word == "di";
}

}  // namespace

bool looks_like_byline(std::string_view text) {
  // A bare "by" in English only: "von", "par", "por" and "di" open sentences as often as bylines.
  static constexpr auto kBylines = std::to_array<std::string_view>({"by",
                                                                    "posted by",
                                                                    "written by",
                                                                    "words by",
                                                                    "posted on",
                                                                    "published",
                                                                    "updated",
                                                                    "last updated",
                                                                    "last modified",
                                                                    "last reviewed",
                                                                    "page last updated",
                                                                    "page last reviewed",
                                                                    "posted",
                                                                    "author",
                                                                    "veröffentlicht",
                                                                    "aktualisiert",
                                                                    "zuletzt aktualisiert",
                                                                    "geschrieben von",
                                                                    "autor",
                                                                    "publié",
                                                                    "mis à jour",
                                                                    "dernière mise à jour",
                                                                    "écrit par",
                                                                    "auteur",
                                                                    "publicado",
                                                                    "actualizado",
                                                                    "escrito por",
                                                                    "pubblicato",
                                                                    "aggiornato",
                                                                    "scritto da",
                                                                    "autore",
                                                                    "atualizado",
                                                                    "gepubliceerd",
                                                                    "bijgewerkt",
                                                                    "geschreven door"});
  static constexpr auto kBylineOpeners = [] {
    std::array<std::string_view, kBylines.size()> firsts{};
    for (std::size_t i = 0; i < kBylines.size(); ++i) firsts[i] = first_word(kBylines[i]);
    return firsts;
  }();
  // Most blocks are neither: a date line holds a digit, and a byline starts with one of the
  // phrases' first words.
  if (std::none_of(text.begin(), text.end(), is_ascii_digit)) {
    std::size_t first_count = 0;
    const std::string first = leading_words(text, 1, first_count);
    if (std::find(kBylineOpeners.begin(), kBylineOpeners.end(), first) == kBylineOpeners.end()) return false;
  }
  std::size_t count = 0;
  const std::string words = leading_words(text, 24, count);
  if (count == 0 || count > 20) return false;
  for (std::string_view phrase : kBylines) {
    if (!starts_with_phrase(words, phrase)) continue;
    // "By" names someone ("By Jane Doe", "by WIRED Staff"); "By the end of the year, …" begins a
    // sentence: a lower-case word after a bare "by" is no name.
    if (phrase == "by" && after_first_word_is_lowercase(text)) break;
    return true;
  }
  // A date line: a month name right next to a number ("May 20", "20 May"), in a short line.
  constexpr std::size_t kMostDateLineWords = 12;
  if (count < 2 || count > kMostDateLineWords) return false;
  std::array<std::string_view, kMostDateLineWords> tokens;
  std::size_t token_count = 0;
  for (std::size_t start = 0; start < words.size() && token_count < tokens.size();) {
    std::size_t end = words.find(' ', start);
    if (end == std::string::npos) end = words.size();
    tokens[token_count++] = std::string_view(words).substr(start, end - start);
    start = end + 1;
  }
  auto is_month = [](std::string_view word) {
    return std::any_of(kMonths.begin(), kMonths.end(), [&](std::string_view m) { return word == m; });
  };
  // Mostly the date, too: a sentence that gives one ("Notifications will be sent out Thursday
  // afternoon, Aug 31") says more than when.
  constexpr std::size_t kMostOtherWords = 5;
  std::size_t other_words = 0;
  for (std::size_t i = 0; i < token_count; ++i) {
    const bool weekday = std::find(kWeekdays.begin(), kWeekdays.end(), tokens[i]) != kWeekdays.end();
    if (!is_month(tokens[i]) && !is_digits(tokens[i]) && !weekday) ++other_words;
  }
  for (std::size_t i = 0; i + 1 < token_count; ++i) {
    // A reading time ("6 min read", "5 min de lecture") is a byline's, whatever names stand beside it
    // (an author card's name and role, written in spans that join "Editor6 min read").
    const std::string_view before = i > 0 ? tokens[i - 1] : std::string_view{};
    if (!before.empty() && is_ascii_digit(before.back()) && is_minutes(tokens[i]) && is_reading(tokens[i + 1])) {
      return true;
    }
  }
  if (other_words > kMostOtherWords) return false;
  for (std::size_t i = 0; i < token_count; ++i) {
    if (!is_month(tokens[i])) continue;
    if ((i + 1 < token_count && is_digits(tokens[i + 1])) || (i > 0 && is_digits(tokens[i - 1]))) return true;
  }
  return false;
}

bool looks_like_poster_figure(std::string_view text) {
  static constexpr auto kFigures = std::to_array<std::string_view>(
      {"joined", "join date", "registered", "member since", "posts", "total posts", "messages", "location", "from",
       "reputation", "reaction score", "points", "trophy points", "rep power", "likes received", "karma"});
  constexpr std::size_t kMostChars = 60;
  constexpr std::size_t kMostValueWords = 5;
  text = trim(text);
  const std::size_t colon = text.find(':');
  if (text.size() > kMostChars || colon == std::string_view::npos || colon == 0) return false;
  std::size_t label_words = 0;
  const std::string label = leading_words(text.substr(0, colon), 3, label_words);
  if (std::find(kFigures.begin(), kFigures.end(), label) == kFigures.end()) return false;
  std::size_t value_words = 0;
  static_cast<void>(leading_words(text.substr(colon + 1), kMostValueWords + 1, value_words));
  return value_words > 0 && value_words <= kMostValueWords;
}

bool looks_like_breadcrumb(std::string_view text) {
  std::size_t count = 0;
  const std::string words = leading_words(text, 4, count);
  if (starts_with_phrase(words, "you are here")) return true;
  // Three or more items joined by arrows.
  std::size_t separators = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '>' || text.substr(i, 3) == "\xE2\x80\xBA" || text.substr(i, 2) == "\xC2\xBB") ++separators;
  }
  return separators >= 2 && text.size() < 200;
}

bool is_trail_separator(std::string_view text) {
  static constexpr auto kSeparators = std::to_array<std::string_view>(
      {"/", "|", ">", "\xC2\xBB", "\xE2\x80\xBA", "\xC2\xB7", "\xE2\x86\x92", "\xE2\x80\xA2"});
  return std::find(kSeparators.begin(), kSeparators.end(), text) != kSeparators.end();
}

bool looks_like_pager(std::string_view text, std::size_t links) {
  // ASCII arrows stand apart ("< Back", "Next >>"): "<3" is a heart.
  static constexpr auto kBack =
      std::to_array<std::string_view>({"\xE2\x86\x90", "\xC2\xAB", "\xE2\x80\xB9", "< ", "<<"});
  static constexpr auto kForward =
      std::to_array<std::string_view>({"\xE2\x86\x92", "\xC2\xBB", "\xE2\x80\xBA", " >", ">>"});
  constexpr std::size_t kMostChars = 240;
  text = trim(text);
  if (links == 0 || text.size() > kMostChars) return false;
  if (std::any_of(kBack.begin(), kBack.end(), [&](std::string_view arrow) { return text.starts_with(arrow); })) {
    return true;
  }
  return links >= 2 &&
         std::any_of(kForward.begin(), kForward.end(), [&](std::string_view arrow) { return text.ends_with(arrow); });
}

bool names_end_matter(std::string_view label) {
  static constexpr auto kEndMatter = std::to_array<std::string_view>(
      {"references",      "sources",       "bibliography", "citations", "footnotes",       "notes",
       "further reading", "works cited",   "literatur",    "quellen",   "einzelnachweise", "anmerkungen",
       "références",      "bibliographie", "referencias",  "fuentes",   "bibliografía",    "riferimenti",
       "bibliografia",    "referências",   "fontes",       "bronnen",   "literatuur",      "voetnoten"});
  constexpr std::size_t kMostWords = 4;
  std::size_t count = 0;
  const std::string words = leading_words(label, kMostWords + 1, count);
  if (count == 0 || count > kMostWords) return false;
  // The whole label, or its last words after a qualifier ("Other references", "Selected sources").
  return std::any_of(kEndMatter.begin(), kEndMatter.end(), [&](std::string_view phrase) {
    return words == phrase ||
           (words.size() > phrase.size() && words.ends_with(phrase) && words[words.size() - phrase.size() - 1] == ' ');
  });
}

}  // namespace pagemd::extract
