#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <sys/types.h>

#include "pagemd/convert/page_converter.hpp"

namespace pagemd::convert {

struct IsolationLimits {
  unsigned processes = 2;
  std::chrono::seconds cpu_per_page{10};
  std::size_t memory_bytes = std::size_t{1024} * 1024 * 1024;  // 0: no limit
  // The largest result (Markdown and metadata) a page may give; a larger one is unsupported_content.
  std::uint64_t max_result_bytes = std::uint64_t{10} * 1024 * 1024;  // 0: no limit
  // A worker that has not answered after twice its CPU allowance plus this much wall time is stopped or
  // starved (the CPU limit cannot catch it) and is killed.
  std::chrono::milliseconds wall_grace{5000};
};

// Converts each page in one of a few supervised worker processes, so that a page that crashes the HTML
// parser, loops, or eats memory costs only its own request: the worker dies (or is killed at the CPU
// deadline), the request gets unsupported_content, and a fresh worker takes its place.
//
// `worker_command` is the program and arguments that start a worker (for pagemdd, its own binary with
// a hidden flag); the worker's stdin is a socket to this process, and it must call run_converter_worker.
class IsolatedConverter final : public PageConverter {
 public:
  // Starts the workers. Fails with `internal` when one cannot be started.
  [[nodiscard]] static core::Result<std::unique_ptr<IsolatedConverter>> start(std::vector<std::string> worker_command,
                                                                              IsolationLimits limits);
  ~IsolatedConverter() override;
  IsolatedConverter(const IsolatedConverter&) = delete;
  IsolatedConverter& operator=(const IsolatedConverter&) = delete;

  // Blocks while every worker is busy.
  [[nodiscard]] core::Result<extract::Extraction> convert(const Page& page, const ConvertOptions& options) override;

  // How many workers have been replaced after dying or being killed (for tests and metrics).
  [[nodiscard]] std::size_t restarts() const;

  // The process ids of the workers not converting at the moment (for tests and diagnostics).
  [[nodiscard]] std::vector<pid_t> idle_worker_pids() const;

 private:
  struct Impl;
  explicit IsolatedConverter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The body of a worker process: jails itself (see worker_jail.hpp), then answers conversion requests
// arriving on stdin (a socket to the supervisor) until it is closed, under the limits the requests
// carry. Ends the process.
[[noreturn]] void run_converter_worker();

}  // namespace pagemd::convert
