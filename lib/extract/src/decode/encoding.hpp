#pragma once

// Stage 1, decode: bytes to text.
//   in:  the page's bytes and the charset its Content-Type declared (may be empty)
//   out: UTF-8 HTML (this file), which parse/ reads
// Uses only text/.
//
// Byte stream -> UTF-8, in the order of the WHATWG encoding sniffing algorithm.

#include <string>
#include <string_view>

namespace pagemd::extract {

// The canonical WHATWG name ("UTF-8", "windows-1252", "Shift_JIS", ...) of an encoding label
// ("latin1", " utf8 ", "x-sjis"), or "" for a label the Encoding Standard does not know.
[[nodiscard]] std::string canonical_encoding(std::string_view label);

// Picks the encoding: a byte order mark, else the declared charset (from HTTP) when it names a
// known encoding, else a <meta charset>/<meta http-equiv> prescan of the first 1024 bytes, else
// (the standard's optional autodetection step) UTF-8 when the whole input is valid UTF-8 with some
// non-ASCII byte, or what the charset detector reads from the bytes, else windows-1252. A declared or meta "UTF-16"
// without a BOM is taken as UTF-8, as browsers do.
[[nodiscard]] std::string sniff_encoding(std::string_view bytes, std::string_view declared_charset);

// Decodes the document to UTF-8 with the sniffed encoding, and repairs text an earlier misreading
// garbled (mojibake.hpp). Never fails: invalid or unmappable bytes become U+FFFD, and NUL bytes are
// kept for the parser to handle.
[[nodiscard]] std::string decode_to_utf8(std::string_view bytes, std::string_view declared_charset);

}  // namespace pagemd::extract
