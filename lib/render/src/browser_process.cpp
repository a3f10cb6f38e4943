#include "browser_process.hpp"

#include "pagemd/render/browser_pool.hpp"

#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <linux/close_range.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include <spdlog/spdlog.h>

namespace pagemd::render::detail {

// Whom the browser runs as when pagemd runs as root.
constexpr uid_t kNobody = 65534;

namespace {

constexpr auto kStartTimeout = std::chrono::seconds{20};

core::Unexpected unavailable(std::string message) {
  return core::unexpected(core::ErrorCode::render_unavailable, std::move(message));
}

std::vector<std::string> browser_arguments(const BrowserLaunch& launch, const std::filesystem::path& profile) {
  std::vector<std::string> args{
      launch.executable.string(),
      "--remote-debugging-pipe",
      "--user-data-dir=" + profile.string(),
      // Every request is answered through the DevTools pipe by pagemd's fetcher. What would escape
      // that (WebSockets, WebRTC, anything the interception does not see) goes to a proxy whose name
      // the resolver cannot resolve, loopback included, so nothing leaves the browser.
      "--proxy-server=http://proxy.invalid:9",
      "--proxy-bypass-list=<-loopback>",
      "--host-resolver-rules=MAP * ~NOTFOUND",
      "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
      // Nothing of its own in the background: no updates, reports, metrics or safe-browsing lists.
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-domain-reliability",
      "--disable-breakpad",
      "--disable-sync",
      "--no-pings",
      "--no-first-run",
      "--no-default-browser-check",
      "--disable-extensions",
      "--deny-permission-prompts",
      "--mute-audio",
      "--disable-gpu",
      // /dev/shm is small in containers and private units; the profile directory takes its place.
      "--disable-dev-shm-usage",
      "--blink-settings=imagesEnabled=false",
  };
  if (launch.jitless) args.emplace_back("--js-flags=--jitless");
  if (!launch.sandbox) args.emplace_back("--no-sandbox");
  args.emplace_back("about:blank");
  return args;
}

std::vector<char*> pointers(std::vector<std::string>& strings) {
  std::vector<char*> out;
  out.reserve(strings.size() + 1);
  for (std::string& s : strings) out.push_back(s.data());
  out.push_back(nullptr);
  return out;
}

// Only async-signal-safe calls: the parent has threads.
[[noreturn]] void exec_browser(int socket, int null_fd, bool as_nobody, char* const argv[], char* const envp[]) {
  ::setsid();  // a process group of its own, killed as one
  if (::dup2(socket, 3) < 0 || ::dup2(socket, 4) < 0 || ::dup2(null_fd, 0) < 0 || ::dup2(null_fd, 1) < 0 ||
      ::dup2(null_fd, 2) < 0) {
    ::_exit(127);
  }
  ::syscall(SYS_close_range, 5U, ~0U, 0U);
  if (as_nobody && (::setgroups(0, nullptr) != 0 || ::setgid(kNobody) != 0 || ::setuid(kNobody) != 0)) {
    ::_exit(126);
  }
  // After the change of user, which clears it. The signal comes when the thread that started the
  // browser ends: the pool's threads live as long as the service.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  ::execve(argv[0], argv, envp);
  ::_exit(127);
}

std::filesystem::path make_profile_dir(bool as_nobody) {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/pagemd-browser-XXXXXX";
  if (::mkdtemp(pattern.data()) == nullptr) return {};
  if (as_nobody && ::chown(pattern.c_str(), kNobody, kNobody) != 0) {
    std::error_code ignored;
    std::filesystem::remove(pattern, ignored);
    return {};
  }
  return pattern;
}

}  // namespace

core::Result<std::unique_ptr<BrowserProcess>> BrowserProcess::start(const BrowserLaunch& launch) {
  if (::access(launch.executable.c_str(), X_OK) != 0) {
    return unavailable("No browser at " + launch.executable.string() + " (install chromium-headless-shell).");
  }
  const bool as_nobody = ::geteuid() == 0;
  std::filesystem::path profile = make_profile_dir(as_nobody);
  if (profile.empty()) return unavailable("Cannot make a profile directory for the browser.");

  std::vector<std::string> args = browser_arguments(launch, profile);
  std::vector<std::string> env{"HOME=" + profile.string(), "XDG_CONFIG_HOME=" + profile.string(),
                               "XDG_CACHE_HOME=" + profile.string(), "LANG=C.UTF-8", "PATH=/usr/bin:/bin"};
  std::vector<char*> argv = pointers(args);
  std::vector<char*> envp = pointers(env);

  std::array<int, 2> sockets{};
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sockets.data()) != 0) {
    return unavailable("Cannot make the browser's pipe.");
  }
  const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  const pid_t pid = null_fd < 0 ? -1 : ::fork();
  if (pid == 0) exec_browser(sockets[1], null_fd, as_nobody, argv.data(), envp.data());
  ::close(sockets[1]);
  if (null_fd >= 0) ::close(null_fd);
  if (pid < 0) {
    ::close(sockets[0]);
    std::error_code ignored;
    std::filesystem::remove_all(profile, ignored);
    return unavailable("Cannot start the browser.");
  }
  auto pipe = std::make_unique<DevToolsPipe>(sockets[0], launch.max_message_bytes);
  std::unique_ptr<BrowserProcess> browser(new BrowserProcess(pid, std::move(profile), std::move(pipe)));
  auto version = browser->pipe().call("Browser.getVersion", nlohmann::json::object(), {}, Clock::now() + kStartTimeout);
  if (!version) return unavailable("The browser did not start: " + version.error().message);
  spdlog::debug("render: started {} (pid {})", version->value("product", "a browser"), pid);
  return browser;
}

BrowserProcess::BrowserProcess(pid_t pid, std::filesystem::path profile, std::unique_ptr<DevToolsPipe> pipe)
    : pid_(pid), profile_(std::move(profile)), pipe_(std::move(pipe)) {}

BrowserProcess::~BrowserProcess() {
  ::kill(-pid_, SIGKILL);
  pipe_.reset();
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  std::error_code ignored;
  std::filesystem::remove_all(profile_, ignored);
}

std::size_t BrowserProcess::resident_bytes() const {
  static const auto page_size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::size_t pages = 0;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream stat(entry.path() / "stat");
    std::string line;
    if (!std::getline(stat, line)) continue;
    // Fields after the command (which may hold spaces): state ppid pgrp ... rss is the 24th field.
    const std::size_t close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(line.substr(close + 2));
    std::string state;
    long ppid = 0;
    long pgrp = 0;
    fields >> state >> ppid >> pgrp;
    if (pgrp != pid_) continue;
    std::string skipped;
    for (int i = 0; i < 18; ++i) fields >> skipped;  // fields 6 to 23
    std::size_t rss = 0;
    fields >> rss;
    pages += rss;
  }
  return pages * page_size;
}

}  // namespace pagemd::render::detail

namespace pagemd::render {

bool browser_sandbox_possible() {
  // A child tries, as the user the browser will run as (nobody, when this is root), so that this
  // process stays as it is whatever the answer.
  const bool as_nobody = ::geteuid() == 0;
  const pid_t child = ::fork();
  if (child == 0) {
    if (as_nobody &&
        (::setgroups(0, nullptr) != 0 || ::setgid(detail::kNobody) != 0 || ::setuid(detail::kNobody) != 0)) {
      ::_exit(1);
    }
    ::_exit(::unshare(CLONE_NEWUSER) == 0 ? 0 : 1);
  }
  if (child < 0) return false;
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

}  // namespace pagemd::render
