#include "pagemd/store/period.hpp"

namespace pagemd::store {

UsagePeriod usage_period(std::chrono::system_clock::time_point when) noexcept {
  using namespace std::chrono;
  const year_month_day day{floor<days>(when)};
  const year_month month_start{day.year(), day.month()};
  const year_month next = month_start + months{1};
  const auto start = sys_days{month_start / 1};
  const auto end = sys_days{next / 1};
  const int id = static_cast<int>(day.year()) * 100 + static_cast<int>(static_cast<unsigned>(day.month()));
  return UsagePeriod{time_point_cast<system_clock::duration>(start), time_point_cast<system_clock::duration>(end),
                     static_cast<std::int32_t>(id)};
}

}  // namespace pagemd::store
