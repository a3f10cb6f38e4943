#pragma once

// What a PDF says of itself (the information dictionary, XMP), judged: a producer's placeholder
// title ("Microsoft Word - draft3.docx", a file name) is no title.

#include <string>
#include <string_view>

namespace pagemd::pdf {

// Whether the information dictionary's Title names the document rather than a file or a template.
[[nodiscard]] bool is_real_title(std::string_view title);

// A property of the XMP packet (dc:creator's first entry, xmp:CreateDate, ...), empty if absent.
[[nodiscard]] std::string xmp_property(std::string_view xmp, std::string_view name);

// The last segment of a URL's path, without its query, percent-escapes decoded: "report.pdf".
[[nodiscard]] std::string file_name_of(std::string_view url);

}  // namespace pagemd::pdf
