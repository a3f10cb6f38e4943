#pragma once

#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace pagemd::core {

// pagemd's failure kinds, one per line of error_codes.def (where each is documented).
enum class ErrorCode {
#define PAGEMD_ERROR(name, http_status, exit_status, retry) name,
#include "pagemd/core/error_codes.def"
#undef PAGEMD_ERROR
};

enum class Retry { no, yes };

// One row of the error table: everything every layer needs to know about a failure kind.
struct ErrorKind {
  ErrorCode code;
  std::string_view name;  // the wire `code`, e.g. "invalid_url"
  unsigned http_status;
  int exit_status;  // of `pagemd` (exit_codes.hpp)
  Retry retry;
};

// Every failure kind, in the order of error_codes.def.
[[nodiscard]] std::span<const ErrorKind> error_kinds() noexcept;

// The table's row for `code`.
[[nodiscard]] const ErrorKind& kind_of(ErrorCode code) noexcept;

// The wire string of a code, e.g. "invalid_url".
[[nodiscard]] std::string_view to_string(ErrorCode code) noexcept;

// The code whose wire string is `name`; empty for a name the table does not have.
[[nodiscard]] std::optional<ErrorCode> error_code_from_string(std::string_view name) noexcept;

struct Error {
  ErrorCode code;
  std::string message;  // a human sentence, safe to show to the client
  // fetch_failed and page_blocked: the target's HTTP status when it answered with one (the wire's
  // `upstream_status`).
  std::optional<int> upstream_status{};
  // page_blocked: who blocked the request, lower-case ("cloudflare", "unknown"); the wire's `vendor`.
  std::string vendor{};
  // page_unusable: why there is nothing to convert ("login_wall", "consent_wall", "soft_404",
  // "needs_javascript"); the wire's `reason`.
  std::string reason{};
  // When waiting is known to help and how long (the answer's Retry-After), if the failure knows it.
  std::optional<std::chrono::seconds> retry_after{};
};

}  // namespace pagemd::core
