#pragma once

// Text that was UTF-8, read once as windows-1252 (or Latin-1) and saved as UTF-8 again: "we’ve"
// shows as "weâ€™ve", "café" as "cafÃ©". A CMS that double-encodes, or a crawler that guessed the
// charset wrong, leaves pages like this, and the words no longer match anything a reader would
// search for. Repaired as ftfy does for its commonest case: each run of characters whose
// windows-1252 bytes form one valid UTF-8 sequence becomes that character.

#include <string>

namespace pagemd::extract {

// Repairs `utf8` in place and says whether it did. Only a text holding an unmistakable sign of
// the fault is touched (a sequence that opens with "Â", "Ã", "â", "Ð" or "Ñ", which real text
// never follows with such characters): elsewhere "é…”" in French is an accent, an ellipsis and
// a quote, not a misread CJK character.
bool repair_mojibake(std::string& utf8);

}  // namespace pagemd::extract
