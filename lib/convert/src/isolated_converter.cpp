#include "pagemd/convert/isolated_converter.hpp"

#include <condition_variable>
#include <cstring>
#include <mutex>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include "worker_protocol.hpp"

extern char** environ;  // NOLINT: POSIX's way to pass the environment on to posix_spawn

namespace pagemd::convert {
namespace {

using core::ErrorCode;

struct Worker {
  pid_t pid = -1;
  int fd = -1;
};

// Beyond the result bound, what an error reply may take (its code and message).
constexpr std::uint64_t kErrorReplyRoom = std::uint64_t{64} * 1024;

core::Error unconvertible() {
  return {ErrorCode::unsupported_content,
          "The page could not be converted: it crashed the converter or exceeded its time or memory limit."};
}

}  // namespace

struct IsolatedConverter::Impl {
  std::vector<std::string> command;
  IsolationLimits limits;
  std::mutex mutex;
  std::condition_variable worker_freed;
  std::vector<Worker> idle;
  std::size_t restarts = 0;

  core::Result<Worker> spawn() {
    int ends[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
      return core::unexpected(ErrorCode::internal, std::string("socketpair: ") + std::strerror(errno));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDIN_FILENO);  // dup2 drops CLOEXEC on fd 0
    std::vector<char*> argv;
    for (auto& part : command) argv.push_back(part.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int failed = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(ends[1]);
    if (failed != 0) {
      ::close(ends[0]);
      return core::unexpected(ErrorCode::internal,
                              "cannot start converter '" + command.front() + "': " + std::strerror(failed));
    }
    return Worker{pid, ends[0]};
  }

  static void kill_and_reap(const Worker& worker) {
    ::close(worker.fd);
    ::kill(worker.pid, SIGKILL);
    int status = 0;
    while (::waitpid(worker.pid, &status, 0) < 0 && errno == EINTR) {
    }
  }

  Worker take() {
    std::unique_lock lock(mutex);
    worker_freed.wait(lock, [&] { return !idle.empty(); });
    Worker worker = idle.back();
    idle.pop_back();
    return worker;
  }

  void give_back(Worker worker) {
    {
      const std::lock_guard lock(mutex);
      idle.push_back(worker);
    }
    worker_freed.notify_one();
  }

  // Replaces a worker that failed. If even a new one cannot start, the slot is retried on next use.
  void replace(Worker& worker) {
    kill_and_reap(worker);
    auto fresh = spawn();
    {
      const std::lock_guard lock(mutex);
      ++restarts;
    }
    if (!fresh) {
      spdlog::error("converter restart failed: {}", fresh.error().message);
      worker = Worker{};
      return;
    }
    worker = *fresh;
  }

  // One exchange with a worker; nullopt when the worker failed (crashed, killed, garbled stream).
  std::optional<core::Result<extract::Extraction>> exchange(const Worker& worker, const Page& page,
                                                            const ConvertOptions& options) {
    const protocol::WorkerLimits worker_limits{limits.cpu_per_page, limits.memory_bytes, limits.max_result_bytes};
    if (!protocol::write_frame(worker.fd, protocol::encode_request(page, options, worker_limits))) return std::nullopt;
    // The CPU limit is the worker's own; this wall-clock bound catches a worker that is stopped or starved,
    // or one that starts a reply and never finishes it.
    const auto deadline = std::chrono::steady_clock::now() + 2 * limits.cpu_per_page + limits.wall_grace;
    // The worker keeps its replies within the result bound; a longer one is refused before it is read.
    const std::uint64_t reply_limit =
        limits.max_result_bytes == 0 ? protocol::kMaxFrameBytes : limits.max_result_bytes + kErrorReplyRoom;
    auto frame = protocol::read_frame(worker.fd, reply_limit, deadline);
    if (!frame) return std::nullopt;
    auto reply = protocol::decode_reply(*frame);
    // A worker reports only what convert_page may fail with; anything else means it cannot be trusted.
    if (reply && !*reply) {
      switch (reply->error().code) {
        case ErrorCode::invalid_request:
        case ErrorCode::unsupported_content:
        case ErrorCode::pdf_encrypted:
        case ErrorCode::no_text_layer: break;
        default: return std::nullopt;
      }
    }
    return reply;
  }
};

IsolatedConverter::IsolatedConverter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

IsolatedConverter::~IsolatedConverter() {
  // Workers keep no state worth a goodbye, and one that is stuck must not hold up the daemon's exit.
  for (auto& worker : impl_->idle) {
    if (worker.pid > 0) Impl::kill_and_reap(worker);
  }
}

core::Result<std::unique_ptr<IsolatedConverter>> IsolatedConverter::start(std::vector<std::string> worker_command,
                                                                          IsolationLimits limits) {
  if (worker_command.empty()) return core::unexpected(ErrorCode::internal, "no converter command");
  auto impl = std::make_unique<Impl>();
  impl->command = std::move(worker_command);
  impl->limits = limits;
  std::unique_ptr<IsolatedConverter> converter(new IsolatedConverter(std::move(impl)));
  for (unsigned i = 0; i < std::max(1U, limits.processes); ++i) {
    auto worker = converter->impl_->spawn();
    if (!worker) return core::unexpected(worker.error());
    converter->impl_->idle.push_back(*worker);
  }
  return converter;
}

core::Result<extract::Extraction> IsolatedConverter::convert(const Page& page, const ConvertOptions& options) {
  Worker worker = impl_->take();
  if (worker.pid <= 0) impl_->replace(worker);
  if (worker.pid <= 0) {
    impl_->give_back(worker);
    return core::unexpected(ErrorCode::internal, "No converter process could be started.");
  }
  auto outcome = impl_->exchange(worker, page, options);
  if (!outcome) {
    spdlog::warn("converter {} failed on {}; starting a new one", worker.pid, page.url);
    impl_->replace(worker);
    impl_->give_back(worker);
    return core::unexpected(unconvertible());
  }
  // A worker that ran out of memory answers once and exits; replace it before the next page.
  if (!*outcome && outcome->error().code == ErrorCode::unsupported_content) impl_->replace(worker);
  impl_->give_back(worker);
  return std::move(*outcome);
}

std::size_t IsolatedConverter::restarts() const {
  const std::lock_guard lock(impl_->mutex);
  return impl_->restarts;
}

std::vector<pid_t> IsolatedConverter::idle_worker_pids() const {
  const std::lock_guard lock(impl_->mutex);
  std::vector<pid_t> pids;
  for (const Worker& worker : impl_->idle) pids.push_back(worker.pid);
  return pids;
}

}  // namespace pagemd::convert
