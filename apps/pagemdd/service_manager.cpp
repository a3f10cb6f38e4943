#include "service_manager.hpp"

#include <cstdlib>

#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <systemd/sd-daemon.h>

namespace pagemd::daemon {
namespace {

// "<N>" before a line of a service's stderr is the syslog priority the journal files it under.
class JournalPriorityFlag final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& message, const std::tm& /*time*/, spdlog::memory_buf_t& out) override {
    static constexpr std::string_view kPriorities[] = {"<7>", "<7>", "<6>", "<4>", "<3>", "<2>", "<6>"};
    const auto level = static_cast<std::size_t>(message.level);
    const std::string_view priority = level < std::size(kPriorities) ? kPriorities[level] : "<6>";
    out.append(priority.data(), priority.data() + priority.size());
  }
  [[nodiscard]] std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<JournalPriorityFlag>();
  }
};

}  // namespace

void notify_service_manager(const std::string& state) { sd_notify(0, state.c_str()); }

std::optional<std::chrono::milliseconds> watchdog_interval() {
  std::uint64_t usec = 0;
  if (sd_watchdog_enabled(0, &usec) <= 0 || usec == 0) return std::nullopt;
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::microseconds{usec / 2});
}

void set_up_logging(const std::string& level) {
  auto logger = spdlog::stderr_color_mt("pagemdd");
  if (std::getenv("JOURNAL_STREAM") != nullptr) {
    auto formatter = std::make_unique<spdlog::pattern_formatter>();
    formatter->add_flag<JournalPriorityFlag>('*').set_pattern("%*%v");
    logger->set_formatter(std::move(formatter));
  } else {
    logger->set_pattern("%Y-%m-%d %H:%M:%S.%e %^%l%$ %v");
  }
  logger->set_level(spdlog::level::from_str(level));
  spdlog::set_default_logger(std::move(logger));
}

}  // namespace pagemd::daemon
