// The worker side of IsolatedConverter: one process, one page at a time, under resource limits.

#include "converter_worker.hpp"

#include <cstdio>
#include <cstdlib>
#include <new>
#include <utility>

#include <sys/prctl.h>
#include <sys/resource.h>
#include <signal.h>
#include <unistd.h>

#include "pagemd/convert/isolated_converter.hpp"
#include "pagemd/core/release.hpp"
#include "pagemd/pdf/pdf_converter.hpp"
#include "worker_jail.hpp"
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
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  // AddressSanitizer and ThreadSanitizer reserve terabytes of address space for their shadow memory,
  // so any address-space limit makes every allocation fail; sanitizer builds rely on the CPU limit alone.
  bytes = 0;
#endif
  if (bytes == 0) return;
  const rlimit limit{static_cast<rlim_t>(bytes), static_cast<rlim_t>(bytes)};
  setrlimit(RLIMIT_AS, &limit);
}

// The reply to a request: its conversion, or unsupported_content when that is over the result bound.
std::string reply_frame(WorkerConversion convert, protocol::WorkerRequest request) {
  std::string frame = protocol::encode_reply(convert(std::move(request.page), request.options));
  const std::uint64_t bound = request.limits.result_bytes;
  if (bound != 0 && frame.size() > bound) {
    const std::size_t size = frame.size();
    core::release(frame);  // before the error reply is made, so the two are never held at once
    frame = protocol::encode_reply(core::unexpected(result_too_large(size, bound)));
  }
  return frame;
}

// Ends the worker at once: the exit path of a normal return (atexit handlers, a sanitizer's leak
// check) would make system calls the jail kills for.
[[noreturn]] void leave(int status) { std::_Exit(status); }

}  // namespace

void run_converter_worker() { run_converter_worker(&convert_page); }

void run_converter_worker(WorkerConversion convert) {
  constexpr int fd = STDIN_FILENO;
  // The daemon's death must end its workers; if it died before this line, the parent is already init.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) leave(1);
  // Descriptors inherited by accident (listening sockets, database files) must not outlive the daemon.
  close_range(3, ~0U, 0);
  // A worker ended by its CPU limit (SIGXCPU) or a crash is replaced, not debugged: no core file,
  // which would copy a hostile page's memory to the disk and take the time of a fresh worker.
  const rlimit no_core_file{0, 0};
  setrlimit(RLIMIT_CORE, &no_core_file);
  extract::warm_up();
  pdf::warm_up();
  if (auto jailed = enter_worker_jail(pdf::data_directories()); !jailed) {
    std::fprintf(stderr, "pagemdd converter: %s\n", jailed.error().message.c_str());
    leave(5);
  }

  for (;;) {
    auto frame = protocol::read_frame(fd, protocol::kMaxFrameBytes);
    if (!frame) leave(0);  // the daemon closed: done
    auto request = protocol::decode_request(*frame);
    if (!request) leave(3);  // a garbled stream cannot be trusted any more
    frame.reset();
    limit_memory(request->limits.memory_bytes);
    limit_cpu_for_next_page(request->limits.cpu);

    try {
      if (!protocol::write_frame(fd, reply_frame(convert, std::move(*request)))) leave(0);
    } catch (const std::bad_alloc&) {
      // The heap may be in pieces; answer, then let the supervisor start a fresh process.
      protocol::write_frame(
          fd, protocol::encode_reply(core::unexpected(core::ErrorCode::unsupported_content,
                                                      "The page needs more memory to convert than allowed.")));
      leave(4);
    }
  }
}

}  // namespace pagemd::convert
