// The worker side of IsolatedConverter: one process, one page at a time, under resource limits.

#include <cstdio>
#include <new>

#include <sys/prctl.h>
#include <sys/resource.h>
#include <signal.h>
#include <unistd.h>

#include "pagemd/convert/isolated_converter.hpp"
#include "worker_protocol.hpp"

namespace pagemd::convert {
namespace {

// The CPU limit is cumulative for a process, so each page's limit is the time already used plus the
// page's allowance; the kernel sends SIGXCPU (which terminates) when the page overruns it.
void limit_cpu_for_next_page(std::chrono::seconds allowance) {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto used = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1;
  rlimit limit{};
  getrlimit(RLIMIT_CPU, &limit);
  limit.rlim_cur = static_cast<rlim_t>(used + allowance.count());
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_cur > limit.rlim_max) limit.rlim_cur = limit.rlim_max;
  setrlimit(RLIMIT_CPU, &limit);
}

void limit_memory(std::uint64_t bytes) {
#if defined(__SANITIZE_ADDRESS__)
  // AddressSanitizer reserves terabytes of address space for its shadow memory, so any address-space
  // limit makes every allocation fail; sanitizer builds rely on the CPU limit alone.
  bytes = 0;
#endif
  if (bytes == 0) return;
  const rlimit limit{static_cast<rlim_t>(bytes), static_cast<rlim_t>(bytes)};
  setrlimit(RLIMIT_AS, &limit);
}

bool respond(int fd, std::uint8_t outcome, const std::string& payload) {
  std::string frame;
  protocol::append_integer(frame, outcome);
  protocol::append_integer(frame, static_cast<std::uint64_t>(payload.size()));
  frame += payload;
  return protocol::write_all(fd, frame);
}

std::string error_payload(core::ErrorCode code, const std::string& message) {
  return nlohmann::json{{"code", std::string(core::to_string(code))}, {"message", message}}.dump();
}

ConvertRequest decode_request(const nlohmann::json& header, std::string body) {
  ConvertRequest request;
  request.body = std::move(body);
  request.media_type = header.at("plain_text").get<bool>() ? MediaType::plain_text : MediaType::html;
  request.timestamp = header.at("timestamp").get<std::string>();
  request.options.page_url = header.at("page_url").get<std::string>();
  request.options.declared_charset = header.at("declared_charset").get<std::string>();
  request.options.scope =
      header.at("whole_body").get<bool>() ? extract::ContentScope::whole_body : extract::ContentScope::main_content;
  request.options.include_selectors = header.at("include").get<std::vector<std::string>>();
  request.options.exclude_selectors = header.at("exclude").get<std::vector<std::string>>();
  return request;
}

}  // namespace

int run_converter_worker() {
  constexpr int fd = STDIN_FILENO;
  // The daemon's death must end its workers; if it died before this line, the parent is already init.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) return 1;
  // Descriptors inherited by accident (listening sockets, database files) must not outlive the daemon.
  close_range(3, ~0U, 0);

  InProcessConverter converter;
  for (;;) {
    std::uint32_t header_size = 0;
    if (!protocol::read_exact(fd, &header_size, sizeof header_size)) return 0;  // the daemon closed: done
    if (header_size > protocol::kMaxHeaderBytes) return 3;
    std::string header_text(header_size, '\0');
    if (!protocol::read_exact(fd, header_text.data(), header_text.size())) return 3;
    auto body = protocol::read_blob(fd, protocol::kMaxBodyBytes);
    if (!body) return 3;

    const auto header = nlohmann::json::parse(header_text, nullptr, false);
    if (header.is_discarded()) return 3;
    limit_memory(header.value("memory_bytes", std::uint64_t{0}));
    limit_cpu_for_next_page(std::chrono::seconds{header.value("cpu_seconds", 10)});

    try {
      auto result = converter.convert(decode_request(header, std::move(*body)));
      const bool sent =
          result ? respond(fd, protocol::kOk,
                           result->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace))
                 : respond(fd, protocol::kError, error_payload(result.error().code, result.error().message));
      if (!sent) return 0;
    } catch (const std::bad_alloc&) {
      // The heap may be in pieces; answer, then let the supervisor start a fresh process.
      respond(fd, protocol::kError,
              error_payload(core::ErrorCode::unsupported_content, "The page needs more memory to convert than allowed."));
      return 4;
    } catch (const nlohmann::json::exception&) {
      return 3;  // a malformed request header: the stream cannot be trusted any more
    }
  }
}

}  // namespace pagemd::convert
