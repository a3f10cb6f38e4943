#pragma once

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

#include "pagemd/mcp/protocol.hpp"

namespace pagemd::mcp {

// Runs the tools of a stdio server, one call at a time: each returns a tool result as JSON text
// (tool_results.hpp), an error result included; only a broken server throws.
class ToolRunner {
 public:
  virtual ~ToolRunner() = default;
  [[nodiscard]] virtual std::string run(const ToolArguments& arguments) = 0;
};

// A line longer than this (a convert_html of an enormous page) is answered with a parse error and
// skipped rather than held in memory: the daemon's default bound on a POST /mcp body
// (mcp_max_body_bytes), so that a message either transport takes, the other takes too.
inline constexpr std::size_t kMaxLineBytes = std::size_t{2} * 1024 * 1024;

// Serves MCP's stdio transport until `in` ends: a JSON-RPC message per line in, a message per line
// out (flushed at once), nothing else on `out`. A malformed line gets a JSON-RPC error and the server
// reads on. Returns the number of messages answered.
std::size_t serve_stdio(std::istream& in, std::ostream& out, const Dispatcher& dispatcher, ToolRunner& tools);

}  // namespace pagemd::mcp
