#include "pagemd/pdf/pdf_converter.hpp"

#include "document_info.hpp"
#include "inflate_budget.hpp"
#include "layout.hpp"
#include "pagemd/extract/extractor.hpp"
#include "poppler_text.hpp"

namespace pagemd::pdf {
namespace {

std::string page_list(const std::vector<std::size_t>& pages) {
  std::string out;
  for (std::size_t i = 0; i < pages.size(); ++i) {
    if (i > 0) out += i + 1 == pages.size() ? " and " : ", ";
    out += std::to_string(pages[i]);
  }
  return out;
}

std::string first_heading(const std::vector<Block>& blocks) {
  for (const Block& block : blocks) {
    if (block.kind != BlockKind::heading || block.lines.empty()) continue;
    Segment words;
    words.glyphs = block.lines.front();
    return text_of(words);
  }
  return {};
}

void fill_metadata(extract::Metadata& metadata, const DocumentInfo& info, const std::vector<Block>& blocks,
                   const PdfOptions& options) {
  if (is_real_title(info.title))
    metadata.title = info.title;
  else if (const std::string dc_title = xmp_property(info.xmp, "dc:title"); is_real_title(dc_title))
    metadata.title = dc_title;
  else if (std::string heading = first_heading(blocks); !heading.empty())
    metadata.title = std::move(heading);
  else
    metadata.title = file_name_of(options.url);
  metadata.author = !info.author.empty() ? info.author : xmp_property(info.xmp, "dc:creator");
  metadata.published_time = !info.creation_date.empty() ? info.creation_date : xmp_property(info.xmp, "xmp:CreateDate");
  if (metadata.description.empty()) metadata.description = info.subject;
}

}  // namespace

void warm_up() { warm_up_poppler(); }

std::vector<std::string> data_directories() { return {poppler_data_directory()}; }

core::Result<PdfDocument> convert_pdf(std::string_view bytes, const PdfOptions& options) {
  if (auto bounded = check_inflated_size(bytes, options.max_inflated_bytes); !bounded) {
    return core::unexpected(bounded.error());
  }
  auto read = read_with_poppler(bytes, options.max_pages);
  if (!read) return core::unexpected(read.error());
  PdfDocument document;
  document.page_count = read->info.page_count;
  for (std::size_t p = 0; p < read->text.pages.size(); ++p) {
    if (read->text.pages[p].segments.empty()) document.pages_without_text.push_back(p + 1);
  }
  if (document.pages_without_text.size() == document.page_count) {
    const std::string pages =
        document.page_count == 1 ? "its page" : "any of its " + std::to_string(document.page_count) + " pages";
    return core::unexpected(core::ErrorCode::no_text_layer,
                            "This PDF has no text layer on " + pages + " (a scan, perhaps); pagemd does no OCR.");
  }
  const double body = body_size(read->text);
  const auto furniture = page_furniture(read->text, body);
  std::vector<Region> regions;
  for (std::size_t p = 0; p < read->text.pages.size(); ++p) {
    std::vector<Region> page_regions = reading_order(read->text.pages[p], furniture[p], body);
    std::move(page_regions.begin(), page_regions.end(), std::back_inserter(regions));
  }
  const std::vector<Block> blocks = blocks_of(regions, body);

  extract::ExtractOptions extract_options;
  extract_options.page_url = options.url;
  extract_options.scope = extract::ContentScope::whole_body;
  auto extraction = extract::extract_owned(blocks_as_html(blocks, read->text.links), extract_options);
  if (!extraction) return core::unexpected(extraction.error());
  document.extraction = std::move(*extraction);
  fill_metadata(document.extraction.metadata, read->info, blocks, options);
  if (!document.pages_without_text.empty()) {
    const bool one = document.pages_without_text.size() == 1;
    std::string warning = std::string(one ? "Page " : "Pages ") + page_list(document.pages_without_text) +
                          (one ? " has" : " have") + " no text layer (scanned?) and " + (one ? "is" : "are") +
                          " left out; pagemd does no OCR.";
    if (document.extraction.warning) warning += " " + *document.extraction.warning;
    document.extraction.warning = std::move(warning);
  }
  return document;
}

}  // namespace pagemd::pdf
