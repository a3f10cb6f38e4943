#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace pagemd::cli {

// Field `name` of `object` for a table cell: a string as it is, "-" when absent or null, any other
// value as JSON text. Never throws, whatever the daemon sent.
[[nodiscard]] inline std::string field_text(const nlohmann::json& object, const char* name) {
  if (!object.is_object()) return "-";
  const auto found = object.find(name);
  if (found == object.end() || found->is_null()) return "-";
  if (found->is_string()) return found->get<std::string>();
  return found->dump();
}

}  // namespace pagemd::cli
