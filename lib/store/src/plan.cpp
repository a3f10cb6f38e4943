#include "pagemd/store/plan.hpp"

#include <array>

namespace pagemd::store {
namespace {

struct PlanRow {
  Plan plan;
  std::string_view name;
  std::int64_t monthly_limit;
};

constexpr std::array<PlanRow, 4> kPlans{{
    {Plan::free, "free", 50},
    {Plan::starter, "starter", 5'000},
    {Plan::pro, "pro", 25'000},
    {Plan::scale, "scale", 200'000},
}};

const PlanRow& row(Plan plan) noexcept { return kPlans[static_cast<std::size_t>(plan)]; }

}  // namespace

std::string_view to_string(Plan plan) noexcept { return row(plan).name; }

std::string_view to_string(KeyMode mode) noexcept { return mode == KeyMode::live ? "live" : "test"; }

std::optional<Plan> parse_plan(std::string_view name) noexcept {
  for (const PlanRow& candidate : kPlans) {
    if (candidate.name == name) return candidate.plan;
  }
  return std::nullopt;
}

std::optional<KeyMode> parse_key_mode(std::string_view name) noexcept {
  if (name == "live") return KeyMode::live;
  if (name == "test") return KeyMode::test;
  return std::nullopt;
}

std::int64_t monthly_limit(Plan plan) noexcept { return row(plan).monthly_limit; }

}  // namespace pagemd::store
