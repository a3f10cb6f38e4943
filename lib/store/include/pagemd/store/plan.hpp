#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace pagemd::store {

// A subscription plan; it decides the account's monthly page limit.
enum class Plan { free, starter, pro, scale };

// Whether a key is for production (`sk_live_`) or development (`sk_test_`).
enum class KeyMode { live, test };

// "free", "starter", "pro" or "scale".
[[nodiscard]] std::string_view to_string(Plan plan) noexcept;
// "live" or "test".
[[nodiscard]] std::string_view to_string(KeyMode mode) noexcept;

// The plan named by its wire string; an empty optional for anything else (case matters).
[[nodiscard]] std::optional<Plan> parse_plan(std::string_view name) noexcept;
// The mode named by "live" or "test"; an empty optional for anything else.
[[nodiscard]] std::optional<KeyMode> parse_key_mode(std::string_view name) noexcept;

// Pages a month: free 50, starter 5,000, pro 25,000, scale 200,000 (DESIGN.md).
[[nodiscard]] std::int64_t monthly_limit(Plan plan) noexcept;

}  // namespace pagemd::store
