#pragma once

#include <cassert>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

#include "pagemd/core/error.hpp"

namespace pagemd::core {

// Wraps an Error so that `return unexpected(...)` reads as in std::expected.
struct Unexpected {
  Error error;
};

[[nodiscard]] inline Unexpected unexpected(ErrorCode code, std::string message) {
  return Unexpected{Error{code, std::move(message)}};
}
[[nodiscard]] inline Unexpected unexpected(Error error) { return Unexpected{std::move(error)}; }

// A T or an Error: the surface of C++23's std::expected<T, Error>, so it can become an alias later.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit like expected
  Result(Unexpected failure) : state_(std::in_place_index<1>, std::move(failure.error)) {}  // NOLINT

  [[nodiscard]] bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  [[nodiscard]] T& value() & {
    assert(has_value());
    return std::get<0>(state_);
  }
  [[nodiscard]] const T& value() const& {
    assert(has_value());
    return std::get<0>(state_);
  }
  [[nodiscard]] T&& value() && {
    assert(has_value());
    return std::get<0>(std::move(state_));
  }
  [[nodiscard]] const Error& error() const {
    assert(!has_value());
    return std::get<1>(state_);
  }

  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

 private:
  std::variant<T, Error> state_;
};

// Success without a value, or an Error: `Result<void>` as in std::expected<void, Error>.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Unexpected failure) : error_(std::move(failure.error)) {}  // NOLINT: implicit like expected

  [[nodiscard]] bool has_value() const noexcept { return !error_.has_value(); }
  explicit operator bool() const noexcept { return has_value(); }
  [[nodiscard]] const Error& error() const {
    assert(!has_value());
    return *error_;
  }

 private:
  std::optional<Error> error_;
};

}  // namespace pagemd::core
