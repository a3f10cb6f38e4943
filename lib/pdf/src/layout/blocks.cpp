// Lines to blocks. Within a region lines read top to bottom; a block ends where the vertical gap
// widens, the font changes class (heading, body, code, small print), a list marker starts a line,
// the indentation moves, or a line ends short of the column's right edge (the last line of a
// paragraph or a tight list item). A paragraph that fills its column's last line goes on in the next
// column or page.

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "layout.hpp"
#include "vocabulary.hpp"

namespace pagemd::pdf {
namespace {

enum class LineClass { body, heading, code, small };

struct Line {
  GlyphLine glyphs;
  Box box;
  double size = 0;
  std::uint8_t flags = 0;  // flags all of its letters share
  double mono_share = 0;
  const Region* region = nullptr;
};

std::uint8_t shared_flags(const GlyphLine& glyphs) {
  std::uint8_t all = 0xFF;
  for (const Glyph& g : glyphs) {
    if (!is_space(g.code)) all &= g.flags;
  }
  return all == 0xFF ? 0 : all;
}

double mono_share_of(const GlyphLine& glyphs) {
  std::size_t letters = 0, mono = 0;
  for (const Glyph& g : glyphs) {
    if (is_space(g.code)) continue;
    ++letters;
    if ((g.flags & kMonospace) != 0) ++mono;
  }
  return letters == 0 ? 0 : static_cast<double>(mono) / static_cast<double>(letters);
}

Line line_of(const std::vector<const Segment*>& parts, const Region& region) {
  Line line;
  line.region = &region;
  line.box = parts.front()->box;
  for (const Segment* s : parts) {
    if (!line.glyphs.empty()) line.glyphs.push_back(Glyph{U' ', s->box, s->size, 0, -1});
    line.glyphs.insert(line.glyphs.end(), s->glyphs.begin(), s->glyphs.end());
    line.box.extend(s->box);
  }
  // The size most letters have, code aside: inline code is set smaller than the text around it.
  std::map<double, std::size_t> letters_by_size[2];
  for (const Glyph& g : line.glyphs) {
    if (!is_space(g.code)) ++letters_by_size[(g.flags & kMonospace) != 0 ? 1 : 0][std::round(g.size * 2) / 2];
  }
  const auto& sizes = letters_by_size[0].empty() ? letters_by_size[1] : letters_by_size[0];
  line.size = sizes.empty() ? parts.front()->size
                            : std::max_element(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) {
                                return a.second < b.second;
                              })->first;
  line.flags = shared_flags(line.glyphs);
  line.mono_share = mono_share_of(line.glyphs);
  return line;
}

// A list marker at the start of a line: a bullet, or a number or letter with "." or ")".
std::size_t marker_length(const GlyphLine& glyphs, bool& ordered) {
  static const std::u32string kBullets = U"•◦▪▫●○■□‣⁃∙·–-*";
  if (glyphs.size() < 3) return 0;
  if (kBullets.find(glyphs[0].code) != std::u32string::npos && is_space(glyphs[1].code)) {
    ordered = false;
    return 2;
  }
  std::size_t i = 0;
  const bool parenthesised = glyphs[0].code == U'(';
  if (parenthesised) ++i;
  const std::size_t start = i;
  while (i < glyphs.size() && i - start < 3 && is_digit(glyphs[i].code)) ++i;
  // A letter is an enumerator with a parenthesis only: "b. Der" is more often a sentence's end.
  const bool letter = i == start && i < glyphs.size() && is_lower(glyphs[i].code);
  if (letter) ++i;
  if (i == start || i + 1 >= glyphs.size()) return 0;
  const char32_t close = glyphs[i].code;
  if (!(close == U')' || (close == U'.' && !parenthesised && !letter))) return 0;
  if (!is_space(glyphs[i + 1].code)) return 0;
  ordered = true;
  return i + 2;
}

char32_t last_letter(const GlyphLine& glyphs) {
  for (auto it = glyphs.rbegin(); it != glyphs.rend(); ++it) {
    if (!is_space(it->code)) return it->code;
  }
  return 0;
}

class BlockBuilder {
 public:
  BlockBuilder(double body, const Vocabulary& vocabulary) : body_(body), vocabulary_(vocabulary) {}

  void add_table(Block table) {
    close();
    push(std::move(table), 0, false, 0);
    previous_ = Line{};
    has_previous_ = false;
  }

  // Footnotes are read after everything else, so that they do not part a paragraph that goes on
  // over the page break.
  void start_footnotes() {
    close();
    footnotes_ = true;
    has_previous_ = false;
  }

  void add(Line line) {
    const LineClass kind = class_of(line);
    bool ordered = false;
    std::size_t marker = kind == LineClass::body || kind == LineClass::small ? marker_length(line.glyphs, ordered) : 0;
    // A number that a wrapped sentence brings to the start of a line ("... in\n12. March") is no
    // enumerator: a numbered item starts after a gap, a short line or another item, or indented.
    if (marker > 0 && ordered && current_.kind == BlockKind::paragraph && continues(line, kind, 0)) marker = 0;
    if (!continues(line, kind, marker)) {
      close();
      start(line, kind, marker, ordered);
    } else {
      append(line, kind);
    }
    previous_ = std::move(line);
    previous_class_ = kind;
    has_previous_ = true;
  }

  std::vector<Block> finish() {
    close();
    assign_heading_levels();
    std::vector<Block> out;
    std::vector<Block> footnotes;
    for (Block& b : blocks_) (b.kind == BlockKind::footnote ? footnotes : out).push_back(std::move(b));
    for (Block& f : footnotes) out.push_back(std::move(f));
    return out;
  }

 private:
  LineClass class_of(const Line& line) const {
    if (line.mono_share >= 0.8) return LineClass::code;
    if (line.size >= body_ * 1.12) return LineClass::heading;
    // A bold line of body size standing alone, not a sentence: a minor heading (decided in close()).
    if (line.size <= body_ * 0.9) return LineClass::small;
    return LineClass::body;
  }

  // Whether a line was ended by its column's edge rather than by its paragraph: the next line's
  // first word would not have fitted after it. Once a block has two lines, the edge is where its own
  // lines reach (a quote's measure is narrower than its column's). A block's first line is measured
  // by its column, less its indentation when it is indented as a whole (a quote is indented on both
  // sides, which its first line cannot show): a line of its own (a short list item whose marker is
  // no text, a line of an address) does not reach that edge, and the next starts a block of its own.
  bool filled(const Line& line, const Line& next) const {
    double word = 0;
    for (const Glyph& g : next.glyphs) {
      if (is_space(g.code)) break;
      word = g.box.x1 - next.glyphs.front().box.x0;
    }
    double edge = current_right_;
    if (current_lines_ < 2 && line.region != nullptr) {
      const double indent = line.box.x0 - line.region->box.x0;
      edge = line.region->measure - (indent >= 1.5 * body_ ? indent : 0);
    }
    return line.box.x1 + word + 0.25 * line.size >= edge;
  }

  bool continues(const Line& line, LineClass kind, std::size_t marker) const {
    if (!has_previous_ || current_lines_ == 0) return false;
    if (kind != previous_class_ || marker > 0) return false;
    if (kind == LineClass::heading) {
      return line.region == previous_.region && line.size == previous_.size && line.flags == previous_.flags &&
             line.box.y0 - previous_.box.y1 < 0.5 * line.size;
    }
    if (kind != LineClass::code && (line.flags & kBold) != (previous_.flags & kBold) &&
        (current_bold_only_ || (line.flags & kBold) != 0)) {
      return false;
    }
    if (line.region != previous_.region) {
      // A column or page break inside a paragraph: the previous line filled its column.
      if (kind == LineClass::code) return false;
      if (current_.kind != BlockKind::paragraph && current_.kind != BlockKind::list_item) return false;
      if (!filled(previous_, line)) return false;
      const char32_t end = last_letter(previous_.glyphs);
      const bool sentence_ended = end == U'.' || end == U'!' || end == U'?' || end == U':';
      const bool starts_lower = !line.glyphs.empty() && is_lower(line.glyphs.front().code);
      return !sentence_ended || starts_lower;
    }
    const double gap = line.box.y0 - previous_.box.y1;
    if (kind == LineClass::code) return gap < 2.5 * line.size;
    if (gap > 0.5 * body_) return false;
    if (!filled(previous_, line)) return false;
    const double shift = line.box.x0 - previous_.box.x0;
    if (std::abs(shift) <= 0.6 * body_) return true;
    // A hanging indent: the lines after a marker's line start where its text does.
    if (current_lines_ == 1 && current_marker_x_ >= 0 && std::abs(line.box.x0 - current_marker_x_) <= 0.6 * body_) {
      return true;
    }
    // A paragraph whose first line is indented.
    return current_lines_ == 1 && shift < 0 && shift > -4 * body_;
  }

  void start(const Line& line, LineClass kind, std::size_t marker, bool ordered) {
    current_ = Block{};
    current_lines_ = 1;
    current_marker_x_ = -1;
    current_first_ = line;
    current_right_ = line.box.x1;
    current_left_ = line.box.x0;
    current_bold_only_ = (line.flags & kBold) != 0;
    GlyphLine glyphs = line.glyphs;
    switch (kind) {
      case LineClass::code: current_.kind = BlockKind::code; break;
      case LineClass::heading: current_.kind = BlockKind::heading; break;
      case LineClass::small:
      case LineClass::body:
        if (marker > 0) {
          current_.kind = BlockKind::list_item;
          current_.ordered = ordered;
          current_marker_x_ = glyphs[marker].box.x0;
          glyphs.erase(glyphs.begin(), glyphs.begin() + static_cast<long>(marker));
        } else if (footnotes_) {
          current_.kind = BlockKind::footnote;
        } else {
          current_.kind = BlockKind::paragraph;
        }
        break;
    }
    if (kind == LineClass::code) {
      code_left_ = line.box.x0;
      code_lines_ = {line};
      return;
    }
    current_.lines.push_back(std::move(glyphs));
  }

  void append(const Line& line, LineClass kind) {
    ++current_lines_;
    current_right_ = std::max(current_right_, line.box.x1);
    current_left_ = std::min(current_left_, line.box.x0);
    if ((line.flags & kBold) == 0) current_bold_only_ = false;
    if (kind == LineClass::code) {
      code_lines_.push_back(line);
      code_left_ = std::min(code_left_, line.box.x0);
      return;
    }
    GlyphLine& text = current_.lines.back();
    join_into(text, line.glyphs);
  }

  void join_into(GlyphLine& text, const GlyphLine& next) const {
    if (next.empty()) return;
    if (text.size() >= 2 && is_letter(next.front().code)) {
      const char32_t end = text.back().code;
      if (end == U'\u00AD') {
        text.pop_back();
        text.insert(text.end(), next.begin(), next.end());
        return;
      }
      if (end == U'-' && is_letter(text[text.size() - 2].code)) {
        std::size_t start = text.size() - 1;
        while (start > 0 && is_letter(text[start - 1].code)) --start;
        std::size_t stop = 0;
        while (stop < next.size() && is_letter(next[stop].code)) ++stop;
        const std::string left = lower_word(text, start, text.size() - 1);
        const std::string right = lower_word(next, 0, stop);
        if (vocabulary_.hyphen_breaks_word(left, right)) text.pop_back();
        text.insert(text.end(), next.begin(), next.end());
        return;
      }
    }
    text.push_back(Glyph{U' ', next.front().box, next.front().size, 0, -1});
    text.insert(text.end(), next.begin(), next.end());
  }

  void close() {
    if (current_.kind == BlockKind::code && !code_lines_.empty()) {
      current_.lines = code_text();
      code_lines_.clear();
    }
    if (current_.lines.empty()) return;
    if (current_.kind == BlockKind::paragraph) {
      refine_paragraph();
    }
    if (current_.kind == BlockKind::heading) {
      if (current_lines_ > 3) current_.kind = BlockKind::paragraph;
    }
    const double heading_size = current_.kind == BlockKind::heading ? current_first_.size : 0;
    push(std::move(current_), heading_size, (current_first_.flags & kBold) != 0, current_first_.box.x0);
    current_ = Block{};
    current_lines_ = 0;
  }

  void push(Block block, double heading_size, bool bold, double x) {
    blocks_.push_back(std::move(block));
    heading_sizes_.push_back(heading_size);
    heading_bold_.push_back(bold);
    list_x_.push_back(x);
  }

  // A paragraph that is all bold, short and not a sentence is a minor heading; one indented on the
  // left (without a marker) is a list item, or a quote when indented on both sides.
  void refine_paragraph() {
    const GlyphLine& text = current_.lines.front();
    const char32_t end = last_letter(text);
    if (current_bold_only_ && current_lines_ <= 2 && end != U'.' && end != U',' && end != U';' &&
        current_first_.size >= body_ * 0.95) {
      current_.kind = BlockKind::heading;
      return;
    }
    // A first line indented alone is a paragraph's; a block indented as a whole is set apart.
    const Box& region = current_first_.region->box;
    const double indent = current_left_ - region.x0;
    if (indent < 1.5 * body_) return;
    // Indented on the right as well, over lines enough to tell (two lines may both end short of
    // the measure by chance): a quote. Otherwise a list item whose marker is no text (browsers draw
    // discs as shapes).
    const bool right_indented = current_right_ <= region.x1 - 1.5 * body_;
    current_.kind = right_indented && current_lines_ >= 3 ? BlockKind::quote : BlockKind::list_item;
  }

  std::vector<GlyphLine> code_text() const {
    double advance = 0;
    std::size_t n = 0;
    for (const Line& line : code_lines_) {
      for (const Glyph& g : line.glyphs) {
        if (!is_space(g.code)) {
          advance += g.box.width();
          ++n;
        }
      }
    }
    advance = n > 0 ? advance / static_cast<double>(n) : body_ * 0.6;
    // The distance from line to line; a multiple of it is a blank line.
    double pitch = 0;
    for (std::size_t i = 1; i < code_lines_.size(); ++i) {
      const double step = code_lines_[i].box.y0 - code_lines_[i - 1].box.y0;
      if (step > 0 && (pitch == 0 || step < pitch)) pitch = step;
    }
    std::vector<GlyphLine> lines;
    for (std::size_t i = 0; i < code_lines_.size(); ++i) {
      const Line& line = code_lines_[i];
      if (i > 0 && pitch > 0) {
        const double step = line.box.y0 - code_lines_[i - 1].box.y0;
        const auto blank = static_cast<long>(std::lround(step / pitch)) - 1;
        for (long b = 0; b < blank && b < 3; ++b) lines.emplace_back();
      }
      GlyphLine text;
      const auto indent = static_cast<long>(std::lround((line.box.x0 - code_left_) / advance));
      for (long s = 0; s < indent && s < 80; ++s) text.push_back(Glyph{U' ', line.box, line.size, kMonospace, -1});
      // Spaces inside a code line are as wide as the gaps the letters leave.
      const Glyph* before = nullptr;
      for (const Glyph& g : line.glyphs) {
        if (is_space(g.code)) continue;
        if (before != nullptr) {
          const auto spaces = static_cast<long>(std::lround((g.box.x0 - before->box.x1) / advance));
          for (long s = 0; s < spaces && s < 80; ++s) text.push_back(Glyph{U' ', g.box, g.size, kMonospace, -1});
        }
        text.push_back(g);
        before = &g;
      }
      lines.push_back(std::move(text));
    }
    return lines;
  }

  // Heading levels by size rank: the largest heading style is level 1; at equal size, bold first.
  void assign_heading_levels() {
    std::set<std::pair<double, int>, std::greater<>> styles;
    for (std::size_t i = 0; i < blocks_.size(); ++i) {
      if (blocks_[i].kind == BlockKind::heading) styles.insert({heading_sizes_[i], heading_bold_[i] ? 1 : 0});
    }
    for (std::size_t i = 0; i < blocks_.size(); ++i) {
      if (blocks_[i].kind != BlockKind::heading) continue;
      const auto rank = std::distance(styles.begin(), styles.find({heading_sizes_[i], heading_bold_[i] ? 1 : 0}));
      blocks_[i].level = static_cast<int>(std::min<long>(rank + 1, 6));
    }
    assign_list_depths();
  }

  // Nesting from the indentation of consecutive list items.
  void assign_list_depths() {
    std::vector<double> indents;
    for (std::size_t i = 0; i < blocks_.size(); ++i) {
      if (blocks_[i].kind != BlockKind::list_item) {
        indents.clear();
        continue;
      }
      const double x = list_x_[i];
      while (!indents.empty() && x < indents.back() - 0.5 * body_) indents.pop_back();
      if (indents.empty() || x > indents.back() + 0.5 * body_) indents.push_back(x);
      blocks_[i].depth = static_cast<int>(indents.size()) - 1;
    }
  }

 private:
  double body_;
  const Vocabulary& vocabulary_;
  std::vector<Block> blocks_;
  std::vector<double> heading_sizes_;
  std::vector<bool> heading_bold_;
  std::vector<double> list_x_;  // where each block's first line starts
  Block current_;
  Line current_first_;
  std::size_t current_lines_ = 0;
  double current_marker_x_ = -1;
  double current_right_ = 0;
  double current_left_ = 0;
  bool current_bold_only_ = false;
  std::vector<Line> code_lines_;
  double code_left_ = 0;
  Line previous_;
  LineClass previous_class_ = LineClass::body;
  bool has_previous_ = false;
  bool footnotes_ = false;
};

// The rows at the foot of a region that are footnotes: small print in the bottom third of the page,
// the first starting with a number or a reference mark, nothing but small print after it.
std::size_t first_footnote_row(const Region& region, double body) {
  std::size_t first = region.rows.size();
  while (first > 0) {
    const Row& row = region.rows[first - 1];
    const Segment& s = *row.cells.front().front();
    if (row.cells.size() != 1 || s.size > body * 0.9 || row.box.y0 < region.page_height * 2 / 3) break;
    --first;
  }
  while (first < region.rows.size()) {
    const char32_t c = region.rows[first].cells.front().front()->glyphs.front().code;
    if (is_digit(c) || c == U'*' || c == U'†' || c == U'‡' || c == U'§') break;
    ++first;
  }
  return first;
}

void add_row(BlockBuilder& builder, const Row& row, const Region& region) {
  if (row.cells.size() == 1) {
    for (const Segment* s : row.cells.front()) builder.add(line_of({s}, region));
    return;
  }
  std::vector<const Segment*> parts;
  for (const Cell& cell : row.cells) parts.insert(parts.end(), cell.begin(), cell.end());
  builder.add(line_of(parts, region));
}

}  // namespace

std::vector<Block> blocks_of(const std::vector<Region>& regions, double body) {
  Vocabulary vocabulary;
  for (const Region& region : regions) {
    for (const Row& row : region.rows) {
      for (const Cell& cell : row.cells) {
        for (const Segment* s : cell) vocabulary.add(s->glyphs);
      }
    }
  }
  BlockBuilder builder(body, vocabulary);
  std::vector<std::pair<const Region*, std::size_t>> footnotes;  // region and its first footnote row
  for (const Region& region : regions) {
    const std::size_t footnote_row = first_footnote_row(region, body);
    if (footnote_row < region.rows.size()) footnotes.emplace_back(&region, footnote_row);
    std::size_t r = 0;
    while (r < footnote_row) {
      Block grid;
      if (const std::size_t rows = aligned_grid(region, r, footnote_row, body, grid); rows > 0) {
        builder.add_table(std::move(grid));
        r += rows;
        continue;
      }
      if (const std::size_t rows = spaced_table(region, r, footnote_row, body, grid); rows > 0) {
        builder.add_table(std::move(grid));
        r += rows;
        continue;
      }
      add_row(builder, region.rows[r], region);
      ++r;
    }
  }
  builder.start_footnotes();
  for (const auto& [region, first] : footnotes) {
    for (std::size_t r = first; r < region->rows.size(); ++r) add_row(builder, region->rows[r], *region);
  }
  return builder.finish();
}

}  // namespace pagemd::pdf
