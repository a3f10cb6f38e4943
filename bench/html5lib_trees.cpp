// pagemd's parser against the html5lib tree-construction suite: each whole-document case of the
// suite's .dat files is parsed by parse/ (the tokenizer and tree builder as the standard builds
// the tree, not a page's tree, which leaves scripts and SVG out) and its tree written in the suite's
// "#document" format, then compared with the expected tree. Cases parsed as fragments, and those
// only for a browser that runs scripts (#script-on), are left out: pagemd runs no scripts.
//
//   html5lib_trees DIR [--failures] [--require-all]
//
// DIR holds the .dat files (the suite's tree-construction/ folder). Prints the count per file and
// in all; --failures prints each failing case with both trees; --require-all exits 1 unless every
// case passes (the test over tests/data/html5lib/).

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parse/dom.hpp"

namespace {

using pagemd::extract::Attribute;
using pagemd::extract::Comments;
using pagemd::extract::Document;
using pagemd::extract::kNoNode;
using pagemd::extract::Namespace;
using pagemd::extract::NodeId;
using pagemd::extract::NodeKind;

struct Case {
  std::string data;
  std::string expected;
  std::size_t line = 0;  // of its "#data", for the report
};

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// The whole-document cases of one file that a browser without scripts is held to.
std::vector<Case> read_cases(const std::string& text) {
  std::vector<Case> cases;
  std::vector<std::string_view> lines;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    lines.emplace_back(text.data() + at, end - at);
    at = end + 1;
  }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i] != "#data") continue;
    Case c;
    c.line = i + 1;
    std::size_t j = i + 1;
    for (; j < lines.size() && lines[j] != "#errors"; ++j) {
      if (j > i + 1) c.data += '\n';
      c.data += lines[j];
    }
    bool fragment = false;
    bool scripted = false;
    for (; j < lines.size() && lines[j] != "#document"; ++j) {
      fragment = fragment || lines[j] == "#document-fragment";
      scripted = scripted || lines[j] == "#script-on";
    }
    // The tree runs to the case's end: a blank line before the next "#data", or the file's end.
    for (++j; j < lines.size() && !(lines[j].empty() && (j + 1 >= lines.size() || lines[j + 1] == "#data")); ++j) {
      c.expected.append(lines[j]) += '\n';
    }
    i = j;
    if (!fragment && !scripted) cases.push_back(std::move(c));
  }
  return cases;
}

constexpr std::string_view kNamespaced[] = {"xlink:actuate", "xlink:arcrole", "xlink:href", "xlink:role",
                                            "xlink:show",    "xlink:title",   "xlink:type", "xml:lang",
                                            "xml:space",     "xmlns",         "xmlns:xlink"};

void line(std::string& out, std::size_t depth) {
  out += "| ";
  out.append(2 * depth, ' ');
}

void write_node(const Document& doc, NodeId id, std::size_t depth, std::string& out) {
  const auto& node = doc.node(id);
  line(out, depth);
  switch (node.kind) {
    case NodeKind::text: out.append("\"").append(doc.text(id)).append("\"\n"); return;
    case NodeKind::comment: out.append("<!-- ").append(doc.comment(id)).append(" -->\n"); return;
    case NodeKind::document: return;
    case NodeKind::element: break;
  }
  const Namespace space = doc.element_namespace(id);
  out += '<';
  if (space == Namespace::svg) out += "svg ";
  if (space == Namespace::mathml) out += "math ";
  out.append(doc.name(id)).append(">\n");
  // The suite names the attributes of the XLink, XML and XMLNS namespaces by namespace and local
  // name ("xlink href"); the parser keeps their qualified names ("xlink:href").
  std::vector<std::pair<std::string, std::string_view>> attributes;
  for (const Attribute& attribute : doc.attributes(id)) {
    std::string name(attribute.name);
    if (space != Namespace::html &&
        std::find(std::begin(kNamespaced), std::end(kNamespaced), name) != std::end(kNamespaced)) {
      const std::size_t colon = name.find(':');
      // Edited in place: GCC 12 at -O3 takes "literal" + name and replace() for overlapping copies
      // (-Wrestrict).
      if (colon == std::string::npos) {
        name.insert(0, "xmlns ");
      } else {
        name[colon] = ' ';
      }
    }
    attributes.emplace_back(std::move(name), attribute.value);
  }
  std::sort(attributes.begin(), attributes.end());
  for (const auto& [name, value] : attributes) {
    line(out, depth + 1);
    out.append(name).append("=\"").append(value).append("\"\n");
  }
  // pagemd keeps a template's content as its children; the suite writes them under "content".
  std::size_t child_depth = depth + 1;
  if (node.tag == pagemd::extract::HtmlTag::template_ && space == Namespace::html) {
    line(out, depth + 1);
    out += "content\n";
    ++child_depth;
  }
  for (NodeId child = node.first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
    write_node(doc, child, child_depth, out);
  }
}

std::string tree_of(const Document& doc) {
  std::string out;
  const Document::Doctype* doctype = doc.doctype();
  std::size_t position = 0;
  auto write_doctype = [&] {
    line(out, 0);
    out.append("<!DOCTYPE ").append(doctype->name);
    if (!doctype->public_id.empty() || !doctype->system_id.empty()) {
      out.append(" \"").append(doctype->public_id).append("\" \"").append(doctype->system_id).append("\"");
    }
    out += ">\n";
  };
  for (NodeId child = doc.node(doc.root()).first_child(); child != kNoNode; child = doc.node(child).next_sibling) {
    if (doctype != nullptr && doctype->position == position++) write_doctype();
    write_node(doc, child, 0, out);
  }
  if (doctype != nullptr && doctype->position >= position) write_doctype();
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: html5lib_trees DIR [--failures] [--require-all]\n";
    return 2;
  }
  bool print_failures = false;
  bool require_all = false;
  for (int i = 2; i < argc; ++i) {
    const std::string_view flag = argv[i];
    print_failures = print_failures || flag == "--failures";
    require_all = require_all || flag == "--require-all";
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(argv[1])) {
    if (entry.path().extension() == ".dat") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::size_t passed = 0;
  std::size_t total = 0;
  for (const auto& path : files) {
    std::size_t file_passed = 0;
    const std::vector<Case> cases = read_cases(read_file(path));
    for (const Case& c : cases) {
      const std::string got = tree_of(Document::build(c.data, Comments::kept));
      if (got == c.expected) {
        ++file_passed;
      } else if (print_failures) {
        std::cout << "FAIL " << path.filename().string() << ":" << c.line << "\n#data\n"
                  << c.data << "\n#expected\n"
                  << c.expected << "#got\n"
                  << got << "\n";
      }
    }
    std::cout << path.filename().string() << ": " << file_passed << " of " << cases.size() << "\n";
    passed += file_passed;
    total += cases.size();
  }
  std::cout << "passed " << passed << " of " << total << " whole-document cases\n";
  return require_all && (passed != total || total == 0) ? 1 : 0;
}
