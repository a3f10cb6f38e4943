#include "pagemd/extract/extractor.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "content/content.hpp"
#include "pagemd/core/release.hpp"
#include "parse/dom.hpp"
#include "decode/encoding.hpp"
#include "page_info/app_shell.hpp"
#include "page_info/language.hpp"
#include "markdown/markdown.hpp"
#include "markdown/markdown_writer.hpp"
#include "page_info/metadata.hpp"
#include "page_info/page_type.hpp"
#include "decode/prepass.hpp"
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

// Headline comparison ignores case, punctuation and spacing ("How-To: X" == "how to x").
std::string normalized_title(std::string_view text) {
  std::string out;
  bool space = false;
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (is_ascii_alnum(c) || byte >= 0x80) {
      if (space && !out.empty()) out.push_back(' ');
      space = false;
      out.push_back(ascii_lower(c));
    } else {
      space = true;
    }
  }
  return out;
}

// The page's headline heading inside the content is written once, at the top, from the title:
// drop the first heading that repeats it.
void drop_headline(const Document& doc, ContentSelection& selection, std::string_view title) {
  const std::string wanted = normalized_title(title);
  if (wanted.empty()) return;
  for (NodeId root : selection.roots) {
    NodeId found = kNoNode;
    doc.walk(root, [&](NodeId id) {
      if (found != kNoNode || selection.dropped[id]) return false;
      const Node& n = doc.node(id);
      if (n.kind != NodeKind::element) return false;
      if ((n.tag == GUMBO_TAG_H1 || n.tag == GUMBO_TAG_H2) && normalized_title(doc.text_content(id)) == wanted) {
        found = id;
        return false;
      }
      return true;
    });
    if (found != kNoNode) {
      selection.dropped[found] = 1;
      return;
    }
  }
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

// Shops often keep a product's description behind tabs or in scripts, and only its structured data
// says it in full: a description the content does not show yet is added after it, a paragraph a
// line. Returns the words added.
std::size_t add_product_description(std::string& markdown, const std::string& description) {
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

// Everything after decoding: `page_bytes` is the size of the page as it came.
core::Result<Extraction> extract_utf8(std::string utf8_html, std::size_t page_bytes, const ExtractOptions& options) {
  auto include = SelectorList::parse_all(options.include_selectors);
  if (!include) return core::unexpected(include.error());
  auto exclude = SelectorList::parse_all(options.exclude_selectors);
  if (!exclude) return core::unexpected(exclude.error());

  PrepassResult cleaned = prepass(utf8_html);
  core::release(utf8_html);
  const Document doc = Document::build(std::move(cleaned.html));
  const PageInfo info = read_page_info(doc, cleaned.json_ld, options.page_url);
  const UrlResolver resolver = make_resolver(options.page_url, info);

  const PageType page_type = classify_page(doc, info, options.page_url);
  const ContentRules rules{options.scope, &*include, &*exclude, page_type};
  ContentSelection selection = select_content(doc, rules);

  Extraction result;
  Metadata& meta = result.metadata;
  meta.title = info.title;
  if (meta.title.empty()) {
    const std::string& source = options.page_url.empty() ? info.canonical_url : options.page_url;
    meta.title = title_from_url(source);
  }
  drop_headline(doc, selection, meta.title);
  RenderedMarkdown rendered = render_markdown(doc, selection, resolver);
  result.markdown = trim_rules(std::move(rendered.markdown));
  meta.word_count = rendered.word_count;
  result.needs_script = looks_like_app_shell(doc, cleaned, page_bytes, rendered.word_count);
  const walls::Verdict verdict = walls::judge({doc, cleaned, options, rendered.word_count});
  result.wall = verdict.wall;
  // A template is what a browser makes the page from: rendering it finds the content.
  if (result.wall == Wall{WallKind::unusable, "needs_javascript"}) result.needs_script = true;
  if (page_type == PageType::product && options.scope == ContentScope::main_content) {
    meta.word_count += add_product_description(result.markdown, info.product_description);
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
}

}  // namespace pagemd::extract
