#include "pagemd/convert/isolated_converter.hpp"

#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <poll.h>
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

// A byte down the relay's wake pipe makes its poll look again. A write that fails finds the pipe
// full, which already holds a wake-up: nothing is lost.
void wake_relay(int wake_write) {
  const char wake = 0;
  const ssize_t written = ::write(wake_write, &wake, 1);
  static_cast<void>(written);
}

struct Worker {
  pid_t pid = -1;
  int fd = -1;
};

// Beyond the result bound, what an error reply may take (its code and message).
constexpr std::uint64_t kErrorReplyRoom = std::uint64_t{64} * 1024;

// Why a worker failed, from how it ended (its wait status).
core::Error unconvertible(int status) {
  // The jail's filter kills with SIGSYS. Short of an exploit, what brings a page there is a PDF whose
  // fonts need one of poppler-data's CMaps where the kernel gives no landlock to let the worker read it.
  if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS) {
    return {ErrorCode::unsupported_content,
            "The page could not be converted: converting it needs what the converter's sandbox refuses, such as "
            "a Chinese, Japanese or Korean PDF's character map from poppler-data, which the sandbox can read only "
            "where the kernel has landlock (Linux 5.13 or later)."};
  }
  return {ErrorCode::unsupported_content,
          "The page could not be converted: it crashed the converter or exceeded its time or memory limit."};
}

// What converter workers write to their stderr and stdout (a jail that cannot be entered, a sanitizer's
// report, whatever a compromised worker says) reaches the daemon's log through a pipe that the daemon reads,
// a line at a time, with the worker's process id: never the daemon's own log descriptors, which a worker
// could otherwise write anything to, in any amount, as the daemon.
class WorkerLogRelay {
 public:
  // A line longer than this is cut there; a worker may send this many lines in its life, and the rest are
  // dropped (one line says so), so that a worker gone bad cannot flood the log.
  static constexpr std::size_t kMaxLineBytes = 2048;
  static constexpr std::size_t kMaxLinesPerWorker = 1000;

  WorkerLogRelay();
  ~WorkerLogRelay();
  WorkerLogRelay(const WorkerLogRelay&) = delete;
  WorkerLogRelay& operator=(const WorkerLogRelay&) = delete;

  // Relays what arrives on `fd` (a pipe's read end, which the relay now owns) as worker `pid`'s lines,
  // until the worker closes its end.
  void follow(int fd, pid_t pid);

 private:
  struct Source {
    pid_t pid = -1;
    std::string partial;  // the line so far
    std::size_t lines = 0;
  };
  void run();
  void emit(Source& source, std::string_view line);
  void pass_on(Source& source, std::string_view bytes);
  // Reads what `fd` has; false (and `fd` closed) at its end.
  bool read_from(int fd, Source& source);

  int wake_read_ = -1;
  int wake_write_ = -1;
  std::mutex mutex_;
  std::map<int, pid_t> joining_;  // handed over by follow(), not yet polled
  bool stopping_ = false;
  std::thread thread_;
};

WorkerLogRelay::WorkerLogRelay() {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe2: ") + std::strerror(errno));
  wake_read_ = ends[0];
  wake_write_ = ends[1];
  thread_ = std::thread([this] { run(); });
}

WorkerLogRelay::~WorkerLogRelay() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_relay(wake_write_);
  thread_.join();
  ::close(wake_read_);
  ::close(wake_write_);
  for (const auto& [fd, pid] : joining_) ::close(fd);
}

void WorkerLogRelay::follow(int fd, pid_t pid) {
  {
    const std::lock_guard lock(mutex_);
    joining_.emplace(fd, pid);
  }
  wake_relay(wake_write_);
}

void WorkerLogRelay::emit(Source& source, std::string_view line) {
  if (source.lines == kMaxLinesPerWorker) {
    spdlog::warn("converter {}: more lines than {}; the rest are dropped", source.pid, kMaxLinesPerWorker);
  }
  if (source.lines++ >= kMaxLinesPerWorker) return;
  spdlog::warn("converter {}: {}", source.pid, line);
}

void WorkerLogRelay::pass_on(Source& source, std::string_view bytes) {
  const auto keep = [&source](std::string_view part) {
    if (source.partial.size() < kMaxLineBytes)
      source.partial.append(part.substr(0, kMaxLineBytes - source.partial.size()));
  };
  for (std::size_t end = bytes.find('\n'); end != std::string_view::npos; end = bytes.find('\n')) {
    keep(bytes.substr(0, end));
    emit(source, source.partial);
    source.partial.clear();
    bytes.remove_prefix(end + 1);
  }
  keep(bytes);
}

bool WorkerLogRelay::read_from(int fd, Source& source) {
  char buffer[4096];
  const ssize_t got = ::read(fd, buffer, sizeof buffer);
  if (got > 0) {
    pass_on(source, std::string_view(buffer, static_cast<std::size_t>(got)));
    return true;
  }
  if (got < 0 && (errno == EINTR || errno == EAGAIN)) return true;
  // The worker is gone: what it wrote without a line end is still its last line.
  if (!source.partial.empty()) emit(source, source.partial);
  ::close(fd);
  return false;
}

void WorkerLogRelay::run() {
  std::map<int, Source> sources;
  std::vector<pollfd> watched;
  // Until stopped, waits for output; then takes what is already written (the workers are gone by then), in a
  // bounded number of reads should one still be writing, and ends.
  constexpr int kFinalReads = 256;
  int final_reads = 0;
  for (bool stopping = false;;) {
    {
      const std::lock_guard lock(mutex_);
      stopping = stopping_;
      for (const auto& [fd, pid] : joining_) sources.emplace(fd, Source{pid, {}, 0});
      joining_.clear();
    }
    watched.assign(1, pollfd{wake_read_, POLLIN, 0});
    for (const auto& [fd, source] : sources) watched.push_back(pollfd{fd, POLLIN, 0});
    const int ready = ::poll(watched.data(), watched.size(), stopping ? 0 : -1);
    if (ready < 0 && errno == EINTR) continue;
    if (ready < 0) {
      spdlog::error("relaying the converters' output: poll: {}", std::strerror(errno));
      break;
    }
    if (stopping && (ready == 0 || ++final_reads > kFinalReads)) break;
    if (watched[0].revents != 0) {
      char drained[64];
      const ssize_t wakes = ::read(wake_read_, drained, sizeof drained);  // only emptied: each says "look again"
      static_cast<void>(wakes);
    }
    for (std::size_t i = 1; i < watched.size(); ++i) {
      if (watched[i].revents != 0 && !read_from(watched[i].fd, sources.at(watched[i].fd))) sources.erase(watched[i].fd);
    }
  }
  for (const auto& [fd, source] : sources) ::close(fd);
}

}  // namespace

struct IsolatedConverter::Impl {
  std::vector<std::string> command;
  IsolationLimits limits;
  std::mutex mutex;
  std::condition_variable worker_freed;
  std::vector<Worker> idle;
  std::size_t restarts = 0;
  WorkerLogRelay relay;

  core::Result<Worker> spawn() {
    int ends[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
      return core::unexpected(ErrorCode::internal, std::string("socketpair: ") + std::strerror(errno));
    }
    int output[2];
    if (::pipe2(output, O_CLOEXEC) != 0) {
      const int error = errno;
      ::close(ends[0]);
      ::close(ends[1]);
      return core::unexpected(ErrorCode::internal, std::string("pipe2: ") + std::strerror(error));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 drops CLOEXEC on the worker's copies, and only there: the socket is its stdin, and its stdout
    // and stderr go to the relay instead of the daemon's log.
    posix_spawn_file_actions_adddup2(&actions, ends[1], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output[1], STDERR_FILENO);
    std::vector<char*> argv;
    for (auto& part : command) argv.push_back(part.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int failed = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(ends[1]);
    ::close(output[1]);
    if (failed != 0) {
      ::close(ends[0]);
      ::close(output[0]);
      return core::unexpected(ErrorCode::internal,
                              "cannot start converter '" + command.front() + "': " + std::strerror(failed));
    }
    relay.follow(output[0], pid);
    return Worker{pid, ends[0]};
  }

  // The worker's wait status: how it ended, unless it was still running (then SIGKILL).
  static int kill_and_reap(const Worker& worker) {
    // A slot whose restart failed holds no process: kill(-1) would signal every process of the user.
    if (worker.pid <= 0) return 0;
    ::close(worker.fd);
    ::kill(worker.pid, SIGKILL);
    int status = 0;
    while (::waitpid(worker.pid, &status, 0) < 0 && errno == EINTR) {
    }
    return status;
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

  // Replaces a worker that failed, returning the old one's wait status. If even a new one cannot
  // start, the slot is retried on next use.
  int replace(Worker& worker) {
    const int status = kill_and_reap(worker);
    auto fresh = spawn();
    {
      const std::lock_guard lock(mutex);
      ++restarts;
    }
    if (!fresh) {
      spdlog::error("converter restart failed: {}", fresh.error().message);
      worker = Worker{};
      return status;
    }
    worker = *fresh;
    return status;
  }

  // One exchange with a worker; nullopt when the worker failed (crashed, killed, garbled stream).
  std::optional<core::Result<extract::Extraction>> exchange(const Worker& worker, const Page& page,
                                                            const ConvertOptions& options) {
    const protocol::WorkerLimits worker_limits{limits.cpu_per_page, limits.memory_bytes, limits.max_result_bytes};
    if (!protocol::write_frame(worker.fd, protocol::encode_request_head(page, options, worker_limits), page.body)) {
      return std::nullopt;
    }
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
        case ErrorCode::no_text_layer:
        case ErrorCode::page_blocked:
        case ErrorCode::page_unusable:
        case ErrorCode::fetch_failed: break;
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
    const int status = impl_->replace(worker);
    impl_->give_back(worker);
    return core::unexpected(unconvertible(status));
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
