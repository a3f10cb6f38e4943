#include "pagemd/core/error.hpp"

#include <array>

#include "pagemd/core/exit_codes.hpp"

namespace pagemd::core {
namespace {

constexpr std::array kErrorKinds{
#define PAGEMD_ERROR(name, http_status, exit_status, retry) \
  ErrorKind{ErrorCode::name, #name, http_status, exit_status, Retry::retry},
#include "pagemd/core/error_codes.def"
#undef PAGEMD_ERROR
};

// The table is indexed by the enum, which is generated from the same lines in the same order.
constexpr bool indexed_by_code() {
  for (std::size_t i = 0; i < kErrorKinds.size(); ++i) {
    if (static_cast<std::size_t>(kErrorKinds[i].code) != i) return false;
  }
  return true;
}
static_assert(indexed_by_code());

}  // namespace

std::span<const ErrorKind> error_kinds() noexcept { return kErrorKinds; }

const ErrorKind& kind_of(ErrorCode code) noexcept {
  const auto index = static_cast<std::size_t>(code);
  return index < kErrorKinds.size() ? kErrorKinds[index] : kErrorKinds[static_cast<std::size_t>(ErrorCode::internal)];
}

std::string_view to_string(ErrorCode code) noexcept { return kind_of(code).name; }

std::optional<ErrorCode> error_code_from_string(std::string_view name) noexcept {
  for (const ErrorKind& kind : kErrorKinds) {
    if (kind.name == name) return kind.code;
  }
  return std::nullopt;
}

}  // namespace pagemd::core
