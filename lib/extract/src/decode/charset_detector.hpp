#pragma once

// The encoding of bytes that do not declare one (no BOM, no HTTP charset, no <meta>), guessed from the
// bytes as browsers do before falling back to windows-1252 (Firefox with chardetng, Chrome with
// compact_enc_det): here with uchardet, Mozilla's universal detector, and ICU's detector to tell the
// Latin-script encodings apart.

#include <string>
#include <string_view>

namespace pagemd::extract {

// The canonical WHATWG name (see canonical_encoding) of the encoding the bytes look like, or "" when
// the detector has no answer the Encoding Standard can decode. Its answers go through the standard's
// label table like any label, so ISO-8859-1 is windows-1252, ISO-8859-9 windows-1254 and TIS-620
// windows-874.
[[nodiscard]] std::string detect_charset(std::string_view bytes);

// Opens ICU's detector library now, for a process that closes the file system to itself afterwards
// (the converter worker's jail). Throws std::runtime_error when it cannot be opened.
void open_charset_detectors();

}  // namespace pagemd::extract
