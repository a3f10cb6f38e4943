#include "pagemd/extract/extractor.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "content/content.hpp"
#include "content/headline.hpp"
#include "pagemd/core/release.hpp"
#include "parse/dom.hpp"
#include "decode/charset_detector.hpp"
#include "decode/encoding.hpp"
#include "page_info/app_shell.hpp"
#include "page_info/language.hpp"
#include "markdown/markdown.hpp"
#include "markdown/markdown_writer.hpp"
#include "math/tex_delimiters.hpp"
#include "page_info/metadata.hpp"
#include "page_info/page_type.hpp"
#include "tree/selector.hpp"
#include "text/text_util.hpp"
#include "text/url_resolve.hpp"
#include "text/words.hpp"
#include "walls/walls.hpp"

namespace pagemd::extract {
namespace {

// Relative URLs resolve against the page's address (else its canonical link), refined by
// <base href> exactly as a browser would.
UrlResolver make_resolver(const std::string& page_url, const PageInfo& info) {
  UrlResolver resolver(page_url.empty() ? info.canonical_url : page_url);
  if (!info.base_href.empty()) return resolver.rebased(info.base_href);
  return resolver;
}

// A thematic break at the very start or end of the content separates it from furniture that is
// gone now; it has nothing left to separate.
std::string trim_rules(std::string markdown) {
  constexpr std::string_view kRule = "---\n";
  while (markdown.rfind(kRule, 0) == 0) {
    markdown.erase(0, kRule.size());
    while (!markdown.empty() && markdown.front() == '\n') markdown.erase(0, 1);
  }
  while (markdown.size() >= kRule.size() &&
         markdown.compare(markdown.size() - kRule.size(), kRule.size(), kRule) == 0 &&
         (markdown.size() == kRule.size() || markdown[markdown.size() - kRule.size() - 1] == '\n')) {
    markdown.erase(markdown.size() - kRule.size());
    while (markdown.size() >= 2 && markdown[markdown.size() - 1] == '\n' && markdown[markdown.size() - 2] == '\n') {
      markdown.pop_back();
    }
  }
  return markdown;
}

// Letters and digits only, lower-cased: text compared whatever its Markdown escaping and spacing.
std::string letters_of(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (is_ascii_alnum(c) || static_cast<unsigned char>(c) >= 0x80) out.push_back(ascii_lower(c));
  }
  return out;
}

// A description the content does not show yet is added after it, a paragraph a line: shops often
// keep a product's description behind tabs or in scripts, and only its structured data says it in
// full; a forum's thread page served as a script's shell says what its first post says only in its
// meta description. Returns the words added.
std::size_t add_description(std::string& markdown, const std::string& description) {
  const std::string wanted = letters_of(description).substr(0, 60);
  if (wanted.size() < 40 || letters_of(markdown).find(wanted) != std::string::npos) return 0;
  MarkdownWriter writer;
  std::string_view rest = description;
  while (!rest.empty()) {
    const std::size_t end = std::min(rest.find('\n'), rest.size());
    const std::string_view line = trim(rest.substr(0, end));
    if (!line.empty()) {
      writer.text(line);
      writer.block_break();
    }
    rest.remove_prefix(std::min(end + 1, rest.size()));
  }
  std::string block = writer.finish();
  if (block.empty()) return 0;
  if (!markdown.empty()) markdown += '\n';
  markdown += block;
  return writer.word_count();
}

std::string title_heading(const std::string& title) {
  MarkdownWriter writer;
  writer.open_heading();
  writer.text(title);
  writer.close_heading(1);
  return writer.finish();
}

std::optional<core::Error> refuse_size(std::size_t page_bytes) {
  if (page_bytes <= kMaxHtmlBytes) return std::nullopt;
  return core::Error{core::ErrorCode::unsupported_content, "the page is " + std::to_string(page_bytes >> 20) +
                                                               " MiB; pagemd converts pages of up to " +
                                                               std::to_string(kMaxHtmlBytes >> 20) + " MiB"};
}

// Whether Markdown holds prose: more words outside links than in them, and more than a widget's
// few (a cart's "Subtotal $0 USD Shipping Calculated at checkout").
bool has_prose(std::string_view markdown) {
  constexpr std::size_t kFewestProseWords = 40;
  std::string outside_links;
  std::size_t link_words = 0;
  std::size_t at = 0;
  while (at < markdown.size()) {
    const std::size_t open = markdown.find('[', at);
    const std::size_t close = open == std::string_view::npos ? open : markdown.find("](", open);
    const std::size_t end = close == std::string_view::npos ? close : markdown.find(')', close);
    if (end == std::string_view::npos) {
      outside_links.append(markdown.substr(at));
      break;
    }
    outside_links.append(markdown.substr(at, open - at)).push_back(' ');
    link_words += count_words(markdown.substr(open + 1, close - open - 1));
    at = end + 1;
  }
  const std::size_t prose_words = count_words(outside_links);
  return prose_words >= kFewestProseWords && prose_words > link_words;
}

// What the content search picked, and its Markdown.
struct Picked {
  ContentSelection selection;
  RenderedMarkdown rendered;
  // Words the search for the page's kind found, before any fallback: whether the page needs its
  // scripts run is judged on what the page shows as its content, not on a fallback's find.
  std::size_t searched_words = 0;
};

// How a picked selection is written: its links resolved against the page's address, the TeX its
// scripts would typeset written as formulas.
struct Writing {
  const UrlResolver& resolver;
  TexDelimiters typeset_tex;
};

Picked pick_and_render(const Document& doc, const ContentRules& rules, const std::string& title,
                       const Writing& writing) {
  Picked picked{select_content(doc, rules), {}};
  drop_headline(doc, picked.selection, title);
  picked.rendered = render_markdown(doc, picked.selection, writing.resolver, writing.typeset_tex);
  picked.searched_words = picked.rendered.word_count;
  return picked;
}

// Never an empty answer for a page with text: when the search for this kind of page found none
// (a thread whose posts the search took for chrome), the article search is tried, then the whole
// body; what they find counts only when it is prose: a footer's list of links is no page's text.
// A product whose structured data describes it has that text to answer with: no fallback.
Picked pick_with_fallbacks(const Document& doc, const ContentRules& rules, const std::string& title,
                           const Writing& writing, bool described_product) {
  Picked picked = pick_and_render(doc, rules, title, writing);
  // The fallbacks obey no selectors of the caller's: with any, the search's answer stands.
  const bool chosen_by_caller =
      (rules.include != nullptr && !rules.include->empty()) || (rules.exclude != nullptr && !rules.exclude->empty());
  if (picked.rendered.word_count > 0 || !picked.selection.page_shows_text || chosen_by_caller || described_product ||
      rules.scope == ContentScope::whole_body) {
    return picked;
  }
  if (rules.page_type != PageType::article) {
    ContentRules article_search = rules;
    article_search.page_type = PageType::article;
    Picked article = pick_and_render(doc, article_search, title, writing);
    if (has_prose(article.rendered.markdown)) {
      article.searched_words = picked.searched_words;
      return article;
    }
  }
  // The whole body's text blocks, the page's furniture (its header, navigation, footer, forms) left out.
  static const SelectorList kFurniture =
      SelectorList::parse_all({"header", "nav", "footer", "aside", "form", "[role=navigation]", "[role=banner]",
                               "[role=contentinfo]", "[role=search]"})
          .value();
  ContentRules whole_body = rules;
  whole_body.scope = ContentScope::whole_body;
  whole_body.exclude = &kFurniture;
  Picked body = pick_and_render(doc, whole_body, title, writing);
  if (!has_prose(body.rendered.markdown)) return picked;
  body.searched_words = picked.searched_words;
  return body;
}

// Everything after decoding: `page_bytes` is the size of the page as it came.
core::Result<Extraction> extract_utf8(std::string utf8_html, std::size_t page_bytes, const ExtractOptions& options) {
  auto include = SelectorList::parse_all(options.include_selectors);
  if (!include) return core::unexpected(include.error());
  auto exclude = SelectorList::parse_all(options.exclude_selectors);
  if (!exclude) return core::unexpected(exclude.error());

  const Document doc = Document::build_page(std::move(utf8_html));
  const PageRecords& records = doc.records();
  const PageInfo info = read_page_info(doc, records.json_ld, options.page_url);
  const UrlResolver resolver = make_resolver(options.page_url, info);

  const PageType page_type = classify_page(doc, info, options.page_url);
  const ContentRules rules{options.scope, &*include,         &*exclude,         page_type,
                           info.title,    info.review_texts, info.review_counts};

  Extraction result;
  Metadata& meta = result.metadata;
  meta.title = info.title;
  if (meta.title.empty()) {
    const std::string& source = options.page_url.empty() ? info.canonical_url : options.page_url;
    meta.title = title_from_url(source);
  }
  const bool described_product = page_type == PageType::product && !info.product_description.empty();
  const Writing writing{resolver, tex_delimiters_of(records.script_signs)};
  Picked picked = pick_with_fallbacks(doc, rules, meta.title, writing, described_product);
  RenderedMarkdown& rendered = picked.rendered;
  result.markdown = trim_rules(std::move(rendered.markdown));
  meta.word_count = rendered.word_count;
  result.needs_script = looks_like_app_shell(doc, records, page_bytes, picked.searched_words);
  const walls::Verdict verdict = walls::judge({doc, records, options, rendered.word_count, result.needs_script});
  result.wall = verdict.wall;
  // A template is what a browser makes the page from: rendering it finds the content.
  if (result.wall == Wall{WallKind::unusable, "needs_javascript"}) result.needs_script = true;
  if (page_type == PageType::product && options.scope == ContentScope::main_content) {
    meta.word_count += add_description(result.markdown, info.product_description);
  }
  // A thread page whose posts come by script, the body holding next to no text: the forum writes
  // its first post in the page's description. Other pages' descriptions are summaries, not text.
  constexpr std::size_t kFewWords = 25;
  std::size_t described = 0;
  if (page_type == PageType::forum && meta.word_count < kFewWords && options.scope == ContentScope::main_content &&
      options.include_selectors.empty()) {
    described = add_description(result.markdown, info.description);
    meta.word_count += described;
  }
  // The title heads the content; a page where none was found (a script's empty shell, a page
  // behind a consent wall) gets no Markdown rather than a heading over nothing: the title is in
  // the metadata and the warning says there are no words.
  if (!meta.title.empty() && !result.markdown.empty()) {
    result.markdown = title_heading(meta.title) + "\n" + result.markdown;
    meta.word_count += count_words(meta.title);
  }
  meta.links = std::move(rendered.links);
  meta.language_tag =
      detect_language_tag(rendered.text_sample, info.html_lang.empty() ? options.declared_language : info.html_lang);
  meta.language = spec_language(meta.language_tag);
  meta.description = info.description;
  meta.author = info.author;
  meta.published_time = info.published_time;
  meta.site_name = info.site_name;
  meta.image = info.image;
  meta.canonical_url = info.canonical_url;
  meta.page_type = page_type;
  meta.paywalled = verdict.paywalled;
  std::string warning;
  if (meta.paywalled) {
    warning = "Paywalled: only the teaser was available; the rest of the page is behind a paywall.";
  }
  if (meta.word_count < kThinContentWords) {
    if (!warning.empty()) warning += ' ';
    warning += "Thin content: the extracted text has " + std::to_string(meta.word_count) + " words, under the " +
               std::to_string(kThinContentWords) + "-word threshold.";
    if (result.markdown.empty()) {
      warning += " The page shows no text.";
    } else if (described > 0 && rendered.word_count == 0) {
      warning += " The page's body shows no text; its description stands in for it.";
    }
  }
  if (!warning.empty()) result.warning = std::move(warning);
  return result;
}

}  // namespace

core::Result<Extraction> extract(std::string_view html_bytes, const ExtractOptions& options) {
  if (auto refused = refuse_size(html_bytes.size())) return core::unexpected(std::move(*refused));
  return extract_utf8(decode_to_utf8(html_bytes, options.declared_charset), html_bytes.size(), options);
}

core::Result<Extraction> extract_owned(std::string html_bytes, const ExtractOptions& options) {
  if (auto refused = refuse_size(html_bytes.size())) return core::unexpected(std::move(*refused));
  std::string utf8_html = decode_to_utf8(html_bytes, options.declared_charset);
  const std::size_t page_bytes = html_bytes.size();
  core::release(html_bytes);
  return extract_utf8(std::move(utf8_html), page_bytes, options);
}

void warm_up() {
  // Text in the scripts whose word breaks need ICU's dictionaries (Chinese, Japanese, Thai, Lao,
  // Khmer, Burmese), undeclared legacy bytes (Shift_JIS, Latin-1) for both charset detectors, and a
  // language to detect.
  static constexpr std::string_view kEveryDictionary =
      "<p>The words of every script: 東京は日本の首都です。我们去公园。สวัสดีครับ ສະບາຍດີ សួស្តី မင်္ဂလာပါ</p>";
  static constexpr std::string_view kUndeclaredShiftJis = "<p>\x93\x8C\x8B\x9E\x82\xCD\x93\xFA\x96\x7B</p>";
  static constexpr std::string_view kUndeclaredLatin = "<p>Le caf\xE9 de l'\xE9t\xE9 est tr\xE8s cher</p>";
  for (const std::string_view page : {kEveryDictionary, kUndeclaredShiftJis, kUndeclaredLatin}) {
    static_cast<void>(extract(page, ExtractOptions{}));
  }
  open_charset_detectors();
}

}  // namespace pagemd::extract
