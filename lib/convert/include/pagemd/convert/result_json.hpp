#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "pagemd/extract/extractor.hpp"

namespace pagemd::convert {

// The extraction result object of spec section 2.1, with DESIGN.md's extra metadata fields
// (those the page does not state are left out). `timestamp` is RFC 3339 UTC.
[[nodiscard]] nlohmann::json result_to_json(const extract::Extraction& extraction, const std::string& timestamp);

}  // namespace pagemd::convert
