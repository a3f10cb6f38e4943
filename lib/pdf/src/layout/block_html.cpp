// Blocks as HTML for the extractor, which writes the Markdown (escaping, tables, lists, links) as it
// does for any page. Inline runs of bold, italic, monospace and link glyphs become <strong>, <em>,
// <code> and <a>.

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "layout.hpp"

namespace pagemd::pdf {
namespace {

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

void append_escaped(std::string& out, char32_t c) {
  switch (c) {
    case U'&': out += "&amp;"; break;
    case U'<': out += "&lt;"; break;
    case U'>': out += "&gt;"; break;
    case U'"': out += "&quot;"; break;
    default: append_utf8(out, c);
  }
}

void append_escaped(std::string& out, std::string_view text) {
  for (const char c : text) {
    if (c == '&' || c == '<' || c == '>' || c == '"')
      append_escaped(out, static_cast<char32_t>(c));
    else
      out += c;
  }
}

// The style a glyph is written in; a space takes its neighbours' so that "two words" in bold is one
// <strong>, not two.
struct Style {
  bool bold = false, italic = false, code = false;
  int link = -1;
  bool operator==(const Style&) const = default;
};

Style style_of(const Glyph& g, std::uint8_t block_flags) {
  const std::uint8_t own = g.flags & static_cast<std::uint8_t>(~block_flags);
  return {(own & kBold) != 0, (own & kItalic) != 0, (own & kMonospace) != 0, g.link};
}

void inline_html(std::string& out, const GlyphLine& glyphs, const std::vector<std::string>& links,
                 std::uint8_t block_flags) {
  std::vector<Style> styles(glyphs.size());
  for (std::size_t i = 0; i < glyphs.size(); ++i) {
    if (glyphs[i].code != U' ') styles[i] = style_of(glyphs[i], block_flags);
  }
  // A space inside a run of one style belongs to it.
  for (std::size_t i = 0; i < glyphs.size(); ++i) {
    if (glyphs[i].code != U' ') continue;
    std::size_t next = i;
    while (next < glyphs.size() && glyphs[next].code == U' ') ++next;
    if (i > 0 && next < glyphs.size() && styles[i - 1] == styles[next])
      styles[i] = styles[next];
    else
      styles[i] = Style{};
  }
  std::size_t i = 0;
  while (i < glyphs.size()) {
    std::size_t end = i;
    while (end < glyphs.size() && styles[end] == styles[i]) ++end;
    const Style& s = styles[i];
    const bool linked = s.link >= 0 && static_cast<std::size_t>(s.link) < links.size();
    if (linked) {
      out += "<a href=\"";
      append_escaped(out, links[static_cast<std::size_t>(s.link)]);
      out += "\">";
    }
    if (s.bold) out += "<strong>";
    if (s.italic) out += "<em>";
    if (s.code) out += "<code>";
    for (std::size_t k = i; k < end; ++k) append_escaped(out, glyphs[k].code);
    if (s.code) out += "</code>";
    if (s.italic) out += "</em>";
    if (s.bold) out += "</strong>";
    if (linked) out += "</a>";
    i = end;
  }
}

std::uint8_t flags_all(const GlyphLine& glyphs) {
  std::uint8_t all = 0xFF;
  bool any = false;
  for (const Glyph& g : glyphs) {
    if (g.code == U' ') continue;
    all &= g.flags;
    any = true;
  }
  return any ? all : 0;
}

void table_html(std::string& out, const Block& block, const std::vector<std::string>& links) {
  out += "<table>";
  for (std::size_t r = 0; r < block.table.size(); ++r) {
    const char* cell_tag = r == 0 ? "th" : "td";
    out += "<tr>";
    for (const GlyphLine& cell : block.table[r]) {
      out += std::string("<") + cell_tag + ">";
      inline_html(out, cell, links, r == 0 ? flags_all(cell) : 0);
      out += std::string("</") + cell_tag + ">";
    }
    out += "</tr>";
  }
  out += "</table>\n";
}

// The language a code block names itself, when it does: a script's first line ("#!/usr/bin/env
// python3", "#!/bin/bash") names its interpreter. Nothing is guessed from keywords: a PDF carries
// no language, and a wrong one is worse than none.
std::string code_language(const std::vector<GlyphLine>& lines) {
  if (lines.empty()) return {};
  std::string first;
  for (const Glyph& g : lines.front()) {
    if (g.code >= 0x80) return {};
    first += static_cast<char>(g.code);
  }
  if (!first.starts_with("#!")) return {};
  std::string_view command(first);
  command.remove_prefix(2);
  const auto word_end = [](std::string_view text) { return std::min(text.find(' '), text.size()); };
  while (command.starts_with(' ')) command.remove_prefix(1);
  std::string_view program = command.substr(0, word_end(command));
  program = program.substr(program.rfind('/') == std::string_view::npos ? 0 : program.rfind('/') + 1);
  if (program == "env") {
    command.remove_prefix(word_end(command));
    while (command.starts_with(' ')) command.remove_prefix(1);
    if (command.starts_with("-S ")) command.remove_prefix(3);
    program = command.substr(0, word_end(command));
  }
  // "python3.11" is Python: the version is no part of the language's name.
  while (!program.empty() && (std::isdigit(static_cast<unsigned char>(program.back())) != 0 || program.back() == '.')) {
    program.remove_suffix(1);
  }
  const bool plain = !program.empty() && std::all_of(program.begin(), program.end(), [](char c) {
    return std::islower(static_cast<unsigned char>(c)) != 0 || c == '-' || c == '_';
  });
  return plain ? std::string(program) : std::string();
}

}  // namespace

std::string text_of(const Segment& segment) {
  std::string out;
  for (const Glyph& g : segment.glyphs) {
    if (g.code == U' ' && (out.empty() || out.back() == ' ')) continue;
    append_utf8(out, g.code);
  }
  return out;
}

std::string blocks_as_html(const std::vector<Block>& blocks, const std::vector<std::string>& links) {
  std::string out = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>\n";
  // Open lists, innermost last: whether each is numbered.
  std::vector<bool> lists;
  const auto close_lists_to = [&](std::size_t depth) {
    while (lists.size() > depth) {
      out += lists.back() ? "</li></ol>" : "</li></ul>";
      lists.pop_back();
    }
  };
  bool footnotes_started = false;
  for (const Block& block : blocks) {
    if (block.kind != BlockKind::list_item) close_lists_to(0);
    switch (block.kind) {
      case BlockKind::heading: {
        const std::string tag = std::string("h").append(std::to_string(std::clamp(block.level, 1, 6)));
        out.append("<").append(tag).append(">");
        inline_html(out, block.lines.front(), links, flags_all(block.lines.front()));
        out += "</" + tag + ">\n";
        break;
      }
      case BlockKind::paragraph:
      case BlockKind::footnote:
        if (block.kind == BlockKind::footnote && !footnotes_started) {
          out += "<hr>";
          footnotes_started = true;
        }
        out += "<p>";
        inline_html(out, block.lines.front(), links, 0);
        out += "</p>\n";
        break;
      case BlockKind::quote:
        out += "<blockquote><p>";
        inline_html(out, block.lines.front(), links, 0);
        out += "</p></blockquote>\n";
        break;
      case BlockKind::list_item: {
        const auto depth = static_cast<std::size_t>(block.depth) + 1;
        if (lists.size() > depth) close_lists_to(depth);
        if (lists.size() == depth && lists.back() != block.ordered) close_lists_to(depth - 1);
        if (lists.size() == depth) out += "</li>";
        while (lists.size() < depth) {
          out += block.ordered ? "<ol>" : "<ul>";
          lists.push_back(block.ordered);
        }
        out += "<li>";
        inline_html(out, block.lines.front(), links, 0);
        break;
      }
      case BlockKind::code: {
        const std::string language = code_language(block.lines);
        out += language.empty() ? "<pre><code>" : "<pre><code class=\"language-" + language + "\">";
        for (const GlyphLine& line : block.lines) {
          for (const Glyph& g : line) append_escaped(out, g.code);
          out += '\n';
        }
        out += "</code></pre>\n";
        break;
      }
      case BlockKind::table: table_html(out, block, links); break;
    }
  }
  close_lists_to(0);
  out += "</body></html>\n";
  return out;
}

}  // namespace pagemd::pdf
