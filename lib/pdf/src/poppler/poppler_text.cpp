#include "poppler_text.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>

#include <poppler.h>

namespace pagemd::pdf {
namespace {

using core::ErrorCode;

struct DocumentUnref {
  void operator()(PopplerDocument* document) const { g_object_unref(document); }
};
struct PageUnref {
  void operator()(PopplerPage* page) const { g_object_unref(page); }
};
struct GFree {
  void operator()(void* memory) const { g_free(memory); }
};
using DocumentPtr = std::unique_ptr<PopplerDocument, DocumentUnref>;
using PagePtr = std::unique_ptr<PopplerPage, PageUnref>;
using GString = std::unique_ptr<gchar, GFree>;

std::string take_string(gchar* text) {
  const GString owned(text);
  return owned ? std::string(owned.get()) : std::string();
}

std::uint8_t flags_of_font(std::string_view name) {
  // "ABCDEF+" marks an embedded subset; the face is in the rest of the name.
  if (const auto plus = name.find('+'); plus != std::string_view::npos && plus <= 6) name.remove_prefix(plus + 1);
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  const auto has = [&](std::initializer_list<std::string_view> words) {
    return std::any_of(words.begin(), words.end(),
                       [&](std::string_view w) { return lower.find(w) != std::string::npos; });
  };
  std::uint8_t flags = 0;
  if (has({"bold", "black", "heavy", "semibold", "demi"})) flags |= kBold;
  if (has({"italic", "oblique"})) flags |= kItalic;
  if (has({"mono", "courier", "code", "consol", "menlo", "typewriter", "fixed"})) flags |= kMonospace;
  return flags;
}

std::vector<char32_t> code_points(std::string_view utf8) {
  std::vector<char32_t> out;
  out.reserve(utf8.size());
  const char* p = utf8.data();
  const char* end = p + utf8.size();
  while (p < end) {
    const gunichar c = g_utf8_get_char_validated(p, end - p);
    if (c == static_cast<gunichar>(-1) || c == static_cast<gunichar>(-2)) {
      out.push_back(U'\uFFFD');
      ++p;
      continue;
    }
    out.push_back(c);
    p = g_utf8_next_char(p);
  }
  return out;
}

// Poppler marks right-to-left runs in the text it returns with embedding and override characters
// (U+202A..U+202E) that have no rectangle in its text layout: kept, they would pair every later letter
// with the rectangle of another.
bool is_bidi_control(char32_t c) {
  return c == U'\u200E' || c == U'\u200F' || (c >= U'\u202A' && c <= U'\u202E') || (c >= U'\u2066' && c <= U'\u2069');
}

// Letters of the scripts written right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
// Mandaic and their presentation forms.
bool is_right_to_left_letter(char32_t c) {
  return (c >= U'\u0590' && c <= U'\u08FF') || (c >= U'\uFB1D' && c <= U'\uFDFF') || (c >= U'\uFE70' && c <= U'\uFEFF');
}

// Whether most of the page's letters are written right to left. Poppler's text of such a page is
// selected from the page's top left, where its lines end: it leaves out lines, and each line's words
// come with their letters' rectangles mirrored.
bool mostly_right_to_left(const std::vector<char32_t>& text) {
  std::size_t right_to_left = 0;
  std::size_t other = 0;
  for (const char32_t c : text) {
    if (is_right_to_left_letter(c))
      ++right_to_left;
    else if (g_unichar_isalpha(c))
      ++other;
  }
  return right_to_left > other;
}

// For a page that reads right to left: within each word (letters whose rectangles poppler lays end
// to end, left to right, in reading order) the rectangles are given back to the letters they belong
// to, last first; then the page is mirrored, so that its lines read left to right for the layout
// stages as any other page's: indents, columns (the right one first) and gaps keep their meaning.
void mirror_right_to_left(const std::vector<char32_t>& text, PopplerRectangle* rectangles, std::size_t count,
                          double width) {
  const auto in_word = [&](std::size_t i) { return text[i] != U' ' && text[i] != U'\n' && text[i] != U'\r'; };
  for (std::size_t start = 0; start < count;) {
    if (!in_word(start)) {
      ++start;
      continue;
    }
    std::size_t end = start + 1;
    while (end < count && in_word(end) && std::abs(rectangles[end].x1 - rectangles[end - 1].x2) < 0.5 &&
           std::abs(rectangles[end].y1 - rectangles[end - 1].y1) < 0.5) {
      ++end;
    }
    for (std::size_t a = start, b = end - 1; a < b; ++a, --b) std::swap(rectangles[a], rectangles[b]);
    start = end;
  }
  for (std::size_t i = 0; i < count; ++i) {
    const double x1 = rectangles[i].x1;
    rectangles[i].x1 = width - rectangles[i].x2;
    rectangles[i].x2 = width - x1;
  }
}

// The letters (spaces and direction marks aside) a selection of the page takes.
std::size_t letters_selected(PopplerPage* page, PopplerRectangle area) {
  std::size_t letters = 0;
  for (const char32_t c : code_points(take_string(poppler_page_get_text_for_area(page, &area)))) {
    if (g_unichar_isgraph(c) && !is_bidi_control(c)) ++letters;
  }
  return letters;
}

// The selection that takes all of a right-to-left page's text. Poppler selects from the first corner
// to the second in reading order, so it starts at the top right; of the page's last line it takes only
// the letters right of the second corner, and none when that corner lies left of the line's block
// (where its left margin is, the page does not say). So the second corner is looked for along the
// page's foot: the most letters are taken just inside that block's left edge, found to a quarter point.
PopplerRectangle right_to_left_selection(PopplerPage* page, double width, double height) {
  const auto ending_at = [&](double x) { return PopplerRectangle{width, 0, x, height}; };
  constexpr int kSteps = 32;
  std::size_t most = letters_selected(page, ending_at(0));
  int best = 0;
  for (int step = 1; step <= kSteps; ++step) {
    const std::size_t letters = letters_selected(page, ending_at(width * step / kSteps));
    if (letters > most) {
      most = letters;
      best = step;
    }
  }
  if (best == 0) return ending_at(0);
  // Right of the block's edge, each step further right leaves out more of the last line.
  double outside = width * (best - 1) / kSteps;
  double inside = width * best / kSteps;
  while (inside - outside > 0.25) {
    const double middle = (inside + outside) / 2;
    if (letters_selected(page, ending_at(middle)) >= most)
      inside = middle;
    else
      outside = middle;
  }
  return ending_at(inside);
}

// Poppler leaves out the space between some of a right-to-left line's words; a gap this many times
// the font size between letters is one.
constexpr double kRightToLeftWordGap = 0.2;

struct LinkArea {
  Box box;
  int link;
};

// Link annotations with a URI; their rectangles are in PDF space (y up), turned here to the text's.
std::vector<LinkArea> page_links(PopplerPage* page, double height, std::vector<std::string>& links) {
  std::vector<LinkArea> areas;
  GList* mapping = poppler_page_get_link_mapping(page);
  for (GList* item = mapping; item != nullptr; item = item->next) {
    const auto* link = static_cast<PopplerLinkMapping*>(item->data);
    if (link->action == nullptr || link->action->type != POPPLER_ACTION_URI || link->action->uri.uri == nullptr) {
      continue;
    }
    const std::string uri = link->action->uri.uri;
    auto found = std::find(links.begin(), links.end(), uri);
    const int index = static_cast<int>(found - links.begin());
    if (found == links.end()) links.push_back(uri);
    const PopplerRectangle& a = link->area;
    areas.push_back(
        {Box{std::min(a.x1, a.x2), height - std::max(a.y1, a.y2), std::max(a.x1, a.x2), height - std::min(a.y1, a.y2)},
         index});
  }
  poppler_page_free_link_mapping(mapping);
  return areas;
}

int link_at(const std::vector<LinkArea>& areas, const Box& box) {
  const double x = (box.x0 + box.x1) / 2;
  const double y = (box.y0 + box.y1) / 2;
  for (const LinkArea& area : areas) {
    if (x >= area.box.x0 && x <= area.box.x1 && y >= area.box.y0 && y <= area.box.y1) return area.link;
  }
  return -1;
}

// A gap this many times the font size between two letters of a line parts them: wider than any
// justified word space, narrower than a column gutter or the padding between table cells.
constexpr double kSegmentGap = 1.2;

void close_segment(Segment& segment, std::vector<Segment>& out) {
  while (!segment.glyphs.empty() && segment.glyphs.back().code == U' ') segment.glyphs.pop_back();
  if (segment.glyphs.empty()) return;
  bool first = true;
  std::vector<std::pair<double, std::size_t>> sizes;
  for (const Glyph& g : segment.glyphs) {
    if (g.code == U' ') continue;
    if (first) segment.box = g.box;
    segment.box.extend(g.box);
    first = false;
    const double rounded = std::round(g.size * 2) / 2;
    auto it = std::find_if(sizes.begin(), sizes.end(), [&](const auto& s) { return s.first == rounded; });
    if (it == sizes.end())
      sizes.emplace_back(rounded, 1);
    else
      ++it->second;
  }
  segment.size = std::max_element(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) {
                   return a.second < b.second;
                 })->first;
  out.push_back(std::move(segment));
  segment = Segment{};
}

PageText read_page(PopplerPage* page, std::size_t index, std::vector<std::string>& links) {
  PageText result;
  poppler_page_get_size(page, &result.width, &result.height);
  std::vector<LinkArea> areas = page_links(page, result.height, links);

  std::vector<char32_t> text = code_points(take_string(poppler_page_get_text(page)));
  std::erase_if(text, is_bidi_control);
  // A page that reads right to left is selected from its top right, where its lines start.
  const bool right_to_left = mostly_right_to_left(text);
  PopplerRectangle whole_page{0, 0, result.width, result.height};
  if (right_to_left) {
    whole_page = right_to_left_selection(page, result.width, result.height);
    text = code_points(take_string(poppler_page_get_text_for_area(page, &whole_page)));
    std::erase_if(text, is_bidi_control);
  }
  PopplerRectangle* rectangles = nullptr;
  guint rectangle_count = 0;
  if (!poppler_page_get_text_layout_for_area(page, &whole_page, &rectangles, &rectangle_count)) return result;
  const std::unique_ptr<PopplerRectangle, GFree> owned_rectangles(rectangles);
  const std::size_t count = std::min<std::size_t>(text.size(), rectangle_count);
  if (right_to_left) {
    mirror_right_to_left(text, rectangles, count, result.width);
    for (LinkArea& area : areas)
      area.box = Box{result.width - area.box.x1, area.box.y0, result.width - area.box.x0, area.box.y1};
  }

  std::vector<double> sizes(count, 0);
  std::vector<std::uint8_t> flags(count, 0);
  GList* attributes = poppler_page_get_text_attributes_for_area(page, &whole_page);
  for (GList* item = attributes; item != nullptr; item = item->next) {
    const auto* a = static_cast<PopplerTextAttributes*>(item->data);
    const std::uint8_t face = a->font_name != nullptr ? flags_of_font(a->font_name) : 0;
    const auto first = static_cast<std::size_t>(std::max(0, a->start_index));
    const auto last = static_cast<std::size_t>(std::max(0, a->end_index));
    for (std::size_t i = first; i <= last && i < count; ++i) {
      sizes[i] = a->font_size;
      flags[i] = face;
    }
  }
  poppler_page_free_text_attributes(attributes);

  Segment current;
  current.page = index;
  // A copy, not a pointer into current.glyphs: a space pushed after it may move the vector.
  Glyph last_letter{};
  bool after_letter = false;
  for (std::size_t i = 0; i < count; ++i) {
    const char32_t c = text[i];
    if (c == U'\n' || c == U'\r') {
      close_segment(current, result.segments);
      current.page = index;
      after_letter = false;
      continue;
    }
    const PopplerRectangle& r = rectangles[i];
    Glyph glyph{c == U'\t' || c == U'\u00A0' ? U' ' : c, Box{r.x1, r.y1, r.x2, r.y2}, sizes[i], flags[i], -1};
    if (glyph.code == U' ') {
      if (!current.glyphs.empty() && current.glyphs.back().code != U' ') current.glyphs.push_back(glyph);
      continue;
    }
    if (right_to_left && after_letter && current.glyphs.back().code != U' ' &&
        glyph.box.x0 - last_letter.box.x1 > kRightToLeftWordGap * std::max(glyph.size, last_letter.size)) {
      current.glyphs.push_back(
          Glyph{U' ', Box{last_letter.box.x1, glyph.box.y0, glyph.box.x0, glyph.box.y1}, glyph.size, glyph.flags, -1});
    }
    if (after_letter) {
      // A right-to-left run's letters come in reading order, their rectangles left to right (poppler
      // pairs them so): the gaps are measured as for any run.
      const double gap = glyph.box.x0 - last_letter.box.x1;
      const double em = std::max(glyph.size, last_letter.size);
      const bool jumped = std::abs(glyph.box.y1 - last_letter.box.y1) > em;
      if (gap > kSegmentGap * em || gap < -em || jumped) {
        close_segment(current, result.segments);
        current.page = index;
      }
    }
    glyph.link = link_at(areas, glyph.box);
    current.glyphs.push_back(glyph);
    last_letter = glyph;
    after_letter = true;
  }
  close_segment(current, result.segments);
  return result;
}

// "D:20240131120000+01'00'" and XMP's "2024-01-31T12:00:00+01:00" both come through GDateTime.
std::string iso_utc(GDateTime* when) {
  if (when == nullptr) return {};
  GDateTime* utc = g_date_time_to_utc(when);
  g_date_time_unref(when);
  std::string text = take_string(g_date_time_format(utc, "%Y-%m-%dT%H:%M:%SZ"));
  g_date_time_unref(utc);
  return text;
}

}  // namespace

void Box::extend(const Box& other) {
  x0 = std::min(x0, other.x0);
  y0 = std::min(y0, other.y0);
  x1 = std::max(x1, other.x1);
  y1 = std::max(y1, other.y1);
}

core::Result<PopplerRead> read_with_poppler(std::string_view bytes, std::size_t max_pages) {
  GBytes* data = g_bytes_new_static(bytes.data(), bytes.size());
  GError* error = nullptr;
  const DocumentPtr document(poppler_document_new_from_bytes(data, nullptr, &error));
  g_bytes_unref(data);
  if (!document) {
    const bool encrypted = error != nullptr && error->domain == POPPLER_ERROR && error->code == POPPLER_ERROR_ENCRYPTED;
    const std::string reason = error != nullptr && error->message != nullptr ? error->message : "unknown error";
    if (error != nullptr) g_error_free(error);
    if (encrypted) {
      return core::unexpected(ErrorCode::pdf_encrypted,
                              "This PDF is encrypted and needs a password to open, which pagemd does not have.");
    }
    return core::unexpected(ErrorCode::unsupported_content, "This PDF cannot be read (" + reason + ").");
  }
  PopplerRead read;
  const int pages = poppler_document_get_n_pages(document.get());
  if (pages <= 0) return core::unexpected(ErrorCode::unsupported_content, "This PDF has no pages.");
  read.info.page_count = static_cast<std::size_t>(pages);
  if (read.info.page_count > max_pages) {
    return core::unexpected(ErrorCode::unsupported_content, "This PDF has " + std::to_string(pages) +
                                                                " pages, more than the " + std::to_string(max_pages) +
                                                                " pagemd converts (max_pdf_pages).");
  }
  read.info.title = take_string(poppler_document_get_title(document.get()));
  read.info.author = take_string(poppler_document_get_author(document.get()));
  read.info.subject = take_string(poppler_document_get_subject(document.get()));
  read.info.creation_date = iso_utc(poppler_document_get_creation_date_time(document.get()));
  read.info.xmp = take_string(poppler_document_get_metadata(document.get()));
  read.text.pages.reserve(read.info.page_count);
  for (int i = 0; i < pages; ++i) {
    const PagePtr page(poppler_document_get_page(document.get(), i));
    if (!page) {
      read.text.pages.emplace_back();
      continue;
    }
    read.text.pages.push_back(read_page(page.get(), static_cast<std::size_t>(i), read.text.links));
  }
  return read;
}

std::string poppler_data_directory() { return PAGEMD_POPPLER_DATA_DIR; }

void warm_up_poppler() {
  // A one-page document with a line of text: opening it loads poppler's global parameters (the
  // files of /usr/share/poppler), its built-in font metrics and GLib's type system. Poppler's GLib
  // binding drops its global parameters with the last open document and reads the files again with
  // the next, so this document stays open for the life of the process. Its cross-reference table is
  // exact, so that poppler has nothing to complain about on stderr.
  static std::string kept_bytes;
  if (!kept_bytes.empty()) return;  // warmed already: the document is open
  // Chinese, Japanese and Korean text set in fonts that are not embedded maps its codes through
  // poppler-data's CMaps and CID-to-Unicode tables, which poppler reads when a page first needs them
  // and keeps with its global parameters (four of each): a line of each collection's Unicode CMap
  // reads them here, before the jail closes the file system. Other CMaps are read in the jail, where
  // landlock lets it read data_directories() (pdf_converter.hpp).
  struct Collection {
    const char* ordering;
    const char* cmap;
    const char* code;  // a character of the collection, in UCS-2
  };
  static constexpr Collection kCollections[] = {{"GB1", "UniGB-UCS2-H", "4E2D"},
                                                {"CNS1", "UniCNS-UCS2-H", "4E2D"},
                                                {"Japan1", "UniJIS-UCS2-H", "65E5"},
                                                {"Korea1", "UniKS-UCS2-H", "D55C"}};
  constexpr std::size_t kFirstCidObject = 7;  // after the six objects below
  std::string content = "BT /F1 12 Tf 20 100 Td (warm up) Tj ET\n";
  std::string fonts = "/F1 5 0 R";
  std::vector<std::string> cid_objects;
  for (std::size_t i = 0; i < std::size(kCollections); ++i) {
    const Collection& c = kCollections[i];
    const std::size_t font = kFirstCidObject + 3 * i;
    content +=
        "BT /C" + std::to_string(i) + " 12 Tf 20 " + std::to_string(80 - 12 * i) + " Td <" + c.code + "> Tj ET\n";
    fonts += "/C" + std::to_string(i) + " " + std::to_string(font) + " 0 R";
    cid_objects.push_back("<</Type/Font/Subtype/Type0/BaseFont/WarmUp/Encoding/" + std::string(c.cmap) +
                          "/DescendantFonts[" + std::to_string(font + 1) + " 0 R]>>");
    cid_objects.push_back(
        "<</Type/Font/Subtype/CIDFontType0/BaseFont/WarmUp/CIDSystemInfo<</Registry(Adobe)/Ordering(" +
        std::string(c.ordering) + ")/Supplement 0>>/FontDescriptor " + std::to_string(font + 2) + " 0 R/DW 1000>>");
    cid_objects.push_back(
        "<</Type/FontDescriptor/FontName/WarmUp/Flags 6/FontBBox[0 -200 1000 900]/ItalicAngle 0/Ascent 880"
        "/Descent -120/CapHeight 880/StemV 80>>");
  }
  std::vector<std::string> objects = {
      "<</Type/Catalog/Pages 2 0 R>>",
      "<</Type/Pages/Kids[3 0 R]/Count 1>>",
      "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Contents 4 0 R/Resources<</Font<<" + fonts + ">>>>>>",
      "<</Length " + std::to_string(content.size()) + ">>stream\n" + content + "endstream",
      "<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>",
      // A creation date without a time zone, read as local time: GLib reads the zone and the
      // locale's charset (to format the date) once.
      "<</Title(warm up)/CreationDate(D:20240101000000)>>",
  };
  objects.insert(objects.end(), cid_objects.begin(), cid_objects.end());
  std::string pdf = "%PDF-1.4\n";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj" + objects[i] + "endobj\n";
  }
  const std::size_t xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (const std::size_t offset : offsets) {
    std::string number = std::to_string(offset);
    pdf += std::string(10 - number.size(), '0') + number + " 00000 n \n";
  }
  pdf += "trailer<</Size " + std::to_string(objects.size() + 1) + "/Root 1 0 R/Info 6 0 R>>\nstartxref\n" +
         std::to_string(xref) + "\n%%EOF\n";
  kept_bytes = std::move(pdf);
  GBytes* data = g_bytes_new_static(kept_bytes.data(), kept_bytes.size());
  PopplerDocument* kept = poppler_document_new_from_bytes(data, nullptr, nullptr);
  g_bytes_unref(data);
  if (kept == nullptr) return;
  (void)read_with_poppler(kept_bytes, 1);
}

}  // namespace pagemd::pdf
