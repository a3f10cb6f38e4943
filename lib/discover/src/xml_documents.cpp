#include "pagemd/discover/xml_documents.hpp"

#include <expat.h>
#include <zlib.h>

#include <array>
#include <functional>
#include <memory>

#include "pagemd/core/ascii.hpp"

namespace pagemd::discover {
namespace {

using core::ErrorCode;

// The element's name without a namespace prefix ("image:loc" -> "loc"), lower-case: sitemaps and
// feeds are matched by local name, whatever prefix a generator chose.
std::string local_name(const XML_Char* name) {
  std::string_view text(name);
  if (const std::size_t colon = text.rfind(':'); colon != std::string_view::npos) text.remove_prefix(colon + 1);
  return core::ascii_lower_copy(text);
}

// Drives expat over a document, handing each element's start (with its attributes) and end (with its
// own text) to the caller. Entity declarations stop the parse.
class XmlWalk {
 public:
  using Attributes = std::vector<std::pair<std::string, std::string>>;
  std::function<void(const std::vector<std::string>& path, const Attributes&)> on_start;
  std::function<void(const std::vector<std::string>& path, const std::string& text)> on_end;

  core::Result<void> run(std::string_view xml) {
    const std::unique_ptr<std::remove_pointer_t<XML_Parser>, decltype(&XML_ParserFree)> parser(
        XML_ParserCreate(nullptr), &XML_ParserFree);
    if (!parser) throw std::bad_alloc();
    parser_ = parser.get();
    XML_SetUserData(parser_, this);
    XML_SetElementHandler(parser_, &XmlWalk::start, &XmlWalk::end);
    XML_SetCharacterDataHandler(parser_, &XmlWalk::characters);
    XML_SetEntityDeclHandler(parser_, &XmlWalk::entity_declared);
    XML_SetParamEntityParsing(parser_, XML_PARAM_ENTITY_PARSING_NEVER);
    // Fed in slices, so a refusal early in a huge document is met before the rest is looked at.
    constexpr std::size_t kSlice = 64 * 1024;
    std::size_t offset = 0;
    do {
      const std::size_t size = std::min(kSlice, xml.size() - offset);
      const bool last = offset + size == xml.size();
      if (XML_Parse(parser_, xml.data() + offset, static_cast<int>(size), last ? 1 : 0) != XML_STATUS_OK) {
        if (entity_declared_) {
          return core::unexpected(ErrorCode::unsupported_content,
                                  "it declares XML entities, which pagemd refuses (an entity bomb, maybe)");
        }
        return core::unexpected(ErrorCode::unsupported_content, std::string("it is not well-formed XML (line ") +
                                                                    std::to_string(XML_GetCurrentLineNumber(parser_)) +
                                                                    ": " + XML_ErrorString(XML_GetErrorCode(parser_)) +
                                                                    ")");
      }
      offset += size;
    } while (offset < xml.size());
    return {};
  }

 private:
  static void start(void* user, const XML_Char* name, const XML_Char** attributes) {
    auto& self = *static_cast<XmlWalk*>(user);
    self.path_.push_back(local_name(name));
    self.texts_.emplace_back();
    Attributes list;
    for (const XML_Char** attribute = attributes; *attribute != nullptr; attribute += 2) {
      list.emplace_back(local_name(attribute[0]), attribute[1]);
    }
    if (self.on_start) self.on_start(self.path_, list);
  }
  static void end(void* user, const XML_Char* /*name*/) {
    auto& self = *static_cast<XmlWalk*>(user);
    if (self.on_end) self.on_end(self.path_, self.texts_.back());
    self.path_.pop_back();
    self.texts_.pop_back();
  }
  static void characters(void* user, const XML_Char* text, int length) {
    auto& self = *static_cast<XmlWalk*>(user);
    if (!self.texts_.empty()) self.texts_.back().append(text, static_cast<std::size_t>(length));
  }
  static void entity_declared(void* user, const XML_Char* /*name*/, int /*parameter*/, const XML_Char* /*value*/,
                              int /*length*/, const XML_Char* /*base*/, const XML_Char* /*system_id*/,
                              const XML_Char* /*public_id*/, const XML_Char* /*notation*/) {
    auto& self = *static_cast<XmlWalk*>(user);
    self.entity_declared_ = true;
    XML_StopParser(self.parser_, XML_FALSE);
  }

  XML_Parser parser_ = nullptr;
  std::vector<std::string> path_;
  std::vector<std::string> texts_;
  bool entity_declared_ = false;
};

core::Unexpected wrong_root(const std::string& root, std::string_view wanted) {
  if (root == "html")
    return core::unexpected(ErrorCode::unsupported_content, "it is an HTML page, not " + std::string(wanted));
  if (root.empty()) return core::unexpected(ErrorCode::unsupported_content, "it is empty");
  return core::unexpected(ErrorCode::unsupported_content,
                          "its root element is <" + root + ">, not that of " + std::string(wanted));
}

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

int number(std::string_view digits) {
  int value = 0;
  for (const char c : digits) value = value * 10 + (c - '0');
  return value;
}

std::string two_digits(int value) {
  return std::string{static_cast<char>('0' + value / 10), static_cast<char>('0' + value % 10)};
}

bool valid_day(int year, int month, int day) {
  static constexpr std::array<int, 12> kDays{31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > kDays[static_cast<std::size_t>(month - 1)]) return false;
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month != 2 || day <= 28 || leap;
}

// W3C datetime / RFC 3339: "YYYY-MM-DD" then, optionally, "T" and a time, kept as given.
std::string w3c_date(std::string_view text) {
  if (text.size() < 10 || text[4] != '-' || text[7] != '-' || !all_digits(text.substr(0, 4)) ||
      !all_digits(text.substr(5, 2)) || !all_digits(text.substr(8, 2))) {
    return {};
  }
  if (!valid_day(number(text.substr(0, 4)), number(text.substr(5, 2)), number(text.substr(8, 2)))) return {};
  if (text.size() > 10 && text[10] != 'T' && text[10] != 't') return {};
  return std::string(text);
}

// RFC 822 as RSS writes it: "[Mon, ]02 Jan 2006 15:04:05 GMT"; the day is what --since compares.
std::string rfc822_date(std::string_view text) {
  if (const std::size_t comma = text.find(','); comma != std::string_view::npos)
    text = core::trim(text.substr(comma + 1));
  const std::size_t first_space = text.find(' ');
  if (first_space == std::string_view::npos) return {};
  const std::string_view day = text.substr(0, first_space);
  std::string_view rest = core::trim(text.substr(first_space + 1));
  const std::size_t second_space = rest.find(' ');
  if (second_space == std::string_view::npos) return {};
  const std::string month_name = core::ascii_lower_copy(rest.substr(0, second_space));
  rest = core::trim(rest.substr(second_space + 1));
  const std::string_view year = rest.substr(0, rest.find(' '));
  static constexpr std::array<std::string_view, 12> kMonths{"jan", "feb", "mar", "apr", "may", "jun",
                                                            "jul", "aug", "sep", "oct", "nov", "dec"};
  const auto month = std::find(kMonths.begin(), kMonths.end(), std::string_view(month_name).substr(0, 3));
  if (month == kMonths.end() || month_name.size() < 3 || !all_digits(day) || day.size() > 2 || !all_digits(year))
    return {};
  int year_value = number(year);
  if (year.size() == 2) year_value += year_value < 70 ? 2000 : 1900;
  if (year.size() != 2 && year.size() != 4) return {};
  const int month_value = static_cast<int>(month - kMonths.begin()) + 1;
  const int day_value = number(day);
  if (!valid_day(year_value, month_value, day_value)) return {};
  return std::to_string(year_value) + "-" + two_digits(month_value) + "-" + two_digits(day_value);
}

}  // namespace

std::string normalize_date(std::string_view text) {
  text = core::trim(text);
  std::string date = w3c_date(text);
  if (date.empty()) date = rfc822_date(text);
  return date;
}

core::Result<Sitemap> parse_sitemap(std::string_view xml) {
  Sitemap sitemap;
  std::string root;
  ListedUrl current;
  XmlWalk walk;
  walk.on_start = [&](const std::vector<std::string>& path, const XmlWalk::Attributes&) {
    if (path.size() == 1) root = path[0];
    if (path.size() == 2) current = {};
  };
  walk.on_end = [&](const std::vector<std::string>& path, const std::string& text) {
    if (root != "urlset" && root != "sitemapindex") return;
    const std::string_view entry = root == "urlset" ? "url" : "sitemap";
    if (path.size() == 3 && path[1] == entry && path[2] == "loc") current.url = core::trim(text);
    if (path.size() == 3 && path[1] == entry && path[2] == "lastmod") {
      current.date = normalize_date(text);
      if (current.date.empty() && !core::trim(text).empty()) ++sitemap.bad_dates;
    }
    if (path.size() == 2 && path[1] == entry && !current.url.empty()) {
      if (sitemap.entries.size() < kMaxSitemapUrls) {
        sitemap.entries.push_back(std::move(current));
      } else {
        ++sitemap.dropped;
      }
    }
  };
  auto parsed = walk.run(xml);
  if (!parsed) {
    // HTML is rarely well-formed XML; say what it is rather than where the XML broke.
    const std::string head = core::ascii_lower_copy(xml.substr(0, 1024));
    if (root == "html" || head.find("<html") != std::string::npos || head.find("<!doctype html") != std::string::npos) {
      return wrong_root("html", "a sitemap");
    }
    return core::unexpected(parsed.error());
  }
  if (root != "urlset" && root != "sitemapindex") return wrong_root(root, "a sitemap");
  sitemap.kind = root == "urlset" ? SitemapKind::urlset : SitemapKind::index;
  return sitemap;
}

core::Result<Feed> parse_feed(std::string_view xml) {
  Feed feed;
  std::string root;
  ListedUrl current;
  bool in_entry = false;
  const auto read_date = [&](const std::string& text) {
    const std::string date = normalize_date(text);
    if (date.empty()) {
      if (!core::trim(text).empty()) ++feed.bad_dates;
      return;
    }
    // An Atom entry's <updated> wins over its <published>; whichever comes first is kept otherwise.
    if (current.date.empty() || date > current.date) current.date = date;
  };
  XmlWalk walk;
  walk.on_start = [&](const std::vector<std::string>& path, const XmlWalk::Attributes& attributes) {
    if (path.size() == 1) root = path[0];
    const std::string& name = path.back();
    if (name == "item" || (root == "feed" && name == "entry")) {
      in_entry = true;
      current = {};
    }
    // Atom: <link href=...> with rel alternate (or none) inside an entry.
    if (root == "feed" && in_entry && name == "link" && path.size() >= 3 && path[path.size() - 2] == "entry") {
      std::string href;
      std::string rel = "alternate";
      for (const auto& [key, value] : attributes) {
        if (key == "href") href = value;
        if (key == "rel") rel = core::ascii_lower_copy(core::trim(value));
      }
      if (rel == "alternate" && current.url.empty()) current.url = core::trim(href);
    }
  };
  walk.on_end = [&](const std::vector<std::string>& path, const std::string& text) {
    const std::string& name = path.back();
    if (!in_entry) return;
    const bool direct = path.size() >= 2;
    const std::string& parent = direct ? path[path.size() - 2] : name;
    if (root != "feed" && name == "link" && parent == "item" && current.url.empty()) current.url = core::trim(text);
    if ((parent == "item" || parent == "entry") &&
        (name == "pubdate" || name == "date" || name == "updated" || name == "published")) {
      read_date(text);
    }
    if (name == "item" || (root == "feed" && name == "entry")) {
      in_entry = false;
      if (!current.url.empty()) feed.entries.push_back(std::move(current));
    }
  };
  auto parsed = walk.run(xml);
  if (!parsed) {
    const std::string head = core::ascii_lower_copy(xml.substr(0, 1024));
    if (head.find("<html") != std::string::npos || head.find("<!doctype html") != std::string::npos) {
      return wrong_root("html", "a feed");
    }
    return core::unexpected(parsed.error());
  }
  if (root != "rss" && root != "feed" && root != "rdf") return wrong_root(root, "an RSS or Atom feed");
  return feed;
}

bool is_gzip(std::string_view bytes) noexcept {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

core::Result<std::string> gunzip(std::string_view bytes, std::size_t max_bytes) {
  z_stream stream{};
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) throw std::bad_alloc();
  const std::unique_ptr<z_stream, decltype(&inflateEnd)> guard(&stream, &inflateEnd);
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  std::string out;
  std::array<char, 64 * 1024> buffer{};
  for (;;) {
    stream.next_out = reinterpret_cast<Bytef*>(buffer.data());
    stream.avail_out = static_cast<uInt>(buffer.size());
    const int rc = inflate(&stream, Z_NO_FLUSH);
    const std::size_t produced = buffer.size() - stream.avail_out;
    if (out.size() + produced > max_bytes) {
      return core::unexpected(ErrorCode::unsupported_content, "it inflates past " + std::to_string(max_bytes >> 20) +
                                                                  " MiB, the sitemap protocol's limit");
    }
    out.append(buffer.data(), produced);
    if (rc == Z_STREAM_END) return out;
    if (rc != Z_OK || (stream.avail_in == 0 && produced == 0)) {
      return core::unexpected(ErrorCode::unsupported_content, rc == Z_OK || rc == Z_BUF_ERROR
                                                                  ? "its gzip data is cut short"
                                                                  : "its gzip data is corrupt");
    }
  }
}

}  // namespace pagemd::discover
