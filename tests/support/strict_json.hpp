#pragma once

#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace pagemd::testing {

// JSON parsed as strict parsers and schema validators read it: an object that names a key twice is
// an error (nlohmann alone keeps the last one). Throws nlohmann's parse_error, or runtime_error for
// a duplicate key.
inline nlohmann::json parse_strict_json(std::string_view text) {
  std::vector<std::set<std::string>> open_objects;
  const nlohmann::json::parser_callback_t refuse_duplicates = [&](int, nlohmann::json::parse_event_t event,
                                                                  nlohmann::json& parsed) {
    if (event == nlohmann::json::parse_event_t::object_start) {
      open_objects.emplace_back();
    } else if (event == nlohmann::json::parse_event_t::object_end) {
      open_objects.pop_back();
    } else if (event == nlohmann::json::parse_event_t::key &&
               !open_objects.back().insert(parsed.get<std::string>()).second) {
      throw std::runtime_error("duplicate key \"" + parsed.get<std::string>() + "\"");
    }
    return true;
  };
  return nlohmann::json::parse(text, refuse_duplicates);
}

}  // namespace pagemd::testing
